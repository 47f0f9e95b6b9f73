import Foundation
import Testing
import TestSupport

/// What `evidence import-xcresult` prints is read by people: one line per screen and judge with
/// its whole reason, wrapped between words; audit types by name; screenshots by the names the
/// tests gave them; every verdict with --verbose.
@Suite(.tags(.endToEnd)) struct ImportOutputTests {
    @Test(arguments: PageShape.allCases) func oneLinePerScreenAndJudgeWithWholeReasons(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        let png = Screenshot.png(seed: 1, width: 39, height: 84)
        try RunImportTests.exportedRun(cli, [
            ("AppUITests/DynamicTypeAuditTests/test_ax5()", [
                ("Checkout_ax5", Array(VerdictAuthorityTests.checkout("ax5", shape: shape).utf8)), ("Checkout_ax5", png),
                ("Settings_ax5", Array(VerdictAuthorityTests.checkout("ax5", shape: shape).utf8)),
                ("dtaudit-audit Checkout_ax5", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: "ax5", issues: [
                    ("1", "Contrast failed", "Banner"), ("XCUIAccessibilityAuditTypeHitRegion", "Hit region too small", "Close"),
                ]))),
            ]),
            ("AppUITests/DynamicTypeAuditTests/test_l()", [
                ("Checkout_l", Array(VerdictAuthorityTests.checkout("l", shape: shape).utf8)),
                ("Settings_l", Array(VerdictAuthorityTests.checkout("l", shape: shape).utf8)),
            ]),
        ])
        let result = try cli.run(["evidence", "import-xcresult", "R-attachments", "--dry-run"], environment: ["COLUMNS": "60"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // One line (and its wrapped continuations) per screen and judge.
        let starts = lines.filter { $0.hasPrefix("  Checkout  ") || $0.hasPrefix("  Settings  ") }
        #expect(Set(starts.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }).count == starts.count, "\(result.stdout)")
        #expect(starts.contains { $0.hasPrefix("  Checkout  reachable ") && $0.contains("fail ax5") }, "\(result.stdout)")
        // The reason is whole: the wrapped lines put back together hold it, and no line is wider than the terminal.
        let reachable = try #require(lines.firstIndex { $0.hasPrefix("  Checkout  reachable ") })
        var told = lines[reachable]
        for line in lines[(reachable + 1)...] {
            guard line.hasPrefix("    ") else { break }
            told += " " + line.trimmingCharacters(in: .whitespaces)
        }
        #expect(told.hasSuffix("Button \"checkout.pay\" lies 146 pt below the window (844 pt tall) and no scroll view holds it"), "\(told)")
        #expect(lines.filter { $0.hasPrefix("  Checkout  ") || $0.hasPrefix("  Settings  ") || $0.hasPrefix("    ") }.allSatisfy { $0.count <= 60 }, "\(result.stdout)")
        // Audit types by name.
        #expect(result.stdout.contains("(contrast 1, hitRegion 1)"), "\(result.stdout)")
        // Every verdict with --verbose.
        let verbose = try cli.run(["evidence", "import-xcresult", "R-attachments", "--dry-run", "--verbose"], environment: ["COLUMNS": ""]).stdout
        #expect(verbose.contains("`reachable` decided 2 of 2 checks:") && !result.stdout.contains("decided"), "\(verbose)")

        // The screenshot is stored by the name the test gave it, not the exported file's.
        try cli.ok(["evidence", "import-xcresult", "R-attachments"])
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        let evidence = shared.split(separator: "\n").filter { $0.contains("\"record\":\"evidence\"") && !$0.contains("\"item\"") }
        let names = evidence.compactMap { $0.range(of: "\"name\":\"")?.upperBound }.enumerated().map { index, start in
            String(evidence[index][start...].prefix { $0 != "\"" })
        }
        // The screenshot, and the Large hierarchies kept for later runs.
        #expect(names.sorted() == ["Checkout_ax5.png", "Checkout_l.png", "Settings_l.png"], "\(evidence)")
    }
}
