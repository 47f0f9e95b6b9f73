import AuditLog
import DynamicType
import SQLite

extension AuditStore {
    /// The failures runs recorded that still stand (no later result replaced them), on every live
    /// screen, with the notes the runs wrote (a correction changes the words people read, never the
    /// findings counted and grouped): what the views read to tell shared UI once. One query over the
    /// failed cells alone, so that `next` and `screen show` need not read every note of the audit.
    public func judgedFailures() throws -> [(screen: String, cell: CellState)] {
        try read {
            let statement = try db.cachedStatement("""
                SELECT s.name, cells.item, cells.size, cells.recorded_at, cells.recording_id,
                       r.note, r.recorded_by, r.run, r.findings
                FROM cells JOIN items ON items.id = cells.item AND items.current = 1
                JOIN screens s ON s.id = cells.screen_id AND s.removed = 0
                JOIN recordings r ON r.id = cells.recording_id
                WHERE cells.status = 'fail' AND r.run IS NOT NULL
                ORDER BY s.name_key, s.uid, items.position
                """)
            var failures: [(screen: String, cell: CellState)] = []
            try statement.forEach { row in
                guard let size = row.withText("size", Size.init(idBytes:)) else { return }
                let cell = CellState(item: row.string("item"), size: size, status: .fail, at: row.withText("recorded_at", Timestamp.init(storedBytes:)),
                                     recordingID: row.int64("recording_id"), note: row.optionalString("note"),
                                     by: row.optionalString("recorded_by"), run: row.optionalString("run"),
                                     findings: row.optionalString("findings").flatMap(RecordedFinding.read(json:)))
                failures.append((row.string("name"), cell))
            }
            return failures
        }
    }
}
