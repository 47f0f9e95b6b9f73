import AuditStore
import DynamicType
import Foundation
import Interchange
import Testing
@testable import Reports

/// What the top of the review page puts first, the conformance levels, and the verdicts' reasons.
@Suite struct ReviewPlanTests {
    /// Five screens failing one check each: critical or not, of each severity, old or recent.
    func fiveFailures() throws -> Fixture {
        let fixture = try Fixture()
        let store = fixture.store
        try store.write {
            func failing(_ name: String, critical: Bool, owner: String?, item: String, size: Size, day: Int) throws {
                let screen = try store.addScreen(name: name, flow: nil, critical: critical, owner: owner, notes: nil, files: [], by: "Mei", at: Fixture.time(0))
                try store.record(screen: screen, cells: [(item, size)], status: .fail, note: "\(name) fails", by: "Ana", at: Fixture.time(day))
            }
            try failing("Old minor", critical: false, owner: "Ana", item: "xsmall", size: .xs, day: 1)
            try failing("Recent major", critical: false, owner: "ana", item: "no-overlap", size: .ax5, day: 8)
            try failing("Old major", critical: false, owner: "Jonas", item: "no-overlap", size: .ax3, day: 2)
            try failing("Critical minor", critical: true, owner: nil, item: "icons-scale", size: .ax3, day: 9)
            try failing("Critical critical", critical: true, owner: "Jonas", item: "reachable", size: .ax5, day: 9)
        }
        return fixture
    }

    @Test func criticalScreensComeFirstThenSeverityThenAge() throws {
        let fixture = try fiveFailures()
        let plan = ReviewPlan(try fixture.store.snapshot(detailed: true), date: Fixture.time(10).day)
        #expect(plan.actions.map(\.screen) == ["Critical critical", "Critical minor", "Old major", "Recent major", "Old minor"])
        #expect(plan.actions.map(\.ageInDays) == [1, 1, 8, 2, 9])
        #expect(plan.actions.map(\.severity) == [.critical, .minor, .major, .major, .minor])
        // reachable and no-overlap are WCAG checks; xsmall and icons-scale are not.
        #expect(plan.actions.map(\.blocksWCAG) == [true, false, true, true, false])
        #expect(plan.actions.allSatisfy { $0.fix == nil })
        #expect(plan.actions[0].note == "Critical critical fails")
    }

    @Test func aFixInProgressIsNamedAndOneCheckAtSeveralSizesIsOneAction() throws {
        let fixture = try Fixture().standard()
        let plan = ReviewPlan(try fixture.store.snapshot(detailed: true), date: "2026-09-14")
        #expect(plan.actions.map(\.screen) == ["Checkout", "Map"])
        #expect(plan.actions[0].fix?.type == .scroll)
        #expect(plan.actions[0].item == "reachable" && plan.actions[0].sizes == [.ax5])
        #expect(plan.actions[1].fix == nil)
        #expect(plan.actions[1].sizes == [.ax5, .xs], "largest first")
        // Checkout failed on 2026-09-08, Map on 2026-09-12.
        #expect(plan.actions.map(\.ageInDays) == [6, 2])
    }

    @Test func ownersAreOnePersonWhateverTheCaseAndTheUnownedComeLast() throws {
        let fixture = try fiveFailures()
        let plan = ReviewPlan(try fixture.store.snapshot(), date: Fixture.time(10).day)
        #expect(plan.owners.map(\.owner) == ["Jonas", "Ana", nil])
        #expect(plan.owners.map(\.screens) == [2, 2, 1])
        #expect(plan.owners[0].criticalNotSupported == ["Critical critical"])
        #expect(plan.owners[1].openProblems == 2)
        #expect(plan.owners[1].counts[.broken] == 2)
        #expect(plan.owners[2].criticalNotSupported == ["Critical minor"])
    }

    @Test func screensByNeedPutCriticalAndWorstFirstAndSupportedLast() throws {
        let fixture = try Fixture().standard()
        let plan = ReviewPlan(try fixture.store.snapshot(), date: "2026-09-14")
        // Checkout critical and broken; Map unsupported; Notes unaudited; Sign in supported.
        #expect(plan.screensByNeed.map(\.screen.name) == ["Checkout", "Map", "Notes <b>*", "Sign in"])
    }

