import DynamicType
import Foundation
import Hierarchies
import Judges
import Testing
import TestSupport

@Suite struct TextScalesTests {
    let judge = TextScales()

    @Test(arguments: PageShape.allCases)
    func labelsThatGrowAndShrinkPass(shape: PageShape) throws {
        let screen = try run(shape, [
            .xs: [.text("Total", 16, 100, 100, 17), .text("Subtotal", 16, 130, 100, 17)],
            .l: [.text("Total", 16, 100, 100, 20.3), .text("Subtotal", 16, 130, 100, 20.3)],
            .ax5: [.text("Total", 16, 100, 300, 64), .text("Subtotal", 16, 180, 300, 64)],
        ])
        #expect(verdict(judge, screen, at: .ax5) == Verdict(item: "text-scales", size: .ax5, outcome: .pass,
                                                            reason: "all 2 labels grow from Large to ax5 (the least by 43.7 pt)"))
        #expect(verdict(judge, screen, at: .xs).outcome == .pass)
        #expect(verdict(judge, screen, at: .l).outcome == .pass)
    }

    @Test(arguments: PageShape.allCases)
    func aLabelOfFixedSizeFailsAtBothEndsAndAtLarge(shape: PageShape) throws {
        let screen = try run(shape, [
            .xs: [.text("Total", 16, 100, 100, 17), .text("Price", 200, 100, 100, 20)],
            .l: [.text("Total", 16, 100, 100, 20.3), .text("Price", 200, 100, 100, 20)],
            .ax5: [.text("Total", 16, 100, 300, 64), .text("Price", 200, 180, 100, 20.5)],
        ])
        let ax5 = verdict(judge, screen, at: .ax5)
        #expect(ax5.outcome == .fail)
        #expect(ax5.reason == "1 of 2 labels do not grow from Large to ax5: StaticText \"Price\" is 20.5 pt tall at ax5 and 20 pt at Large")
        #expect(ax5.findings.first?.elements.first?.frame.y == 180)
        #expect(ax5.findings.first?.elements.first?.largeFrame?.y == 100)
        #expect(verdict(judge, screen, at: .xs).reason
                == "1 of 2 labels keep one size from xs to ax5: StaticText \"Price\" is 20 pt tall at xs, 20 pt at Large and 20.5 pt at ax5")
        let large = verdict(judge, screen, at: .l)
        #expect(large.outcome == .fail && large.findings.count == 1 && large.reason.hasPrefix("labels drawn at a fixed size (1): StaticText \"Price\" keeps its size (at ax5: is 20.5 pt tall at ax5 and 20 pt at Large)"))
    }

    @Test(arguments: PageShape.allCases)
    func aLabelThatWrapsToTwoLinesGrows(shape: PageShape) throws {
        let screen = try run(shape, [
            .l: [.text("Free delivery on orders over 50", 16, 100, 300, 20.3)],
            .ax5: [.text("Free delivery on orders over 50", 16, 100, 358, 128)],
        ])
        #expect(verdict(judge, screen, at: .ax5).outcome == .pass)
    }

    @Test(arguments: PageShape.allCases)
    func caption2KeepsItsSizeAtXSmallAndStillScales(shape: PageShape) throws {
        let caption: [Size: [Node]] = [
            .xs: [.text("Updated today", 16, 100, 100, 13.1)],
            .l: [.text("Updated today", 16, 100, 100, 13.1)],
            .ax5: [.text("Updated today", 16, 100, 300, 48.7)],
        ]
        #expect(verdict(judge, try run(shape, caption), at: .xs).outcome == .pass)
        // Without a larger size nothing tells caption2 from a fixed size: no verdict either way.
        let alone = verdict(judge, try run(shape, caption.filter { $0.key != .ax5 }), at: .xs)
        #expect(alone.outcome == .noData)
        #expect(alone.reason == "1 of 1 labels keep their size at xs, and the run has no size above Large to tell whether they scale")
    }

    /// WebDriverAgent's `visible` is a hit test at the midpoint: a label marked false inside a
    /// container marked false too is covered and not judged; one marked false inside a container
    /// marked true (where the touch lands on its holder) is judged like any other.
    @Test func hiddenLabelsAndBarTitlesAreNotJudged() throws {
        func secret(_ height: Double) -> Node { Node("Other", "", 16, 200, 100, 40, visible: false, [.text("Secret", 16, 200, 100, height, visible: false)]) }
        func badge(_ height: Double) -> Node { Node("Cell", "row", 0, 300, 390, 80, [.text("Badge", 16, 310, 100, height, visible: false)]) }
        let screen = try run(.webDriverAgent, [
            .l: [.text("Total", 16, 100, 100, 20), secret(20), badge(20),
                 Node("NavigationBar", "Cart", 0, 47, 390, 44, [.text("Cart", 170, 58, 50, 22)])],
            .ax5: [.text("Total", 16, 100, 300, 64), secret(20), badge(50),
                   Node("NavigationBar", "Cart", 0, 47, 390, 44, [.text("Cart", 170, 58, 50, 22)])],
        ])
        #expect(verdict(judge, screen, at: .ax5).reason == "all 2 labels grow from Large to ax5 (the least by 30 pt)")
    }

    /// A real page source: the icons of a Settings cell are marked false, the cell true.
    @Test func iconsInsideACellMarkedVisibleAreJudged() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/wda-settings-cell.xml")
        let hierarchy = try HierarchyReader().read(path: fixture.path)
        let hidden = hierarchy.elements.indices.filter { hierarchy.hidden[$0] }.map { hierarchy.elements[$0].shownName }
        #expect(hidden.isEmpty, "\(hidden)")
        let icons = hierarchy.elements.indices.filter { hierarchy.elements[$0].type.name == "Image" }
        #expect(icons.map { hierarchy.elements[$0].name } == ["UIPreferencesBlueCheck", "Lock", "WifiBars3"])
    }

    @Test(arguments: PageShape.allCases)
    func withoutDataThereIsNoVerdict(shape: PageShape) throws {
        let largeOnly = try run(shape, [.l: [.text("Total", 16, 100, 100, 20)]])
        #expect(verdict(judge, largeOnly, at: .ax5) == Verdict(item: "text-scales", size: .ax5, outcome: .noData,
                                                              reason: "the run has no hierarchy of this screen at ax5"))
        #expect(verdict(judge, largeOnly, at: .l).outcome == .noData)
        let noText = try run(shape, [.l: [.button("Pay", 16, 700, 358, 50)], .ax5: [.button("Pay", 16, 700, 358, 90)]])
        #expect(verdict(judge, noText, at: .ax5).reason == "no label is found both at Large and at ax5")
        let twoDevices = try run(shape, [.l: [.text("Total", 16, 100, 100, 20)], .ax5: [.text("Total", 16, 100, 100, 20)]],
                                 widths: [.ax5: 430])
        #expect(verdict(judge, twoDevices, at: .ax5).reason == "the window is 390 x 844 pt at Large but 430 x 844 pt at ax5: not the same device")
    }
}
