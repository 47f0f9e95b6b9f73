import AuditStore
import DynamicType
import Foundation
import Interchange
import Output
import Testing
@testable import Reports

@Suite struct MarkdownTextTests {
    @Test func everyMarkCharacterIsEscaped() {
        #expect(Markdown.text("a|b") == "a\\|b")
        #expect(Markdown.text("`code`") == "\\`code\\`")
        #expect(Markdown.text("<b>x</b>") == "\\<b\\>x\\</b\\>")
        #expect(Markdown.text("*a* _b_ ~c~ $d$") == "\\*a\\* \\_b\\_ \\~c\\~ \\$d\\$")
        #expect(Markdown.text("[x](y) ![i](j)") == "\\[x\\](y) \\!\\[i\\](j)")
        #expect(Markdown.text("back\\slash #1") == "back\\\\slash \\#1")
        #expect(Markdown.text("Q&A &amp; &#38; &#x26; & x;") == "Q&A \\&amp; \\&\\#38; \\&\\#x26; & x;")
    }

    @Test func addressesCannotBecomeAutolinks() {
        #expect(Markdown.text("see www.example.com") == "see www\\.example.com")
        #expect(Markdown.text("https://evil.example/x and ftp://f.example") == "https\\://evil.example/x and ftp\\://f.example")
        #expect(Markdown.text("mail a.b+c@evil.example now") == "mail a.b+c@\u{2060}evil.example now")
        #expect(Markdown.text("mailto:a@b.co xmpp:a@b.co/r") == "mailto:a@\u{2060}b.co xmpp:a@\u{2060}b.co/r")
        // What no autolink takes stays as it was.
        #expect(Markdown.text("Sam <sam@x> @ScaledMetric 3:30 a.www.b v1.2") == "Sam \\<sam@x\\> @ScaledMetric 3:30 a.www\\.b v1.2")
    }

    @Test func lineStartsCannotOpenBlocks() {
        #expect(Markdown.text("- item") == "\\- item")
        #expect(Markdown.text("+ item") == "\\+ item")
        #expect(Markdown.text("1. first") == "1\\. first")
        #expect(Markdown.text("12) first") == "12\\) first")
        #expect(Markdown.text("v1.2 - ok") == "v1.2 - ok")
        #expect(Markdown.text("one\n- two\n3. three") == "one ↵ \\- two ↵ 3\\. three")
        #expect(Markdown.text("a\r\nb\rc") == "a ↵ b ↵ c")
    }

    @Test func invisibleAndDirectionCharactersAreShown() {
        #expect(Markdown.text("a\u{0}b\u{1B}c") == "aU+0000bU+001Bc")
        #expect(Markdown.text("abc\u{202E}def") == "abcU+202Edef")
        #expect(Markdown.text("tab\there") == "tab here")
        #expect(Markdown.text("  padded  ") == "padded")
    }

    @Test func attributesHoldAnyTextInsideTheirQuotes() {
        #expect(Markdown.attribute("Pay <b>\"now\"</b> & 'later'") == "Pay &lt;b&gt;&quot;now&quot;&lt;/b&gt; &amp; &#39;later&#39;")
        // Nothing that would end a table cell or start Markdown inline code or an escape.
        #expect(Markdown.attribute("a|b `c` d\\e") == "a&#124;b &#96;c&#96; d&#92;e")
        #expect(Markdown.attribute("two\nlines\u{202E}x\u{0}") == "two lines x ")
        #expect(Markdown.attribute("Trail détail ✅") == "Trail détail ✅")
    }

