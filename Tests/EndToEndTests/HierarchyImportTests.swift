import Foundation
import Testing
import TestSupport

/// `evidence import-xcresult` with element hierarchies: the judges decide what geometry can, their
/// results are recorded as the run's with crops of the failures, and a hostile hierarchy is refused
/// with one line and nothing changed.
@Suite(.tags(.endToEnd)) struct HierarchyImportTests {
    /// Checkout at Large, ax5 and xs: "Order total" scales, "Delivery & returns" is drawn at a fixed size.
    static func checkout(_ size: String, shape: PageShape = .harness) -> String {
        let content: [Node] = switch size {
        case "ax5": [.text("Order total", 16, 100, 358, 62), .text("Delivery & returns", 16, 170, 200, 18), .button("checkout.pay", 16, 740, 358, 90)]
        case "xs": [.text("Order total", 16, 100, 200, 17), .text("Delivery & returns", 16, 130, 200, 18), .button("checkout.pay", 16, 760, 358, 44)]
        default: [.text("Order total", 16, 100, 200, 20), .text("Delivery & returns", 16, 130, 200, 18), .button("checkout.pay", 16, 760, 358, 50)]
        }
        return PageSource.screen(content, primaryAction: "checkout.pay", shape: shape)
    }

    /// A folder of hierarchies and screenshots named by screen and size, as an Appium suite saves them.
    static func folder(_ cli: CLI, shape: PageShape = .harness) throws {
        let root = cli.directory.appendingPathComponent("run")
        for (seed, size) in ["l", "ax5", "xs"].enumerated() {
            try Fixture.write(Data(checkout(size, shape: shape).utf8), "Checkout_\(size).xml", in: root)
            try Fixture.write(Data(Screenshot.png(seed: seed + 1, width: 390, height: 844)), "Checkout_\(size).png", in: root)
        }
    }

    static func cells(_ cli: CLI, _ screen: String) throws -> [String: String] {
        try RunImportTests.cells(cli, screen)
    }

    @Test(arguments: PageShape.allCases) func theJudgesDecideWhatGeometryCanAndTheRunRecordsItWithCrops(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try Self.folder(cli, shape: shape)
        let before = try cli.ok(["export", "--format", "json", "--output", "-"])

        // The dry run says which checks each judge decided, where and why, and changes nothing.
        let plan = try #require(try cli.json(["evidence", "import-xcresult", "run", "--dry-run"]) as? [String: Any])
        #expect(plan["hierarchiesJudged"] as? Int == 3 && plan["screensJudged"] as? Int == 1)
        let judged = try #require(plan["judged"] as? [[String: Any]])
        let verdicts = Dictionary(judged.map { ("\($0["item"]!) \($0["size"]!)", $0["outcome"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(verdicts["text-scales ax5"] == "fail")
        #expect(verdicts["text-scales xs"] == "fail")
        #expect(verdicts["reachable ax5"] == "pass")
        let fixed = try #require(judged.first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" })
        #expect((fixed["reason"] as? String)?.contains("StaticText \"Delivery & returns\" is 18 pt tall at ax5 and 18 pt at Large") == true)
        #expect(fixed["file"] as? String == "Checkout_ax5.xml")
        let text = try cli.ok(["evidence", "import-xcresult", "run", "--dry-run"])
        #expect(text.contains("Judged 3 hierarchy files of 1 screen: "))
        #expect(text.contains("  Checkout  text-scales        fail ax5, l, xs: 1 of 2 labels do not grow from Large to ax5:"), "\(text)")
        #expect(!text.contains("`text-scales` decided"), "every verdict only with --verbose")
        #expect(try cli.ok(["evidence", "import-xcresult", "run", "--dry-run", "--verbose"]).contains("`text-scales` decided"))
        #expect(try cli.ok(["evidence", "import-run", "run", "--dry-run"]) == text)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == before)
        #expect(try cli.storedEvidence().isEmpty)

        // The import records the judged cells as the run's, with a crop of each failure.
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        let run = try #require(done["run"] as? String)
        #expect(done["crops"] as? Int == 3)
        let recorded = try Self.cells(cli, "Checkout")
        #expect(recorded["text-scales ax5"] == "fail" && recorded["text-scales l"] == "fail" && recorded["reachable ax5"] == "pass")
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        let decided = judged.filter { $0["outcome"] as? String != "no-data" }.count
        let recordings = shared.split(separator: "\n").filter { $0.contains("\"record\":\"recording\"") }
        #expect(recordings.filter { $0.contains("\"run\":\"\(run)\"") }.count == decided)
        let evidence = try #require(try cli.json(["evidence", "list", "Checkout"]) as? [[String: Any]])
        let crops = evidence.filter { ($0["name"] as? String)?.hasPrefix("Checkout text-scales") == true }
        #expect(crops.count == 3 && crops.allSatisfy { $0["kind"] as? String == "png" })
        #expect(evidence.contains { $0["kind"] as? String == "xml" && $0["size"] as? String == "l" })

        // Each failure is shown where people look: screen show names the elements with their
        // frames and the crop (a line each, piped without COLUMNS); the review page gives the reason
        // and links the crop.
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout
        let failure = try #require(shown.split(separator: "\n").firstIndex { $0.contains("ax5  text-scales") })
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines[failure].contains("StaticText \"Delivery & returns\" is 18 pt tall at ax5 and 18 pt at Large  (run \(run), imported by "))
        #expect(lines[failure + 1].trimmingCharacters(in: .whitespaces)
                == "StaticText \"Delivery & returns\" {x 16, y 170, 200 x 18}, Large {x 16, y 130, 200 x 18}")
        let crop = try #require(crops.first { $0["name"] as? String == "Checkout text-scales ax5 1 (Large above, ax5 below).png" })
        let stored = try #require(crop["path"] as? String)
        #expect(lines[failure + 2].trimmingCharacters(in: .whitespaces) == "crop Checkout text-scales ax5 1 (Large above, ax5 below).png  " + stored)
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let entry = try #require(page.split(separator: "\n").first { $0.hasPrefix("- ❌ `text-scales` at **ax5**") })
        #expect(entry.contains("is 18 pt tall at ax5 and 18 pt at Large (🤖 run"))
        #expect(!entry.contains("{x 16"))
        #expect(entry.contains("📎 [Checkout text-scales ax5 1 (Large above, ax5 below).png]"))
        #expect(page.contains("[![Checkout at ax5, text-scales: Checkout text-scales ax5 1 (Large above, ax5 below).png]"))

        // The same run again adds nothing.
        let again = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        #expect(again["recorded"] as? Int == 0 && again["crops"] as? Int == 0)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == shared)
    }

    /// The harness attaches each screen's screenshot and hierarchy under the same name; an export
    /// of the run is judged as a folder of files is.
    @Test func theHarnessesAttachmentsAreJudged() throws {
        let cli = try CLI().initialized()
        try RunImportTests.exportedRun(cli, ["ax5", "l"].enumerated().map { seed, size in
            ("AppUITests/DynamicTypeAuditTests/test_\(size)()", [
                ("Checkout_\(size)", Screenshot.png(seed: seed, width: 390, height: 844)),
                ("Checkout_\(size)", Array(Self.checkout(size).utf8)),
            ])
        })
        let done = try #require(try cli.json(["evidence", "import-xcresult", "R-attachments"]) as? [String: Any])
        #expect(done["hierarchiesJudged"] as? Int == 2 && done["attached"] as? Int == 2)
        #expect(done["crops"] as? Int == 2)
        let recorded = try Self.cells(cli, "Checkout")
        #expect(recorded["text-scales ax5"] == "fail" && recorded["no-overlap ax5"] == "pass" && recorded["reachable ax5"] == "pass")
    }

    /// A run of hierarchies without screenshots fails checks it cannot crop: one line says so for
    /// all of them, naming where, rather than a line for each failure.
    @Test func aRunWithoutScreenshotsSaysOnceThatItHasNoneToCrop() throws {
        func hierarchiesOnly() throws -> CLI {
            let cli = try CLI().initialized()
            try cli.ok(["screen", "add", "Basket", "--flow", "checkout"])
            let root = cli.directory.appendingPathComponent("run")
            for screen in ["Checkout", "Basket"] {
                for size in ["l", "ax5", "xs"] {
                    try Fixture.write(Data(Self.checkout(size).utf8), "\(screen)_\(size).xml", in: root)
                }
            }
            return cli
        }
        let text = try hierarchiesOnly().ok(["evidence", "import-xcresult", "run"])
        let lines = text.split(separator: "\n").filter { $0.contains("No crop") }
        #expect(lines.count == 1, "\(text)")
        let line = String(try #require(lines.first))
        #expect(line.contains(" on 2 screens: the run has no screenshot at the failing size ("), "\(line)")
        #expect(line.contains("'Checkout' at xs, l, ax5") && line.contains("'Basket' at xs, l, ax5"), "\(line)")
        // A program still reads each of them, as many as the line counts.
        let cli = try hierarchiesOnly()
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run"]) as? [String: Any])
        let misses = try #require(done["cropsNotMade"] as? [[String: Any]])
        #expect(misses.count > 2 && line.contains("No crop of \(misses.count) failures on"), "\(line)")
        #expect(try Self.cells(cli, "Basket")["text-scales ax5"] == "fail")
    }

    /// The run is known by the bytes of its hierarchies: the same files are the same run wherever
    /// they lie, one changed byte makes another run, and putting the byte back makes the first again.
    @Test func aRunIsKnownByItsHierarchiesBytes() throws {
        let cli = try CLI().initialized()
        try Self.folder(cli)
        func run(_ folder: String = "run") throws -> String {
            let plan = try #require(try cli.json(["evidence", "import-xcresult", folder, "--dry-run"]) as? [String: Any])
            let name = try #require(plan["run"] as? String)
            return String(name.split(separator: "#").last ?? "")
        }
        let first = try run()
        #expect(first.count == 12)
        #expect(try run() == first)
        let root = cli.directory.appendingPathComponent("run")
        try FileManager.default.copyItem(at: root, to: cli.directory.appendingPathComponent("copy"))
        #expect(try run("copy") == first, "another folder with the same files")
        let file = root.appendingPathComponent("Checkout_xs.xml")
        let original = try Data(contentsOf: file)
        try Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "height=\"17\"", with: "height=\"18\"").utf8).write(to: file)
        #expect(try Data(contentsOf: file) != original)
        #expect(try run() != first, "one changed frame")
        try original.write(to: file)
        #expect(try run() == first)
    }

    /// Hostile hierarchies: each refused with one line naming the file, exit 65, the store unchanged.
    @Test func aHostileHierarchyIsRefusedWithOneLineAndChangesNothing() throws {
        let cli = try CLI().initialized()
        try Self.folder(cli)
        try cli.ok(["evidence", "import-xcresult", "run"])
        let before = try cli.ok(["export", "--format", "json", "--output", "-"])
        let stored = try cli.storedEvidence()
        let root = cli.directory.appendingPathComponent("run")
        let deep = String(repeating: "<XCUIElementTypeOther>", count: 300) + String(repeating: "</XCUIElementTypeOther>", count: 300)
        let many = String(repeating: "<XCUIElementTypeOther x=\"1\" y=\"1\" width=\"1\" height=\"1\"/>", count: 20_001)
        let hostile: [(String, Data, String)] = [
            ("entities", Data("<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><AppiumAUT>&b;</AppiumAUT>".utf8), "DOCTYPE"),
            ("external", Data("<?xml version=\"1.0\"?><!DOCTYPE a SYSTEM \"file:///etc/passwd\"><AppiumAUT/>".utf8), "DOCTYPE"),
            ("deep", Data(("<AppiumAUT>" + deep + "</AppiumAUT>").utf8), "256"),
            ("many", Data(("<AppiumAUT><XCUIElementTypeApplication>" + many + "</XCUIElementTypeApplication></AppiumAUT>").utf8), "20000"),
            ("malformed", Data("<AppiumAUT><XCUIElementTypeApplication x=\"0\"></AppiumAUT>".utf8), "line 1"),
            ("huge", Data("<AppiumAUT>".utf8) + Data(repeating: 0x20, count: 17 << 20) + Data("</AppiumAUT>".utf8), "MB"),
        ]
        for (what, bytes, says) in hostile {
            try bytes.write(to: root.appendingPathComponent("Checkout_ax5.xml"))
            let refused = try cli.run(["evidence", "import-xcresult", "run"])
            #expect(refused.status == 65, "\(what)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(what): \(refused.stderr)")
            #expect(refused.stderr.contains("Checkout_ax5.xml") && refused.stderr.contains(says), "\(what): \(refused.stderr)")
            #expect(refused.stdout.isEmpty, "\(what)")
        }
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"]) == before)
        #expect(try cli.storedEvidence() == stored)
    }
}
