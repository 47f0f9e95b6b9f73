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

    /// A button's title has no frame of its own in a page source: a button that grew measured it,
    /// one that kept its height did not, and the cell is not passed on it.
    @Test(arguments: PageShape.allCases) func aPassSaysWhatItMeasuredAndAButtonThatKeptItsHeightLeavesNoPass(shape: PageShape) throws {
        let cli = try CLI().initialized()
        for (folder, payAtAX5) in [("grows", 90.0), ("kept", 50.0)] {
            let root = cli.directory.appendingPathComponent(folder)
            for size in ["l", "ax5", "xs"] {
                let grown = size == "ax5" ? 62.0 : size == "xs" ? 17 : 20
                let pay = size == "ax5" ? payAtAX5 : size == "xs" ? 44 : 50
                let page = PageSource.screen([.text("Order total", 16, 100, 200, grown), .button("checkout.pay", 16, 700, 358, pay),
                                              Node("TextView", "notes", 16, 300, 358, 120)], shape: shape)
                try Fixture.write(Data(page.utf8), "Checkout_\(size).xml", in: root)
            }
        }
        func reason(_ folder: String) throws -> (String?, String?) {
            let plan = try #require(try cli.json(["evidence", "import-xcresult", folder, "--dry-run"]) as? [String: Any])
            let judged = try #require(plan["judged"] as? [[String: Any]])
            let ax5 = judged.first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" }
            return (ax5?["outcome"] as? String, ax5?["reason"] as? String)
        }
        let grows = try reason("grows")
        #expect(grows.0 == "pass" && grows.1 == "all 1 labels and 1 button title grow from Large to ax5 (the least by 42 pt); 1 text view not measured", "\(grows)")
        let kept = try reason("kept")
        #expect(kept.0 == "no-data" && kept.1?.contains("1 button title and 1 text view not measured") == true, "\(kept)")
    }
}

/// Page sources round frames: two labels meeting by a point at Large that grow in proportion have
/// not run into each other; a pair whose overlap grew by more than a point has.
@Suite(.tags(.endToEnd)) struct OverlapAtLargeTests {
    @Test(arguments: PageShape.allCases) func aPairMeetingAtLargeFailsOnlyWhereItsOverlapGrew(shape: PageShape) throws {
        let cli = try CLI().initialized()
        for (folder, heightAtAX5) in [("proportion", 61.5), ("grown", 70.0)] {
            let root = cli.directory.appendingPathComponent(folder)
            for size in ["l", "ax5"] {
                let content: [Node] = size == "l" ? [.text("Title", 16, 100, 200, 21), .text("Subtitle", 16, 120, 200, 20)]
                    : [.text("Title", 16, 100, 200, heightAtAX5), .text("Subtitle", 16, 160, 200, 60)]
                try Fixture.write(Data(PageSource.screen(content, shape: shape).utf8), "Checkout_\(size).xml", in: root)
            }
        }
        func overlap(_ folder: String) throws -> [String: Any]? {
            let plan = try #require(try cli.json(["evidence", "import-xcresult", folder, "--dry-run"]) as? [String: Any])
            return (plan["judged"] as? [[String: Any]])?.first { $0["item"] as? String == "no-overlap" && $0["size"] as? String == "ax5" }
        }
        #expect(try overlap("proportion")?["outcome"] as? String == "pass")
        let grown = try overlap("grown")
        #expect(grown?["outcome"] as? String == "fail", "\(String(describing: grown))")
        #expect((grown?["reason"] as? String)?.contains("overlap by 200 x 10 pt at ax5 and overlap by 200 x 1 pt at Large") == true, "\(String(describing: grown))")
    }

    /// A person's correction of a run's note changes the words screen show prints, never the
    /// elements and frames it lists under the failure.
    @Test func screenShowListsTheRunsElementsUnderAnAmendedNote() throws {
        let cli = try CLI().initialized()
        try HierarchyImportTests.folder(cli)
        try cli.ok(["evidence", "import-xcresult", "run"])
        let judged = try #require(try cli.history(["Checkout"]).first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" }?["id"] as? String)
        try cli.ok(["amend", judged, "--note", "Delivery line stays small"])
        let lines = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout.split(separator: "\n").map(String.init)
        let failure = try #require(lines.firstIndex { $0.contains("ax5  text-scales") }, "\(lines)")
        #expect(lines[failure].contains("Delivery line stays small"), "\(lines[failure])")
        #expect(lines[failure + 1].trimmingCharacters(in: .whitespaces)
                == "StaticText \"Delivery & returns\" {x 16, y 170, 200 x 18}, Large {x 16, y 130, 200 x 18}", "\(lines)")
    }
}
