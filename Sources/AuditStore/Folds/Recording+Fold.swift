import AuditLog

extension Recording: StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? {
        try fold.knows(item: item) ? nil : "refers to the item '\(item)', which no checklist of the audit has"
    }

    /// Inserts the recording; the `cells` trigger keeps its cell's standing recording (`CellRule`).
    /// A line that replaces another leaves its cell to settle at the end.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        guard let row = try fold.screen(screen) else { return }
        let retracted = try fold.isRetracted(id, replacing: replacing)
        if replacing {
            try fold.db.run("""
                UPDATE recordings SET screen_id = ?, item = ?, size = ?, status = ?, note = ?, run = ?, findings = ?, recorded_by = ?, recorded_at = ?, retracted = ?,
                    follows = ?, round = ?
                WHERE uid = ?
                """, [row, item, size.id, status.rawValue, note, run, findings.map(RecordedFinding.json), by, fold.stored(at), retracted, follows, round, id])
            fold.unsettled.cells.insert(LogApplier.CellRef(screen: row, item: item, size: size.id))
        } else {
            try fold.db.cachedStatement("""
                INSERT INTO recordings (uid, screen_id, item, size, status, note, run, findings, recorded_by, recorded_at, retracted, follows, round)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run([id, row, item, size.id, status.rawValue, note, run, findings.map(RecordedFinding.json), by, fold.stored(at), retracted, follows, round])
        }
    }

    func withdraw(from fold: LogApplier) throws {
        if let row = try fold.screen(screen) {
            fold.unsettled.cells.insert(LogApplier.CellRef(screen: row, item: item, size: size.id))
        }
    }
}
