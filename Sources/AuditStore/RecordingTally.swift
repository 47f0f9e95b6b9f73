import AuditLog
import SQLite

extension AuditStore {
    /// How many recordings each person made on each screen, and the time of each screen's latest,
    /// counted by SQLite without reading the recordings: what the short form of the review page
    /// needs of them. Taken-back recordings do not count.
    public func recordingTally() throws -> [(screen: String, by: String, count: Int, latest: Timestamp?)] {
        try read {
            try db.rows("""
                SELECT s.uid, r.recorded_by, count(*), max(r.recorded_at) FROM recordings r JOIN screens s ON s.id = r.screen_id
                WHERE r.retracted = 0 GROUP BY r.screen_id, r.recorded_by
                """) { row in
                (try row[0] as String, try row[1] as String, row.int(2), Timestamp(iso8601: row.string(3)))
            }
        }
    }
}
