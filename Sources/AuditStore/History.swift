import AuditLog
import DynamicType
import SQLite

/// One line of an audit's history: any record of the log, with the name its screen has now and
/// whether it was taken back later.
public struct HistoryEntry: Sendable {
    public var record: LogRecord
    /// The screen's name today; empty for the audit's own records.
    public var screen: String
    /// A later retraction took it back.
    public var retracted: Bool
    /// For a retraction or amendment: what the record it names was (the recording, the fix).
    public var target: LogRecord?

    public var at: Timestamp { record.at }
}

extension AuditStore {
    /// Records of the log, newest first (by time, then id); of one screen or of all, at most
    /// `limit` of them.
    public func history(of screen: Screen? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        try read {
            let filter = screen == nil ? "" : " WHERE screen = ?"
            let bound = limit.map { " LIMIT \(max(0, $0))" } ?? ""
            let records = try db.rows("SELECT line FROM log\(filter) ORDER BY at DESC, uid DESC\(bound)", screen.map { [$0.id] } ?? []) { row in
                try LogTable.parse(row.string(0))
            }
            var names: [String: String] = [:]
            try db.cachedStatement("SELECT uid, name FROM screens").forEach { names[$0.string(0)] = $0.string(1) }
            let retracted = Set(try db.rows("SELECT target FROM log WHERE target IS NOT NULL AND kind = 'retract'") { $0.string(0) })
            return try records.map { record in
                let target = try record.target.flatMap { try LogTable.line(of: $0, in: db) }.map(LogTable.parse)
                return HistoryEntry(record: record, screen: record.screen.flatMap { names[$0] } ?? "", retracted: retracted.contains(record.id),
                                    target: target)
            }
        }
    }
}
