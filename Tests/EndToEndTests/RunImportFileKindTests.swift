import Foundation
import Testing
import TestSupport

/// `evidence import-xcresult` given files as other tools and systems leave them: a page source saved
/// as UTF-16, a file named `.xml` that holds text, a named pipe a manifest lists, the JSON of
/// `test-details`, and a run whose name is long.
@Suite(.tags(.endToEnd)) struct RunImportFileKindTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AutomatedRunsTests/Fixtures")

    /// A run's folder holding a UTF-16 page source (Fixtures/SOURCES.md), a text file named `.xml`
    /// and a screenshot, and a manifest listing `files`.
    static func run(_ cli: CLI, listing files: [String]) throws -> URL {
        let root = cli.directory.appendingPathComponent("run")
        try Fixture.write(try Data(contentsOf: fixtures.appendingPathComponent("utf16-page-source.xml")), "Checkout_l.xml", in: root)
        try Fixture.write(Data("just some notes\n".utf8), "notes.xml", in: root)
        try Fixture.write(Data(Screenshot.png(seed: 7)), "Checkout_l.png", in: root)
        let attachments = files.map { "{\"exportedFileName\": \"\($0)\", \"suggestedHumanReadableName\": \"\($0)\"}" }
        let manifest = "[{\"testIdentifier\": \"AppUITests/DynamicTypeAuditTests/testLarge()\", \"attachments\": [\(attachments.joined(separator: ", "))]}]"
        try Fixture.write(Data(manifest.utf8), "manifest.json", in: root)
        return root
    }

    /// A named pipe is left unopened, even by a dry run (with no writer, opening it would wait for
    /// ever: `timeout` stops the command after 30 s, which the status then shows).
    @Test func aNamedPipeAManifestListsIsLeftUnopened() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        let root = try Self.run(cli, listing: ["Checkout_l.xml", "notes.xml", "Checkout_l.png", "Settings_ax5.png"])
        for dryRun in [true, false] {
            let script = "mkfifo run/Settings_ax5.png 2>/dev/null; timeout 30 \"$0\" evidence import-xcresult run --json" + (dryRun ? " --dry-run" : "")
            let result = try Spawn.run("/bin/sh", ["-c", script, CLI.binary.path], in: cli.directory, environment: cli.environment)
            #expect(result.status == 0, "\(result.output)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let unmatched = json["unmatched"] as? [[String: Any]] ?? []
            #expect(unmatched.contains { $0["what"] as? String == "Settings_ax5.png" && ($0["reason"] as? String)?.contains("named pipe") == true },
                    "\(unmatched)")
        }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Settings_ax5.png").path))
    }

    /// The UTF-16 page source is judged as the screen's Large hierarchy; the text file named `.xml`
    /// is named as not read, and neither is counted as a screenshot.
    @Test func aUTF16PageSourceIsReadAndATextFileNamedXMLIsNoScreenshot() throws {
        let cli = try CLI().initialized()
        _ = try Self.run(cli, listing: ["Checkout_l.xml", "notes.xml"])
        let result = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        let read = try #require(result["read"] as? [String: Any])
        #expect(read["hierarchies"] as? Int == 1)
        #expect(read["screenshots"] as? Int == 0)
        #expect(result["hierarchiesJudged"] as? Int == 1)
        let judged = result["judged"] as? [[String: Any]] ?? []
        #expect(judged.contains { $0["screen"] as? String == "Checkout" && $0["file"] as? String == "Checkout_l.xml" }, "\(judged)")
        let unmatched = result["unmatched"] as? [[String: Any]] ?? []
        #expect(unmatched.map { $0["what"] as? String } == ["notes.xml"])
        #expect(unmatched.first?["reason"] as? String == "named .xml, but its content is text, not a page source")
    }

    /// `xcresulttool get test-results test-details` is read as what it is; its audit failure is
    /// recorded, and one other failure is told in the singular.
    @Test func testDetailsAreReadAsTestDetails() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        let details = """
            {"testIdentifier": "DynamicTypeAuditTests/testSettingsAX5()", "testName": "testSettingsAX5()",
             "testDescription": "Test case with 1 run", "testResult": "Failed", "hasPerformanceMetrics": false, "hasMediaAttachments": false,
             "devices": [], "testPlanConfigurations": [],
             "testRuns": [{"nodeType": "Test Case Run", "name": "testSettingsAX5()", "result": "Failed", "children": [
               {"nodeType": "Failure Message", "name": "DynamicTypeAuditTests.swift:40: Text clipped", "result": "Failed"},
               {"nodeType": "Failure Message", "name": "DynamicTypeAuditTests.swift:41: XCTAssertTrue failed", "result": "Failed"}]}]}
            """
        let name = String(repeating: "nightly-ui-tests-", count: 5) + "details.json"
        try Fixture.write(Data(details.utf8), name, in: cli.directory)
        let text = try cli.run(["evidence", "import-xcresult", name, "--dry-run"])
        #expect(text.stdout.contains("1 test failure that is no audit issue"), "\(text.stdout)")
        let result = try #require(try cli.json(["evidence", "import-xcresult", name]) as? [String: Any])
        #expect(result["shape"] as? String == "xcresulttool get test-results test-details")
        #expect(result["recorded"] as? Int == 1)
        #expect(result["otherFailures"] as? Int == 1)
        // A long name is shortened in its stem: the extension stays whole.
        let run = try #require(result["run"] as? String)
        #expect(run.hasSuffix("….json #" + (run.split(separator: "#").last.map(String.init) ?? "")), "\(run)")
    }
}
