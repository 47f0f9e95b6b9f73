import AuditLog

extension Amendment: StoreFoldable {
    /// Keeps the latest correction of each record, by time and then id, whatever order they come in.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        try fold.checkTarget(of: self, line: line, kinds: Amendment.targetKinds)
        if replacing {
            fold.unsettled.corrections.insert(target)
        } else {
            try fold.db.cachedStatement("""
                INSERT INTO corrections (target, note, at, uid) VALUES (?, ?, ?, ?)
                ON CONFLICT (target) DO UPDATE SET note = excluded.note, at = excluded.at, uid = excluded.uid
                WHERE excluded.at > corrections.at OR (excluded.at = corrections.at AND excluded.uid > corrections.uid)
                """).run([target, note, fold.stored(at), id])
        }
    }

    func withdraw(from fold: LogApplier) throws {
        fold.unsettled.corrections.insert(target)
    }
}
