import DynamicType
import Foundation
import Hierarchies
import Judges
import Testing
import TestSupport

@Suite struct JudgingTests {
    @Test func everyJudgeDecidesAnItemOfTheShippedChecklist() throws {
        let checklist = try ShippedChecklists.defaultChecklist()
        for judge in Judging.all {
            #expect(checklist.item(judge.item) != nil, "\(judge.item) is an item id of the checklist")
        }
        let planned = Judging(checklist: checklist).plan.map { "\($0.judge.item): \($0.sizes.map(\.id).joined(separator: " "))" }
        #expect(planned == ["text-scales: xs l ax5", "no-overlap: ax3 ax5", "reachable: ax5", "cells-resize: ax5", "icons-scale: ax3", "default-unchanged: l"])
    }

    @Test func aChecklistWithoutAnItemGetsNoJudgeForIt() throws {
        let checklist = Checklist(name: "mine", title: "Mine", version: "1", summary: "", items: [
            ChecklistItem(id: "reachable", title: "Reach", howToCheck: "", sizes: [.ax3, .ax5], severity: .critical),
        ], source: "")
        let screen = try run(.harness, [.ax3: [.text("Total", 16, 100, 300, 40)], .l: [.text("Total", 16, 100, 300, 20)]])
        let verdicts = Judging(checklist: checklist).judge(screen)
        #expect(verdicts.map { "\($0.item) \($0.size) \($0.outcome.rawValue)" } == ["reachable ax3 pass"], "ax5 was not run: no verdict")
    }

    @Test(arguments: PageShape.allCases)
    func aWholeRunOfAScreenIsJudgedAtItsPlannedSizes(shape: PageShape) throws {
        let large: [Node] = [.text("Total", 16, 100, 200, 20.3), .text("Price", 250, 100, 100, 20), .button("Pay", 16, 700, 358, 50)]
        let ax3: [Node] = [.text("Total", 16, 100, 200, 48), .text("Price", 200, 110, 100, 20), .button("Pay", 16, 760, 358, 80)]
        let ax5: [Node] = [.text("Total", 16, 100, 300, 64), .text("Price", 250, 100, 100, 20), .button("Pay", 16, 860, 358, 90)]
        let xs: [Node] = [.text("Total", 16, 100, 200, 17), .text("Price", 250, 100, 100, 20), .button("Pay", 16, 700, 358, 44)]
        let screen = try run(shape, [.xs: xs, .l: large, .ax3: ax3, .ax5: ax5])
        let verdicts = Judging(checklist: try ShippedChecklists.defaultChecklist()).judge(screen)
        #expect(verdicts.map { "\($0.item) \($0.size) \($0.outcome.rawValue)" } == [
            "text-scales xs fail", "text-scales l fail", "text-scales ax5 fail",
            "no-overlap ax3 fail", "no-overlap ax5 fail",
            "reachable ax5 fail",
            "cells-resize ax5 no-data", "icons-scale ax3 no-data", "default-unchanged l no-data",
        ])
        #expect(verdicts.allSatisfy { !$0.reason.isEmpty && !$0.reason.contains("\n") })
    }
}

/// What the hierarchy fuzz target found: a page source whose `type` holds a raw line break, kept as
/// a seed of its corpus (Fuzz/Hierarchy/corpus/type-line-break.xml). Judged as the target judges,
/// every reason is one line and names the type with the break shown as `U+000A`.
@Suite struct HostileTypeTests {
    static let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Hierarchy/corpus/type-line-break.xml")

    @Test func aLineBreakInATypeStaysOnTheReasonsOneLine() throws {
        let hierarchy = try HierarchyReader().read(Array(try Data(contentsOf: Self.seed)))
        #expect(hierarchy.elements.contains { $0.type.name.contains("\n") }, "the seed still spells a type with a line break")
        let run = ScreenRun(screen: "Fuzz", hierarchies: [.xs: hierarchy, .l: hierarchy, .ax3: hierarchy, .ax5: hierarchy], largeBeforeFix: hierarchy)
        let verdicts = Judging(checklist: try ShippedChecklists.defaultChecklist()).judge(run)
        for verdict in verdicts {
            #expect(!verdict.reason.contains("\n"), "\(verdict.item) \(verdict.size): \(verdict.reason)")
        }
        let reachable = try #require(verdicts.first { $0.item == "reachable" })
        #expect(reachable.reason == "the primary action is not in reach: OtherU+000Awarning: forged \"pay\" is the primary action and lies 96 pt below the window (844 pt tall) with no scroll view holding it")
    }
}

@Suite struct SharedProblemTests {
    func failure(_ screen: String, name: String = "Cart", y: Double = 40, size: Size = .ax5, large: Bool = true) -> (screen: String, verdict: Verdict) {
        let frame = Frame(x: 300, y: y, width: 44, height: 44)
        let finding = JudgedFinding(elements: [ElementRef(type: "Button", name: name, frame: frame, largeFrame: large ? frame : nil)], detail: "lies below")
        return (screen, Verdict(item: "reachable", size: size, outcome: .fail, reason: finding.sentence, findings: [finding]))
    }

    @Test func theSameElementFailingOnManyScreensIsOneProblem() {
        let problems = SharedProblem.group([
            failure("Home"), failure("Search", y: 40.8), failure("Cart", size: .ax3), failure("Profile", y: 42), failure("Orders", name: "Back"),
        ])
        #expect(problems.count == 3)
        #expect(problems[0].screens == ["Home", "Search", "Cart"], "within a point is the same place")
        #expect(problems[0].occurrences.map(\.size) == [.ax5, .ax5, .ax3])
        #expect(problems[1].screens == ["Profile"], "two points away is another element")
        #expect(problems[2].screens == ["Orders"])
    }

    @Test func framesAtTheFailingSizeCompareOnlyAtTheSameSize() {
        let problems = SharedProblem.group([
            failure("Home", large: false), failure("Search", large: false), failure("Cart", size: .ax3, large: false),
        ])
        #expect(problems.map(\.screens) == [["Home", "Search"], ["Cart"]])
    }

    @Test func unnamedElementsAreNeverMergedByPlaceAlone() {
        let problems = SharedProblem.group([failure("Home", name: ""), failure("Search", name: "")])
        #expect(problems.count == 2)
    }
}
