import AuditLog
import SQLite

extension AuditStore {
    /// The time of each screen's latest recording that was not taken back, by screen id, read from
    /// the cells (each holds its latest recording) instead of the recordings: what the short form
    /// of the review page needs of them.
    public func latestRecordingTimes() throws -> [String: Timestamp] {
        try read {
            var result: [String: Timestamp] = [:]
            try db.cachedStatement("SELECT s.uid, max(c.recorded_at) FROM cells c JOIN screens s ON s.id = c.screen_id GROUP BY c.screen_id").forEach([]) { row in
                if let at = Timestamp(iso8601: row.string(1)) { result[row.string(0)] = at }
            }
            return result
        }
    }
}
