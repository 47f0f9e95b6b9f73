import DynamicType
import SQLite

/// One line of an audit's history: a recording or a fix, with the screen's name.
public enum HistoryEntry: Sendable {
    case recording(Recording, screen: String)
    case fix(Fix, screen: String)

    public var at: Timestamp {
        switch self {
        case .recording(let recording, _): recording.at
        case .fix(let fix, _): fix.at
        }
    }

    var uid: String {
        switch self {
        case .recording(let recording, _): recording.uid
        case .fix(let fix, _): fix.uid
        }
    }
}

extension AuditStore {
    /// Recordings and fixes, newest first; of one screen or of all, at most `limit` of them.
    public func history(of screen: Screen? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        try read {
            let filter = screen == nil ? "" : " WHERE r.screen_id = ?"
            let bound = limit.map { " LIMIT \(max(0, $0))" } ?? ""
            let arguments: [any SQLBindable] = screen.map { [$0.id] } ?? []
            var entries: [HistoryEntry] = try db.rows("""
                SELECT r.uid, r.screen_id, r.item, r.size, r.status, r.note, r.recorded_by, r.recorded_at, s.name
                FROM recordings r JOIN screens s ON s.id = r.screen_id\(filter)
                ORDER BY r.recorded_at DESC, r.uid DESC\(bound)
                """, arguments) { row in
                HistoryEntry.recording(
                    Recording(uid: row.string(0), screenID: row.int64(1), item: row.string(2), size: Size(name: row.string(3)) ?? .default,
                              status: ResultStatus(rawValue: row.string(4)) ?? .untested, note: row.optionalString(5),
                              by: row.string(6), at: Timestamp(iso8601: row.string(7)) ?? Timestamp(milliseconds: 0)),
                    screen: row.string(8))
            }
            let names = Dictionary(try db.rows("SELECT id, name FROM screens") { ($0.int64(0), $0.string(1)) }, uniquingKeysWith: { a, _ in a })
            entries += try fixes(screenID: screen?.id).map { HistoryEntry.fix($0, screen: names[$0.screenID] ?? "") }
            entries.sort { ($0.at, $0.uid) > ($1.at, $1.uid) }
            if let limit, entries.count > limit { entries.removeLast(entries.count - limit) }
            return entries
        }
    }
}
