import AuditLog
import DynamicType
import SQLite

extension Recording {
    /// The columns `init(row:)` reads, from `recordings r` joined with `screens s`; the note is the
    /// latest correction's when there is one (`corrections c`).
    static let columns = """
        r.uid, s.uid AS screen, r.item, r.size, r.status, CASE WHEN c.target IS NULL THEN r.note ELSE c.note END AS note, r.recorded_by, r.recorded_at, r.run,
        r.findings, r.follows, r.round FROM recordings r JOIN screens s ON s.id = r.screen_id LEFT JOIN corrections c ON c.target = r.uid
        """

    init(row: Row) throws {
        self.init(id: try row["uid"], screen: try row["screen"], item: try row["item"], size: try row["size"], status: try row["status"],
                  note: try row["note"], run: try row["run"],
                  findings: try (row["findings"] as String?).flatMap(RecordedFinding.read(json:)), follows: try row["follows"], round: try row["round"],
                  by: try row["recorded_by"], at: try row["recorded_at"])
    }

    /// The same, sharing one copy of the texts that repeat across thousands of recordings (items,
    /// authors, notes), so that reading a whole audit does not allocate them again and again.
    init(row: Row, strings: inout StringTable) throws {
        self.init(id: try row["uid"], screen: strings.intern(try row["screen"]), item: strings.intern(try row["item"]), size: try row["size"],
                  status: try row["status"], note: try (row["note"] as String?).map { strings.intern($0) },
                  run: try (row["run"] as String?).map { strings.intern($0) },
                  findings: try (row["findings"] as String?).flatMap(RecordedFinding.read(json:)), follows: try row["follows"], round: try row["round"],
                  by: strings.intern(try row["recorded_by"]), at: try row["recorded_at"])
    }
}

/// Gives the same `String` for text seen before, so that texts repeated across thousands of
/// records share one copy instead of taking memory each.
public struct StringTable {
    private var strings = Set<String>()
    /// Past this many different strings, text is no longer kept: it is unlikely to repeat.
    static let capacity = 1 << 14

    public init() {}

    /// `text`, or the equal string seen before. Short strings are stored inline and need no table.
    public mutating func intern(_ text: String) -> String {
        if text.utf8.count <= 15 { return text }
        if let known = strings.firstIndex(of: text) { return strings[known] }
        if strings.count < StringTable.capacity { strings.insert(text) }
        return text
    }
}

extension Fix {
    /// The columns `init(row:items:)` reads, from `fixes f` joined with `screens s` and `corrections c`.
    static let columns = """
        f.uid, s.uid AS screen, f.type, CASE WHEN c.target IS NULL THEN f.note ELSE c.note END AS note, f.ref, f.fixed_by, f.fixed_at, f.id
        FROM fixes f JOIN screens s ON s.id = f.screen_id LEFT JOIN corrections c ON c.target = f.uid
        """

    /// Reads the columns of `Fix.columns` but the row id (`id`).
    init(row: Row, items: [String]) throws {
        self.init(id: try row["uid"], screen: try row["screen"], type: try row["type"], items: items, note: try row["note"], ref: try row["ref"],
                  by: try row["fixed_by"], at: try row["fixed_at"])
    }
}

/// A screen's latest record times, as stored (`AuditStore.latestTimes`).
struct LatestTimes {
    var all: String?
    var others: String?
}

extension AuditStore {
    /// The time for what this store records now on `screen`: the clock, or a millisecond after the
    /// latest record the store holds for the screen when that is later by at most the clock check's
    /// tolerance (a teammate's clock minutes ahead), so that what is recorded here comes after what
    /// was known. A gap larger than that is left as the clocks give it: it is the evidence the
    /// clock check names the wrong clock by, and that clock is told to be set right.
    public func ownTime(on screen: Screen, now: Timestamp = .now()) throws -> Timestamp {
        try ownTime(onScreen: screen.id, now: now)
    }

    /// The store's own time for one write that records on several screens at once (an import, a
    /// take-back of records on several screens): after what the store holds for each of them.
    public func ownTime(onScreens ids: some Sequence<String>, now: Timestamp = .now()) throws -> Timestamp {
        try Set(ids).reduce(now) { try max($0, ownTime(onScreen: $1, now: now)) }
    }

    /// `ownTime(on:)` for the screen with this id.
    public func ownTime(onScreen id: String, now: Timestamp = .now()) throws -> Timestamp {
        // One statement reads one consistent state: it needs no transaction of its own.
        let latest = try db.first("SELECT max(at) AS latest FROM log WHERE screen = ?", [id]) { $0.optionalString("latest") } ?? nil
        return Self.ownTime(after: latest, now: now)
    }

    /// The latest time among a screen's records, and among those somebody other than `author`
    /// made: what a write to the screen dates itself after (`ownTime`) and what the clock check
    /// compares with (`clockFinding`). Both come from the end of the index by screen and time, the
    /// second walked back over the author's own latest records only, so that a screen with a long
    /// history costs no more than a new one.
    func latestTimes(onScreen id: String, besides author: String) throws -> LatestTimes {
        try db.cachedStatement(Self.latestTimesQuery)
            .first([id, author]) { LatestTimes(all: $0.optionalString("latest"), others: $0.optionalString("others")) } ?? LatestTimes()
    }

