import Foundation
import Testing
import TestSupport

/// A 12-screen audit replayed as a team works it: two people record, a UI-test run is imported, a
/// fix is recorded, a second run retests it, a lead waives an element and confirms a run's failure.
/// After each step every view counts the same problems, the same results kept over a run, and the
/// same decided cells.
@Suite(.tags(.endToEnd)) struct ProblemCountReplayTests {
    static let screens = ["Home", "Search", "Product", "Cart", "Payment", "Orders", "Profile", "Settings", "Help", "Login", "Onboarding"]

    /// Home, Search and Cart share an offline banner whose 13 pt label never grows (one problem on
    /// three screens); Profile's tab label and badge stay 10 pt (two problems in one failed cell);
    /// on Checkout every label grows.
    /// `widen` changes the run's bytes (a run is imported once) without changing a verdict: only on
    /// Profile, which no fix makes compare its default size with an earlier run.
    static func page(_ screen: String, _ size: String, widen: Double = 0) -> String {
        let grown = size == "ax5" ? 62.0 : 20
        var content: [Node] = [.text("\(screen) title", 16, 100, screen == "Profile" ? 358 - widen : 358, grown)]
        switch screen {
        case "Home", "Search", "Cart": content.append(.text("offline.banner", 0, 60, 390, 13))
        case "Profile": content += [.text("tab.home", 16, 800, 60, 10), .text("profile.badge", 300, 40, 40, 10)]
        default: break
        }
        return PageSource.screen(content, shape: .harness)
    }

    static func run(_ cli: CLI, _ folder: String, widen: Double = 0) throws {
        let root = cli.directory.appendingPathComponent(folder)
        for screen in ["Home", "Search", "Cart", "Profile", "Checkout"] {
            for size in ["l", "ax5"] { try Fixture.write(Data(page(screen, size, widen: widen).utf8), "\(screen)_\(size).xml", in: root) }
        }
    }

    /// What each view says after a step.
    struct Counts: Equatable, CustomStringConvertible {
        var open: Int
        var waiting: Int
        var machine: Int
        var kept: Int
        var description: String { "open \(open), waiting \(waiting), by runs \(machine), kept \(kept)" }
    }

    /// Reads every view and checks they agree with `expected`; returns Checkout's decided cells.
    @discardableResult
    static func agree(_ cli: CLI, _ expected: Counts, keptOnCheckout: Int = 0, step: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
        let plain = ["COLUMNS": "", "NO_COLOR": "1"]
        // next: its section heading and list, its JSON.
        let next = try cli.run(["next"], environment: plain).stdout
        let heading = next.split(separator: "\n").first { $0.hasPrefix("Waiting for a fix  (") }
        #expect(heading?.hasPrefix("Waiting for a fix  (\(expected.waiting) problem") ?? (expected.waiting == 0), "\(step): \(next)", sourceLocation: sourceLocation)
        let listed = next.split(separator: "\n").filter { $0.hasPrefix("  ✗ ") }.count
        #expect(listed == expected.waiting, "\(step): \(next)", sourceLocation: sourceLocation)
        let nextJSON = try #require(try cli.json(["next"]) as? [String: Any], sourceLocation: sourceLocation)
        let problems = try #require(nextJSON["problems"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(problems.count == expected.waiting, "\(step): \(problems)", sourceLocation: sourceLocation)
        #expect(problems.filter { $0["decidedBy"] as? String == "machine" }.count == expected.machine, "\(step): \(problems)", sourceLocation: sourceLocation)
        #expect((nextJSON["keptTheirs"] as? [Any])?.count == expected.kept, "\(step)", sourceLocation: sourceLocation)
        let kept = expected.kept == 1 ? "1 result a person recorded disagrees" : "\(expected.kept) results people recorded disagree"
        let keptLine = kept + " with run "
        #expect(next.contains(keptLine) == (expected.kept > 0), "\(step): \(next)", sourceLocation: sourceLocation)

        // status, text and JSON.
        let status = try cli.run(["status"], environment: plain).stdout
        #expect(status.contains("Problems  \(expected.open) open, one per cause: \(expected.waiting) wait"), "\(step): \(status)", sourceLocation: sourceLocation)
        let statusJSON = try #require(try cli.json(["status"]) as? [String: Any], sourceLocation: sourceLocation)
        let counted = try #require(statusJSON["problems"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(counted["open"] as? Int == expected.open && counted["waitingForFix"] as? Int == expected.waiting, "\(step): \(counted)", sourceLocation: sourceLocation)
        #expect(statusJSON["problemsFromRuns"] as? Int == expected.machine, "\(step)", sourceLocation: sourceLocation)

        // gate over every screen counts the same; the default gate, Checkout's problems as screen show counts them.
        let gate = try #require(try JSONSerialization.jsonObject(with: Data(cli.run(["gate", "--all-screens", "--json"]).stdout.utf8)) as? [String: Any],
                                sourceLocation: sourceLocation)
        #expect((gate["problems"] as? [String: Any])?["open"] as? Int == expected.open, "\(step): \(gate)", sourceLocation: sourceLocation)
        let critical = try #require(try JSONSerialization.jsonObject(with: Data(cli.run(["gate", "--json"]).stdout.utf8)) as? [String: Any],
                                    sourceLocation: sourceLocation)
        let show = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any], sourceLocation: sourceLocation)
        let onCheckout = (show["problems"] as? [Any])?.count
        #expect((critical["problems"] as? [String: Any])?["open"] as? Int == onCheckout, "\(step): \(critical)", sourceLocation: sourceLocation)
        let shown = try cli.run(["screen", "show", "Checkout"], environment: plain).stdout
        #expect((show["keptTheirs"] as? [Any])?.count == keptOnCheckout, "\(step)", sourceLocation: sourceLocation)
        #expect(shown.contains("result a person recorded disagrees with run ") == (keptOnCheckout == 1), "\(step): \(shown)", sourceLocation: sourceLocation)
        if let onCheckout, onCheckout > 0 {
            #expect(shown.contains(" · \(onCheckout) problem"), "\(step): \(shown)", sourceLocation: sourceLocation)
        }

        // The review page: its count, one row per problem, what was kept.
        let page = try cli.ok(["export", "--output", "-"])
        if expected.open > 0 {
            #expect(page.contains("\(expected.open) open problem\(expected.open == 1 ? "" : "s"), one per cause: "), "\(step): \(page)", sourceLocation: sourceLocation)
            #expect(page.contains(", \(expected.waiting) waiting for a fix, "), "\(step)", sourceLocation: sourceLocation)
        }
        let section = page.components(separatedBy: "## What to fix first")[1].components(separatedBy: "\n## ")[0]
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        #expect(rows.count == expected.open, "\(step): \(section)", sourceLocation: sourceLocation)
        #expect(page.contains(kept + " with a run: kept theirs.") == (expected.kept > 0), "\(step)", sourceLocation: sourceLocation)

        // The decided results of Checkout, as screen show and status SCREEN give them.
        let cells = try RunImportTests.cells(cli, "Checkout")
        let statusCells = try #require(try cli.json(["status", "Checkout"]) as? [String: Any], sourceLocation: sourceLocation)
        #expect((statusCells["progress"] as? [String: Any])?["failed"] as? Int == cells.values.filter { $0 == "fail" }.count,
                "\(step): \(statusCells)", sourceLocation: sourceLocation)
        return cells
    }

    @Test func everyViewCountsTheSameProblemsAtEveryStep() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Shop"])
        try cli.ok(["screen", "add", "Checkout", "--critical"])
        for screen in Self.screens { try cli.ok(["screen", "add", screen]) }

        // Two people record: Ben two failures on Checkout at ax5, Ana an overlap on Cart.
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "text-scales", "--fail", "--note", "Delivery stays 18 pt", "--by", "Ben"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Pay clipped", "--by", "Ben"])
        try cli.ok(["record", "Cart", "--size", "ax5", "--item", "no-overlap", "--fail", "--by", "Ana"])
        try Self.agree(cli, Counts(open: 3, waiting: 3, machine: 0, kept: 0), step: "people")

        // A run: the banner once for three screens, Profile's two labels; Ben's and Ana's failures
        // kept over the run's passes.
        try Self.run(cli, "run1")
        try cli.ok(["evidence", "import-xcresult", "run1"])
        var cells = try Self.agree(cli, Counts(open: 6, waiting: 6, machine: 3, kept: 2), keptOnCheckout: 1, step: "run1")
        #expect(cells["text-scales ax5"] == "fail" && cells["no-truncation ax5"] == "fail")

        // A fix of Checkout's text: its problem waits for the retest, still open.
        try cli.ok(["fix", "Checkout", "--type", "text-style", "--item", "text-scales", "--by", "Ben"])
        try Self.agree(cli, Counts(open: 6, waiting: 5, machine: 3, kept: 2), keptOnCheckout: 1, step: "fix")

        // The second run is the retest: Checkout's text passes, only Ana's failure is kept.
        try Self.run(cli, "run2", widen: 4)
        try cli.ok(["evidence", "import-xcresult", "run2"])
        cells = try Self.agree(cli, Counts(open: 5, waiting: 5, machine: 3, kept: 1), step: "run2")
        #expect(cells["text-scales ax5"] == "pass" && cells["no-truncation ax5"] == "fail")

        // A waiver of Profile's tab label: the next run leaves it out, the badge stays a problem.
        try cli.ok(["waive", "Profile", "--item", "text-scales", "--element", "tab.home", "--reason", "Large Content Viewer", "--by", "Lead"])
        try Self.run(cli, "run3", widen: 8)
        try cli.ok(["evidence", "import-xcresult", "run3"])
        try Self.agree(cli, Counts(open: 4, waiting: 4, machine: 2, kept: 1), step: "waiver")

        // Confirming the badge's failure makes it a person's: the same problem, decided by a person.
        try cli.ok(["confirm", "Profile", "--item", "text-scales", "--by", "Lead"])
        try Self.agree(cli, Counts(open: 4, waiting: 4, machine: 1, kept: 1), step: "confirm")
        let profile = try #require(try cli.json(["screen", "show", "Profile"]) as? [String: Any])
        #expect((profile["problems"] as? [[String: Any]])?.map { "\($0["item"]!) \($0["decidedBy"]!)" } == ["text-scales person"])
    }
}
