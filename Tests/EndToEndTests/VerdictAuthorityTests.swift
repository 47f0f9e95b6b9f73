import Foundation
import Testing
import TestSupport

/// Who decides a cell when a run and a person disagree: a run may fail what a person passed, never
/// pass what a person failed unless a fix of that item came after the failure or the person took it
/// back. What the run said instead is kept beside, and every view says so.
@Suite(.tags(.endToEnd)) struct VerdictAuthorityTests {
    /// Checkout where every label grows and, at ax5, the Pay button falls below the window.
    static func checkout(_ size: String, shape: PageShape, widen: Double = 0) -> String {
        CheckoutPages.payBelowAtAX5(size, shape: shape, widen: widen)
    }

    static func run(_ cli: CLI, _ folder: String, shape: PageShape, widen: Double = 0) throws {
        let root = cli.directory.appendingPathComponent(folder)
        for size in CheckoutPages.sizes { try Fixture.write(Data(checkout(size, shape: shape, widen: widen).utf8), "Checkout_\(size).xml", in: root) }
    }

    @Test(arguments: PageShape.allCases) func aRunKeepsWhatAPersonFailedAndSaysSo(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "text-scales", "--fail", "--note", "Delivery stays 18 pt", "--by", "Ben"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass", "--by", "Ben"])
        try Self.run(cli, "run1", shape: shape)
        let before = try cli.ok(["export", "--format", "json", "--output", "-"])

        // The dry run says which results of people the run disagrees with, and who is kept.
        let dry = try cli.run(["evidence", "import-xcresult", "run1", "--dry-run"], environment: ["COLUMNS": ""]).stdout
        let lines = dry.split(separator: "\n").map(String.init)
        let kept = try #require(lines.firstIndex { $0.hasPrefix("1 result a person recorded disagrees with this run: kept theirs") }, "\(dry)")
        #expect(lines[kept + 1].split(separator: " ", omittingEmptySubsequences: true).prefix(7).joined(separator: " ")
                == "Checkout text-scales ax5 Ben: fail run: pass", "\(dry)")
        let stand = try #require(lines.firstIndex { $0.hasPrefix("1 result a person recorded disagrees with this run: its failures stand over them") }, "\(dry)")
        #expect(lines[stand + 1].contains("reachable") && lines[stand + 1].contains("Ben: pass") && lines[stand + 1].contains("run: fail"), "\(dry)")
        // The run's pass at ax5 is not among what it would record.
        #expect(lines.contains { $0.hasPrefix("  Checkout") && $0.contains("text-scales") && $0.contains(" pass l, xs: ") }, "\(dry)")
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == before)

        // The import keeps Ben's failure, records the run's failure over Ben's pass, and keeps the
        // run's pass beside Ben's failure in the shared file.
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run1"]) as? [String: Any])
        let disagreements = try #require(done["disagreements"] as? [[String: Any]])
        #expect(disagreements.map { "\($0["kept"]!)" }.sorted() == ["run", "theirs"])
        var cells = try RunImportTests.cells(cli, "Checkout")
        #expect(cells["text-scales ax5"] == "fail" && cells["reachable ax5"] == "fail" && cells["text-scales xs"] == "pass")
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        #expect(shared.components(separatedBy: "\"record\":\"dissent\"").count - 1 == 1)

        // next and screen show say it, with the cell.
        for command in [["next"], ["screen", "show", "Checkout"]] {
            let shown = try cli.run(command, environment: ["COLUMNS": ""]).stdout
            let heading = try #require(shown.split(separator: "\n").firstIndex { $0.hasPrefix("1 result a person recorded disagrees with run ") && $0.contains(": kept theirs") },
                                       "\(command): \(shown)")
            let cell = shown.split(separator: "\n")[heading + 1]
            #expect(cell.contains("Checkout") && cell.contains("text-scales") && cell.contains("ax5") && cell.contains("Ben: fail") && cell.contains("run: pass"), "\(shown)")
        }
        let page = try cli.ok(["export", "--output", "-"])
        #expect(page.contains("1 result a person recorded disagrees with a run: kept theirs."))
        #expect(page.split(separator: "\n").contains { $0.hasPrefix("| Checkout | `text-scales` | ax5 | Ben: fail | run: pass |") }, "\(page)")
        // The same run again adds nothing, and keeps nothing twice.
        let again = try #require(try cli.json(["evidence", "import-xcresult", "run1"]) as? [String: Any])
        #expect(again["recorded"] as? Int == 0 && (again["disagreements"] as? [Any])?.isEmpty == true)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == shared)

        // A later run is still no retest of Ben's failure: kept again.
        try Self.run(cli, "run2", shape: shape, widen: 4)
        try cli.ok(["evidence", "import-xcresult", "run2"])
        cells = try RunImportTests.cells(cli, "Checkout")
        #expect(cells["text-scales ax5"] == "fail")

        // A fix of the item after the failure makes the next run its retest: the run's pass stands,
        // and nothing is told as kept any more.
        try cli.ok(["fix", "Checkout", "--type", "text-style", "--item", "text-scales", "--by", "Ben"])
        try Self.run(cli, "run3", shape: shape, widen: 8)
        let retest = try #require(try cli.json(["evidence", "import-xcresult", "run3"]) as? [String: Any])
        #expect((retest["disagreements"] as? [[String: Any]])?.contains { $0["kept"] as? String == "theirs" } == false)
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "pass")
        #expect(!(try cli.ok(["next"])).contains("kept theirs"))
    }

    /// A failure the person took back no longer stands: the run decides. Undoing the import takes
    /// back the run's verdict kept beside as well.
    @Test func aTakenBackFailureLeavesTheCellToTheRunAndUndoTakesTheKeptVerdictBack() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "text-scales", "--fail", "--by", "Ben"])
        try Self.run(cli, "run1", shape: .harness)
        try cli.ok(["evidence", "import-xcresult", "run1", "--by", "Ann"])
        #expect(try cli.ok(["screen", "show", "Checkout"]).contains("kept theirs"))
        #expect(try cli.ok(["history", "Checkout"]).contains("run pass ax5 text-scales, kept"))
        try cli.ok(["undo", "--by", "Ann"])
        #expect(!(try cli.ok(["screen", "show", "Checkout"])).contains("kept theirs"))
        try cli.ok(["undo", "--by", "Ben"])
        try Self.run(cli, "run2", shape: .harness, widen: 4)
        try cli.ok(["evidence", "import-xcresult", "run2", "--by", "Ann"])
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "pass")
    }
}

