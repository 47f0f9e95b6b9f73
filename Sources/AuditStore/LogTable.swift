import AuditLog
import SQLite

/// The `log` table: every record's line, and where it goes in the shared file.
enum LogTable {
    /// The condition that picks records of these kinds, by the words their types declare (`kind =
    /// 'retract'`): SQL never spells a kind's word again.
    static func kind(is kinds: LogRecord.Kind...) -> String {
        kind(in: kinds)
    }

    static func kind(in kinds: [LogRecord.Kind]) -> String {
        kinds.count == 1 ? "kind = '\(kinds[0].rawValue)'" : "kind IN (" + kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
    }

    /// Whether a retraction in the log takes back the record with the id bound to `?`.
    static let retractionOf = "SELECT 1 FROM log WHERE target = ? AND \(kind(is: .retract))"

    /// The ids every retraction in the log takes back.
    static let retractedIDs = "SELECT target FROM log WHERE target IS NOT NULL AND \(kind(is: .retract))"

    /// Inserts the record's line unless its id is there already; returns whether it was inserted.
    @discardableResult
    static func insert(_ record: LogRecord, line: String, at: String? = nil, into db: Database) throws -> Bool {
        try db.cachedStatement("""
            INSERT INTO log (uid, kind, screen, target, at, by, rank, line, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO NOTHING
            """).run([record.id, record.kind.rawValue, record.screen, record.target, at ?? record.at.iso8601, record.by,
                      LogPlace(record, screenAdded: nil).rank, line, LineDigest.of(line)])
        return db.changes > 0
    }

    /// Puts `line` in place of the line stored under the record's id.
    static func replace(_ record: LogRecord, line: String, in db: Database) throws {
        try db.run("""
            UPDATE log SET kind = ?, screen = ?, target = ?, at = ?, by = ?, rank = ?, line = ?, digest = ? WHERE uid = ?
            """, [record.kind.rawValue, record.screen, record.target, record.at.iso8601, record.by, LogPlace(record, screenAdded: nil).rank,
                  line, LineDigest.of(line), record.id])
        // The file a sync last wrote no longer holds this store's lines: its copy no longer holds.
        try db.run("DELETE FROM meta WHERE key = 'shared_copy'")
    }

    static func line(of id: String, in db: Database) throws -> String? {
        try db.cachedStatement("SELECT line FROM log WHERE uid = ?").first([id]) { $0.string("line") }
    }

    /// The records stored under these kinds for one screen, read back from their lines.
    static func records(screen: String, kinds: [LogRecord.Kind], in db: Database) throws -> [LogRecord] {
        let placeholders = kinds.map { _ in "?" }.joined(separator: ", ")
        return try db.rows("SELECT line FROM log WHERE screen = ? AND kind IN (\(placeholders))",
                           [screen] + kinds.map(\.rawValue)) { row in try parse(row.string("line")) }
    }

    /// The records of one kind that name `target`.
    static func records(target: String, kind: LogRecord.Kind, in db: Database) throws -> [LogRecord] {
        try db.rows("SELECT line FROM log WHERE target = ? AND kind = ?", [target, kind.rawValue]) { row in try parse(row.string("line")) }
    }

    /// The latest record of one kind by stamp, or with `earliest` the first.
    static func latest(_ kind: LogRecord.Kind, earliest: Bool = false, in db: Database) throws -> LogRecord? {
        let order = earliest ? "ASC" : "DESC"
        return try db.first("SELECT line FROM log WHERE screen IS NULL AND kind = ? ORDER BY at \(order), uid \(order) LIMIT 1", [kind.rawValue]) { row in
            try parse(row.string("line"))
        }
    }

    /// A stored line read back; one that no longer reads is damage, not input.
    static func parse(_ line: String) throws -> LogRecord {
        do {
            if case .record(let record) = try RecordReader.read(line: ArraySlice(line.utf8), number: 0) { return record }
        } catch {
            throw StoreDamage(detail: "a record in the log does not read (\(error.message))")
        }
        throw StoreDamage(detail: "the log holds an end marker")
    }
}

/// The store's contents contradict themselves: reported as a damaged store.
struct StoreDamage: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
}