    @Test func largerTextNamesTheFlowsItRestsOn() throws {
        let fixture = try Fixture().standard()
        let verdict = LargerTextVerdict(try fixture.store.snapshot())
        #expect(verdict.flows.map(\.flow) == ["account", "checkout"])
        #expect(verdict.flows.map { $0.screens.map(\.name) } == [["Sign in"], ["Checkout"]])
        #expect(verdict.flows.map { $0.screens.map(\.blocking) } == [[false], [true]])
    }

    @Test func reflowIsJudgedOnItsOwnChecksAtEverySize() throws {
        let fixture = try Fixture().standard()
        let snapshot = try fixture.store.snapshot()
        let verdict = ReflowVerdict(snapshot)
        #expect(verdict.checklistCovers)
        // Checkout's reachable fails at ax5, past the 200 % that 1.4.4 stops at.
        #expect(verdict.failing.map(\.screen) == ["Checkout"])
        #expect(verdict.level == .partiallySupports)
        #expect(ResizeTextVerdict(snapshot).failing.isEmpty)
        #expect(ReflowVerdict.level(failures: 0, incomplete: 0, screens: 3, covered: true) == .supports)
        #expect(ReflowVerdict.level(failures: 0, incomplete: 1, screens: 3, covered: true) == .notEvaluated)
        #expect(ReflowVerdict.level(failures: 2, incomplete: 0, screens: 3, covered: true) == .doesNotSupport)
        #expect(ReflowVerdict.level(failures: 0, incomplete: 0, screens: 3, covered: false) == .notEvaluated)
    }

    @Test func conformanceRowsCarryTheLevelsAndTheScreensThatFail() throws {
        let fixture = try Fixture().standard()
        let report = ConformanceReport(try fixture.store.snapshot(detailed: true))
        #expect(report.criteria.map(\.number) == ["1.4.4", "1.4.10"])
        #expect(report.criteria.map(\.wcagLevel) == ["AA", "AA"])
        #expect(report.criteria.map(\.level.openACR) == ["partially-supports", "partially-supports"])
        #expect(report.criteria[0].remarks.contains("Text does not scale on 1 screen: Map."))
        #expect(report.criteria[1].remarks.contains("Fails on 1 screen: Checkout: reachable at ax5."))
        // Map fails 1.4.4 with no fix after it; Checkout's re-check at the default size and Notes, never
        // recorded, could still make it Does Not Support. Checkout's 1.4.10 failure has a fix whose
        // retest could pass, and Map and Notes have 1.4.10 checks never recorded, so 1.4.10 could end
        // at any level.
        #expect(report.unfileable.map(\.number) == ["1.4.4", "1.4.10"])
        #expect(report.criteria.map(\.outlook.firm) == [1, 0])
        #expect(report.criteria.map { $0.outlook.open.map(\.screen) } == [["Checkout", "Notes <b>*"], ["Checkout", "Map", "Notes <b>*"]])
        #expect(report.criteria.map(\.outlook.reachable) == [[.partiallySupports, .doesNotSupport], [.supports, .partiallySupports, .doesNotSupport]])
        #expect(ResizeTextVerdict.Level.allCases.map(\.openACR) == ["supports", "partially-supports", "does-not-support", "not-evaluated"])
        #expect(ResizeTextVerdict.Level.allCases.map(\.fileableAtAA) == [true, true, true, false])
    }

