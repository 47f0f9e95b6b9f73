import Foundation
import Testing
import TestSupport

/// A run's pass says what measured it, and a run never passes what it fails itself.
@Suite(.tags(.endToEnd)) struct HonestPassTests {
    @Test func aPassFromApplesAuditSaysSoAndLargeDoesNotPassWhatTheAuditFailsAbove() throws {
        let cli = try CLI().initialized()
        // Every label grows in the hierarchies, but Apple's audit at ax5 finds a Dynamic Type issue.
        try RunImportTests.exportedRun(cli, [
            ("AppUITests/DynamicTypeAuditTests/test_ax5()", [
                ("Checkout_ax5", Array(VerdictAuthorityTests.checkout("ax5", shape: .harness).utf8)),
                ("dtaudit-audit Checkout_ax5", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: "ax5", issues: [
                    ("dynamicType", "Dynamic Type font sizes are unsupported", "Banner"),
                ]))),
            ]),
            ("AppUITests/DynamicTypeAuditTests/test_l()", [
                ("Checkout_l", Array(VerdictAuthorityTests.checkout("l", shape: .harness).utf8)),
                ("dtaudit-audit Checkout_l", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: "l"))),
            ]),
            ("AppUITests/DynamicTypeAuditTests/test_xs()", [
                ("Checkout_xs", Array(VerdictAuthorityTests.checkout("xs", shape: .harness).utf8)),
            ]),
        ])
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments", "--dry-run"]) as? [String: Any])
        let cells = try #require(plan["record"] as? [[String: Any]])
        func cell(_ item: String, _ size: String) -> [String: Any]? { cells.first { $0["item"] as? String == item && $0["size"] as? String == size } }
        #expect(cell("text-scales", "ax5")?["status"] as? String == "fail")
        let large = try #require(cell("text-scales", "l"))
        #expect(large["status"] as? String == "fail", "\(large)")
        #expect((large["note"] as? String)?.contains("fails at Large with the run's failures of text-scales at ax5") == true, "\(large)")
        let clean = try #require(cell("no-truncation", "ax5"))
        #expect(clean["status"] as? String == "pass")
        #expect(clean["note"] as? String == "Apple's accessibility audit (textClipped) ran at ax5 and found no issue", "\(clean)")
    }
}
