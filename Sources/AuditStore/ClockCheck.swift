import AuditLog
import DynamicType
import Output
import SQLite

/// What the records a store holds say about this machine's clock. A clock cannot be checked
/// against the records' times alone (a teammate may simply not have worked for two days), but it
/// can against what people saw: a recording made in sight of another (`Recording.follows`) came
/// after it, so when it is dated well before it, one of the two clocks was wrong. Two clocks alone
/// cannot say which: one running ahead looks, from either side, like the other running behind. So
/// a clock is named as the wrong one only when a third agrees, and each finding is told once.
public enum ClockFinding: Sendable, Equatable {
    /// Whose clock the evidence points at.
    public enum Blame: Sendable, Equatable {
        /// This machine's: two teammates' clocks or more disagree with it the same way.
        case thisClock
        /// The teammate's: theirs disagrees the same way with a third person's too.
        case teammate
        /// One of the two, and nothing tells which.
        case either
    }

    /// `teammate` recorded `cell` of `screen` in sight of the author's recording dated `yours`, and
    /// dated theirs `theirs`, `skew` milliseconds earlier: this clock runs ahead of theirs.
    /// `others` more teammates did the same.
    case ahead(skew: Int64, teammate: String, screen: String, cell: CellKey, yours: Timestamp, theirs: Timestamp, others: Int, blame: Blame)
    /// A record the store holds, by `author`, is dated `skew` milliseconds after this machine's
    /// clock: this clock runs behind theirs. `others` more teammates' records are.
    case later(skew: Int64, author: String, at: Timestamp, others: Int, blame: Blame)
    /// A record a file just brought (one this store did not make) is dated `skew` milliseconds
    /// after this machine's clock; `yours` when it is signed with the author's own name.
    case brought(skew: Int64, record: AddedRecord, yours: Bool)

    /// How far apart two clocks may be before anybody is told, and how far a store dates what it
    /// records after a later record it holds (`ownTime`): clocks a few minutes apart are ordinary,
    /// and beyond this the gap stays visible in what people record in sight of each other.
    public static let tolerance: Int64 = 60 * 60 * 1000

    /// How many of the latest recordings are looked at: a clock check is a hint, and must not cost
    /// what the audit's size does.
    static let window = 1000

    /// `2 days`, `5 hours`, `40 minutes`, `7973 years`.
    public static func duration(_ milliseconds: Int64) -> String {
        let minutes = milliseconds / 60_000
        if minutes >= 2 * 365 * 24 * 60 { return counted(Int(minutes / (365 * 24 * 60 + 6 * 60)), "year") }
        if minutes >= 36 * 60 { return counted(Int((minutes + 12 * 60) / (24 * 60)), "day") }
        if minutes >= 90 { return counted(Int((minutes + 30) / 60), "hour") }
        return counted(Int(minutes), "minute")
    }

    /// What the finding is about, so that it is told once: clocks apart the same way by about the
    /// same time, with the same one to blame. A clock that drifts further, or a third clock that
    /// settles whose it is, is news; the same gap seen again through another record is not.
    var key: String {
        switch self {
        case .ahead(let skew, _, _, _, _, _, _, let blame):
            "ahead \(Self.duration(skew)) \(blame)"
        case .later(let skew, _, _, _, let blame):
            "later \(Self.duration(skew)) \(blame)"
        case .brought(let skew, let record, let yours):
            yours ? "brought \(record.id)" : "later \(Self.duration(skew)) either"
        }
    }

    /// The newest of `added` (what an import or sync took in) when it is dated more than the
    /// tolerance after `now`: every record a file brings is looked at, whoever it is signed by.
    public static func brought(_ added: AddedRecord?, author: String, now: Timestamp = .now()) -> ClockFinding? {
        guard let added, added.at.milliseconds - now.milliseconds > tolerance else { return nil }
        return .brought(skew: added.at.milliseconds - now.milliseconds, record: added, yours: PersonName.key(added.by) == PersonName.key(author))
    }
}

