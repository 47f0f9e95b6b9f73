import Foundation
import Testing

/// `dtaudit scan` and the audit's screens: findings placed on screens by their file patterns,
/// `--record`, and where recorded scans show up.
extension ScanCommandTests {
    // MARK: Screens

    @Test func findingsCarryTheScreenWhoseFilePatternsMatch() throws {
        let cli = try linkedStore()
        // From a folder below the root: the root is still the folder holding .dtaudit.
        let nested = cli.directory.appendingPathComponent("App/Settings")
        let result = try cli.run(["scan", "--format", "json"], in: nested)
        #expect(result.status == 1)
        let findings = try jsonArray(result.stdout)
        let screens = Dictionary(findings.map { ($0["file"] as? String ?? "", $0["screen"] as? String ?? "-") }, uniquingKeysWith: { a, _ in a })
        #expect(screens == ["App/Checkout/PayButton.swift": "Checkout", "App/Map/MapLabelView.swift": "Maps"])
        let text = try cli.run(["scan"]).stdout
        #expect(text.contains("App/Checkout/PayButton.swift (screen: Checkout)\n"))
        #expect(text.contains("App/Map/MapLabelView.swift (screen: Maps)\n"))
        // Scanning never writes to the store.
        let screen = try jsonObject(try cli.ok(["screen", "show", "Checkout", "--json"]))
        #expect(screen["scan"] is NSNull)
    }

