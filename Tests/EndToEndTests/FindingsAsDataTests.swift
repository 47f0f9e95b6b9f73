import Foundation
import Testing
import TestSupport

/// A run's failure keeps what its judge saw as data, every finding of it: the shared file carries
/// it beside the note, a person's correction of the note leaves it, and the views read it.
@Suite(.tags(.endToEnd)) struct FindingsAsDataTests {
    /// Checkout with `count` labels that keep their height from Large to ax5.
    static func run(_ cli: CLI, _ folder: String, count: Int, shape: PageShape) throws {
        let root = cli.directory.appendingPathComponent(folder)
        for size in ["l", "ax5"] {
            let labels = (0..<count).map { Node("StaticText", "row.\($0)", label: "Line \($0)", 16, 100 + Double($0) * 24, 200, 20) }
            try Fixture.write(Data(PageSource.screen(labels, shape: shape).utf8), "Checkout_\(size).xml", in: root)
        }
    }

    /// The `findings` of the shared file's recording of text-scales at ax5.
    static func findings(_ shared: String) throws -> [[String: Any]] {
        let line = try #require(shared.split(separator: "\n").first { $0.contains("\"record\":\"recording\"") && $0.contains("\"item\":\"text-scales\"") && $0.contains("\"size\":\"ax5\"") })
        let object = line.hasSuffix(",") ? line.dropLast() : line
        let record = try #require(try JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any])
        return try #require(record["findings"] as? [[String: Any]], "\(line.prefix(400))")
    }

    @Test(arguments: PageShape.allCases) func everyFindingTravelsAsDataAndACorrectionLeavesIt(shape: PageShape) throws {
        let cli = try CLI().initialized()
        try Self.run(cli, "run1", count: 30, shape: shape)
        try cli.ok(["evidence", "import-xcresult", "run1"])
        let shared = try cli.ok(["export", "--format", "json", "--output", "-"])
        let findings = try Self.findings(shared)
        #expect(findings.count == 30)
        let element = try #require((findings.last?["elements"] as? [[String: Any]])?.first)
        #expect(element["type"] as? String == "StaticText" && element["identifier"] as? String == "row.29" && element["label"] as? String == "Line 29", "\(element)")
        #expect(element["frame"] as? [Double] == [16, 796, 200, 20] && element["large"] as? [Double] == [16, 796, 200, 20], "\(element)")
        #expect(findings.last?["figure"] as? Double == 20, "\(findings.last ?? [:])")

        // A person's correction changes the words, never the findings.
        let judged = try #require(try cli.history(["Checkout"]).first { $0["item"] as? String == "text-scales" && $0["size"] as? String == "ax5" }?["id"] as? String)
        try cli.ok(["amend", judged, "--note", "Rows stay small"])
        let amended = try cli.ok(["export", "--format", "json", "--output", "-"])
        #expect(try JSONSerialization.data(withJSONObject: Self.findings(amended), options: .sortedKeys) == JSONSerialization.data(withJSONObject: findings, options: .sortedKeys))
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout
        #expect(shown.contains("Rows stay small") && shown.contains("StaticText \"row.0\" {x 16, y 100, 200 x 20}, Large {x 16, y 100, 200 x 20}"), "\(shown)")
        #expect(shown.contains("and 24 more elements"), "\(shown)")

        // A teammate's fresh store reads the same findings and writes the file back byte for byte.
        let file = cli.directory.appendingPathComponent("audit.json")
        try Data(amended.utf8).write(to: file)
        let teammate = cli.directory.appendingPathComponent("teammate")
        try FileManager.default.createDirectory(at: teammate, withIntermediateDirectories: true)
        try cli.ok(["import", file.path], in: teammate)
        #expect(try cli.ok(["export", "--format", "json", "--output", "-"], in: teammate) == amended)
        #expect(try cli.run(["screen", "show", "Checkout"], in: teammate, environment: ["COLUMNS": ""]).stdout.contains("and 24 more elements"))
    }
}
