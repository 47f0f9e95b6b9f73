import AuditLog
import DynamicType
import SQLite

/// A recording made in sight of somebody else's and dated before it: the followed author's clock
/// runs ahead of the follower's by at least `skew`, or the follower's behind.
struct ClockEdge: Equatable {
    /// Who made the recording followed, and who made the one that followed it.
    var seen: String
    var follower: String
    var yours: Timestamp
    var theirs: Timestamp
    var screen: String
    var cell: CellKey

    var skew: Int64 { yours.milliseconds - theirs.milliseconds }

    /// Reads the columns seen, follower, yours, theirs, screen, item and size, by name.
    init?(row: Row) throws {
        guard let size = Size(name: try row["size"] as String) else { return nil }
        seen = try row["seen"]
        follower = try row["follower"]
        yours = try row["yours"]
        theirs = try row["theirs"]
        screen = try row["screen"]
        cell = CellKey(item: try row["item"], size: size)
    }
}

extension AuditStore {
    /// Among the latest `ClockFinding.window` recordings (by time, then id), those made in sight of
    /// a teammate's and dated before it, oldest first, so that asking costs the same in an audit of
    /// any size. The window is bounded by its oldest entry, read from the index by time alone (none
    /// in an audit of fewer recordings: the empty text comes before any time); the recordings in it
    /// made in sight of another are walked through their own index (`recordings_following`). Clocks
    /// that agree leave none.
    func clockEdges() throws -> [ClockEdge] {
        try db.cachedStatement(Self.clockEdgesQuery).map([]) { try ClockEdge(row: $0) }.compactMap { $0 }
    }

    static let clockEdgesQuery = """
        SELECT a.recorded_by AS seen, b.recorded_by AS follower, a.recorded_at AS yours, b.recorded_at AS theirs, s.name AS screen, b.item, b.size
        FROM recordings b JOIN recordings a ON a.uid = b.follows JOIN screens s ON s.id = b.screen_id
        WHERE (b.recorded_at, b.uid) >= (SELECT ifnull(max(recorded_at), ''), ifnull(max(uid), '') FROM (SELECT recorded_at, uid FROM recordings
                                         ORDER BY recorded_at DESC, uid DESC LIMIT 1 OFFSET \(ClockFinding.window - 1)))
            AND b.follows IS NOT NULL AND a.recorded_by != b.recorded_by AND a.recorded_at > b.recorded_at
        ORDER BY b.recorded_at, b.uid
        """

    /// Who besides `author` made records dated more than the tolerance after `now`, with the latest
    /// of each: of one screen, or among the latest recordings of the audit.
    func recordsAhead(of now: Timestamp, onScreen id: String?, besides author: String) throws -> [(by: String, at: Timestamp)] {
        let bound = Timestamp(milliseconds: now.milliseconds + ClockFinding.tolerance).iso8601
        let read: (Row) throws -> (by: String, at: Timestamp) = { (by: try $0["by"], at: try $0["at"]) }
        if let id {
            return try db.cachedStatement("SELECT by, max(at) AS at FROM log WHERE screen = ? AND at > ? AND by != ? GROUP BY by")
                .map([id, bound, author], read)
        }
        return try db.cachedStatement("""
            SELECT recorded_by AS by, max(recorded_at) AS at FROM (SELECT recorded_by, recorded_at FROM recordings ORDER BY recorded_at DESC LIMIT \(ClockFinding.window))
            WHERE recorded_at > ? AND recorded_by != ? GROUP BY recorded_by
            """).map([bound, author], read)
    }
}
