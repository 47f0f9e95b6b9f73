import DynamicType
import Foundation
import Hierarchies
import Judges
import Testing

/// A checkout screen at Large and AX5 as Appium returns it (Fixtures/appium: a hidden error label,
/// the keyboard's hidden window, the status bar) and as the harness writes it (Fixtures/harness:
/// no visibility, the primary action on the root): both are judged alike.
@Suite struct FixtureFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func judged(_ shape: String) throws -> [Verdict] {
        var hierarchies: [Size: Hierarchy] = [:]
        for size in [Size.l, .ax5] {
            hierarchies[size] = try HierarchyReader().read(path: Self.fixtures.appendingPathComponent("\(shape)/Checkout_\(size).xml").path)
        }
        return Judging(checklist: try ShippedChecklists.defaultChecklist()).judge(ScreenRun(screen: "Checkout", hierarchies: hierarchies))
    }

    @Test(arguments: ["appium", "harness"])
    func theCheckoutScreenFailsWhereItsGeometrySaysSo(shape: String) throws {
        let verdicts = try judged(shape)
        #expect(verdicts.map { "\($0.item) \($0.size) \($0.outcome.rawValue)" } == [
            "text-scales l fail", "text-scales ax5 fail", "no-overlap ax5 pass", "reachable ax5 fail", "cells-resize ax5 fail",
            "default-unchanged l no-data",
        ])
        let reasons = Dictionary(verdicts.map { ("\($0.item) \($0.size)", $0.reason) }) { a, _ in a }
        #expect(reasons["text-scales ax5"] == "1 of 3 labels do not grow from Large to ax5: StaticText \"Delivery & returns\" is 18 pt tall at ax5 and 18 pt at Large")
        #expect(reasons["no-overlap ax5"] == "none of 5 text and control elements at ax5 overlaps another where it did not at Large")
        #expect(reasons["reachable ax5"] == "1 of 5 text and control elements are out of reach: Button \"checkout.pay\" lies 146 pt below the window (844 pt tall) and no scroll view holds it")
        #expect(reasons["cells-resize ax5"] == "1 of 1 cells whose text grew keep their height: Cell stays 44 pt tall (44 pt at Large) while its label \"Standard delivery\" grew from 20.3 to 128 pt")
    }

    @Test func theTwoShapesGiveTheSameVerdicts() throws {
        #expect(try judged("appium") == judged("harness"))
    }
}
