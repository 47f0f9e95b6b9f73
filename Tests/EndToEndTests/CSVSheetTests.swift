import Foundation
import Testing

/// `export --format csv` is the current sheet: one row per planned cell as it stands, so that a
/// pivot table counts each cell once; `--format csv-log` is every recording behind it.
@Suite(.tags(.endToEnd)) struct CSVSheetTests {
    /// The rows of a CSV export, each as a map from its header's names.
    static func rows(_ cli: CLI, _ arguments: [String], in folder: URL? = nil) throws -> [[String: String]] {
        let text = try folder.map { try cli.ok(arguments + ["--output", "-"], in: $0) } ?? cli.ok(arguments + ["--output", "-"])
        let table = try #require(CSV.parse(text))
        let header = try #require(table.first)
        #expect(table.allSatisfy { $0.count == header.count }, "every row has the header's fields")
        return table.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    static func cell(_ row: [String: String]) -> String { "\(row["screen"]!)|\(row["item"]!)|\(row["size"]!)" }

    @Test func theSheetCountsEachPlannedCellOnceAsItStands() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let sheet = try Self.rows(cli, ["export", "--format", "csv"], in: demo)
        let log = try Self.rows(cli, ["export", "--format", "csv-log"], in: demo)
        let status = try #require(try JSONSerialization.jsonObject(with: Data(try cli.ok(["status", "--json"], in: demo).utf8)) as? [String: Any])
        let plan = try #require(status["plan"] as? [String: Any])

        // One row per planned cell of every screen, none twice: 24 checks on each of 18 screens.
        #expect(sheet.count == 432 && plan["required"] as? Int == 432)
        #expect(Set(sheet.map(Self.cell)).count == sheet.count)
        #expect(sheet.allSatisfy { $0["planned"] == "yes" })
        // A pivot of the sheet gives what status gives; the log, holding superseded recordings, does not.
        #expect(sheet.filter { $0["status"] == "fail" }.count == plan["failed"] as? Int)
        #expect(sheet.filter { ["pass", "fail", "na"].contains($0["status"]!) }.count == plan["recorded"] as? Int)
        #expect(log.filter { $0["status"] == "fail" }.count > plan["failed"] as? Int ?? 0)
        // A cell recorded more than once shows the one recording that stands, with who and when.
        var byCell: [String: [[String: String]]] = [:]
        for row in log { byCell[Self.cell(row), default: []].append(row) }
        let superseded = try #require(byCell.first { $0.value.count > 1 })
        let standing = try #require(sheet.first { Self.cell($0) == superseded.key })
        #expect(superseded.value.last?["id"] == standing["id"] && superseded.value.last?["by"] == standing["by"])
        #expect(superseded.value.dropLast().allSatisfy { old in !sheet.contains { $0["id"] == old["id"] } })
        // Unrecorded cells are untested with nobody and no time; owner and the fix awaiting retest beside each.
        let untested = try #require(sheet.first { $0["status"] == "untested" })
        #expect(untested["by"] == "" && untested["at"] == "" && untested["id"] == "")
        let pay = try #require(sheet.first { Self.cell($0) == "Checkout: cart|reachable|ax5" })
        #expect(pay["status"] == "fail" && pay["owner"] == "Sam Okafor" && pay["fix"] == "scroll" && pay["fix_ref"] == "PR 412")
        #expect(pay["run"] == "" && pay["by"] == "Ana Lima")

        // The log keeps its columns; the sheet's first ten are the log's.
        let header = try cli.ok(["export", "--format", "csv-log", "--output", "-"], in: demo).components(separatedBy: "\r\n")[0]
        #expect(header == "screen,flow,critical,item,size,status,note,by,at,id,run")
        let sheetHeader = try cli.ok(["export", "--format", "csv", "--output", "-"], in: demo).components(separatedBy: "\r\n")[0]
        #expect(sheetHeader == "screen,flow,critical,item,size,status,note,by,at,id,run,owner,fix,fix_ref,planned")
        #expect(try cli.ok(["export", "--format", "csv-log"], in: demo) == "Wrote Exports/trailhead-2026-10-13-log.csv (332 recordings, superseded ones included)\n")
    }

    @Test func offPlanCellsFollowAndNothingRunsAsAFormula() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Trailhead"])
        try cli.ok(["screen", "add", "+Total", "--owner", "=HYPERLINK(\"http://x\")", "--flow", "@pay, now"])
        // reachable is planned at ax5 only: a failure at xs is recorded outside the plan.
        try cli.ok(["record", "+Total", "--size", "xs", "--item", "reachable", "--fail", "--note", "-1 shown"])
        try cli.ok(["fix", "+Total", "--type", "scroll", "--ref", "-PR 9"])
        let text = try cli.ok(["export", "--format", "csv", "--output", "-"])
        #expect(text.contains("'+Total,\"'@pay, now\",no,"))
        #expect(text.contains(",\"'=HYPERLINK(\"\"http://x\"\")\","))
        let sheet = try Self.rows(cli, ["export", "--format", "csv"])
        #expect(sheet.count == 25)
        let offPlan = try #require(sheet.last)
        #expect(offPlan["planned"] == "no" && offPlan["item"] == "reachable" && offPlan["size"] == "xs" && offPlan["status"] == "fail")
        #expect(offPlan["note"] == "'-1 shown" && offPlan["fix"] == "scroll" && offPlan["fix_ref"] == "'-PR 9")
        #expect(sheet.dropLast().allSatisfy { $0["planned"] == "yes" })
    }
}
