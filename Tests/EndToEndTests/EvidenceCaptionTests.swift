import Foundation
import Testing
import TestSupport

/// Evidence people can read: each piece says which run attached it (or which person) and when,
/// the latest screenshot comes first with older ones folded away as superseded, and a crop says
/// which picture is Large and which the failing size, at an aspect a thumbnail can show.
@Suite(.tags(.endToEnd)) struct EvidenceCaptionTests {
    /// A run in `folder`: Checkout at Large and ax5 with a label as wide as the screen that keeps its
    /// height (text-scales fails at ax5), and a screenshot of each size drawn from `seed`.
    static func run(_ cli: CLI, _ folder: String, seed: Int, shape: PageShape = .harness) throws {
        let root = cli.directory.appendingPathComponent(folder)
        for (offset, size) in ["l", "ax5"].enumerated() {
            let content: [Node] = [.text("offline.banner", 0, 100, 390, 18), .button("checkout.pay", 16, 700, 358, size == "l" ? 50 : 90)]
            try Fixture.write(Data(PageSource.screen(content, primaryAction: "checkout.pay", shape: shape).utf8), "Checkout_\(size).xml", in: root)
            try Fixture.write(Data(Screenshot.png(seed: seed * 10 + offset, width: 390, height: 844)), "Checkout_\(size).png", in: root)
        }
    }

    /// The records of the shared file of one kind, as JSON objects.
    static func records(_ shared: String, kind: String) throws -> [[String: Any]] {
        try shared.split(separator: "\n").filter { $0.contains("\"record\":\"\(kind)\"") }.map { line in
            let object = line.hasSuffix(",") ? line.dropLast() : line
            return try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
        }
    }

    /// A PNG's width and height, from its header.
    static func size(ofPNG url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24)
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test(arguments: PageShape.allCases) func evidenceSaysWhichRunAttachedItAndAPersonsSaysWho(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", seed: 1, shape: shape)
        let done = try #require(try cli.json(["evidence", "import-xcresult", "run1"]) as? [String: Any])
        let run = try #require(done["run"] as? String)
        try Fixture.write(Fixture.png("pay button"), "shots/pay.png", in: cli.directory)
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "reachable", "--fail", "--note", "Pay hidden", "--evidence", "shots/pay.png"])

        // In the shared file: every piece the run attached (screenshots, crops, the Large
        // hierarchy) names it; the person's names no run.
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        let evidence = try Self.records(shared, kind: "evidence")
        let byRun = evidence.filter { $0["name"] as? String != "pay.png" }
        #expect(byRun.count >= 4 && byRun.allSatisfy { $0["run"] as? String == run }, "\(evidence)")
        let mine = try #require(evidence.first { $0["name"] as? String == "pay.png" })
        #expect(mine["run"] == nil && mine["by"] as? String == "Tess Tester")

        // Listed with it, and a teammate's fresh store reads it and writes the file back byte for byte.
        let listed = try #require(try cli.json(["evidence", "list", "Checkout"]) as? [[String: Any]])
        #expect(listed.filter { $0["run"] as? String == run }.count == byRun.count)
        #expect(listed.first { $0["name"] as? String == "pay.png" }?["run"] is NSNull)
        let file = cli.directory.appendingPathComponent("audit.json")
        try Data(shared.utf8).write(to: file)
        let teammate = cli.directory.appendingPathComponent("teammate")
        try FileManager.default.createDirectory(at: teammate, withIntermediateDirectories: true)
        try cli.ok(["import", file.path], in: teammate)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: teammate) == shared)

        // screen show captions each file with the run, or the person, and the day.
        let day = String((mine["at"] as? String ?? "").prefix(10))
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout.split(separator: "\n")
        #expect(shown.contains { $0.hasPrefix("  ax5  screen ") && $0.contains("Checkout_ax5.png") && $0.contains("run \(run), \(day)") }, "\(shown)")
        #expect(shown.contains { $0.hasPrefix("  ax3  reachable ") && $0.contains("pay.png") && $0.contains("attached by Tess Tester, \(day)") }, "\(shown)")
    }

    /// A second run's screenshot is the one shown; the first run's is folded away, marked
    /// superseded, on the review page as in screen show.
    @Test func theLatestRunsScreenshotComesFirstAndOlderOnesAreFoldedAway() throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", seed: 1)
        let first = try #require(try cli.json(["evidence", "import-xcresult", "run1"]) as? [String: Any])["run"] as? String
        try Self.run(cli, "run2", seed: 2)
        let second = try #require(try cli.json(["evidence", "import-xcresult", "run2"]) as? [String: Any])["run"] as? String
        // As the page writes them: Markdown's special characters escaped.
        let (firstRun, secondRun) = (try #require(first), try #require(second))
        let (old, new) = (firstRun.replacingOccurrences(of: "#", with: "\\#"), secondRun.replacingOccurrences(of: "#", with: "\\#"))
        #expect(old != new)

        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let strip = try #require(page.split(separator: "\n").first { $0.contains("screen · ax5") && $0.hasPrefix("|") }, "\(page)")
        let cells = strip.split(separator: "|").map(String.init)
        let ax5 = try #require(cells.first { $0.contains("screen · ax5") })
        // The latest first, captioned with its run; the older one inside a fold, marked superseded, with its run.
        let latest = try #require(ax5.range(of: "screen · ax5<br>run \(new), "))
        let fold = try #require(ax5.range(of: "<details><summary>1 older screenshot, superseded</summary>"))
        #expect(latest.lowerBound < fold.lowerBound, "\(ax5)")
        let folded = ax5[fold.upperBound...]
        #expect(folded.contains("superseded · screen · ax5<br>run \(old), ") && folded.hasSuffix("</details> "), "\(folded)")
        #expect(!ax5[..<fold.lowerBound].contains("screen · ax5<br>run \(old)"), "\(ax5)")

        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout.split(separator: "\n").filter { $0.hasPrefix("  ax5  ") }
        let current = try #require(shown.firstIndex { $0.hasPrefix("  ax5  screen ") })
        let older = try #require(shown.firstIndex { $0.hasPrefix("  ax5  superseded ") })
        #expect(shown[current].contains("run \(secondRun), ") && shown[older].contains("run \(firstRun), ") && current < older, "\(shown)")
    }

    /// The crop of a label as wide as the screen: Large above the failing size, said in its name,
    /// and at most four times as wide as tall rather than a strip.
    @Test func aCropSaysWhichSideIsLargeAndAWideElementIsCroppedReadably() throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", seed: 1)
        try cli.ok(["evidence", "import-xcresult", "run1"])
        let evidence = try #require(try cli.json(["evidence", "list", "Checkout"]) as? [[String: Any]])
        let crop = try #require(evidence.first { ($0["name"] as? String)?.hasPrefix("Checkout text-scales ax5 1") == true })
        #expect(crop["name"] as? String == "Checkout text-scales ax5 1 (Large above, ax5 below).png")
        let picture = try Self.size(ofPNG: cli.directory.appendingPathComponent(try #require(crop["path"] as? String)))
        #expect(picture.width == 390 && picture.width <= 4 * picture.height, "\(picture)")
        #expect(picture.height < 844 / 2, "a crop, not the screen: \(picture)")

        // The review page's caption and link, and screen show's crop line, say it too.
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(page.contains("`text-scales` · ax5 · Checkout text-scales ax5 1 (Large above, ax5 below).png<br>run "), "\(page)")
        #expect(page.contains("📎 [Checkout text-scales ax5 1 (Large above, ax5 below).png]"))
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout
        #expect(shown.contains("crop Checkout text-scales ax5 1 (Large above, ax5 below).png  .dtaudit/evidence/"), "\(shown)")
    }
}