extension AuditStore {
    /// What the store says about this machine's clock for `author`, or nil when nothing is amiss.
    /// `ahead` when teammates recorded in sight of the author's recordings and dated theirs more
    /// than `ClockFinding.tolerance` before them (and the clock has not gone back since: a clock set
    /// right is not told again); else `later` when records somebody else made (of `screen`, or the
    /// latest recordings of the whole audit without one) are dated more than that after the clock.
    public func clockFinding(for author: String, screen: Screen? = nil, now: Timestamp = .now()) throws -> ClockFinding? {
        try read {
            try clockFinding(for: author, screen: screen, times: try screen.map { try latestTimes(onScreen: $0.id, besides: author) }, now: now)
        }
    }

    /// What to tell `author` after an import or sync took records in (`added` the newest of
    /// them): what the store finds, and the record the file brought dated ahead when it is signed
    /// with the author's own name, or when the store finds nothing (not a recording, say). Each is
    /// told once, and remembered as told.
    public func clockFindingsToTell(for author: String, brought added: AddedRecord?, now: Timestamp = .now()) throws -> [ClockFinding] {
        try write {
            let found = try clockFinding(for: author, screen: nil, times: nil, now: now)
            var findings: [ClockFinding] = []
            if let brought = ClockFinding.brought(added, author: author, now: now) {
                if case .brought(_, _, true) = brought { findings.append(brought) } else if found == nil { findings.append(brought) }
            }
            if let found { findings.append(found) }
            return try findings.compactMap { try untold($0) }
        }
    }

    /// `finding`, unless it was told already; remembered as told (the last few). Inside the caller's write.
    func untold(_ finding: ClockFinding?) throws -> ClockFinding? {
        guard let finding else { return nil }
        var told = (try meta("clock_told") ?? "").split(separator: "\n").map(String.init)
        if told.contains(finding.key) { return nil }
        told = Array((told + [finding.key]).suffix(8))
        try setMeta("clock_told", told.joined(separator: "\n"))
        return finding
    }

    /// `clockFinding`, with the screen's latest times read already (`latestTimes`).
    func clockFinding(for author: String, screen: Screen?, times: LatestTimes?, now: Timestamp) throws -> ClockFinding? {
        let tolerance = ClockFinding.tolerance
        let edges = try clockEdges()
        func behind(_ who: String, than others: Set<String>) -> Bool {
            edges.contains { $0.follower == who && !others.contains($0.seen) && $0.skew > tolerance }
        }
        func ahead(_ who: String, than others: Set<String>) -> Bool {
            edges.contains { $0.seen == who && !others.contains($0.follower) && $0.skew > tolerance }
        }
        let mine = edges.filter { $0.seen == author && $0.follower != author && $0.skew > tolerance }
        if let latest = mine.last, now.milliseconds >= latest.yours.milliseconds - tolerance {
            let teammates = Set(mine.map(\.follower))
            let blame: ClockFinding.Blame = teammates.count > 1 ? .thisClock : behind(latest.follower, than: [author, latest.follower]) ? .teammate : .either
            return .ahead(skew: mine.map(\.skew).max() ?? latest.skew, teammate: latest.follower, screen: latest.screen, cell: latest.cell,
                          yours: latest.yours, theirs: latest.theirs, others: teammates.count - 1, blame: blame)
        }
        // The author's own records are left out: once their clock is set right, what it dated
        // ahead is theirs to know of, not news.
        if screen != nil {
            // Read only when the screen's latest record by somebody else is that far ahead, which is seldom.
            guard let others = times?.others, let time = Timestamp(iso8601: others), time.milliseconds - now.milliseconds > tolerance else { return nil }
        }
        let later = try recordsAhead(of: now, onScreen: screen?.id, besides: author)
        guard let latest = later.max(by: { $0.at < $1.at }) else { return nil }
        let blame: ClockFinding.Blame = later.count > 1 ? .thisClock : ahead(latest.by, than: [author, latest.by]) ? .teammate : .either
        return .later(skew: latest.at.milliseconds - now.milliseconds, author: latest.by, at: latest.at, others: later.count - 1, blame: blame)
    }
}