    /// What `latestTimes` asks, with the screen's id and the author.
    static let latestTimesQuery = """
        SELECT (SELECT max(at) FROM log WHERE screen = ?1) AS latest,
               (SELECT at FROM log WHERE screen = ?1 AND by != ?2 ORDER BY at DESC LIMIT 1) AS others
        """

    /// The store's own time after `latest`, the latest time it holds for a screen (`ownTime`).
    static func ownTime(after latest: String?, now: Timestamp) -> Timestamp {
        // A time beyond what a file may carry (a store that took one in before it was refused) is
        // not followed: it would carry what is recorded here out of the years a time can have.
        guard let latest, let held = Timestamp(iso8601: latest), held >= now, held.milliseconds - now.milliseconds <= ClockFinding.tolerance else { return now }
        return Timestamp(milliseconds: held.milliseconds + 1)
    }

    /// Records `status` for each cell; returns the new recordings, in cell order. Without a time,
    /// the store's own time for the screen (`ownTime`).
    @discardableResult
    public func record(screen: Screen, cells: [(item: String, size: Size)], status: ResultStatus, note: String?, run: String? = nil,
                       findings: [RecordedFinding]? = nil, by author: String, at time: Timestamp? = nil) throws -> [Recording] {
        let time = try time ?? ownTime(on: screen)
        let note = try note.flatMap { try InputRules.note($0) }
        let run = try run.map { try InputRules.name($0, what: "the run's name") }
        let author = try InputRules.name(author, what: "the auditor's name")
        let row = try rowID(of: screen)
        let recordings = try cells.map { cell in
            let before = try highestRecording(screen: row, item: cell.item, size: cell.size)
            return Recording(id: makeID(), screen: screen.id, item: cell.item, size: cell.size, status: status, note: note, run: run,
                             findings: findings, follows: before?.id, round: before.map { min($0.round, Recording.maximumRound - 1) + 1 } ?? 0, by: author, at: time)
        }
        try append(recordings.map(LogRecord.recording))
        return recordings
    }

    /// The recording of a cell that ranks highest in this store (`CellRule`), taken back or not:
    /// what a recording made now follows.
    func highestRecording(screen row: Int64, item: String, size: Size) throws -> (id: String, round: Int)? {
        try db.cachedStatement("""
            SELECT uid, round FROM recordings WHERE screen_id = ? AND item = ? AND size = ?
            ORDER BY round DESC, recorded_at DESC, uid DESC LIMIT 1
            """).first([row, item, size.id]) { (id: try $0["uid"], round: try $0["round"]) }
    }

    /// Records a fix to `screen` that addresses `items`, at the store's own time for the screen
    /// unless a time is given.
    @discardableResult
    public func addFix(screen: Screen, type: FixType, items: [String], note: String?, ref: String?,
                       by author: String, at time: Timestamp? = nil) throws -> Fix {
        let time = try time ?? ownTime(on: screen)
        let fix = Fix(id: makeID(), screen: screen.id, type: type, items: items, note: try note.flatMap { try InputRules.note($0) },
                      ref: try ref.flatMap { try InputRules.note($0, what: "the reference") },
                      by: try InputRules.name(author, what: "the author's name"), at: time)
        try append([.fix(fix)])
        return fix
    }

    /// Takes back recordings, fixes or evidence attachments: they stay in the history, marked,
    /// and count nowhere. In one write of its own, at the store's own time for the targets'
    /// screens unless a time is given. Returns the retractions made.
    @discardableResult
    public func retract(_ targets: [LogRecord], note: String?, by author: String, at time: Timestamp? = nil) throws -> [Retraction] {
        let note = try note.flatMap { try InputRules.note($0) }
        let author = try InputRules.name(author, what: "the author's name")
        return try write {
            var screens: [(target: LogRecord, screen: String)] = []
            for target in targets {
                guard let screen = target.screen, Retraction.targetKinds.contains(target.kind) else {
                    throw InputError("'\(target.id)' is a \(target.kind.rawValue) record; only recordings, fixes and evidence can be taken back")
                }
                if try isRetracted(target.id) { throw InputError("'\(target.id)' was taken back already") }
                screens.append((target, screen))
            }
            // After everything the store holds for each screen: the retraction is their latest word.
            let time = try time ?? ownTime(onScreens: screens.map(\.screen))
            let retractions = screens.map { Retraction(id: makeID(), screen: $0.screen, target: $0.target.id, note: note, by: author, at: time) }
            try append(retractions.map(LogRecord.retract))
            return retractions
        }
    }

