import AuditLog
import DynamicType
import SQLite

extension AuditStore {
    /// The failures runs recorded that still stand (no later result replaced them), on every live
    /// screen, with the notes the runs wrote (a correction changes the words people read, never the
    /// findings counted and grouped): what the views read to tell shared UI once. Only the runs'
    /// standing failures are read, so that `next` and `screen show` need not read every note of
    /// the audit.
    public func judgedFailures() throws -> [(screen: String, cell: CellState)] {
        try read {
            // Two ways to the same rows, the cheaper for this audit: from the recordings runs made
            // (their own index) when they are fewer than a quarter of the cells, each looked up in
            // its cell; else from the failed cells, each looked up in the runs' index. The runs'
            // recordings are counted only up to that quarter, so a run-heavy audit pays no more.
            let cells = try db.integer("SELECT count(*) FROM cells")
            let made = try db.integer("""
                SELECT count(*) FROM (SELECT 1 FROM recordings INDEXED BY recordings_made_by_runs WHERE run IS NOT NULL LIMIT ?)
                """, [cells / 4 + 1])
            guard made > 0 else { return [] }
            let statement = try db.cachedStatement(made <= cells / 4 ? Self.failuresFromRuns : Self.failuresFromCells)
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

    private static let failureColumns = """
        SELECT s.name, cells.item, cells.size, cells.recorded_at, cells.recording_id, r.note, r.recorded_by, r.run, r.findings
        """
    private static let failureOrder = "ORDER BY s.name_key, s.uid, items.position"

    private static let failuresFromRuns = """
        \(failureColumns)
        FROM recordings r INDEXED BY recordings_made_by_runs
        JOIN cells ON cells.screen_id = r.screen_id AND cells.item = r.item AND cells.size = r.size AND cells.recording_id = r.id
        JOIN items ON items.id = cells.item AND items.current = 1
        JOIN screens s ON s.id = cells.screen_id AND s.removed = 0
        WHERE r.run IS NOT NULL AND cells.status = 'fail'
        \(failureOrder)
        """

    private static let failuresFromCells = """
        \(failureColumns)
        FROM cells JOIN items ON items.id = cells.item AND items.current = 1
        JOIN screens s ON s.id = cells.screen_id AND s.removed = 0
        JOIN recordings r ON r.id = cells.recording_id
        WHERE cells.status = 'fail' AND cells.recording_id IN (SELECT id FROM recordings INDEXED BY recordings_made_by_runs WHERE run IS NOT NULL)
        \(failureOrder)
        """
}