    @Test func anAuditWithNothingFailingAndChecksOpenCannotBeFiled() throws {
        let fixture = try Fixture()
        try fixture.store.write {
            _ = try fixture.store.addScreen(name: "Home", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Mei", at: Fixture.time(0))
        }
        let report = ConformanceReport(try fixture.store.snapshot())
        #expect(report.unfileable.map(\.number) == ["1.4.4", "1.4.10"])
        #expect(report.criteria[0].remarks.hasSuffix("1 screen has checks of 1.4.4 still to record."))
    }

    @Test func thePageNamesTheAuditorsAsTheDocumentDoes() throws {
        let fixture = try Fixture().standard()
        try fixture.store.write {
            let map = try fixture.store.resolveScreen("Map")
            for (index, name) in ["mei chen", "MeiChen", "ana", "Bo", "bo", "Bo"].enumerated() {
                try fixture.store.record(screen: map, cells: [("no-overlap", .ax3)], status: .pass, note: nil, by: name, at: Fixture.time(9, index))
            }
        }
        let document = try AuditDocument(store: fixture.store)
        #expect(MarkdownPage.auditors(of: document) == document.auditors.map(\.name))
        #expect(MarkdownPage.auditors(of: document).count == 3)
    }

    @Test func yamlScalarsHoldAnyTextAndHideNothing() {
        #expect(OpenACRReporter.quoted("plain") == "\"plain\"")
        #expect(OpenACRReporter.quoted("a \"q\" \\ b") == "\"a \\\"q\\\" \\\\ b\"")
        #expect(OpenACRReporter.quoted("line\nnext\ttab") == "\"line\\nnext\\ttab\"")
        #expect(OpenACRReporter.quoted("\u{1B}[31m\u{202E}x") == "\"\\x1B[31m\\u202Ex\"")
        #expect(OpenACRReporter.quoted("# not: a comment, - [x]") == "\"# not: a comment, - [x]\"")
    }

    @Test func theFailureTimelineCountsCellsUntilTheyPass() throws {
        let fixture = try Fixture().standard()
        let timeline = FailureTimeline(document: try AuditDocument(store: fixture.store))
        #expect(timeline.sizes.contains(.ax5) && timeline.sizes.contains(.xs))
        let byDay = Dictionary(timeline.points.map { ($0.day, $0.counts) }, uniquingKeysWith: { $1 })
        // Day 1: Checkout reachable ax5 and Sign in no-truncation ax3 fail; day 4 Sign in passes; day 5 Map fails at ax5 and xs.
        #expect(byDay["2026-09-08"]?[Size.ax5.rawValue] == 1)
        #expect(byDay["2026-09-08"]?[Size.ax3.rawValue] == 1)
        #expect(byDay["2026-09-11"]?[Size.ax3.rawValue] == 0)
        #expect(byDay["2026-09-12"]?[Size.ax5.rawValue] == 2)
        #expect(byDay["2026-09-12"]?[Size.xs.rawValue] == 1)
        let svg = FailureChart.svg(timeline, app: "Trail|head")
        #expect(svg.contains("<title id=\"failures-title\">") && svg.contains("<desc id=\"failures-desc\">"))
        // Every size is labelled at the end of its line, and no two lines share a dash pattern.
        for size in timeline.sizes { #expect(svg.contains(">\(size.id) <tspan")) }
        #expect(Set(FailureChart.dashes).count == FailureChart.dashes.count)
    }

    @Test func theProgressChartReadsWithoutColour() throws {
        let fixture = try Fixture().standard()
        let svg = ProgressChart.svg(ProgressTimeline(document: try AuditDocument(store: fixture.store)), app: "Trail|head")
        // A texture per category, used by its band and its label's swatch.
        for group in Standing.Group.allCases {
            #expect(svg.contains("<pattern id=\"pattern-\(group.rawValue)\""))
            #expect(svg.contains("fill=\"url(#pattern-\(group.rawValue))\""))
        }
        #expect(svg.contains("(hatched)") && svg.contains("<title id=\"chart-title\">"))
        // Every colour at least 4.5:1 against the white background.
        for group in Standing.Group.allCases {
            #expect(Self.contrast(ProgressChart.colour(group)) >= 4.5, "\(group)")
        }
        for colour in FailureChart.colours { #expect(Self.contrast(colour) >= 4.5, "\(colour)") }
    }

    /// The WCAG contrast ratio of `#rrggbb` against white.
    static func contrast(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
        return 1.05 / (luminance + 0.05)
    }
}
