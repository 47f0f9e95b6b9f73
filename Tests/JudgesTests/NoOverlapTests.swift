import DynamicType
import Judges
import Testing
import TestSupport

@Suite struct NoOverlapTests {
    let judge = NoOverlap()

    @Test(arguments: PageShape.allCases)
    func textRunningIntoAButtonFailsNamingBothAndTheOverlap(shape: PageShape) throws {
        let screen = try run(shape, [
            .l: [.text("Name", 16, 100, 100, 20), .button("Edit", 300, 95, 60, 30)],
            .ax5: [.text("Name", 16, 100, 330, 64), .button("Edit", 300, 95, 74, 64)],
        ])
        let ax5 = verdict(judge, screen, at: .ax5)
        #expect(ax5.outcome == .fail)
        #expect(ax5.reason == "1 overlap among 2 text and control elements: StaticText \"Name\" and Button \"Edit\" "
                + "overlap by 46 x 59 pt at ax5 and are apart at Large")
        #expect(ax5.findings.first?.elements.map(\.name) == ["Name", "Edit"])
    }

    @Test(arguments: PageShape.allCases)
    func stackedElementsAContainerAndItsChildAndABadgeAtLargePass(shape: PageShape) throws {
        let content: (Double) -> [Node] = { height in [
            .text("Name", 16, 100, 330, height),
            .button("Edit", 16, 110 + height, 358, height + 10),
            // A label inside its button is not an overlap.
            .button("Pay", 16, 700, 358, 50, [.text("Pay", 170, 715, 50, 20)]),
            // Overlapping already at Large: a badge on its button.
            .button("Cart", 300, 40, 44, 44), .text("3", 330, 36, 18, 18),
        ] }
        let screen = try run(shape, [.l: content(20), .ax5: content(64)])
        #expect(verdict(judge, screen, at: .ax5) == Verdict(item: "no-overlap", size: .ax5, outcome: .pass,
            reason: "none of 6 text and control elements at ax5 overlaps another where it did not at Large"))
    }

    /// A label marked false inside a banner marked false too: covered, not judged.
    @Test func hiddenElementsDoNotOverlap() throws {
        func banner(_ y: Double, _ width: Double, _ height: Double) -> Node {
            Node("Other", "", 16, y, width, height, visible: false, [.text("Error", 16, y, width, height, visible: false)])
        }
        let screen = try run(.webDriverAgent, [
            .l: [.text("Name", 16, 100, 100, 20), banner(300, 100, 20)],
            .ax5: [.text("Name", 16, 100, 330, 64), banner(120, 300, 64)],
        ])
        #expect(verdict(judge, screen, at: .ax5).outcome == .noData, "one element left: nothing to overlap")
    }

    @Test(arguments: PageShape.allCases)
    func touchingAndAPointOfOverlapAreNotOverlaps(shape: PageShape) throws {
        let screen = try run(shape, [
            .l: [.text("A", 16, 100, 100, 20), .text("B", 16, 200, 100, 20)],
            .ax5: [.text("A", 16, 100, 100, 64), .text("B", 16, 163, 100, 64)],
        ])
        #expect(verdict(judge, screen, at: .ax5).outcome == .pass)
        #expect(verdict(judge, screen, at: .l).outcome == .noData)
    }
}

@Suite struct PairedElementsTests {
    @Test func aHostileScreenOfIdenticalFramesIsNotComparedPairByPair() throws {
        let many = (0..<6000).map { Node.text("Row \($0)", 16, 100, 100, 20) }
        let screen = try run(.harness, [.l: many, .ax5: many])
        #expect(NoOverlap().judge(ScreenContext(screen), at: .ax5).reason == "6000 text and control elements at ax5, more than the 5000 compared in pairs")
        let some = (0..<300).map { Node.text("Row \($0)", 16, 100, 100, 20) }
        #expect(NoOverlap().judge(ScreenContext(try run(.harness, [.l: some, .ax5: some])), at: .ax5).outcome == .pass, "overlapping at Large already")
    }

    @Test func aHostileScreenOfThousandsOfOverlapsKeepsTheFirstAndCountsTheRest() throws {
        // Apart at Large, all at one place at ax5: every pair overlaps, 79,800 of them.
        let large = (0..<400).map { Node.text("Row \($0)", 16, 100 + 30 * Double($0), 358, 20) }
        let ax5 = (0..<400).map { Node.text("Row \($0)", 16, 100, 358, 64) }
        let verdict = NoOverlap().judge(ScreenContext(try run(.harness, [.l: large, .ax5: ax5])), at: .ax5)
        #expect(verdict.outcome == .fail)
        #expect(verdict.findingCount == 79_800)
        // The first 5,000 in reading order are kept (a recording keeps them all); the rest are counted.
        #expect(verdict.findings.count == 5_000)
        #expect(verdict.findings.first?.elements.map(\.name) == ["Row 0", "Row 1"] && verdict.findings.last?.elements.map(\.name) == ["Row 12", "Row 290"],
                "\(String(describing: verdict.findings.last))")
        #expect(verdict.reason.hasPrefix("79800 overlaps among 400 text and control elements: StaticText \"Row 0\" and StaticText \"Row 1\" overlap by 358 x 64 pt"))
        #expect(verdict.reason.hasSuffix("; and 79797 more"))
        let note = VerdictNote.write(verdict)
        #expect(note.split(separator: "\n").last == "- and 79780 more")
    }

    @Test func findingsAreTheSameWhicheverAxisIsSwept() throws {
        // A row of labels side by side (swept along x) and the same turned into a column (along y):
        // each label runs into its right (lower) neighbour at ax5, and only into it.
        func labels(_ count: Int, grown: Bool, row: Bool) -> [Node] {
            (0..<count).map { k in
                let along = 10 + 40 * Double(k), across = 100.0, length = grown ? 45.0 : 30.0
                return row ? .text("L\(k)", along, across, length, 20) : .text("L\(k)", across, along, 20, length)
            }
        }
        for row in [true, false] {
            let screen = try run(.harness, [.l: labels(30, grown: false, row: row), .ax5: labels(30, grown: true, row: row)])
            let verdict = NoOverlap().judge(ScreenContext(screen), at: .ax5)
            #expect(verdict.findingCount == 29, "row \(row)")
            #expect(verdict.findings.map { $0.elements.map(\.name) } == (0..<29).map { ["L\($0)", "L\($0 + 1)"] }, "row \(row)")
        }
    }
}
