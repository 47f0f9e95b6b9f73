import Foundation
import Testing

/// `dtaudit gate`: the CI bar.
@Suite(.tags(.endToEnd)) struct GateTests {
    @Test func theDemoFailsTheDefaultBarWithItsCriticalScreens() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let root = cli.directory.appendingPathComponent("dtaudit-demo")
        let result = try cli.run(["gate"], in: root, environment: ["COLUMNS": ""])
        #expect(result.status == 1)
        // What falls short counted as problems, as status counts them on the same screens.
        #expect(result.stdout.hasPrefix("✗ Gate failed: 3 of 7 critical screens fall short, 2 open problems (bar: every critical screen is supported, with no re-check pending)"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Checkout: cart"))
        #expect(result.stdout.contains("1 problem; failed ax5: reachable; 6 checks not recorded"), "\(result.stdout)")
        #expect(result.stdout.contains("Recovery: new password"))
        #expect(result.stderr.isEmpty)

        let json = try cli.run(["gate", "--json"], in: root)
        #expect(json.status == 1)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(answer["passed"] as? Bool == false)
        #expect(answer["checkedScreens"] as? Int == 7)
        let missing = try #require(answer["missing"] as? [[String: Any]])
        #expect(missing.map { $0["screen"] as? String } == ["Checkout: cart", "Recovery: email", "Recovery: new password"])
        #expect((missing[0]["failed"] as? [[String: String]]) == [["item": "reachable", "size": "ax5"]])

        let all = try cli.run(["gate", "--all-screens", "--json"], in: root)
        let every = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect(every["checkedScreens"] as? Int == 18)
        // Elevation chart passes every check but waits for the default-size re-checks of its fix.
        let missing18 = try #require(every["missing"] as? [[String: Any]])
        #expect(missing18.count == 11)
        let chart = try #require(missing18.first { $0["screen"] as? String == "Elevation chart" })
        #expect(chart["state"] as? String == "recheck-pending")
        #expect((chart["recheck"] as? [[String: String]])?.allSatisfy { $0["size"] == "l" } == true)
        let accepting = try cli.run(["gate", "--all-screens", "--accept-rechecks"], in: root)
        #expect(!accepting.stdout.contains("Elevation chart"))
    }

    @Test func aSupportedCriticalScreenPasses() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        let result = try cli.run(["gate"])
        #expect(result.status == 0)
        #expect(result.stdout == "✓ Gate passed: every critical screen is supported, with no re-check pending (1 critical screen).\n")
        // Settings is not critical, so only --all-screens catches it.
        let all = try cli.run(["gate", "--all-screens"])
        #expect(all.status == 1)
        #expect(all.stdout.contains("Settings"))
        #expect(all.stdout.contains("24 checks not recorded"))
    }

    @Test func minSizeAsksOnlyForTheLargerSizes() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax3-ax5", "--item", "all", "--pass"])
        #expect(try cli.run(["gate"]).status == 1)
        #expect(try cli.run(["gate", "--min-size", "ax3"]).status == 0)
        #expect(try cli.run(["gate", "--min-size", "AX3"]).status == 0)
        let lower = try cli.run(["gate", "--min-size", "ax1"])
        #expect(lower.status == 1)
        #expect(lower.stdout.contains("checks not recorded"))
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        let failed = try cli.run(["gate", "--min-size", "ax3"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("failed ax5: no-truncation"))
    }

    @Test func noRegressionsComparesWithAnEarlierExport() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"])
        try cli.ok(["export", "--format", "json", "--output", "main.json"])
        #expect(try cli.run(["gate", "--no-regressions", "--since", "main.json"]).status == 0)
        Thread.sleep(forTimeInterval: 0.01)
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Save button hidden"])
        // Settings is not critical, but a regression anywhere fails the gate.
        #expect(try cli.run(["gate"]).status == 0)
        let result = try cli.run(["gate", "--no-regressions", "--since", "main.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ Gate failed: 1 regression"))
        #expect(result.stdout.contains("Regressions since main.json (passed then, fail now):"))
        #expect(result.stdout.contains("Settings  ax5 reachable  Save button hidden"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.run(["gate", "--no-regressions", "--since", "main.json", "--json"]).stdout.utf8)) as? [String: Any])
        #expect((json["regressions"] as? [[String: Any]])?.first?["screen"] as? String == "Settings")
    }

    @Test func aBarThatChecksNothingFails() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Trailhead"])
        let empty = try cli.run(["gate"])
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("the audit has no screens"))
        try cli.ok(["screen", "add", "Settings"])
        let noCritical = try cli.run(["gate"])
        #expect(noCritical.status == 1)
        #expect(noCritical.stdout.contains("no screen is marked critical"))
    }

    @Test func usageErrorsExit64() throws {
        let cli = try CLI().initialized()
        let cases: [([String], String)] = [
            (["gate", "--no-regressions"], "--no-regressions needs --since EXPORT.json or --since DATE"),
            (["gate", "--since", "main.json"], "--since is used with --no-regressions"),
            (["gate", "--min-size", "ax6"], "unknown size 'ax6'; did you mean 'ax5'?"),
            (["gate", "--all-screen"], "did you mean '--all-screens'?"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let help = try cli.ok(["help", "gate"])
        #expect(help.contains("--no-regressions"))
        #expect(help.contains("EXAMPLES:"))
    }
}
