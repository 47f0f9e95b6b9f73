import Foundation
import Testing

/// `evidence import-xcresult`: what UI-test runs leave, in every shape, taken in as screenshots and
/// checks marked with their run, or refused with one line and nothing changed.
@Suite(.tags(.endToEnd)) struct RunImportTests {
    /// A store with three screens, and a folder to put a run's files in.
    static func audit() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["screen", "add", "Sign in"])
        return cli
    }

    /// Writes an exported run: each attachment's file (a screenshot, or the JSON given) and the manifest.
    @discardableResult
    static func exportedRun(_ cli: CLI, folder: String = "R-attachments",
                            _ tests: [(test: String, attachments: [(name: String, content: [UInt8])])]) throws -> URL {
        let root = cli.directory.appendingPathComponent(folder)
        var listed: [(test: String, attachments: [RunFixtures.Attachment])] = []
        var index = 0
        for test in tests {
            var attachments: [RunFixtures.Attachment] = []
            for attachment in test.attachments {
                index += 1
                let ext = attachment.content.first == UInt8(ascii: "{") || attachment.content.first == UInt8(ascii: "[") ? "json" : "png"
                let file = "\(index)-\(UUID().uuidString).\(ext)"
                try Fixture.write(Data(attachment.content), file, in: root)
                attachments.append(RunFixtures.Attachment(file: file, name: attachment.name))
            }
            listed.append((test.test, attachments))
        }
        try Fixture.write(Data(RunFixtures.manifest(listed).utf8), "manifest.json", in: root)
        return root
    }

    static func json(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The cells of a screen as `screen show --json` gives them: "item size" to status.
    static func cells(_ cli: CLI, _ screen: String) throws -> [String: String] {
        let shown = try #require(try cli.json(["screen", "show", screen]) as? [String: Any])
        var result: [String: String] = [:]
        for cell in shown["cells"] as? [[String: Any]] ?? [] {
            if let item = cell["item"] as? String, let size = cell["size"] as? String, let status = cell["status"] as? String, status != "untested" {
                result[item + " " + size] = status
            }
        }
        return result
    }

    @Test func aHarnessRunFailsWhatTheAuditsFoundPassesOnlyWhatTheyCheckedAndImportsOnce() throws {
        let cli = try Self.audit()
        try Self.exportedRun(cli, [
            ("AppUITests/DynamicTypeAuditTests/test_ax5()", [
                ("Checkout_ax5", Screenshot.png(seed: 1)),
                ("dtaudit-audit Checkout_ax5", Self.json(RunFixtures.harnessAudit(screen: "Checkout", size: "ax5", issues: [
                    ("textClipped", "Text clipped", "payButton Pay"),
                    ("auditType 1", "Contrast failed", nil),
                    ("auditType 1099511627776", "Some audit of a later Xcode", nil),
                ]))),
                ("Settings_ax5", Screenshot.png(seed: 2)),
                ("dtaudit-audit Settings_ax5", Self.json(RunFixtures.harnessAudit(screen: "Settings", size: "ax5"))),
            ]),
            ("AppUITests/DynamicTypeAuditTests/test_l()", [
                ("Checkout_l", Screenshot.png(seed: 3)),
                ("dtaudit-audit Checkout_l", Self.json(RunFixtures.harnessAudit(screen: "Checkout", size: "l"))),
            ]),
        ])
        let before = try cli.ok(["export", "--format", "json", "--output", "-"])

        // The dry run shows the whole plan and changes nothing.
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments", "--dry-run"]) as? [String: Any])
        #expect((plan["attach"] as? [[String: Any]])?.count == 3)
        let planned = try #require(plan["record"] as? [[String: Any]])
        let described = Set(planned.map { "\($0["screen"]!) \($0["item"]!) \($0["size"]!) \($0["status"]!)" })
        #expect(described == ["Checkout text-scales ax5 pass", "Checkout no-truncation ax5 fail", "Settings text-scales ax5 pass",
                              "Settings no-truncation ax5 pass", "Checkout text-scales l pass"])
        let failure = try #require(planned.first { $0["status"] as? String == "fail" })
        #expect(failure["note"] as? String == "Text clipped (element: payButton Pay)")
        let ignored = try #require(plan["ignoredIssues"] as? [[String: Any]])
        #expect(ignored.map { $0["count"] as? Int } == [1, 1])
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == before)
        #expect(try cli.storedEvidence().isEmpty)
        // On the terminal the plan is plain text: no Markdown code marks around the items.
        let shownPlan = try cli.ok(["evidence", "import-xcresult", "R-attachments", "--dry-run"])
        #expect(shownPlan.contains(" no-truncation ") && !shownPlan.contains("`"), "\(shownPlan)")

        let imported = try cli.ok(["evidence", "import-xcresult", "R-attachments"])
        #expect(imported.contains("Took in 3 screenshots and 5 checks"))
        #expect(try Self.cells(cli, "Checkout") == ["text-scales ax5": "pass", "no-truncation ax5": "fail", "text-scales l": "pass"])
        #expect(try Self.cells(cli, "Settings") == ["text-scales ax5": "pass", "no-truncation ax5": "pass"])
        #expect(try Self.cells(cli, "Sign in").isEmpty)
        #expect(try cli.storedEvidence().count == 3)

        // Every recording names the run, in the shared file too; a second import adds nothing.
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        let run = try #require(plan["run"] as? String)
        // The manifest says the run was on an iPhone 16: the name keeps the device's family and model.
        #expect(run.hasPrefix("R-attachments [IPHONE: iPhone 16] #") && run.count == "R-attachments [IPHONE: iPhone 16] #".count + 12)
        let lines = shared.split(separator: "\n").filter { $0.contains("\"run\":\"\(run)\"") }
        #expect(lines.filter { $0.contains("\"record\":\"recording\"") }.count == 5)
        // And every screenshot it attached.
        #expect(lines.filter { $0.contains("\"record\":\"evidence\"") }.count == 3)
        let again = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments"]) as? [String: Any])
        #expect(again["attached"] as? Int == 0 && again["recorded"] as? Int == 0)
        #expect((again["alreadyRecorded"] as? [Any])?.count == 5)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == shared)

        // The review page tells the run's results from a person's.
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--fail", "--note", "Total clipped"])
        let page = try cli.ok(["export", "--output", "-"])
        #expect(page.contains("| `no-truncation` |   |   | ⬜ |   | ❌ | ❌🤖 |"))
        #expect(page.contains("(🤖 run R-attachments \\[IPHONE: iPhone 16\\] \\#\(run.suffix(12)), imported by Tess Tester"))
        #expect(page.contains("Total clipped (Tess Tester, "))

        // So do history, screen show, the audit and every JSON that says who recorded a result.
        #expect(try cli.ok(["history", "Checkout"]).contains("by run \(run), imported by Tess Tester"))
        let entries = try cli.history(["Checkout"])
        #expect(entries.filter { $0["run"] as? String == run }.count == 3 && entries.filter { $0["run"] is NSNull }.count == 1)
        // Piped without COLUMNS, each failure is one line.
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout
        #expect(shown.contains("Text clipped (element: payButton Pay)  (run \(run), imported by Tess Tester, "))
        #expect(shown.contains("Total clipped  (Tess Tester, "))
        let cells = try #require((try cli.json(["screen", "show", "Checkout"]) as? [String: Any])?["cells"] as? [[String: Any]])
        let byRun = cells.filter { $0["run"] as? String == run }.map { "\($0["item"]!) \($0["size"]!)" }
        #expect(Set(byRun) == ["text-scales ax5", "no-truncation ax5", "text-scales l"])
        #expect(cells.allSatisfy { $0.keys.contains("run") })
        let walk = try cli.run(["audit", "Checkout", "--size", "ax5", "--all"], input: "s\nq\n", environment: ["COLUMNS": ""])
        #expect(walk.stdout.contains("(run \(run), imported by Tess Tester, "), "\(walk.stdout)")
        // The CSV sheet names the run beside each cell it recorded, and nothing beside a person's.
        let sheet = try #require(CSV.parse(try cli.ok(["export", "--format", "csv", "--output", "-"])))
        let column = Dictionary(uniqueKeysWithValues: sheet[0].enumerated().map { ($1, $0) })
        let sheetByRun = sheet.filter { $0[column["screen"]!] == "Checkout" && $0[column["run"]!] == run }.map { "\($0[column["item"]!]) \($0[column["size"]!])" }
        #expect(Set(sheetByRun) == Set(byRun) && sheetByRun.count == byRun.count)
        #expect(sheet.contains { $0[column["note"]!] == "Total clipped" && $0[column["run"]!] == "" })
    }

    @Test func whatMatchesNoScreenOrHasNoSizeIsListedWithWhyAndADuplicateAttachesOnce() throws {
        let cli = try Self.audit()
        let shot = Screenshot.png(seed: 7)
        try Self.exportedRun(cli, [
            ("AppUITests/OnboardingTests/testWelcome()", [("Onboarding_ax5", Screenshot.png(seed: 8))]),
            ("AppUITests/DynamicTypeAuditTests/testCheckout()", [("Checkout_final", Screenshot.png(seed: 9))]),
            ("AppUITests/DynamicTypeAuditTests/test_ax3()", [("Checkout_ax3", shot), ("Checkout_ax3", shot), ("SignIn_accessibility3", Screenshot.png(seed: 10))]),
        ])
        let result = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments"]) as? [String: Any])
        #expect(result["attached"] as? Int == 2)
        #expect(result["alreadyAttached"] as? Int == 1)
        let unmatched = try #require(result["unmatched"] as? [[String: Any]])
        let reasons = unmatched.map { $0["reason"] as? String ?? "" }
        #expect(unmatched.count == 2)
        #expect(reasons.contains { $0.contains("no screen is named like 'Onboarding_ax5'") })
        #expect(reasons.contains { $0.hasPrefix("no size in its names 'Checkout_final', 'testCheckout()'") })
        let text = try cli.ok(["evidence", "import-xcresult", "R-attachments", "--dry-run"])
        #expect(text.contains("Not matched (2):"))
    }

    @Test func aManifestCutShortOrNamingAPathOutsideItsFolderIsRefusedAndChangesNothing() throws {
        let cli = try Self.audit()
        let root = try Self.exportedRun(cli, [("AppUITests/DynamicTypeAuditTests/test_ax5()", [("Checkout_ax5", Screenshot.png(seed: 1))])])
        let manifest = root.appendingPathComponent("manifest.json")
        let whole = try Data(contentsOf: manifest)
        let before = try cli.ok(["export", "--format", "json", "--output", "-"])

        try whole.prefix(whole.count / 2).write(to: manifest)
        let cut = try cli.run(["evidence", "import-xcresult", "R-attachments"])
        #expect(cut.status == 65)
        #expect(cut.stderr.contains("R-attachments/manifest.json is cut short"))
        #expect(cut.stderr.split(separator: "\n").count == 1)

        try Fixture.write(Data(Screenshot.png(seed: 5)), "outside.png", in: cli.directory)
        try? FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: cli.directory.path)
        for path in ["../outside.png", cli.directory.appendingPathComponent("outside.png").path, "link/outside.png", "a/../../outside.png"] {
            let hostile = RunFixtures.manifest([("AppUITests/DynamicTypeAuditTests/test_ax5()", [RunFixtures.Attachment(file: path, name: "Checkout_ax5")])])
            try Data(hostile.utf8).write(to: manifest)
            let refused = try cli.run(["evidence", "import-xcresult", "R-attachments"])
            #expect(refused.status == 65, "\(path)")
            #expect(refused.stderr.contains("which is outside its folder"), "\(path): \(refused.stderr)")
        }
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == before)
        #expect(try cli.storedEvidence().isEmpty)
    }

    @Test func testResultsOfXcodeSixteenAndLegacyResultsRecordTheAuditIssuesTheirFailuresCarry() throws {
        let cli = try Self.audit()
        let tests = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [
            ("test_ax3()", ["dtaudit[Checkout_ax3] Dynamic Type font sizes are unsupported", "XCTAssertTrue failed"]),
            ("testSettingsAX5()", ["Text clipped"]),
            ("testSignInLarge()", []),
        ])
        try Fixture.write(Data(tests.utf8), "tests.json", in: cli.directory)
        let result = try #require(try cli.json(["evidence", "import-xcresult", "tests.json"]) as? [String: Any])
        #expect(result["shape"] as? String == "xcresulttool get test-results tests")
        #expect(result["recorded"] as? Int == 2)
        #expect(result["otherFailures"] as? Int == 1)
        #expect(try Self.cells(cli, "Checkout") == ["text-scales ax3": "fail"])
        #expect(try Self.cells(cli, "Settings") == ["no-truncation ax5": "fail"])
        // A passing test says nothing: it may not have run the audit.
        #expect(try Self.cells(cli, "Sign in").isEmpty)

        let activities = RunFixtures.activities(test: "DynamicTypeAuditTests/test_ax5()", titles: [("dtaudit[Sign in_ax5] Text clipped", true), ("Launch app", false)],
                                                attachments: ["Sign in_ax5", "dtaudit-audit Sign in_ax5"])
        try Fixture.write(Data(activities.utf8), "activities.json", in: cli.directory)
        let fromActivities = try #require(try cli.json(["evidence", "import-xcresult", "activities.json"]) as? [String: Any])
        #expect(fromActivities["attachmentsNotExported"] as? Int == 2)
        #expect(try Self.cells(cli, "Sign in") == ["no-truncation ax5": "fail"])

        // Legacy (Xcode 11 to 15): the root record's failure summaries, and one test's summary.
        try Fixture.write(Data(RunFixtures.legacyRoot(failures: [("DynamicTypeAuditTests.testCheckoutAX5()", "Text clipped"),
                                                               ("DynamicTypeAuditTests.testCheckoutAX5()", "Contrast nearly passed")]).utf8),
                          "legacy.json", in: cli.directory)
        let legacy = try #require(try cli.json(["evidence", "import-xcresult", "legacy.json"]) as? [String: Any])
        #expect(legacy["shape"] as? String == "xcresulttool get --legacy --format json")
        #expect((legacy["ignoredIssues"] as? [[String: Any]])?.first?["count"] as? Int == 1)
        try Fixture.write(Data(RunFixtures.legacySummary(test: "testSettingsXXXL()", failures: ["Dynamic Type font sizes are partially unsupported"],
                                                         attachments: ["Settings_xxxl"]).utf8), "summary.json", in: cli.directory)
        let summary = try #require(try cli.json(["evidence", "import-xcresult", "summary.json"]) as? [String: Any])
        #expect(summary["attachmentsNotExported"] as? Int == 1)
        #expect(try Self.cells(cli, "Checkout") == ["text-scales ax3": "fail", "no-truncation ax5": "fail"])
        #expect(try Self.cells(cli, "Settings") == ["no-truncation ax5": "fail", "text-scales xxxl": "fail"])
    }

    @Test func appiumAndPymobiledevice3AuditsAreReadFromFilesNamedByScreenAndSize() throws {
        let cli = try Self.audit()
        let folder = cli.directory.appendingPathComponent("device-audits")
        try Fixture.write(Data(RunFixtures.appium([("XCUIAccessibilityAuditTypeDynamicType", "Dynamic Type font sizes are unsupported", "Total"),
                                                   ("XCUIAccessibilityAuditTypeContrast", "Contrast failed", "Total")]).utf8),
                          "Checkout_ax5.json", in: folder)
        try Fixture.write(Data(Screenshot.png(seed: 4)), "Checkout_ax5@3x.png", in: folder)
        try Fixture.write(Data(RunFixtures.pymobiledevice3([(3003, "Text is clipped"), (12, "Contrast"), (4242, "Unknown")]).utf8),
                          "SettingsTests/test.accessibility-extra-extra-extra-large.json", in: folder)
        let result = try #require(try cli.json(["evidence", "import-xcresult", "device-audits"]) as? [String: Any])
        #expect(result["attached"] as? Int == 1)
        #expect(try Self.cells(cli, "Checkout") == ["text-scales ax5": "fail"])
        #expect(try Self.cells(cli, "Settings") == ["no-truncation ax5": "fail"])
        let ignored = (result["ignoredIssues"] as? [[String: Any]] ?? []).map { $0["count"] as? Int ?? 0 }.reduce(0, +)
        #expect(ignored == 3)
        let record = try #require((result["record"] as? [[String: Any]])?.first { $0["screen"] as? String == "Settings" })
        #expect(record["note"] as? String == "Text is clipped (element: at {{16, 200}, {120, 22}})")
    }

    @Test func aResultBundleOffAMacNamesTheCommandsToRunOnOne() throws {
        let cli = try Self.audit()
        try Fixture.write(Data("<plist/>".utf8), "R.xcresult/Info.plist", in: cli.directory)
        try Fixture.write(Data(), "R.xcresult/Data/data.0~abc", in: cli.directory)
        let result = try cli.run(["evidence", "import-xcresult", "R.xcresult"])
        #if os(macOS)
        _ = result
        #else
        #expect(result.status == 66)
        #expect(result.stderr.contains("xcrun xcresulttool export attachments --path R.xcresult --output-path R-attachments"))
        #endif
    }

    @Test func theTemplateNamesTheStoresScreensByPrefixAtThePlannedSizes() throws {
        let cli = try Self.audit()
        let template = try cli.ok(["xctest-template", "--screens", "check", "--screens", "sign"])
        #expect(template.contains("(\"Checkout\", { app in"))
        #expect(template.contains("(\"Sign in\", { app in"))
        #expect(!template.contains("(\"Settings\""))
        // Largest first: every size the shipped checklist plans.
        let tests = template.split(separator: "\n").filter { $0.contains("func test_") }.map { $0.split(separator: " ")[2] }
        #expect(tests.first == "test_ax5()" && tests.last == "test_xs()")
        let unknown = try cli.run(["xctest-template", "--screens", "Nowhere"])
        #expect(unknown.status == 64)
    }

    @Test func aRunOfFiveThousandScreenshotsImportsInOneGoAndOnce() throws {
        let cli = try Self.audit()
        let screens = (1...5).map { "Screen \($0)" }
        for screen in screens { try cli.ok(["screen", "add", screen]) }
        let sizes = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        let root = cli.directory.appendingPathComponent("big")
        var attachments: [RunFixtures.Attachment] = []
        for index in 0..<5000 {
            let name = "\(screens[index % 5])_\(sizes[(index / 5) % 12])_step\(index / 60)"
            let file = "shot-\(index).png"
            try Data(Screenshot.png(seed: index, width: 16, height: 16)).write(to: root.appendingPathComponent(file).creatingFolder())
            attachments.append(RunFixtures.Attachment(file: file, name: name))
        }
        try Data(RunFixtures.manifest([("AppUITests/DynamicTypeAuditTests/testEverything()", attachments)]).utf8)
            .write(to: root.appendingPathComponent("manifest.json"))
        let first = try #require(try cli.json(["evidence", "import-xcresult", "big"]) as? [String: Any])
        #expect(first["attached"] as? Int == 5000)
        #expect((first["unmatched"] as? [Any])?.isEmpty == true)
        #expect(try cli.storedEvidence().count == 5000)
        let second = try #require(try cli.json(["evidence", "import-xcresult", "big"]) as? [String: Any])
        #expect(second["attached"] as? Int == 0 && second["alreadyAttached"] as? Int == 5000)
    }
}

extension URL {
    /// The URL, after creating the folder it is in.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