/// `confirm` makes a run's failure a person's; `waive` leaves one element out of one item's judging
/// from then on. Both are records: history shows them, undo takes them back.
@Suite(.tags(.endToEnd)) struct ConfirmAndWaiveTests {
    /// Checkout with a tab label drawn at 10 pt at every size beside labels that grow.
    static func checkout(_ size: String, shape: PageShape, widen: Double = 0) -> String {
        CheckoutPages.fixedTab(size, shape: shape, widen: widen)
    }

    static func run(_ cli: CLI, _ folder: String, shape: PageShape, widen: Double = 0) throws {
        let root = cli.directory.appendingPathComponent(folder)
        for size in CheckoutPages.sizes { try Fixture.write(Data(checkout(size, shape: shape, widen: widen).utf8), "Checkout_\(size).xml", in: root) }
    }

    @Test(arguments: PageShape.allCases) func aWaivedElementIsLeftOutFromThenOnUntilTakenBack(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", shape: shape)
        try cli.ok(["evidence", "import-xcresult", "run1"])
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "fail")
        let next = try cli.run(["next"], environment: ["COLUMNS": ""]).stdout
        #expect(next.contains("'dtaudit confirm SCREEN --item ITEM'") && next.contains("'dtaudit waive SCREEN --item ITEM --element NAME --reason TEXT'"), "\(next)")

        let said = try cli.ok(["waive", "Checkout", "--item", "text-scales", "--element", "tab.home", "--reason", "Large Content Viewer", "--by", "Lead"])
        #expect(said.hasPrefix("Waived \"tab.home\" for `text-scales` on Checkout"), "\(said)")
        #expect(try cli.ok(["history", "Checkout"]).contains("waived text-scales for \"tab.home\": Large Content Viewer"))
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]).contains("\"record\":\"waive\""))
        // The review page lists it with who gave it and why.
        let page = try cli.ok(["export", "--output", "-"])
        #expect(page.contains("## Waivers and results kept over runs"))
        #expect(page.split(separator: "\n").contains { $0.hasPrefix("| Checkout | `text-scales` |") && $0.contains("tab.home") && $0.contains("| Large Content Viewer | Lead |") }, "\(page)")

        // The next run leaves the tab label out: the cell passes, and says what it left out.
        try Self.run(cli, "run2", shape: shape, widen: 4)
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run2"]) as? [String: Any])
        let judged = try #require(done["judged"] as? [[String: Any]])
        let ax5 = try #require(judged.first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" })
        #expect(ax5["outcome"] as? String == "pass" && (ax5["reason"] as? String)?.hasSuffix("(1 waived element left out)") == true, "\(ax5)")
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "pass")

        // Taken back by its id, the element is judged again.
        let waiver = try #require(try cli.history(["Checkout"], kinds: ["waive"]).first?["id"] as? String)
        #expect(try cli.ok(["retract", waiver]).hasPrefix("Took back the waiver of \"tab.home\" for text-scales on Checkout (Lead)"))
        try Self.run(cli, "run3", shape: shape, widen: 8)
        try cli.ok(["evidence", "import-xcresult", "run3"])
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "fail")
    }

    @Test func aConfirmedFailureStandsOverALaterRunsPass() throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", shape: .harness)
        try cli.ok(["evidence", "import-xcresult", "run1"])
        let confirmed = try cli.ok(["confirm", "Checkout", "--item", "text-scales", "--size", "ax5", "--by", "Ben"])
        #expect(confirmed.hasPrefix("Confirmed 1 run failure of Checkout as yours: "), "\(confirmed)")
        let entries = try cli.history(["Checkout"])
        #expect(entries.contains { $0["by"] as? String == "Ben" && $0["run"] is NSNull && ($0["note"] as? String)?.hasPrefix("confirms the failure of run run1") == true },
                "\(entries)")

        // A run where the tab label grows is no retest of Ben's confirmed failure.
        let root = cli.directory.appendingPathComponent("run2")
        for size in ["l", "ax5", "xs"] {
            try Fixture.write(Data(VerdictAuthorityTests.checkout(size, shape: .harness).utf8), "Checkout_\(size).xml", in: root)
        }
        let dry = try cli.ok(["evidence", "import-xcresult", "run2", "--dry-run"])
        #expect(dry.contains("1 result a person recorded disagrees with this run: kept theirs"), "\(dry)")
        try cli.ok(["evidence", "import-xcresult", "run2"])
        #expect(try RunImportTests.cells(cli, "Checkout")["text-scales ax5"] == "fail")

        // Nothing to confirm where no run's failure stands: one line, exit 64.
        let refused = try cli.run(["confirm", "Checkout", "--item", "text-scales", "--size", "ax5"])
        #expect(refused.status == 64 && refused.stderr.contains("nothing to confirm"), "\(refused.stderr)")
    }

    /// Waivers and the runs' kept verdicts travel in the shared file: a teammate's fresh store
    /// shows them and its next run leaves the waived element out.
    @Test func waiversAndKeptVerdictsTravelInTheSharedFile() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-overlap", "--fail", "--by", "Ben"])
        try Self.run(cli, "run1", shape: .harness)
        try cli.ok(["waive", "Checkout", "--item", "text-scales", "--element", "tab.home", "--reason", "Large Content Viewer", "--all-screens", "--by", "Lead"])
        try cli.ok(["evidence", "import-xcresult", "run1"])
        let file = cli.directory.appendingPathComponent("audit.json")
        try cli.ok(["export", "--format", "json", "--output", file.path])

        let teammate = cli.directory.appendingPathComponent("teammate")
        try FileManager.default.createDirectory(at: teammate, withIntermediateDirectories: true)
        try cli.ok(["import", file.path], in: teammate)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: teammate) == (try String(contentsOf: file, encoding: .utf8)))
        let shown = try cli.ok(["screen", "show", "Checkout"], in: teammate)
        #expect(shown.contains("1 result a person recorded disagrees with run ") && shown.contains("kept theirs"), "\(shown)")
        #expect(try cli.ok(["history", "Checkout"], in: teammate).contains("waived text-scales for \"tab.home\" on every screen: Large Content Viewer"))
        try Fixture.write(Data(ConfirmAndWaiveTests.checkout("ax5", shape: .harness).utf8), "Checkout_ax5.xml", in: teammate.appendingPathComponent("run2"))
        try Fixture.write(Data(ConfirmAndWaiveTests.checkout("l", shape: .harness).utf8), "Checkout_l.xml", in: teammate.appendingPathComponent("run2"))
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok(["evidence", "import-xcresult", "run2", "--dry-run", "--json"], in: teammate).utf8)) as? [String: Any])
        let ax5 = (plan["judged"] as? [[String: Any]])?.first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" }
        #expect(ax5?["outcome"] as? String == "pass" && (ax5?["reason"] as? String)?.hasSuffix("(1 waived element left out)") == true, "\(String(describing: ax5))")
    }
}