    @Test func linkTargetsArePercentEncodedButKeepTheirFolders() {
        #expect(URIPath.encoded("trailhead-2026-10-13-evidence/ab12.png") == "trailhead-2026-10-13-evidence/ab12.png")
        #expect(URIPath.encoded("my review (2)-evidence/a.png") == "my%20review%20%282%29-evidence/a.png")
        #expect(URIPath.encoded("\"><script>|[x]") == "%22%3E%3Cscript%3E%7C%5Bx%5D")
        #expect(URIPath.encoded("Prüfung-evidence") == "Pr%C3%BCfung-evidence")
        #expect(ReportEvidence.folderName(forReport: "trailhead-2026-10-13.md") == "trailhead-2026-10-13-evidence")
        #expect(ReportEvidence.folderName(forReport: "review.txt") == "review.txt-evidence")
    }

    @Test func anchorsFollowGitHub() {
        var anchors = Markdown.Anchors()
        #expect(anchors.anchor(for: "Checkout: cart") == "checkout-cart")
        #expect(anchors.anchor(for: "Summary") == "summary")
        #expect(anchors.anchor(for: "Summary") == "summary-1")
        #expect(anchors.anchor(for: "Summary") == "summary-2")
        #expect(anchors.anchor(for: "Café – Menü 2") == "café--menü-2")
        #expect(anchors.anchor(for: "snake_case-name") == "snake_case-name")
    }

    @Test func barsAreFullOnlyWhenComplete() {
        #expect(Markdown.bar(0, of: 10, width: 10) == "`░░░░░░░░░░`")
        #expect(Markdown.bar(1, of: 100, width: 10) == "`█░░░░░░░░░`")
        #expect(Markdown.bar(99, of: 100, width: 10) == "`█████████░`")
        #expect(Markdown.bar(10, of: 10, width: 10) == "`██████████`")
        #expect(Markdown.bar(0, of: 0, width: 4) == "`░░░░`")
        #expect(Markdown.percent(199, of: 200) == "99 %")
        #expect(Markdown.percent(1, of: 1000) == "1 %")
        #expect(Markdown.percent(1, of: 3) == "33 %")
        #expect(Markdown.percent(0, of: 0) == "0 %")
    }

    @Test func slugsAreSafeFileNames() {
        #expect(AppSlug.make("Trailhead") == "trailhead")
        #expect(AppSlug.make("Trail Head: Pro!") == "trail-head-pro")
        #expect(AppSlug.make("../../etc") == "etc")
        #expect(AppSlug.make("日本") == "audit")
    }

    @Test func csvFieldsAreQuotedAndDefused() {
        #expect(CSVRow.field("plain") == "plain")
        #expect(CSVRow.field("a,b") == "\"a,b\"")
        #expect(CSVRow.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVRow.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVRow.field("=1+1") == "'=1+1")
        #expect(CSVRow.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVRow.field("-2") == "'-2")
    }
}

@Suite struct VerdictTests {
    @Test func largerTextNeedsEveryCriticalScreenSupported() throws {
        let fixture = try Fixture().standard()
        let verdict = LargerTextVerdict(try fixture.store.snapshot())
        #expect(verdict.outcome == .notYet)
        #expect(verdict.criticalScreens == 2)
        #expect(verdict.blocking.map(\.screen) == ["Checkout"])
        #expect(verdict.blocking.first?.reason == "broken, awaiting retest")

        try fixture.store.write {
            let checkout = try fixture.store.resolveScreen("Checkout")
            try fixture.store.record(screen: checkout, cells: [("reachable", .ax5)], status: .pass, note: nil, by: "Ana", at: Fixture.time(7))
        }
        // The retest passed; the default size the fix may have changed is still to re-check.
        let waiting = LargerTextVerdict(try fixture.store.snapshot())
        #expect(waiting.outcome == .notYet)
        #expect(waiting.blocking.first?.reason == "supported, re-check pending")
        try fixture.store.write {
            let checkout = try fixture.store.resolveScreen("Checkout")
            let open = try #require(try fixture.store.snapshot(only: checkout).screens.first?.pending)
            #expect(!open.isEmpty && open.allSatisfy { $0.size == .default })
            try fixture.store.record(screen: checkout, cells: open.map { ($0.item, $0.size) }, status: .pass, note: nil, by: "Ana", at: Fixture.time(8))
        }
        #expect(LargerTextVerdict(try fixture.store.snapshot()).outcome == .ready)
    }

