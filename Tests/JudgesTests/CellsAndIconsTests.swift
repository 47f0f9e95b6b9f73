import DynamicType
import Judges
import Testing
import TestSupport

@Suite struct CellsResizeTests {
    let judge = CellsResize()

    func table(cellHeight: Double, textHeight: Double) -> [Node] {
        [Node("Table", "", 0, 100, 390, 744, [
            Node("Cell", "", 0, 100, 390, cellHeight, [.text("Standard delivery", 16, 110, 300, textHeight)]),
            Node("Cell", "", 0, 100 + cellHeight, 390, cellHeight, [.text("Express", 16, 110 + cellHeight, 300, textHeight)]),
        ])]
    }

    @Test(arguments: PageShape.allCases)
    func aCellThatKeepsItsHeightWhileItsTextGrowsFails(shape: PageShape) throws {
        let screen = try run(shape, [.l: table(cellHeight: 44, textHeight: 20.3), .ax5: table(cellHeight: 44, textHeight: 64)])
        let ax5 = verdict(judge, screen, at: .ax5)
        #expect(ax5.outcome == .fail)
        #expect(ax5.reason == "2 of 2 cells whose text grew keep their height: Cell stays 44 pt tall (44 pt at Large) while its label \"Standard delivery\" grew from 20.3 to 64 pt; Cell stays 44 pt tall (44 pt at Large) while its label \"Express\" grew from 20.3 to 64 pt")
    }

    @Test(arguments: PageShape.allCases)
    func cellsThatGrowWithTheirTextPass(shape: PageShape) throws {
        let screen = try run(shape, [.l: table(cellHeight: 44, textHeight: 20.3), .ax5: table(cellHeight: 88, textHeight: 64)])
        #expect(verdict(judge, screen, at: .ax5) == Verdict(item: "cells-resize", size: .ax5, outcome: .pass,
                                                            reason: "all 2 cells whose text grew from Large to ax5 grew with it"))
    }

    @Test(arguments: PageShape.allCases)
    func withoutCellsOrGrowingTextThereIsNoVerdict(shape: PageShape) throws {
        let none = try run(shape, [.l: [.text("Total", 16, 100, 100, 20)], .ax5: [.text("Total", 16, 100, 100, 64)]])
        #expect(verdict(judge, none, at: .ax5).reason == "no cells on this screen at ax5")
        let fixed = try run(shape, [.l: table(cellHeight: 44, textHeight: 20), .ax5: table(cellHeight: 44, textHeight: 20)])
        #expect(verdict(judge, fixed, at: .ax5).reason == "no cell at ax5 holds a label that grew from Large (2 cells)")
    }
}

@Suite struct IconsScaleTests {
    let judge = IconsScale()

    func row(icon: Double, text: Double) -> [Node] {
        [Node("Cell", "", 0, 100, 390, max(icon, text) + 20, [
            Node("Image", "cart", 16, 110, icon, icon), .text("Cart", 16 + icon + 8, 110, 200, text),
        ])]
    }

    @Test(arguments: PageShape.allCases)
    func anIconLeftTheSameSizeBesideGrowingTextFails(shape: PageShape) throws {
        let screen = try run(shape, [.l: row(icon: 24, text: 22), .ax3: row(icon: 24, text: 48)])
        let ax3 = verdict(judge, screen, at: .ax3)
        #expect(ax3.outcome == .fail)
        #expect(ax3.reason == "1 of 1 icons beside growing text keep their size: Image \"cart\" and StaticText \"Cart\" — the image stays 24 x 24 pt while the label \"Cart\" grew from 22 to 48 pt at ax3")
    }

    @Test(arguments: PageShape.allCases)
    func anIconThatScalesPassesAndPhotosAreNotIcons(shape: PageShape) throws {
        let scaled = try run(shape, [.l: row(icon: 24, text: 22), .ax3: row(icon: 44, text: 48)])
        #expect(verdict(judge, scaled, at: .ax3).outcome == .pass)
        let photo = try run(shape, [.l: row(icon: 120, text: 22), .ax3: row(icon: 120, text: 48)])
        #expect(verdict(judge, photo, at: .ax3).reason == "no icon at ax3 sits beside a label that grew from Large")
        let apart = try run(shape, [.l: [Node("Image", "cart", 16, 110, 24, 24), .text("Cart", 200, 110, 100, 22)],
                                    .ax3: [Node("Image", "cart", 16, 110, 24, 24), .text("Cart", 200, 110, 100, 48)]])
        #expect(verdict(judge, apart, at: .ax3).outcome == .noData, "160 pt apart is not beside")
    }

    /// WebDriverAgent marks an icon inside a shown row false (its midpoint's hit test lands on the
    /// row): it is judged. Inside a covered row, marked false too, it is not.
    @Test func aHiddenIconIsNotJudgedAndAMissedOneIs() throws {
        let row: (Double, Bool) -> [Node] = { text, covered in
            [Node("Cell", "", 0, 100, 390, 80, visible: !covered, [Node("Image", "cart", 16, 110, 24, 24, visible: false), .text("Cart", 48, 110, 200, text)])]
        }
        #expect(verdict(judge, try run(.webDriverAgent, [.l: row(22, true), .ax3: row(48, true)]), at: .ax3).outcome == .noData)
        #expect(verdict(judge, try run(.webDriverAgent, [.l: row(22, false), .ax3: row(48, false)]), at: .ax3).outcome == .fail)
    }
}

@Suite struct DefaultUnchangedTests {
    let judge = DefaultUnchanged()

    @Test(arguments: PageShape.allCases)
    func anElementMovedAtLargeSinceBeforeTheFixFails(shape: PageShape) throws {
        let before: [Node] = [.text("Total", 16, 100, 100, 20), .button("Pay", 16, 700, 358, 50), .text("9:41", 16, 60, 40, 20)]
        let after: [Node] = [.text("Total", 16, 112, 100, 20), .button("Pay", 16, 700.5, 358, 50), .text("9:42", 16, 60, 40, 20)]
        let screen = try run(shape, [.l: after], beforeFix: before)
        let large = verdict(judge, screen, at: .l)
        #expect(large.outcome == .fail)
        #expect(large.reason == "1 of 2 elements changed at Large: StaticText \"Total\" moved 0, 12 pt at Large since before the fix (1 found in only one of the two runs were left out)")
        #expect(large.findings.first?.elements.first?.largeFrame?.y == 100)
    }

    @Test(arguments: PageShape.allCases)
    func anUnchangedLookPassesAndNoEarlierRunIsNoData(shape: PageShape) throws {
        let content: [Node] = [.text("Total", 16, 100, 100, 20), .button("Pay", 16, 700, 358, 50)]
        #expect(verdict(judge, try run(shape, [.l: content], beforeFix: content), at: .l) == Verdict(item: "default-unchanged", size: .l,
            outcome: .pass, reason: "all 2 text, control and image elements keep their place and size at Large"))
        #expect(verdict(judge, try run(shape, [.l: content]), at: .l).reason == "no run before the screen's latest fix has its hierarchy at Large")
        #expect(verdict(judge, try run(shape, [.l: content], beforeFix: content), at: .ax5).outcome == .noData)
    }
}
