import Foundation
import Testing

/// The workflow a QA engineer follows, typed as they would type it.
@Suite(.tags(.endToEnd)) struct CoreWorkflowTests {
    @Test func theIssueWorkflowEndsWithARetestAndADefaultRecheck() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "l,ax3,ax5", "--item", "all", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Pay button clipped"])
        let fixed = try cli.ok(["fix", "Checkout", "--type", "scroll", "--item", "no-truncation", "--note", "ScrollViewIfNeeded", "--ref", "PR 412"])
        #expect(fixed.contains("retest: ax5: no-truncation"))

        let next = try #require((try cli.json(["next"]) as? [String: Any])?["screens"] as? [[String: Any]])
        let checks = try #require(next.first?["checks"] as? [[String: Any]])
        let retests = checks.filter { $0["reason"] as? String == "retest" }
        #expect(retests.count == 1)
        #expect(retests.first?["item"] as? String == "no-truncation")
        #expect(retests.first?["size"] as? String == "ax5")
        let rechecks = checks.filter { $0["reason"] as? String == "recheck-default" }
        #expect(Set(rechecks.map { $0["item"] as? String }) == ["text-scales", "default-unchanged"])
        #expect(rechecks.allSatisfy { $0["size"] as? String == "l" })

        let status = try #require(try cli.json(["status"]) as? [String: Any])
        #expect(status["app"] as? String == "Trailhead")
        let standing = try #require(status["standing"] as? [String: Any])
        #expect(standing["broken"] as? Int == 1)
        #expect(standing["awaitingRetest"] as? Int == 1)
        #expect((status["critical"] as? [String]) == ["Checkout"])
        #expect((status["fixes"] as? [String: Int])?["scroll"] == 1)
        let plan = try #require(status["plan"] as? [String: Int])
        // l, ax3 and ax5 hold 2 + 7 + 10 planned cells of the shipped checklist.
        #expect(plan["recorded"] == 19)
        #expect(plan["failed"] == 1)
        #expect(plan["required"] == 24)
    }

    @Test func aRetestThatPassesLeavesOnlyTheDefaultRecheck() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        var screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        #expect(screen["category"] as? String == "broken")
        try cli.ok(["fix", "Checkout", "--type", "scroll"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--pass"])
        screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        #expect(screen["category"] as? String == "supported")
        let next = try #require(screen["next"] as? [[String: Any]])
        #expect(next.allSatisfy { $0["reason"] as? String == "recheck-default" })
        try cli.ok(["record", "Checkout", "--size", "l", "--item", "all", "--pass"])
        screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        #expect((screen["next"] as? [Any])?.isEmpty == true)
    }

    @Test func aPassAfterAFixIsTheRetestNotAReplacement() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Pay button clipped"])
        try cli.ok(["fix", "Checkout", "--type", "scroll"])
        let retest = try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--pass"])
        #expect(!retest.contains("replaced"), "\(retest)")
        // A pass over a failure no fix has addressed still says what it replaces.
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--fail"])
        let over = try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "all", "--pass"])
        #expect(over.contains("replaced 1 failure with pass: ax3: no-truncation"), "\(over)")
    }

    @Test func categoriesAreDerivedFromTheLatestRecordings() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Map"])
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["screen", "add", "Profile"])
        #expect(try cli.ok(["triage", "Profile", "broken"]) == "Triaged Profile as broken\n")
        #expect(try cli.ok(["triage", "Settings", "unsupported"]) == "Triaged Settings as unsupported\n")
        #expect(try cli.ok(["triage", "Settings", "none"]) == "Cleared the triage of Settings; it is unaudited\n")
        try cli.ok(["record", "Map", "--size", "ax5", "--item", "text-scales", "--fail"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        try cli.ok(["record", "Settings", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "landscape", "--na"])

        let list = try #require(try cli.json(["screen", "list"]) as? [[String: Any]])
        let category = Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0["category"] as? String ?? "") })
        #expect(category == ["Map": "unsupported", "Checkout": "broken", "Settings": "supported", "Profile": "broken"])

        // The latest recording decides: passing the failed cell makes Map unaudited again.
        try cli.ok(["record", "Map", "--size", "ax5", "--item", "text-scales", "--pass"])
        let map = try #require(try cli.json(["screen", "show", "Map"]) as? [String: Any])
        #expect(map["category"] as? String == "unaudited")
    }

    @Test func screensAreEditedAndRemovedOnlyByTheirWholeName() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings", "--owner", "ana", "--file", "App/Settings/*.swift"])
        try cli.ok(["screen", "edit", "Sett", "--name", "Settings: privacy", "--flow", "settings", "--critical", "--no-owner",
                    "--notes", "Reached from the profile", "--add-file", "App/Privacy/*.swift", "--remove-file", "App/Settings/*.swift"])
        let edited = try #require(try cli.json(["screen", "show", "Settings: privacy"]) as? [String: Any])
        #expect(edited["flow"] as? String == "settings")
        #expect(edited["critical"] as? Bool == true)
        #expect(edited["owner"] is NSNull)
        #expect(edited["notes"] as? String == "Reached from the profile")
        #expect(edited["files"] as? [String] == ["App/Privacy/*.swift"])
        #expect(try cli.run(["screen", "edit", "Settings: privacy", "--name", "checkout"]).stderr
            .contains("a screen named 'Checkout' already exists"))

        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"])
        let prefix = try cli.run(["screen", "remove", "Settings"])
        #expect(prefix.status == 64)
        #expect(prefix.stderr.contains("'Settings' is only the start of 'Settings: privacy'; type the whole name to remove it"))
        let unforced = try cli.run(["screen", "remove", "Settings: privacy"])
        #expect(unforced.status == 64)
        #expect(unforced.stderr.contains("'Settings: privacy' has 1 recording and 0 fixes; add --force to remove the screen anyway"))
        #expect(try cli.ok(["screen", "remove", "settings: PRIVACY", "--force"])
                == "Removed Settings: privacy; its 1 recording and 0 fixes stay in the history\n  'dtaudit screen restore \"Settings: privacy\"' brings it back\n")
        let names = try #require(try cli.json(["screen", "list"]) as? [[String: Any]]).map { $0["name"] as? String }
        #expect(names == ["Checkout"])
        // The removal is a record: the recording stays in the history, and a restore brings it all back.
        #expect(try cli.history().count == 1)
        #expect(try cli.history(kinds: ["edit"]).first?["removed"] as? Bool == true)
        #expect(try cli.ok(["screen", "restore", "Settings"]) == "Restored Settings: privacy\n")
        #expect(try cli.ok(["screen", "show", "Settings: privacy"]).contains("pass"))
    }

    @Test func historyKeepsEveryRecordingNewestFirst() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "first"])
        try cli.ok(["fix", "Checkout", "--type", "custom", "--item", "reachable"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass", "--by", "Ana"])
        let history = try cli.history(["Checkout"], kinds: ["recording", "fix"])
        #expect(history.count == 3)
        #expect(history.map { $0["kind"] as? String } == ["recording", "fix", "recording"])
        #expect(history[0]["status"] as? String == "pass")
        #expect(history[0]["by"] as? String == "Ana")
        #expect(history[2]["note"] as? String == "first")
        #expect(history[2]["by"] as? String == "Tess Tester")

        // Cells recorded together share a line, sizes in audit order and items in checklist order.
        try cli.ok(["record", "Checkout", "--size", "l,ax5", "--item", "all", "--pass"])
        let newest = try #require(try cli.ok(["history"]).split(separator: "\n").first.map(String.init))
        #expect(newest.contains("Checkout  pass  ax5: text-scales, no-truncation, no-overlap, reachable, layout-adapts, cells-resize, "
                                + "large-content-viewer, no-shrink, errors-near-fields, readable-over-background · l: text-scales, default-unchanged  by Tess Tester"),
                "\(newest)")
    }

    @Test func historyLimitCountsACommandsRecordingsAsOneEntry() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "all", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "newest"])
        let lines = try cli.ok(["history", "--limit", "2"]).split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.contains("newest") == true)
        // The seven recordings of one command are one entry, whole.
        #expect(lines.dropFirst().first?.contains("pass  ax3: no-truncation, no-overlap, layout-adapts, custom-fonts, icons-scale, long-translations, landscape") == true,
                "\(lines)")
        #expect(lines.dropFirst().first?.contains(" +6]") == true, "\(lines)")
        #expect(lines.last == "(the 2 newest; --limit N or --all for more)")
        let json = try #require(try cli.json(["history", "--limit", "2"]) as? [[String: Any]])
        #expect(json.count == 8)
        #expect(try #require(try cli.json(["history", "--limit", "2", "--each"]) as? [[String: Any]]).count == 2)
    }

    @Test func anItemNamedExplicitlyIsRecordedOutsideItsPlan() throws {
        let cli = try CLI().initialized()
        let output = try cli.ok(["record", "Checkout", "--size", "m", "--item", "reachable", "--fail"])
        #expect(output.contains("outside the checklist's plan"))
        let screen = try #require(try cli.json(["screen", "show", "Checkout"]) as? [String: Any])
        let cells = try #require(screen["cells"] as? [[String: Any]])
        let offPlan = cells.filter { $0["required"] as? Bool == false }
        #expect(offPlan.count == 1)
        #expect(offPlan.first?["size"] as? String == "m")
        // A failure anywhere makes the screen broken.
        #expect(screen["category"] as? String == "broken")
        // Every required cell is present, untested where nothing was recorded.
        #expect(cells.filter { $0["required"] as? Bool == true }.count == 24)
        #expect(cells.filter { $0["status"] as? String == "untested" }.count == 24)
    }

    @Test func screensAreFoundByExactNameCaseAndUniquePrefix() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Checkout confirmation"])
        try cli.ok(["screen", "add", "Settings"])
        #expect(try cli.ok(["record", "checkout", "--size", "ax5", "--item", "reachable", "--pass"]).contains("of Checkout as"))
        #expect(try cli.ok(["record", "sett", "--size", "ax5", "--item", "reachable", "--pass"]).contains("of Settings as"))
        let ambiguous = try cli.run(["record", "Check", "--size", "ax5", "--item", "reachable", "--pass"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("'Check' matches 2 screens: 'Checkout', 'Checkout confirmation'"))
        let unknown = try cli.run(["record", "Setings", "--size", "ax5", "--item", "reachable", "--pass"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("did you mean 'Settings'?"))
    }

    @Test func sizesAreAcceptedByEveryNameAndPrintedAsShortIDs() throws {
        let cli = try CLI().initialized()
        let names = ["AX5", "accessibility5", "accessibilityExtraExtraExtraLarge", "UICTContentSizeCategoryAccessibilityXXXL",
                     "accessibility-extra-extra-extra-large", ".accessibility5"]
        for name in names {
            let output = try cli.ok(["record", "Checkout", "--size", name, "--item", "reachable", "--pass"])
            #expect(output.contains("ax5: reachable"), "\(name)")
        }
        // The spellings file names always took: `--size` takes them too, from the same table.
        let aliases = try cli.ok(["record", "Checkout", "--size", "a11y5,ax-4,accessibility-3,AccessibilityL,Accessibility_M,extra_small",
                                  "--item", "reachable", "--pass"])
        #expect(aliases.contains("Recorded 6 cells"), "\(aliases)")
        #expect(aliases.contains("ax5: reachable · ax4: reachable · ax3: reachable · ax2: reachable · ax1: reachable · xs: reachable"), "\(aliases)")
        let pastTheEnd = try cli.run(["record", "Checkout", "--size", "a11y6", "--item", "reachable", "--pass"])
        #expect(pastTheEnd.status == 64)
        #expect(pastTheEnd.stderr.contains("unknown size 'a11y6'; did you mean 'ax5'?"), "\(pastTheEnd.stderr)")
        let range = try cli.ok(["record", "Checkout", "--size", "xxxl-ax3", "--item", "no-truncation", "--pass"])
        // An item named explicitly is recorded at every size of the range, planned or not.
        #expect(range.contains("Recorded 4 cells"))
        #expect(range.contains("ax3: no-truncation · ax2: no-truncation · ax1: no-truncation · xxxl: no-truncation"))
        let sizes = try #require(try cli.json(["sizes"]) as? [[String: Any]])
        #expect(sizes.map { $0["id"] as? String ?? "" } == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
        let body = sizes.map { ($0["points"] as? [String: Int])?["body"] ?? 0 }
        #expect(body == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        let table = try cli.ok(["sizes"]).split(separator: "\n").map(String.init)
        #expect(table.first?.hasPrefix("ID") == true && table.first?.contains("BODY  OF LARGE  LARGE TITLE") == true, "\(table.first ?? "")")
        #expect(table.contains { $0.hasPrefix("ax3 ") && $0.contains(" 40 pt      235%        52 pt") }, "\(table)")
    }

    @Test func twoRecordProcessesStartedTogetherBothLand() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        let group = DispatchGroup()
        nonisolated(unsafe) var statuses: [Int32] = [0, 0]
        for (index, screen) in ["Checkout", "Settings"].enumerated() {
            group.enter()
            DispatchQueue.global().async {
                let result = try? cli.run(["record", screen, "--size", "all", "--item", "all", "--pass"])
                statuses[index] = result?.status ?? -1
                group.leave()
            }
        }
        group.wait()
        #expect(statuses == [0, 0])
        let status = try #require(try cli.json(["status"]) as? [String: Any])
        #expect((status["plan"] as? [String: Int])?["passed"] == 48)
    }
}