    @Test func recordKeepsEachScreensLatestScanAndTheAuditShowsIt() throws {
        let cli = try linkedStore()
        let recorded = try cli.run(["scan", "--record"])
        #expect(recorded.status == 1, "findings still fail the command")
        #expect(recorded.stdout.contains("Recorded the scan as the latest of 2 screens; 2 still set fixed font sizes: Checkout (1), Maps (1)."))
        #expect(recorded.stdout.contains("1 screen lists no source files"))

        // screen show, as JSON and as text.
        let show = try jsonObject(try cli.ok(["screen", "show", "Checkout", "--json"]))
        let scan = try #require(show["scan"] as? [String: Any])
        #expect(scan["files"] as? Int == 1)
        #expect(scan["lines"] as? Int == 16)
        #expect(scan["active"] as? Int == 2)
        #expect(scan["suppressed"] as? Int == 1)
        #expect(scan["fixedFontSizes"] as? Int == 1)
        #expect(scan["by"] as? String == "Tess Tester")
        #expect((scan["rules"] as? [String: Int])?["singleLine"] == 1)
        #expect((scan["signs"] as? [String: Int])?["textStyle"] == 0)
        let findings = try #require(scan["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["fixed-font-size", "single-line", "shrinks-text"])
        #expect(findings.map { $0["line"] as? Int } == [9, 10, 14])
        let suppression = try #require(findings[2]["suppression"] as? [String: Any])
        #expect(suppression["scope"] as? String == "line")
        #expect(suppression["reason"] as? String == "the badge holds one short number")
        #expect(findings[0]["suppression"] is NSNull)

        let text = try cli.ok(["screen", "show", "Checkout"])
        #expect(text.contains("code says: 1 fixed font size"))
        #expect(text.contains("Code  2 findings (1 fixed font size), 1 suppressed"))
        #expect(text.contains("  text-scales\n    App/Checkout/PayButton.swift:9:24  critical fixed-font-size\n"))
        #expect(text.contains("  no-truncation\n    App/Checkout/PayButton.swift:10:18  major single-line\n"))
        #expect(text.contains("    App/Checkout/PayButton.swift:14:14  shrinks-text — the badge holds one short number"))

        // status: a line in text, an object in JSON; nobody has audited either screen yet.
        let status = try cli.ok(["status"])
        #expect(status.contains("Code      3 findings on 2 of 2 scanned screens  (last scan "))
        #expect(status.contains("fixed font sizes in the code of 2 screens: Checkout (1, unaudited), Maps (1, unaudited)"))
        let statusJSON = try jsonObject(try cli.ok(["status", "--json"]))
        let code = try #require(statusJSON["scan"] as? [String: Any])
        #expect(code["screens"] as? Int == 2)
        #expect(code["findings"] as? Int == 3)
        #expect(code["suppressed"] as? Int == 1)
        #expect((code["rules"] as? [String: Int])?["fixedFontSize"] == 2)
        let flagged = try #require(code["fixedFontSizes"] as? [[String: Any]])
        #expect(flagged.map { $0["screen"] as? String } == ["Checkout", "Maps"])
        #expect(flagged.map { $0["category"] as? String } == ["unaudited", "unaudited"])

        // screen list: a column, and a field.
        let list = try cli.ok(["screen", "list"])
        #expect(list.contains("CODE"))
        let rows = try jsonArray(try cli.ok(["screen", "list", "--json"]))
        let counts = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0["findings"] as? Int ?? -1) })
        #expect(counts == ["Checkout": 2, "Maps": 1, "Offline": -1])

        // The Markdown export: a summary, a section, and the findings under their checks.
        let markdown = try cli.ok(["export", "--output", "-"])
        #expect(markdown.contains("**Code scan** 3 findings in the code of 2 of 2 scanned screens"))
        #expect(markdown.contains("> ⚠️ **Code says text cannot scale on 2 screens:** [Checkout](#checkout) (1 fixed font size, ⚪\u{00A0}Unaudited), [Maps](#maps) (1 fixed font size, ⚪\u{00A0}Unaudited)."))
        #expect(markdown.contains("\n## Code scan\n"))
        #expect(markdown.contains("| [Checkout](#checkout) | ⚪\u{00A0}Unaudited | "))
        #expect(markdown.contains("· ⚠️ code says: 1 fixed font size\n"))
        #expect(markdown.contains("- ⚠️ `text-scales` · **fixed-font-size** at `App/Checkout/PayButton.swift:9`: .system(size: 15) sets this text at a fixed 15 pt"))
        #expect(markdown.contains("- 🔕 `no-shrink` · shrinks-text at `App/Checkout/PayButton.swift:14` suppressed: the badge holds one short number"))
        #expect(try cli.ok(["export", "--output", "-"]) == markdown, "the same store gives the same report")
    }

    @Test func aNewRecordReplacesTheScreensFindings() throws {
        let cli = try linkedStore()
        try cli.run(["scan", "--record"])
        try write(Self.fixedPayButton, to: "App/Checkout/PayButton.swift", in: cli)
        let again = try cli.run(["scan", "--record"])
        #expect(again.status == 1, "Maps still sets a fixed font size")
        #expect(again.stdout.contains("1 still set fixed font sizes: Maps (1)."))
        let scan = try #require(try jsonObject(try cli.ok(["screen", "show", "Checkout", "--json"]))["scan"] as? [String: Any])
        #expect(scan["active"] as? Int == 0)
        #expect(scan["suppressed"] as? Int == 0)
        #expect((scan["findings"] as? [Any])?.isEmpty == true)
        #expect((scan["signs"] as? [String: Int])?["textStyle"] == 1)
        #expect(!(try cli.ok(["screen", "show", "Checkout"])).contains("code says"))

        // A scan of a folder no screen lists records nothing and keeps every earlier scan.
        let before = try cli.ok(["status", "--json"])
        let elsewhere = try cli.run(["scan", "App/Settings", "--record"])
        #expect(elsewhere.status == 0)
        #expect(elsewhere.stderr == "warning: nothing recorded: no screen's file patterns match a scanned file\n")
        #expect(try cli.ok(["status", "--json"]) == before)

        // A scan of one screen's folder replaces that screen's scan only.
        try write(Self.payButton, to: "App/Checkout/PayButton.swift", in: cli)
        let one = try cli.run(["scan", "App/Checkout", "--record"])
        #expect(one.stdout.contains("Recorded the scan as the latest of 1 screen;"))
        #expect(one.stdout.contains("No scanned file matches the file patterns of 1 screen (Maps); their earlier scans stay."))
        let maps = try #require(try jsonObject(try cli.ok(["screen", "show", "Maps", "--json"]))["scan"] as? [String: Any])
        #expect(maps["fixedFontSizes"] as? Int == 1)
        let checkout = try #require(try jsonObject(try cli.ok(["screen", "show", "Checkout", "--json"]))["scan"] as? [String: Any])
        #expect(checkout["active"] as? Int == 2)

        // Removing a screen removes its scan with it.
        try cli.ok(["screen", "remove", "Maps"])
        let code = try #require(try jsonObject(try cli.ok(["status", "--json"]))["scan"] as? [String: Any])
        #expect(code["screens"] as? Int == 1)
    }

    @Test func machineFormatsStayCleanWhenRecording() throws {
        let cli = try linkedStore()
        for format in ["json", "sarif", "xcode"] {
            let result = try cli.run(["scan", "--record", "--format", format])
            #expect(result.status == 1, "\(format)")
            #expect(result.stderr.isEmpty, "\(format)")
            #expect(!result.stdout.contains("Recorded"), "\(format)")
        }
        let json = try cli.run(["scan", "--record", "-f", "json"])
        #expect(try jsonArray(json.stdout).count == 4)
    }

    // MARK: The demo

    @Test func theDemoRecordsAScanOfItsOwnSources() throws {
        let cli = try CLI()
        // Piped without COLUMNS, status's lines are whole.
        let shown = try cli.run(["demo"], environment: ["COLUMNS": ""]).stdout
        #expect(shown.contains("Created the example audit in dtaudit-demo/, with the app's sources in dtaudit-demo/Trailhead/."))
        #expect(shown.contains("  cd dtaudit-demo\n"))
        // Two screens list the file of one finding: status counts it once, as scan does.
        #expect(shown.contains("Code      8 findings on 6 of 16 scanned screens  (each counted once where screens share a file; last scan 2026-10-13)"))
        #expect(shown.contains("fixed font sizes in the code of 3 screens: Map (2), Profile (1), Trip planner (2, unaudited)"))
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("Trailhead/Map/TrailLabelAnnotationView.swift").path))

        // The sources on disk give what the demo recorded.
        let recorded = try #require(try jsonObject(try cli.ok(["screen", "show", "Map", "--json"], in: demo))["scan"] as? [String: Any])
        let scanned = try cli.run(["scan", "--format", "json"], in: demo)
        #expect(scanned.status == 1)
        let findings = try jsonArray(scanned.stdout)
        #expect(findings.filter { $0["suppression"] is NSNull }.count == 8)
        #expect(try cli.run(["scan"], in: demo).stdout.contains("\n8 findings (5 critical, 2 major, 1 minor) in 6 files; 2 suppressed."))
        let status = try #require(try jsonObject(try cli.ok(["status", "--json"], in: demo))["scan"] as? [String: Any])
        #expect(status["findings"] as? Int == 8 && status["suppressed"] as? Int == 2)
        #expect(try cli.ok(["export", "--output", "-"], in: demo).contains("**Code scan** 8 findings in the code of 6 of 16 scanned screens"))
        #expect((status["rules"] as? [String: Any])?["fixedHeightText"] as? Int == findings.filter { $0["rule"] as? String == "fixed-height-text" }.count)
        let onMap = findings.filter { $0["screen"] as? String == "Map" }
        #expect(onMap.map { $0["line"] as? Int } == ((recorded["findings"] as? [[String: Any]]) ?? []).map { $0["line"] as? Int })
        #expect(recorded["at"] as? String == "2026-10-13T09:28:00.000Z")

        // Running the demo again replaces its sources; it never writes over anyone else's.
        try cli.ok(["demo", "--quiet"])
        let other = try CLI()
        try write("// mine\n", to: "dtaudit-demo/Trailhead/Map/MapControlsView.swift", in: other)
        let refused = try other.run(["demo", "--quiet"])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("dtaudit-demo/Trailhead/Map/MapControlsView.swift already exists and the demo did not write it"))
        #expect(try String(contentsOf: other.directory.appendingPathComponent("dtaudit-demo/Trailhead/Map/MapControlsView.swift"), encoding: .utf8) == "// mine\n")
        #expect(!FileManager.default.fileExists(atPath: other.directory.appendingPathComponent("dtaudit-demo/.dtaudit").path))
    }
}
