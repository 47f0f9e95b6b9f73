import DynamicType
import Foundation
import Testing
@testable import Scan

/// A rule is its file: the tables the scan dispatches through are made from the units' triggers,
/// and what a unit says about the checklist holds for the checklist teams are given.
@Suite("Rule registration")
struct RuleRegistrationTests {
    @Test("every checklist item a rule's findings can name is an item of the shipped checklist")
    func itemsAreShipped() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let file = try String(contentsOf: url.appendingPathComponent("Checklists/dynamic-type.md"), encoding: .utf8)
        let checklists = [try ChecklistFile.parse(file, name: "dynamic-type"), try ShippedChecklists.defaultChecklist()]
        for checklist in checklists {
            let ids = Set(checklist.items.map(\.id))
            for rule in ScanRule.allCases {
                #expect(!rule.unit.items.isEmpty)
                for item in rule.unit.items {
                    #expect(ids.contains(item), "\(rule.id) names the item '\(item)', which the shipped checklist lacks")
                }
            }
        }
    }

    @Test("every rule is listed once, under its own id, in the order of RuleUnit.all")
    func registry() {
        let ids = RuleUnit.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ScanRule.allCases.map(\.rawValue) == ids)
        // Rules are told apart by their place in the list: as many rules in a set as ids.
        #expect(Set(ScanRule.allCases).count == ids.count)
        for rule in ScanRule.allCases {
            #expect(ScanRule(rawValue: rule.rawValue) == rule)
            #expect(rule.unit.id == rule.id)
        }
        #expect(ScanRule(rawValue: "fixed-font-sizes") == nil)
    }

    @Test("every rule is set off by something, and each name it triggers on reaches its check")
    func triggersReachChecks() {
        for unit in RuleUnit.all {
            #expect(!unit.swift.isEmpty || !unit.interfaceBuilder.isEmpty, "\(unit.id) has no trigger")
        }
        var expected: [Name: Int] = [:]
        for trigger in RuleUnit.all.flatMap(\.swift) + GoodSign.swiftTriggers where trigger.form != .attribute {
            for spelling in trigger.names {
                let name = NameTable.shared.name(spelling)
                #expect(name != .none, "the lexer does not resolve the trigger name '\(spelling)'")
                expected[name, default: 0] += 1
            }
        }
        for (name, count) in expected {
            #expect(SwiftDispatch.shared.checkCount(name) == count, "\(name.spelling)")
        }
        #expect(SwiftDispatch.shared.checkCount(.ScaledMetric, attribute: true) == 1)
        #expect(SwiftDispatch.shared.checkCount(.var) == 0)
        let elements = Set(RuleUnit.all.flatMap(\.interfaceBuilder).flatMap(\.elements))
        #expect(Set(InterfaceBuilderDispatch.shared.checks.keys) == elements)
    }

    @Test("a check runs at each token that spells its trigger, and nowhere else")
    func dispatch() {
        let file = SwiftFile("""
            struct V: View {
                var body: some View { Text("a").lineLimit(2).frame(height: 1) }
                func lineLimit() {}
            }
            """)
        let trigger = SwiftTrigger.modifier("lineLimit") { analyzer, i in analyzer.report(.singleLine, at: i, .low, "seen") }
        let analyzer = SwiftAnalyzer(file: file, index: .empty)
        analyzer.run(SwiftDispatch([trigger], names: .shared))
        #expect(analyzer.findings.map { [$0.line, $0.column] } == [[2, 37], [3, 10]])
        #expect(analyzer.findings.allSatisfy { $0.message == "seen" })
    }

    @Test("a trigger name the lexer's list lacks takes a spare name, so a new rule needs no other file")
    func spareNames() {
        let unit = RuleUnit(
            id: "truncated-text", severity: .minor, item: "no-truncation", title: "t", summary: "s", explanation: "e", fix: "f",
            noun: ("a", "b"), mustTrigger: [], mustNotTrigger: [],
            swift: [.modifier("truncationMode", "lineLimit") { _, _ in }])
        let extra = NameTable.triggerSpellings(of: [unit])
        #expect(extra == ["truncationMode"])
        let names = NameTable(extraSpellings: extra)
        #expect(names.name("truncationMode") == .spare0)
        #expect(names.name("lineLimit") == .lineLimit)
        #expect(names.name("spare1") == .none)
        #expect(SwiftDispatch(unit.swift, names: names).checkCount(.spare0) == 1)
        #expect(NameTable.triggerSpellings(of: RuleUnit.all).count <= Name.allCases.filter(\.isSpare).count)
    }
}
