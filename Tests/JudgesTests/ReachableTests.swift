import DynamicType
import Judges
import Testing
import TestSupport

@Suite struct ReachableTests {
    let judge = Reachable()

    @Test(arguments: PageShape.allCases)
    func contentBelowTheWindowWithoutAScrollViewFails(shape: PageShape) throws {
        // WebDriverAgent marks content off screen invisible: it is out of reach, not hidden.
        let screen = try run(shape, [.ax5: [.text("Total", 16, 100, 300, 64),
                                            Node("Button", "Pay", 16, 900, 358, 90, visible: false)]])
        let ax5 = verdict(judge, screen, at: .ax5)
        #expect(ax5.outcome == .fail)
        #expect(ax5.reason == "1 of 2 text and control elements are out of reach: Button \"Pay\" lies 146 pt below the window (844 pt tall) and no scroll view holds it")
    }

    @Test(arguments: PageShape.allCases)
    func contentBelowTheWindowInsideAScrollViewIsReachable(shape: PageShape) throws {
        let screen = try run(shape, [.ax5: [Node("ScrollView", "", 0, 0, 390, 844, [
            .text("Total", 16, 100, 300, 64), Node("Button", "Pay", 16, 900, 358, 90, visible: false),
        ])]])
        #expect(verdict(judge, screen, at: .ax5) == Verdict(item: "reachable", size: .ax5, outcome: .pass,
            reason: "all 2 text and control elements at ax5 are on screen or in a scroll view; no primary action is named"))
    }

    @Test func thePrimaryActionTheHarnessNamesMustBeInReach() throws {
        let onScreen = try run(.harness, [.ax5: [.button("checkout.pay", 16, 700, 358, 90)]], primaryAction: "checkout.pay")
        #expect(verdict(judge, onScreen, at: .ax5).reason.hasSuffix("the primary action \"checkout.pay\" is in reach"))
        let gone = try run(.harness, [.l: [.button("checkout.pay", 16, 700, 358, 50)], .ax5: [.text("Total", 16, 100, 300, 64)]],
                           primaryAction: "checkout.pay")
        #expect(verdict(judge, gone, at: .ax5).reason == "the primary action is not in reach: the primary action \"checkout.pay\" is at Large but gone at ax5",
                "Total is in reach: no text or control element is counted out of reach")
        let misnamed = try run(.harness, [.ax5: [.text("Total", 16, 100, 300, 64)]], primaryAction: "pay")
        #expect(verdict(judge, misnamed, at: .ax5) == Verdict(item: "reachable", size: .ax5, outcome: .noData,
            reason: "the primary action \"pay\" named for this screen is in no hierarchy of it"))
        let cutOff = try run(.harness, [.ax5: [Node("Button", "checkout.pay", label: "Pay", 16, 820, 358, 90)]], primaryAction: "Pay")
        #expect(verdict(judge, cutOff, at: .ax5).findings.first?.sentence == "Button \"checkout.pay\" lies 66 pt below the window (844 pt tall) and no scroll view holds it")
    }

    @Test func aHiddenElementOnScreenIsNotJudged() throws {
        let screen = try run(.webDriverAgent, [.ax5: [.text("Total", 16, 100, 300, 64),
                                                      Node("Other", "", 0, 0, 390, 844, visible: false, [.button("Ghost", 16, 2000, 100, 40)])]])
        #expect(verdict(judge, screen, at: .ax5).outcome == .pass)
    }

    @Test(arguments: PageShape.allCases)
    func textPastTheRightEdgeIsOutOfReach(shape: PageShape) throws {
        let screen = try run(shape, [.ax5: [.text("A very long title that does not wrap", 16, 100, 900, 64)]])
        #expect(verdict(judge, screen, at: .ax5).findings.first?.detail == "lies 526 pt past the right edge of the window (390 pt wide) and no scroll view holds it")
        #expect(verdict(judge, try run(shape, [.l: []]), at: .ax5).outcome == .noData)
    }

    @Test func aPrimaryActionThatIsNoTextOrControlIsNotCountedAmongThem() throws {
        // An element of another type named as the primary action: none of the screen's text and
        // control elements is out of reach, and there may be none at all.
        let alone = try run(.harness, [.ax5: [Node("Other", "pay", 16, 900, 100, 40)]], primaryAction: "pay")
        #expect(verdict(judge, alone, at: .ax5).reason == "the primary action is not in reach: Other \"pay\" is the primary action and lies 96 pt below the window (844 pt tall) with no scroll view holding it")
        let both = try run(.harness, [.ax5: [.text("Total", 16, 860, 300, 64), .text("Price", 16, 100, 300, 20), Node("Other", "pay", 16, 900, 100, 40)]],
                           primaryAction: "pay")
        #expect(verdict(judge, both, at: .ax5).reason.hasPrefix("1 of 2 text and control elements are out of reach and the primary action is not in reach: StaticText \"Total\" lies 80 pt below"))
    }
}