    @Test func largerTextIsUnknownWithoutCriticalScreens() throws {
        let fixture = try Fixture()
        try fixture.store.write {
            _ = try fixture.store.addScreen(name: "Home", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Mei", at: Fixture.time(0))
        }
        #expect(LargerTextVerdict(try fixture.store.snapshot()).outcome == .unknown)
    }

    @Test func resizeTextLevels() throws {
        let fixture = try Fixture().standard()
        var verdict = ResizeTextVerdict(try fixture.store.snapshot())
        // Map does not scale; Checkout fails only at ax5, beyond 200 %; Notes is not audited.
        #expect(verdict.level == .partiallySupports)
        #expect(verdict.notScaling == ["Map"])
        #expect(verdict.failing.isEmpty)
        #expect(verdict.incomplete == 1)

        let store = fixture.store
        try store.write {
            let map = try store.resolveScreen("Map")
            try store.record(screen: map, cells: [("text-scales", .ax5), ("text-scales", .xs)], status: .pass, note: nil, by: "Ana", at: Fixture.time(8))
            try fixture.plan(map, .pass, at: Fixture.time(8, 1))
        }
        verdict = ResizeTextVerdict(try store.snapshot())
        #expect(verdict.level == .notEvaluated)
        try store.write {
            try fixture.plan(try store.resolveScreen("Notes"), .pass, at: Fixture.time(9))
        }
        #expect(ResizeTextVerdict(try store.snapshot()).level == .supports)
        try store.write {
            for name in ["Map", "Notes", "Sign in"] {
                try store.record(screen: try store.resolveScreen(name), cells: [("no-truncation", .ax3)], status: .fail, note: nil, by: "Ana", at: Fixture.time(10))
            }
        }
        verdict = ResizeTextVerdict(try store.snapshot())
        #expect(verdict.level == .doesNotSupport)
        #expect(verdict.failing.map(\.screen) == ["Map", "Notes <b>*", "Sign in"])
    }
}

@Suite struct HistoryTests {
    @Test func theTimelineEndsWhereTheAuditStands() throws {
        let fixture = try Fixture().standard()
        let document = try AuditDocument(store: fixture.store)
        let timeline = ProgressTimeline(document: document)
        #expect(timeline.points.count == 7)
        #expect(timeline.points.first?.day == "2026-09-07")
        #expect(timeline.points.last?.day == "2026-09-13")
        #expect(timeline.points.last?.counts == (try fixture.store.snapshot()).standingCounts.groups)
        // Day 0: three screens, nothing recorded yet.
        #expect(timeline.points[0].counts == [.unaudited: 3])
        // Day 1: Checkout and Sign in fail one check each.
        #expect(timeline.points[1].counts == [.broken: 2, .unaudited: 1])
        // Day 4: Sign in is fixed and supported.
        #expect(timeline.points[4].counts == [.broken: 1, .supported: 1, .unaudited: 2])

        let pinned = ProgressTimeline(document: document, through: Fixture.time(30))
        #expect(pinned.points.count == 31)
        #expect(pinned.points.last?.counts == timeline.points.last?.counts)
    }

    @Test func longAuditsAreSampled() throws {
        let fixture = try Fixture().standard()
        let timeline = ProgressTimeline(document: try AuditDocument(store: fixture.store), through: Fixture.time(3000))
        #expect(timeline.points.count <= ProgressTimeline.maximumPoints + 1)
        #expect(timeline.points.last?.day == Fixture.time(3000).day)
    }

