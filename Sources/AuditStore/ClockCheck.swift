import AuditLog
import DynamicType
import SQLite

/// What the records a store holds say about this machine's clock. A clock cannot be checked
/// against the records' times alone (a teammate may simply not have worked for two days), but it
/// can against what people saw: a recording made in sight of another (`Recording.follows`) came
/// after it, so when it is dated well before it, one of the two clocks was wrong.
public enum ClockFinding: Sendable, Equatable {
    /// This machine's clock runs ahead: `teammate` recorded `cell` of `screen` in sight of the
    /// author's recording dated `yours`, and dated theirs `theirs`, `skew` milliseconds earlier.
    case ahead(skew: Int64, teammate: String, screen: String, cell: CellKey, yours: Timestamp, theirs: Timestamp)
    /// A record the store holds, by `author`, is dated `skew` milliseconds after this machine's
    /// clock: this clock runs behind, or theirs ahead. What is recorded in sight of it stands over it.
    case later(skew: Int64, author: String, at: Timestamp)

    /// How far apart two clocks may be before anybody is told: clocks a few minutes apart are
    /// ordinary, and `ownTime` keeps what is recorded here after them anyway.
    public static let tolerance: Int64 = 60 * 60 * 1000

    /// How many of the latest recordings are looked at: a clock check is a hint, and must not cost
    /// what the audit's size does.
    static let window = 1000

    /// `2 days`, `5 hours`, `40 minutes`.
    public static func duration(_ milliseconds: Int64) -> String {
        let minutes = milliseconds / 60_000
        func counted(_ count: Int64, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        if minutes >= 36 * 60 { return counted((minutes + 12 * 60) / (24 * 60), "day") }
        if minutes >= 90 { return counted((minutes + 30) / 60, "hour") }
        return counted(minutes, "minute")
    }
}

extension AuditStore {
    /// What the store says about this machine's clock for `author`, or nil when nothing is amiss.
    /// `ahead` when the latest recording a teammate made in sight of one of the author's is dated
    /// more than `ClockFinding.tolerance` before it (and the clock has not gone back since: a clock
    /// set right is not told again); else `later` for the latest record of `screen` (the latest
    /// recording of the whole audit without one) that somebody else made, when it is dated more
    /// than that after the clock.
    public func clockFinding(for author: String, screen: Screen? = nil, now: Timestamp = .now()) throws -> ClockFinding? {
        try read {
            try clockFinding(for: author, screen: screen, times: try screen.map { try latestTimes(onScreen: $0.id, besides: author) }, now: now)
        }
    }

    /// `clockFinding`, with the screen's latest times read already (`latestTimes`).
    func clockFinding(for author: String, screen: Screen?, times: LatestTimes?, now: Timestamp) throws -> ClockFinding? {
        if let followed = try latestFollowed(by: author) {
            let skew = followed.yours.milliseconds - followed.theirs.milliseconds
            if skew > ClockFinding.tolerance, now.milliseconds >= followed.yours.milliseconds - ClockFinding.tolerance {
                return .ahead(skew: skew, teammate: followed.teammate, screen: followed.screen, cell: followed.cell,
                              yours: followed.yours, theirs: followed.theirs)
            }
        }
        // The author's own records are left out: once their clock is set right, what it dated
        // ahead is theirs to know of, not news.
        let latest: (at: Timestamp, by: String)?
        if let screen {
            // Who made the latest is read only when it is that far ahead, which is seldom.
            guard let others = times?.others else { return nil }
            if let time = Timestamp(iso8601: others), time.milliseconds - now.milliseconds <= ClockFinding.tolerance { return nil }
            latest = try db.first("SELECT at, by FROM log WHERE screen = ? AND by != ? AND at = ? LIMIT 1", [screen.id, author, others]) { row in
                (at: try row["at"] as Timestamp, by: try row["by"] as String)
            }
        } else {
            // The audit's latest recording comes from the index of recordings by time, not a scan of the log.
            latest = try db.first("""
                SELECT recorded_at AS at, recorded_by AS by FROM (SELECT * FROM recordings ORDER BY recorded_at DESC LIMIT \(ClockFinding.window))
                WHERE recorded_by != ? ORDER BY recorded_at DESC LIMIT 1
                """, [author]) { row in (at: try row["at"] as Timestamp, by: try row["by"] as String) }
        }
        if let latest, latest.at.milliseconds - now.milliseconds > ClockFinding.tolerance {
            return .later(skew: latest.at.milliseconds - now.milliseconds, author: latest.by, at: latest.at)
        }
        return nil
    }
}

/// The latest recording a teammate made in sight of one of the author's: the one that follows it.
struct FollowedRecording: Equatable {
    var yours: Timestamp
    var theirs: Timestamp
    var teammate: String
    var screen: String
    var cell: CellKey

    /// Reads the columns yours, theirs, teammate, screen, item and size, by name.
    init?(row: Row) throws {
        guard let size = Size(name: try row["size"] as String) else { return nil }
        yours = try row["yours"]
        theirs = try row["theirs"]
        teammate = try row["teammate"]
        screen = try row["screen"]
        cell = CellKey(item: try row["item"], size: size)
    }
}

extension AuditStore {
    /// Among the latest `ClockFinding.window` recordings (by time, then id), the latest that a
    /// teammate made in sight of a recording by `author`, so that asking costs the same in an
    /// audit of any size. The window is bounded by its oldest entry, read from the index by time
    /// alone (none in an audit of fewer recordings: the empty text comes before any time); the
    /// recordings in it made in sight of another are then walked from the latest down, through
    /// their own index (`recordings_following`), and the walk stops at the first that answers.
    func latestFollowed(by author: String) throws -> FollowedRecording? {
        try db.cachedStatement(latestFollowedQuery).first([author, author], FollowedRecording.init(row:)) ?? nil
    }

    /// What `latestFollowed` asks, with the author twice.
    var latestFollowedQuery: String {
        """
        SELECT a.recorded_at AS yours, b.recorded_at AS theirs, b.recorded_by AS teammate, s.name AS screen, b.item, b.size
        FROM recordings b JOIN recordings a ON a.uid = b.follows JOIN screens s ON s.id = b.screen_id
        WHERE (b.recorded_at, b.uid) >= (SELECT ifnull(max(recorded_at), ''), ifnull(max(uid), '') FROM (SELECT recorded_at, uid FROM recordings
                                         ORDER BY recorded_at DESC, uid DESC LIMIT 1 OFFSET \(ClockFinding.window - 1)))
            AND b.follows IS NOT NULL AND a.recorded_by = ? AND b.recorded_by != ?
        ORDER BY b.recorded_at DESC, b.uid DESC LIMIT 1
        """
    }
}
