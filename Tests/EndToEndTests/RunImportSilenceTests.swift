import Foundation
import Testing

/// A run that holds nothing dtaudit takes in still says what it read and why nothing counted.
@Suite(.tags(.endToEnd)) struct RunImportSilenceTests {
    /// 567 UI tests of an app that never ran an accessibility audit: three of them failed on
    /// assertions of their own.
    static func largeRunWithoutAudits() -> String {
        let cases = (1...567).map { index in
            (name: "testFlow\(index)()", failures: index % 200 == 0 ? ["XCTAssertEqual failed: (\"2\") is not equal to (\"3\")"] : [String]())
        }
        return RunFixtures.tests(suite: "CheckoutFlowTests", cases: cases)
    }

    @Test func aRunOfTestsWithoutAuditsSaysHowManyTestsItReadAndWhyNoneCounted() throws {
        let cli = try RunImportTests.audit()
        try Fixture.write(Data(Self.largeRunWithoutAudits().utf8), "tests.json", in: cli.directory)
        let before = try cli.storeBytes()

        // The paragraph is wrapped to the terminal; its words are what counts.
        let text = try cli.ok(["evidence", "import-xcresult", "tests.json", "--dry-run"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Read 567 tests; none counted: no test attached a screenshot; no accessibility audit issue, harness audit or element hierarchy was in it; its 2 failures are no audit issue."))
        #expect(text.contains("an audit that found nothing leaves no trace here"))
        #expect(text.contains("'dtaudit xctest-template'"))

        let plan = try #require(try cli.json(["evidence", "import-xcresult", "tests.json", "--dry-run"]) as? [String: Any])
        let read = try #require(plan["read"] as? [String: Any])
        #expect(read["tests"] as? Int == 567)
        #expect(read["audits"] as? Int == 0)
        #expect((plan["nothingCounted"] as? String)?.hasPrefix("Read 567 tests; none counted") == true)

        // Imported for real, the same words, and nothing changes.
        let imported = try cli.ok(["evidence", "import-xcresult", "tests.json"])
        #expect(imported.contains("Read 567 tests; none counted"))
        #expect(try cli.storeBytes() == before)
    }

    @Test func aSummaryCountsItsTestsAndARunThatCountedSaysNothingMore() throws {
        let cli = try RunImportTests.audit()
        let summary = #"{"title":"App","result":"Passed","totalTestCount":48,"passedTests":48,"failedTests":0,"testFailures":[]}"#
        try Fixture.write(Data(summary.utf8), "summary.json", in: cli.directory)
        let text = try cli.ok(["evidence", "import-xcresult", "summary.json", "--dry-run"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Read 48 tests; none counted: no test attached a screenshot; no accessibility audit issue, harness audit or element hierarchy was in it."))

        let counted = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [("testSettingsAX5()", ["Text clipped"])])
        try Fixture.write(Data(counted.utf8), "counted.json", in: cli.directory)
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "counted.json", "--dry-run"]) as? [String: Any])
        #expect(plan["nothingCounted"] is NSNull)
        #expect((plan["read"] as? [String: Any])?["tests"] as? Int == 1)
    }

    @Test func auditsThatMatchNoScreenAreCountedAsRead() throws {
        let cli = try RunImportTests.audit()
        let tests = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [("testProfileAX5()", ["Text clipped"]), ("testLaunch()", [])])
        try Fixture.write(Data(tests.utf8), "tests.json", in: cli.directory)
        let text = try cli.ok(["evidence", "import-xcresult", "tests.json", "--dry-run"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Read 2 tests: 1 audit, none matched to a screen and a size (see above)."))
    }

    /// A run of element hierarchies named for no screen of the audit says so, and names them.
    @Test func hierarchiesThatMatchNoScreenAreCountedAsRead() throws {
        let cli = try CLI().initialized()
        let root = cli.directory.appendingPathComponent("run")
        for size in ["l", "ax5"] {
            try Fixture.write(Data(PageSource.screen([.text("Hello", 16, 100, 200, 20)], shape: .webDriverAgent).utf8), "Nowhere_\(size).xml", in: root)
        }
        let text = try cli.ok(["evidence", "import-xcresult", "run", "--dry-run"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Read the run: 2 element hierarchies, none matched to a screen and a size (see above)."), "\(text)")
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        #expect((plan["read"] as? [String: Any])?["hierarchies"] as? Int == 2)
    }
}
