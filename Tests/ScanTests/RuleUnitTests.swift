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

    @Test("the README's rules table is the one the units make")
    func docsTable() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let readme = try String(contentsOf: url.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(ScanRule.docsTable), "the README's Rules section should hold:\n\(ScanRule.docsTable)\n")
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