    /// What `undo` takes back: the latest recordings, fix or evidence `author` made (those of one
    /// command share a time) that nobody has taken back yet. Empty when there is none.
    public func latestUndoable(by author: String) throws -> [LogRecord] {
        try read {
            let undoable = "by = ? AND \(LogTable.kind(in: Retraction.targetKinds)) AND NOT EXISTS (\(Self.retractionOfLogRecord))"
            guard let latest = try db.first("SELECT max(at) AS latest FROM log WHERE \(undoable)", [author], { $0.optionalString("latest") }) ?? nil else { return [] }
            return try db.rows("SELECT line FROM log WHERE \(undoable) AND at = ? ORDER BY uid", [author, latest]) { try LogTable.parse($0.string("line")) }
        }
    }

    /// A retraction of the `log` row the query is at.
    private static let retractionOfLogRecord = "SELECT 1 FROM log r WHERE r.target = log.uid AND r.\(LogTable.kind(is: .retract))"

    /// What `back` in a guided audit takes back once the walk has nothing of its own to: the latest
    /// recordings `author` made on `screen` (those of one answer or command share a time) that
    /// nobody has taken back yet, as `undo` would find them. Empty when there is none.
    public func latestUndoableRecordings(by author: String, on screen: Screen) throws -> [Recording] {
        try read {
            let undoable = "by = ? AND \(LogTable.kind(is: .recording)) AND screen = ? AND NOT EXISTS (\(Self.retractionOfLogRecord))"
            guard let latest = try db.first("SELECT max(at) AS latest FROM log WHERE \(undoable)", [author, screen.id], { $0.optionalString("latest") }) ?? nil else { return [] }
            return try db.rows("SELECT line FROM log WHERE \(undoable) AND at = ? ORDER BY uid", [author, screen.id, latest]) { try LogTable.parse($0.string("line")) }
                .compactMap { record in if case .recording(let recording) = record { recording } else { nil } }
        }
    }

    /// Corrects the note of a recording or fix (nil clears it), in one write of its own, at the
    /// store's own time for its screen unless a time is given.
    @discardableResult
    public func amend(_ target: LogRecord, note: String?, by author: String, at time: Timestamp? = nil) throws -> Amendment {
        guard let screen = target.screen, Amendment.targetKinds.contains(target.kind) else {
            throw InputError("'\(target.id)' is a \(target.kind.rawValue) record; only the notes of recordings and fixes can be corrected")
        }
        let note = try note.flatMap { try InputRules.note($0) }
        let author = try InputRules.name(author, what: "the author's name")
        return try write {
            let amendment = Amendment(id: makeID(), screen: screen, target: target.id, note: note, by: author, at: try time ?? ownTime(onScreen: screen))
            try append([.amend(amendment)])
            return amendment
        }
    }

    /// The live fixes of one screen, or of every screen, oldest first, with corrected notes.
    public func fixes(of screen: Screen? = nil) throws -> [Fix] {
        try read {
            // One screen's fixes need only their own items, not the whole table's. Those few are
            // kept in a list: a dictionary keyed by row ids would cost a search of the program's
            // conformances the first time, more than `record` spends on the screen's fixes.
            var items: [Int64: [String]] = [:]
            var screenItems: [(fix: Int64, item: String)] = []
            let itemsSQL = screen == nil ? "SELECT fix_id, item FROM fix_items" : """
                SELECT i.fix_id, i.item FROM fix_items i JOIN fixes f ON f.id = i.fix_id JOIN screens s ON s.id = f.screen_id WHERE s.uid = ?
                """
            try db.cachedStatement(itemsSQL).forEach(screen.map { [$0.id] } ?? []) { row in
                if screen == nil {
                    items[row.int64("fix_id"), default: []].append(row.string("item"))
                } else {
                    screenItems.append((row.int64("fix_id"), row.string("item")))
                }
            }
            let position = Dictionary(try checklist().items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let filter = screen == nil ? "" : " AND s.uid = ?"
            return try db.rows("SELECT \(Fix.columns) WHERE f.retracted = 0\(filter) ORDER BY f.fixed_at, f.uid", screen.map { [$0.id] } ?? []) { row in
                let id = row.int64("id")
                let unsorted = screen == nil ? items[id] ?? [] : screenItems.filter { $0.fix == id }.map(\.item)
                let fixItems = unsorted.sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) }
                return try Fix(row: row, items: fixItems)
            }
        }
    }

    /// The live recordings of one screen, or of all, oldest first (ties broken by id), with
    /// corrected notes.
    public func recordings(of screen: Screen? = nil) throws -> [Recording] {
        try read {
            let filter = screen == nil ? "" : " AND s.uid = ?"
            var strings = StringTable()
            return try db.rows("SELECT \(Recording.columns) WHERE r.retracted = 0\(filter) ORDER BY r.recorded_at, r.uid",
                               screen.map { [$0.id] } ?? []) { try Recording(row: $0, strings: &strings) }
        }
    }

    /// The items whose latest recording on `screen` is a failure, in checklist order.
    public func failingItems(of screen: Screen) throws -> [String] {
        let failing = Set(try db.rows("SELECT DISTINCT item FROM cells WHERE screen_id = ? AND status = 'fail'", [try rowID(of: screen)]) { $0.string("item") })
        return try checklist().items.map(\.id).filter(failing.contains)
    }
}
