@testable import AuditStore
import AuditLog
import DynamicType
import Foundation
import SQLite
import Testing
import TestSupport

/// What runs found standing is read one of two ways, chosen by how many recordings runs made
/// against the cells; either way the rows are those of the one plain query: every live screen's
/// failed cell whose latest recording a run made, in screen and checklist order.
/// DTAUDIT_PROPERTY_RUNS sets the number of audits (20 by default); a failure names its seed.
@Suite struct JudgedFailuresTests {
    static var runs: Int { min(ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 20, 20) }

    /// The rows as one query over every failed cell gives them.
    static func plainQuery(_ store: AuditStore) throws -> [String] {
        try store.db.rows("""
            SELECT s.name, cells.item, cells.size, cells.recording_id, r.run
            FROM cells JOIN items ON items.id = cells.item AND items.current = 1
            JOIN screens s ON s.id = cells.screen_id AND s.removed = 0
            JOIN recordings r ON r.id = cells.recording_id
            WHERE cells.status = 'fail' AND r.run IS NOT NULL
            ORDER BY s.name_key, s.uid, items.position
            """) { row in "\(row.string(0)) \(row.string(1)) \(row.string(2)) \(row.int64(3)) \(row.string(4))" }
    }

    @Test(arguments: [0.0, 0.02, 0.5, 1.0])
    func bothWaysGiveThePlainQuerysRows(runShare: Double) throws {
        var tookRuns = false, tookCells = false
        for seed in 0..<UInt64(Self.runs) {
            var random = SplitMix64(seed: seed)
            let temporary = try TemporaryStore()
            let store = temporary.store
            let items = try store.checklist().items.map(\.id)
            var screens = [temporary.screen]
            for index in 0..<3 {
                screens.append(try store.write { try store.addScreen(name: "Screen \(index)", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess") })
            }
            var time = Timestamp(milliseconds: 1_780_000_000_000)
            for _ in 0..<Int.random(in: 20...160, using: &random) {
                time = Timestamp(milliseconds: time.milliseconds + Int64.random(in: 1...5, using: &random))
                let screen = screens.randomElement(using: &random)!
                let cell = (item: items.randomElement(using: &random)!, size: Size.allCases.randomElement(using: &random)!)
                let byRun = Double.random(in: 0..<1, using: &random) < runShare
                let status: ResultStatus = Bool.random(using: &random) ? .fail : .pass
                _ = try store.write {
                    try store.record(screen: screen, cells: [cell], status: status, note: nil, run: byRun ? "run-\(seed)" : nil, by: "Tess", at: time)
                }
            }
            if Bool.random(using: &random) {
                try store.write { try store.removeScreen(screens[1], by: "Tess") }
            }
            let made = try store.db.integer("SELECT count(*) FROM recordings WHERE run IS NOT NULL")
            let cells = try store.db.integer("SELECT count(*) FROM cells")
            if made > 0 && made <= cells / 4 { tookRuns = true } else if made > 0 { tookCells = true }
            let read = try store.judgedFailures().map { "\($0.screen) \($0.cell.item) \($0.cell.size.id) \($0.cell.recordingID) \($0.cell.run ?? "-")" }
            #expect(read == (try Self.plainQuery(store)), "seed \(seed), \(made) recordings by runs, \(cells) cells")
        }
        // Each share of runs' recordings sends the audits one way: the ways are both tried.
        if runShare == 0.02 { #expect(tookRuns, "no audit was read from its runs' recordings") }
        if runShare == 1.0 { #expect(tookCells, "no audit was read from its failed cells") }
    }
}
