import AuditLog

extension Screen: StoreFoldable {
    /// Adds the screen's row; its details are its records' fold, settled at the end.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        if !replacing {
            try fold.db.cachedStatement("""
                INSERT INTO screens (uid, name, name_key, given_name, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)
                """).run([id, name, key, name, fold.stored(createdAt), createdBy])
            fold.remember(screen: id, row: fold.db.lastInsertedRowID)
        }
        fold.unsettled.screens.insert(id)
        fold.unsettled.names = true
    }

    func withdraw(from fold: LogApplier) throws {
        fold.unsettled.screens.insert(id)
    }
}
