import AuditLog

extension Fix: StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? {
        for item in items where try !fold.knows(item: item) { return "refers to the item '\(item)', which no checklist of the audit has" }
        return nil
    }

    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        guard let row = try fold.screen(screen) else { return }
        try fold.db.cachedStatement("""
            INSERT INTO fixes (uid, screen_id, type, note, ref, fixed_by, fixed_at, retracted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).run([id, row, type.rawValue, note, ref, by, fold.stored(at), try fold.isRetracted(id, replacing: replacing)])
        let fixRow = fold.db.lastInsertedRowID
        for item in items { try fold.db.cachedStatement("INSERT OR IGNORE INTO fix_items (fix_id, item) VALUES (?, ?)").run([fixRow, item]) }
    }

    func withdraw(from fold: LogApplier) throws {
        try fold.db.run("DELETE FROM fixes WHERE uid = ?", [id])
    }
}
