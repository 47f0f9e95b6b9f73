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
    /// `by` matches names without regard to case and spacing, as `--owner` does; `since` keeps
    /// what happened from that moment on.
    public func history(of screen: Screen? = nil, limit: Int? = nil, by: String? = nil, since: Timestamp? = nil) throws -> [HistoryEntry] {
        try read {
            var conditions: [String] = []
            var values: [SQLValue] = []
            if let screen { conditions.append("screen = ?"); values.append(.text(screen.id)) }
            if let since { conditions.append("at >= ?"); values.append(.text(since.iso8601)) }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            // A name is matched by its key, which SQL does not know: the bound is applied after.
            let bound = by == nil ? limit.map { " LIMIT \(max(0, $0))" } ?? "" : ""
            var records = try db.rows("SELECT line FROM log\(filter) ORDER BY at DESC, uid DESC\(bound)", values) { row in
                try LogTable.parse(row.string("line"))
            }
            if let by {
                let key = PersonName.key(by)
                records = records.filter { PersonName.key($0.by) == key }
                if let limit { records = Array(records.prefix(max(0, limit))) }
            }
            var names: [String: String] = [:]
            try db.cachedStatement("SELECT uid, name FROM screens").forEach { names[$0.string("uid")] = $0.string("name") }
            let retracted = Set(try db.rows("SELECT target FROM log WHERE target IS NOT NULL AND kind = 'retract'") { $0.string("target") })
            return try records.map { record in
                let target = try record.target.flatMap { try LogTable.line(of: $0, in: db) }.map(LogTable.parse)
                return HistoryEntry(record: record, screen: record.screen.flatMap { names[$0] } ?? "", retracted: retracted.contains(record.id),
                                    target: target)
            }
        }
    }
}

extension AuditStore {
    /// Every name the log's records are signed with, each spelling once, the most used first:
    /// who `history --by` can mean.
    public func signers() throws -> [String] {
        try read { try db.rows("SELECT by FROM log GROUP BY by ORDER BY count(*) DESC, by") { $0.string("by") } }
    }
}
