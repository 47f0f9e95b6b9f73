import Foundation
import Testing
@testable import Scan

/// Each rule is one unit (`Sources/Scan/Rules/`): its examples run through the scan, and the tables
/// people read are made from it.
@Suite("Rule units")
struct RuleUnitTests {
    @Test("every rule's examples: those that must set it off do, those that must not do not", arguments: ScanRule.allCases)
    func examples(_ rule: ScanRule) throws {
        let unit = rule.unit
        #expect(unit.id == rule.rawValue)
        #expect(!unit.mustTrigger.isEmpty && !unit.mustNotTrigger.isEmpty, "\(rule.id) has examples both ways")
        for example in unit.mustTrigger {
            let findings = try SourceScanner.scan(files: [(example.file, Array(example.source.utf8))]).findings
            #expect(findings.contains { $0.rule == rule }, "\(rule.id) must trigger on: \(example.source)")
        }
        for example in unit.mustNotTrigger {
            let findings = try SourceScanner.scan(files: [(example.file, Array(example.source.utf8))]).findings
            #expect(!findings.contains { $0.rule == rule }, "\(rule.id) must not trigger on: \(example.source)")
        }
    }

    /// The scan's page for its users, `Docs/scan.md`.
    static func scanPage() throws -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try String(contentsOf: url.appendingPathComponent("Docs/scan.md"), encoding: .utf8)
    }

    @Test("the rules table of Docs/scan.md is the one the units make")
    func docsTable() throws {
        let page = try Self.scanPage()
        #expect(page.contains(ScanRule.docsTable), "the Rules section of Docs/scan.md should hold:\n\(ScanRule.docsTable)\n")
    }

    @Test("every rule has its section in Docs/scan.md, where SARIF's helpUri leads", arguments: ScanRule.allCases)
    func docsSection(_ rule: ScanRule) throws {
        let headings = try Self.scanPage().split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headings.contains("### \(rule.id)"), "Docs/scan.md should have a section headed '### \(rule.id)'")
    }

    @Test("the help table lists every rule with its severity and item, wrapped to the terminal")
    func helpTable() {
        let table = ScanRule.helpTable()
        for rule in ScanRule.allCases {
            #expect(table.contains("  \(rule.id)") && table.contains(rule.unit.item))
        }
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
