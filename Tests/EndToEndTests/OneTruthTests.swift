import Foundation
import Testing

/// Every command gives the same answer about where a screen stands and what is left on it. One
/// screen per state of the workflow, from untested to re-checked; each command is asked about each.
@Suite(.tags(.endToEnd)) struct OneTruthTests {
    struct Expected {
        var screen: String
        var state: String
        var label: String
        /// The row of `status` that counts it.
        var group: String
        /// Checks left to record: what `next` lists and `audit` walks.
        var checks: Int
    }

    static let expected: [Expected] = [
        Expected(screen: "Untested", state: "untested", label: "unaudited", group: "unaudited", checks: 24),
        Expected(screen: "Triaged", state: "triaged", label: "supported, triage guess", group: "unaudited", checks: 24),
        Expected(screen: "Partly", state: "in-progress", label: "in progress", group: "unaudited", checks: 14),
        Expected(screen: "Failing", state: "failing", label: "broken", group: "broken", checks: 0),
        Expected(screen: "Fixed", state: "awaiting-retest", label: "broken, awaiting retest", group: "broken", checks: 3),
        Expected(screen: "Retested", state: "recheck-pending", label: "supported, re-check pending", group: "recheckPending", checks: 2),
        Expected(screen: "Rechecked", state: "done", label: "supported", group: "supported", checks: 0),
    ]

    /// The audit with one screen in each state, built the way users build it.
    static func audit() throws -> CLI {
        let cli = try CLI()
        try cli.ok(["init", "--app", "States"])
        for state in expected { try cli.ok(["screen", "add", state.screen, "--owner", "Ana Lima"]) }
        try cli.ok(["triage", "Triaged", "supported"])
        try cli.ok(["record", "Partly", "--size", "ax5", "--item", "all", "--pass"])
        for name in ["Failing", "Fixed", "Retested", "Rechecked"] {
            try cli.ok(["record", name, "--size", "all", "--item", "all", "--pass"])
            try cli.ok(["record", name, "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Clipped"])
        }
        for name in ["Fixed", "Retested", "Rechecked"] { try cli.ok(["fix", name, "--type", "scroll"]) }
        for name in ["Retested", "Rechecked"] { try cli.ok(["record", name, "--size", "ax5", "--item", "no-truncation", "--pass"]) }
        try cli.ok(["record", "Rechecked", "--size", "l", "--item", "text-scales,default-unchanged", "--pass"])
        return cli
    }

    @Test func everyCommandGivesTheSameAnswerForEachState() throws {
        let cli = try Self.audit()
        let list = try #require(try cli.json(["screen", "list"]) as? [[String: Any]])
        let next = try #require((try cli.json(["next"]) as? [String: Any])?["screens"] as? [[String: Any]])
        let gate = try #require(try cli.run(["gate", "--all-screens", "--json"]).stdout.data(using: .utf8))
        let missing = try #require((try JSONSerialization.jsonObject(with: gate) as? [String: Any])?["missing"] as? [[String: Any]])
        let text = try cli.ok(["next"])
        let listText = try cli.ok(["screen", "list"])
        let review = try cli.ok(["export", "--output", "-"])

        for state in Self.expected {
            let name = state.screen
            let shown = try #require(try cli.json(["screen", "show", name]) as? [String: Any])
            #expect(shown["state"] as? String == state.state, "screen show \(name)")
            #expect(shown["standing"] as? String == state.label, "screen show \(name)")
            #expect(shown["guess"] as? Bool == (state.state == "triaged"), "screen show \(name)")
            #expect(try cli.ok(["screen", "show", name]).split(separator: "\n").first?.hasSuffix(state.label) == true, "screen show \(name)")

            let row = try #require(list.first { $0["name"] as? String == name })
            #expect(row["state"] as? String == state.state && row["standing"] as? String == state.label, "screen list \(name)")
            #expect(row["pending"] as? Int == state.checks, "screen list \(name)")
            #expect(listText.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.contains(state.label) }, "screen list \(name)")

            let listed = next.first { $0["screen"] as? String == name }
            #expect((listed?["checks"] as? [Any])?.count ?? 0 == state.checks, "next \(name)")
            if state.checks > 0 {
                #expect(listed?["state"] as? String == state.state, "next \(name)")
                #expect(text.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.contains(state.label) }, "next \(name)")
            }

            // audit walks what next lists, and says so in its heading.
            let walk = try cli.run(["audit", name], input: "q\n")
            #expect(walk.status == 0)
            if state.checks > 0 {
                #expect(walk.stdout.contains("\(name)  \(state.label)  \(state.checks) check\(state.checks == 1 ? "" : "s") to do"), "audit \(name): \(walk.stdout.prefix(200))")
            } else {
                #expect(walk.stdout == "Nothing to check on \(name).\n", "audit \(name)")
            }

            let shortfall = missing.first { $0["screen"] as? String == name }
            #expect((shortfall == nil) == (state.state == "done"), "gate \(name)")
            if let shortfall { #expect(shortfall["state"] as? String == state.state, "gate \(name)") }

            #expect(review.contains("\u{00A0}" + state.label.prefix(1).uppercased() + state.label.dropFirst()), "review page \(name)")
        }

        // status counts each screen once, in the row its state puts it in.
        let status = try #require(try cli.json(["status"]) as? [String: Any])
        let rows = try #require(status["standing"] as? [String: Any])
        for group in ["unsupported", "broken", "recheckPending", "supported", "unaudited"] {
            #expect(rows[group] as? Int == Self.expected.filter { $0.group == group }.count, "status \(group)")
        }
        // A triage guess is not counted as supported: it is named as a guess among the unaudited.
        #expect((rows["triageGuesses"] as? [String: Int]) == ["supported": 1])
        #expect(rows["awaitingRetest"] as? Int == 1 && rows["inProgress"] as? Int == 1)
        let next_ = try #require(status["next"] as? [String: Int])
        #expect((next_["retest"] ?? 0) + (next_["recheckDefault"] ?? 0) + (next_["unrecorded"] ?? 0) == Self.expected.map(\.checks).reduce(0, +))
        #expect(try cli.ok(["status"]).contains("unaudited           3"))
    }

    /// The review page marks a standing one way in every table: a screen the gate refuses is never
    /// drawn in supported's green beside the Summary's blue row that counts it.
    @Test func theReviewPageMarksEachStandingTheSameWayInEveryTable() throws {
        let cli = try Self.audit()
        try cli.ok(["screen", "edit", "Retested", "--critical", "--flow", "Checkout"])
        let review = try cli.ok(["export", "--output", "-"])
        let summaryRow = try #require(review.split(separator: "\n").first { $0.hasPrefix("| ") && $0.contains("Re-check pending |") && $0.contains("`") })
        let summaryMark = try #require(summaryRow.dropFirst(2).first)
        for state in Self.expected where state.state != "untested" {
            let label = "\u{00A0}" + state.label.prefix(1).uppercased() + state.label.dropFirst()
            var marks: [Character] = []
            var rest = review[...]
            while let found = rest.range(of: label) {
                // "Supported" is also the start of "Supported, re-check pending".
                if rest[found.upperBound...].first != "," { marks.append(try #require(rest[..<found.lowerBound].last)) }
                rest = rest[found.upperBound...]
            }
            #expect(!marks.isEmpty && Set(marks).count == 1, "\(state.screen): \(marks)")
            if state.state == "recheck-pending" {
                // The critical flows table, the screens table and the screen's own heading.
                #expect(marks.count == 2 && marks.allSatisfy { $0 == summaryMark }, "\(marks) vs \(summaryMark)")
                #expect(review.contains("\(summaryMark) **Supported, re-check pending**"))
            }
        }
        let gate = try cli.run(["gate"])
        #expect(gate.status == 1 && gate.stdout.contains("Retested  supported, re-check pending"))
    }

    @Test func theFiltersOfDailyWorkMatchNamesWithoutRegardToCaseAndSpacing() throws {
        let cli = try Self.audit()
        try cli.ok(["screen", "edit", "Untested", "--owner", "sam okafor", "--flow", "Check Out"])
        for arguments in [["--owner", "SAM  OKAFOR"], ["--owner", "samokafor"], ["--flow", "check out"], ["--flow", "CHECKOUT"]] {
            let rows = try #require(try cli.json(["screen", "list"] + arguments) as? [[String: Any]])
            #expect(rows.map { $0["name"] as? String } == ["Untested"], "\(arguments)")
            let next = try #require((try cli.json(["next"] + arguments) as? [String: Any])?["screens"] as? [[String: Any]])
            #expect(next.map { $0["screen"] as? String } == ["Untested"], "\(arguments)")
            let status = try #require(try cli.json(["status"] + arguments) as? [String: Any])
            #expect((status["standing"] as? [String: Any])?["unaudited"] as? Int == 1)
        }
        // --mine is the current user's name, as --by would take it.
        let mine = try cli.run(["next", "--mine", "--json"], environment: ["DTAUDIT_USER": "Ana  lima"])
        let rows = try #require((try JSONSerialization.jsonObject(with: Data(mine.stdout.utf8)) as? [String: Any])?["screens"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["screen"] as? String }) == ["Triaged", "Partly", "Fixed", "Retested"])
        let nobody = try cli.run(["next", "--owner", "Nobody"])
        #expect(nobody.stdout.hasPrefix("No screen is owned by Nobody.\nOwners in the audit: 'Ana Lima', 'sam okafor'"), "\(nobody.stdout)")
        // A report of one person's screens: only theirs, said in its header, beside the full report.
        try cli.ok(["export", "--owner", "sam okafor"])
        try cli.ok(["export"])
        let exports = cli.directory.appendingPathComponent("Exports")
        let names = try FileManager.default.contentsOfDirectory(atPath: exports.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names.count == 2 && names.contains { $0.hasSuffix("-owner-sam-okafor.md") })
        let own = try String(contentsOf: exports.appendingPathComponent(try #require(names.first { $0.contains("owner") })), encoding: .utf8)
        #expect(own.contains("**Screens** 1 owned by sam okafor"))
        #expect(own.contains("[Untested]") && !own.contains("[Partly]"))
        let csv = try cli.ok(["export", "--format", "csv", "--output", "-", "--flow", "check out"])
        #expect(csv.split(separator: "\n").count == 1)
        let refused = try cli.run(["export", "--format", "json", "--mine"])
        #expect(refused.status == 64)
        let both = try cli.run(["next", "--mine", "--owner", "Ana"])
        #expect(both.status == 64 && both.stderr.contains("--mine and --owner cannot be used together"))
    }

    @Test func aBulkPassNamesTheFailuresItReplacesAndAFixNeedsAFailure() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Clipped"])
        let bulk = try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"])
        #expect(bulk.contains("replaced 1 failure with pass: ax5: no-truncation; 'dtaudit undo' takes this back"))
        // Named cells say it too: a retest that passes replaces a failure on purpose, and says which.
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-overlap", "--fail"])
        #expect(try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-overlap", "--pass"]).contains("replaced 1 failure with pass: ax3: no-overlap"))

        let before = try cli.storeBytes()
        let refused = try cli.run(["fix", "Checkout", "--type", "scroll", "--item", "reachable"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "error: reachable is not failing on 'Checkout' (nothing is failing on it now); a fix addresses failures: record the failure first\n")
        #expect(try cli.storeBytes() == before)
        #expect(try cli.history(kinds: ["fix"]).isEmpty)
    }

    @Test func timesAreShownInLocalTimeAndKeptInUTC() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Hidden"])
        let stored = try #require(try cli.history().first?["at"] as? String)
        // A POSIX zone nine hours ahead of UTC, so the test needs no time zone database.
        let tokyo = ["TZ": "JST-9"]
        let local = try cli.run(["history"], environment: tokyo)
        let utc = try cli.run(["history"])
        let minute = { (text: String) in String(text.prefix(16)) }
        #expect(minute(utc.stdout) == stored.prefix(10) + " " + stored.dropFirst(11).prefix(5))
        #expect(minute(local.stdout) != minute(utc.stdout))
        let hour = { (text: String) in Int(text.dropFirst(11).prefix(2)) ?? -1 }
        #expect((hour(utc.stdout) + 9) % 24 == hour(local.stdout))
        // JSON keeps UTC whatever the zone.
        let json = try cli.run(["history", "--json"], environment: tokyo)
        #expect(json.stdout.contains(stored))
    }
}
