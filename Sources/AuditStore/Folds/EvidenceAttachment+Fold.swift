import AuditLog

extension EvidenceAttachment: StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? {
        if let item, try !fold.knows(item: item) { return "refers to the item '\(item)', which no checklist of the audit has" }
        if let recording, try fold.recordingRow(recording) == nil {
            return "refers to the recording '\(recording)', which is not in \(fold.holders)"
        }
        return nil
    }

    /// Keeps the file's first name and kind once, and links it where it was attached unless the
    /// attachment was taken back already.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        guard let row = try fold.screen(screen) else { return }
        let recordingRow = try recording.flatMap { try fold.recordingRow($0) }
        try fold.db.cachedStatement("""
            INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """).run([hash, kind.rawValue, bytes, name, fold.stored(at), by])
        if try fold.isRetracted(id, replacing: replacing) { return }
        try fold.db.cachedStatement("""
            INSERT INTO evidence_links (uid, hash, screen_id, size, item, recording_id, name, run, attached_by, attached_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([id, hash, row, size.id, item, recordingRow, name, run, by, fold.stored(at)])
    }

    func withdraw(from fold: LogApplier) throws {
        try fold.db.run("DELETE FROM evidence_links WHERE uid = ?", [id])
    }
}
