import Foundation
import Testing

/// `dtaudit audit` driven through piped input, one answer a line.
@Suite(.tags(.endToEnd)) struct AuditTests {
    /// The planned cells of Checkout in the order `next` lists them on a fresh screen.
    static func plannedOrder(_ cli: CLI) throws -> [(item: String, size: String)] {
        let next = try #require((try cli.json(["next", "Checkout"]) as? [String: Any])?["screens"] as? [[String: Any]])
        let checks = try #require(next.first?["checks"] as? [[String: Any]])
        return checks.map { ($0["item"] as? String ?? "", $0["size"] as? String ?? "") }
    }

    /// What the test answers for each cell: a failure with a note, one without, an n/a, passes.
    static func answer(item: String, size: String) -> (status: String, note: String?) {
        switch (item, size) {
        case ("no-truncation", "ax5"): ("fail", "Pay button clipped: \"Pay $4…\"")
        case ("reachable", "ax5"): ("fail", nil)
        case ("landscape", "ax3"): ("na", nil)
        default: ("pass", nil)
        }
    }

    /// The cells of `screen show --json`, without times: item, size, status, note, author, required.
    static func cells(_ cli: CLI) throws -> [String] {
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let cells = try #require(screen["cells"] as? [[String: Any]])
        return cells.map { cell in
            ["item", "size", "status", "note", "by", "required"].map { "\(cell[$0] ?? "nil")" }.joined(separator: "|")
        }.sorted()
    }

    @Test func aFullGuidedAuditLeavesTheSameStoreAsRecordCommands() throws {
        let audited = try CLI().initialized()
        let recorded = try CLI().initialized()
        let order = try Self.plannedOrder(audited)
        #expect(order.count == 24)

        var input = ""
        for cell in order {
            let answer = Self.answer(item: cell.item, size: cell.size)
            switch answer.status {
            case "pass": input += "p\n"
            case "na": input += "n/a\n"
            default: input += "fail\n" + (answer.note ?? "") + "\n\n"
            }
            var arguments = ["record", "Checkout", "--size", cell.size, "--item", cell.item, "--" + answer.status]
            if let note = answer.note { arguments += ["--note", note] }
            try recorded.ok(arguments)
        }
        let result = try audited.run(["audit", "Checkout"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Audit done"))
        #expect(result.stdout.contains("Checkout — 24 answered (21 pass, 2 fail, 1 n/a), nothing left to check; now broken (was unaudited)"))

        // The walk went largest size first and the default size last, in the order of `next`.
        let shown = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), line[..<close].contains("/") else { return nil }
            return String(line[line.index(after: close)...].dropFirst().prefix { $0 != " " })
        }
        #expect(shown == order.map(\.size))
        #expect(order.first?.size == "ax5")
        #expect(order.last?.size == "l")

        #expect(try Self.cells(audited) == Self.cells(recorded))
        let auditedStatus = try #require(try audited.json(["status"]) as? [String: Any])
        let recordedStatus = try #require(try recorded.json(["status"]) as? [String: Any])
        #expect(auditedStatus["plan"] as? [String: Int] == recordedStatus["plan"] as? [String: Int])
        #expect(auditedStatus["categories"] as? [String: Int] == recordedStatus["categories"] as? [String: Int])
        #expect((try audited.history()).count == 24)
        #expect((try recorded.history()).count == 24)
    }

    @Test func aKilledAuditKeepsEveryAnswerAndResumesWhereItStopped() throws {
        let cli = try CLI().initialized()
        let order = try Self.plannedOrder(cli)
        try #require(order.count == 24)

        let first = try cli.start(["audit", "Checkout"])
        first.send("p\np\np\n")
        #expect(first.waitFor("[4/24]"), "\(first.stdout)")
        first.signal(SIGKILL)
        #expect(first.finish() == 128 + SIGKILL)
        var history = try cli.history()
        #expect(history.count == 3)
        #expect(Set(history.map { "\($0["item"] ?? "")@\($0["size"] ?? "")" }) == Set(order.prefix(3).map { "\($0.item)@\($0.size)" }))

        // Running it again starts at the first check not answered.
        let second = try cli.start(["audit", "Checkout"])
        #expect(second.waitFor("[1/21]"))
        #expect(second.stdout.contains("21 checks to do"))
        #expect(second.stdout.contains("\(order[3].item): "))
        second.send("pass\n")
        #expect(second.waitFor("[2/21]"))
        second.signal(SIGTERM)
        #expect(second.finish() == 128 + SIGTERM)
        history = try cli.history()
        #expect(history.count == 4)
        #expect(history.first?["item"] as? String == order[3].item)
    }

    @Test func backTakesBackTheLastAnswerAsUndoDoesAndAsksAgain() throws {
        let cli = try CLI().initialized()
        let order = try Self.plannedOrder(cli)
        try #require(order.count == 24)
        let result = try cli.run(["audit", "Checkout"], input: "b\np\nf\nClipped\n\nback\np\nq\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("nothing of Tess Tester's to take back on this screen"))
        #expect(result.stdout.contains("took back fail for \(order[1].size) \(order[1].item); it is untested again"))
        #expect(result.stdout.contains("Checkout — 2 answered (2 pass), 1 taken back, 22 still to check"))
        #expect(result.stdout.contains("Run the same 'dtaudit audit' again to carry on."))
        // Newest first: the second answer, the failure taken back (a retraction, as undo makes), the first answer.
        let history = try cli.history()
        try #require(history.map { $0["status"] as? String ?? "" } == ["pass", "fail", "pass"])
        #expect(history.map { $0["retracted"] as? Bool } == [false, true, false])
        #expect(history[1]["note"] as? String == "Clipped")
        #expect(Set(history.prefix(2).map { $0["item"] as? String ?? "" }) == [order[1].item])
        let retractions = try cli.history(kinds: ["retract"])
        #expect(retractions.count == 1)
        #expect(retractions.first?["target"] as? String == history[1]["id"] as? String)
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        #expect(screen["category"] as? String == "unaudited")
    }

    @Test func backShowsTheCellsEarlierAnswerAgain() throws {
        let cli = try CLI().initialized()
        let order = try Self.plannedOrder(cli)
        try cli.ok(["record", "Checkout", "--size", order[0].size, "--item", order[0].item, "--na"])
        let result = try cli.run(["audit", "Checkout", "--all"], input: "f\n\n\nb\nq\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("took back fail for \(order[0].size) \(order[0].item); it shows its earlier na again"))
        let cell = try cli.history().first { $0["item"] as? String == order[0].item && $0["retracted"] as? Bool == false }
        #expect(cell?["status"] as? String == "na")
    }

    @Test func aFixSendsBackItsChecksAndAllWalksEverything() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        try cli.ok(["fix", "Checkout", "--type", "scroll"])

        // What is left is what 'next' lists: the retest and the default-size re-checks.
        let next = try #require((try cli.json(["next", "Checkout"]) as? [String: Any])?["screens"] as? [[String: Any]])
        let open = try #require(next.first?["checks"] as? [[String: Any]])
        for arguments in [["audit", "Checkout"], ["audit", "Checkout", "--only-pending"]] {
            let walk = try cli.run(arguments, input: "q\n")
            #expect(walk.stdout.contains("\(open.count) checks to do"), "\(arguments)")
            #expect(walk.stdout.contains("[1/\(open.count)] ax5 · retest after the scroll fix of"))
            #expect(walk.stdout.contains("no-truncation: No text is cut off or clipped"))
            #expect(walk.stdout.contains("Now: fail"))
        }
        let everything = try cli.run(["audit", "Checkout", "--all"], input: "q\n")
        #expect(everything.stdout.contains("24 checks to do"))
        #expect(everything.stdout.contains("[1/24] ax5 · re-audit"))

        let done = try cli.run(["audit", "Checkout"], input: String(repeating: "p\n", count: open.count))
        #expect(done.stdout.contains("Checkout — \(open.count) answered (\(open.count) pass), nothing left to check; now supported (was broken, awaiting retest)"),
                "\(done.stdout)")
        let rest = try cli.run(["audit", "Checkout"], input: "q\n")
        #expect(rest.stdout == "Nothing to check on Checkout.\n")
        #expect(try cli.run(["gate"]).status == 0)
    }

    @Test func eachSizeStartsWithItsSettingAndBodySize() throws {
        let cli = try CLI().initialized()
        let ax5 = try cli.run(["audit", "Checkout", "--size", "ax5"], input: "q\n")
        #expect(ax5.stdout.contains("━━ AX5 · ax5 · 10 checks ━━"))
        #expect(ax5.stdout.contains("turn on Larger Accessibility Sizes"))
        #expect(ax5.stdout.contains("step 12 of 12 (AX5)"))
        #expect(ax5.stdout.contains("Simulator: xcrun simctl ui booted content_size accessibility-extra-extra-extra-large"))
        #expect(ax5.stdout.contains("Body text here: 53 pt (312% of Large)"))
        #expect(ax5.stdout.contains("10 checks to do"))

        let large = try cli.run(["audit", "Checkout", "--size", "Large"], input: "q\n")
        #expect(large.stdout.contains("━━ Large (default) · l · 2 checks ━━"))
        #expect(large.stdout.contains("slider at step 4 of 7, the middle"))
        #expect(large.stdout.contains("content_size large"))
        #expect(large.stdout.contains("Body text here: 17 pt (100% of Large)"))

        let none = try cli.run(["audit", "Checkout", "--size", "m"], input: "")
        #expect(none.status == 0)
        #expect(none.stdout.contains("Nothing to check on Checkout at m."))
    }

    @Test func withoutAScreenEveryScreenIsWalkedCriticalFirst() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "About"])
        let result = try cli.run(["audit", "--size", "l"], input: "p\np\np\np\n")
        #expect(result.status == 0, "\(result.stderr)")
        let checkout = try #require(result.stdout.range(of: "Checkout  unaudited · critical"))
        let about = try #require(result.stdout.range(of: "About  unaudited"))
        #expect(checkout.lowerBound < about.lowerBound)
        #expect(result.stdout.contains("Checkout — 2 answered (2 pass)"))
        #expect(result.stdout.contains("About — 2 answered (2 pass)"))
    }

    @Test func aLineThatIsNotAnAnswerStopsTheWalkAndKeepsEarlierAnswers() throws {
        let cli = try CLI().initialized()
        let result = try cli.run(["audit", "Checkout"], input: "p\nmaybe\np\n")
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("line 2: 'maybe' is not an answer"))
        #expect((try cli.history()).count == 1)
        // The summary tells what is left, not that the audit is done.
        let planned = try Self.plannedOrder(cli).count
        #expect(result.stdout.contains("Audit stopped"), "\(result.stdout)")
        #expect(result.stdout.contains("1 answered (1 pass), \(planned) still to check"), "\(result.stdout)")
        #expect(result.stdout.contains("Run the same 'dtaudit audit' again to carry on."))
    }

    @Test func theEndOfInputKeepsAFailureGivenWithoutItsNote() throws {
        let cli = try CLI().initialized()
        let result = try cli.run(["audit", "Checkout"], input: "# comments and blank lines are skipped\n\nf\n")
        #expect(result.status == 0, "\(result.stderr)")
        let history = try cli.history()
        #expect(history.count == 1)
        #expect(history.first?["status"] as? String == "fail")
        #expect(history.first?["note"] is NSNull)
    }

    @Test func notesAndEvidenceGoWithTheNextAnswer() throws {
        let cli = try CLI().initialized()
        try Fixture.write(Fixture.png("pay"), "shots/pay button.png", in: cli.directory)
        try Fixture.write(Data("just text".utf8), "shots/fake.png", in: cli.directory)

        // A refused file stops piped input before the answer is saved.
        let refused = try cli.run(["audit", "Checkout"], input: "f\nPay clipped\nshots/fake.png\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("shots/fake.png is not evidence dtaudit accepts: its content is text"))
        #expect(refused.stderr.contains("the answer was not saved"))
        #expect((try cli.history()).isEmpty == true)
        #expect(refused.stdout.contains("Audit stopped") && !refused.stdout.contains("nothing left to check"), "\(refused.stdout)")

        // A path quoted as a terminal pastes a dropped file, then a note and a file before a pass.
        let input = "f\nPay clipped\n'shots/pay button.png'\n\nnote Checked with the longest name\nevidence shots/pay\\ button.png\np\n"
        let result = try cli.run(["audit", "Checkout"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let cells = try #require(screen["cells"] as? [[String: Any]])
        let withEvidence = cells.filter { !($0["evidence"] as? [Any] ?? []).isEmpty }
        #expect(withEvidence.count == 2)
        #expect(Set(withEvidence.map { $0["note"] as? String ?? "" }) == ["Pay clipped", "Checked with the longest name"])
        #expect(try cli.storedEvidence().count == 1)
    }

    @Test func anUnknownScreenIsOneLineWithASuggestion() throws {
        let cli = try CLI().initialized()
        let result = try cli.run(["audit", "Chekout"], input: "")
        #expect(result.status == 64)
        #expect(result.stderr == "error: no screen named 'Chekout'; did you mean 'Checkout'?\n")
    }
}