    @Test func changesSinceADate() throws {
        let fixture = try Fixture().standard()
        try fixture.store.write {
            let signIn = try fixture.store.resolveScreen("Sign in")
            try fixture.store.record(screen: signIn, cells: [("reachable", .ax5)], status: .fail, note: "Hidden", by: "Ana", at: Fixture.time(9))
        }
        let document = try AuditDocument(store: fixture.store)
        let snapshot = try fixture.store.snapshot(detailed: true)
        let changes = Changes(from: EarlierAudit(document: document, before: Fixture.time(2), label: "x"), to: document, snapshot: snapshot)
        #expect(changes.regressions.map { "\($0.screen) \($0.item) \($0.size)" } == ["Sign in reachable ax5"])
        #expect(changes.fixedCells.map { "\($0.screen) \($0.item) \($0.size)" } == ["Sign in no-truncation ax3"])
        #expect(changes.newScreens == ["Notes <b>*"])
        #expect(changes.categoryChanges.map(\.screen) == ["Map"])
        #expect(changes.newFixes.count == 2)
    }
}

@Suite struct GateBarTests {
    @Test func theDefaultBarAndItsOptions() throws {
        let fixture = try Fixture().standard()
        let document = try AuditDocument(store: fixture.store)
        let snapshot = try fixture.store.snapshot(detailed: true)
        let standard = GateResult(bar: GateBar(), snapshot: snapshot, document: document)
        #expect(!standard.passed)
        #expect(standard.checkedScreens == 2)
        #expect(standard.shortfalls.map(\.screen) == ["Checkout"])
        #expect(standard.shortfalls.first?.failed == [CellKey(item: "reachable", size: .ax5)])
        #expect(GateBar().summary == "every critical screen is supported, with no re-check pending")
        #expect(GateBar(acceptingRechecks: true).summary == "every critical screen is supported (re-checks after fixes may be pending)")

        let all = GateResult(bar: GateBar(allScreens: true), snapshot: snapshot, document: document)
        #expect(all.shortfalls.map(\.screen) == ["Checkout", "Map", "Notes <b>*"])

        let small = GateResult(bar: GateBar(allScreens: true, minimumSize: .xxxl), snapshot: snapshot, document: document)
        let map = try #require(small.shortfalls.first { $0.screen == "Map" })
        #expect(map.failed == [CellKey(item: "text-scales", size: .ax5)])
    }
}

/// CSV fields, quoted and made inert as RFC 4180 and spreadsheets want.
@Suite struct StreamedExportTests {
    @Test func csvFieldsAreWrittenAsTheyWereQuoted() {
        // The rules as first written, on strings: the byte-level writer must agree with them.
        func reference(_ value: String) -> String {
            var value = value
            if let first = value.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) || first == "\t" || first == "\r" {
                value = "'" + value
            }
            guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        for value in ["", "plain", "a,b", "\"", "\"\"", "x\"y\"", "=1", "+\"a\"", "-", "@", "\tx", "\rx", "\r\n", "é,\u{1F600}", "\u{301}=", "a\nb"] {
            #expect(CSVRow.field(value) == reference(value), "\(value.debugDescription)")
        }
    }

    @Test func chartLabelsStayApartAndInsideThePicture() {
        // One line at the top, eleven at the bottom: the bottom ones climb, the top one stays put.
        let placed = FailureChart.placeLabels([56] + Array(repeating: 276, count: 11), spacing: 15, from: 14, to: 310)
        #expect(placed.first == 56 && placed.last == 310)
        #expect(placed.allSatisfy { $0 >= 14 && $0 <= 310 })
        #expect(zip(placed, placed.dropFirst()).allSatisfy { $1 - $0 >= 15 })
        // Labels that would not fit at their spacing share the room evenly.
        let crowded = FailureChart.placeLabels(Array(repeating: 100, count: 5), spacing: 15, from: 0, to: 40)
        #expect(crowded == [0, 10, 20, 30, 40])
        #expect(FailureChart.placeLabels([120], spacing: 15, from: 14, to: 310) == [120])
    }
}
