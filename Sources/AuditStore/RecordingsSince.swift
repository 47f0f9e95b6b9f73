import AuditLog
import SQLite

/// What was recorded while a command kept the store open: a walk asks before each check, so that
/// what a sync (or another terminal) brought meanwhile is shown before anything is recorded over it.
extension AuditStore {
    /// The newest recording's row: where a walk starts looking from.
    public func latestRecordingRow() throws -> Int64 {
        try db.first("SELECT ifnull(max(id), 0) FROM recordings") { try $0[0] as Int64 } ?? 0
    }

    /// The recordings of `screen` stored after `row`, oldest first, and the newest row now.
    public func recordings(of screen: Screen, after row: Int64) throws -> (recordings: [Recording], latest: Int64) {
        try read {
            let latest = try latestRecordingRow()
            guard latest > row else { return ([], latest) }
            let found = try db.rows("SELECT " + Recording.columns + " WHERE s.uid = ? AND r.id > ? AND r.id <= ? ORDER BY r.id", [screen.id, row, latest]) {
                try Recording(row: $0)
            }
            return (found, latest)
        }
    }
}
