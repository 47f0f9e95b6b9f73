import AuditLog
import DynamicType
import SQLite

/// What adding records to a store did.
public struct MergeOutcome: Sendable, Equatable {
    /// New records, by kind.
    public var added: [LogRecord.Kind: Int] = [:]
    /// Records the store had already, line for line.
    public var known = 0
    /// Ids that came with a line other than the store's. Only stores converted from format 1 that
    /// disagreed (or a hand-edited file) make them; the smaller line wins, in every store alike.
    public var clashes: [String] = []
    /// Clashes the other side's line won: the store's record was replaced by it.
    public var replaced = 0
    /// The new record dated latest: what the clock check looks at (`ClockFinding.brought`).
    public var latestAdded: AddedRecord?

    public init() {}

    public var addedCount: Int { added.values.reduce(0, +) }
}

/// A record a merge added, as the clock check names it.
public struct AddedRecord: Sendable, Equatable {
    public var id: String
    public var kind: LogRecord.Kind
    public var by: String
    public var at: Timestamp
}

/// A record that refers to something neither the store nor the records with it hold.
public struct DanglingReference: Error, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public var description: String { (line > 0 ? "line \(line): " : "") + message }
}

/// Adds records to the log and folds them into the tables, each by its kind (`StoreFoldable`).
/// Cheap parts are applied record by record; what depends on several records (a screen's details,
/// its shown name, a cell whose recording was taken back, the checklist, the app's name) is marked
/// (`unsettled`) and folded once at `finish`.
final class LogApplier {
    let db: Database
    private var screens: [String: (row: Int64, added: Stamp)] = [:]
    var unsettled = Unsettled()
    /// Whether the log holds any retraction: most never do, and then nothing needs looking up.
    lazy var hasRetractions: Bool = (try? db.cachedStatement("SELECT 1 FROM log WHERE target IS NOT NULL AND kind = 'retract' LIMIT 1").first { _ in true }) != nil
    /// What adding did. The records added are counted in a list of kinds, not a dictionary keyed by
    /// them, which costs a search of the program's conformances the first time: more than all of a
    /// `record` writes, which never reads the count.
    private var counts = MergeOutcome()
    private var added: [(kind: LogRecord.Kind, count: Int)] = []

    var outcome: MergeOutcome {
        var outcome = counts
        for (kind, count) in added { outcome.added[kind] = count }
        return outcome
    }
    private var items: Set<String>?
    private let currentItems: [String]?

    init(db: Database, currentItems: [String]? = nil) {
        self.db = db
        self.currentItems = currentItems
    }

    /// Adds one record read from `line` of a file (0 for records made here). Returns false, adding
    /// nothing, when what it refers to is not there yet: the caller offers it again once the rest
    /// is in, so that records may come in any order.
    func add(_ record: LogRecord, line number: Int) throws -> Bool {
        let fold = record.storeFold
        if try missing(record, fold) != nil { return false }
        let text = record.line
        if try LogTable.insert(record, line: text, at: stored(record.at), into: db) {
            try fold.apply(to: self, line: number, replacing: false)
            if let index = added.firstIndex(where: { $0.kind == record.kind }) {
                added[index].count += 1
            } else {
                added.append((record.kind, 1))
            }
            if record.at.milliseconds > counts.latestAdded?.at.milliseconds ?? .min {
                counts.latestAdded = AddedRecord(id: record.id, kind: record.kind, by: record.by, at: record.at)
            }
            return true
        }
        guard let stored = try LogTable.line(of: record.id, in: db) else { return true }
        if stored == text {
            counts.known += 1
            return true
        }
        let old = try LogTable.parse(stored)
        guard Clash.isSettleable(old, record) else {
            throw DanglingReference(line: number, message: Clash.refusal(old, record, where: "already in this store"))
        }
        counts.clashes.append(record.id)
        // The smaller line wins: a choice every store makes alike, whatever came first.
        guard text.utf8.lexicographicallyPrecedes(stored.utf8) else { return true }
        try old.storeFold.withdraw(from: self)
        counts.replaced += 1
        try LogTable.replace(record, line: text, in: db)
        try fold.apply(to: self, line: number, replacing: true)
        return true
    }

    /// What `record` refers to that the store does not hold, said as the end of a sentence; nil
    /// when everything is there.
    func missing(_ record: LogRecord) throws -> String? {
        try missing(record, record.storeFold)
    }

    private func missing(_ record: LogRecord, _ fold: any StoreFoldable) throws -> String? {
        if record.kind != .screen, let uid = record.screen, try screen(uid) == nil {
            return "refers to the screen '\(uid)', which is not in the file or the store"
        }
        if let target = record.target, try LogTable.line(of: target, in: db) == nil {
            return "names '\(target)', which is not in the file or the store"
        }
        return try fold.missing(in: self)
    }

    /// The error for a record that still refers to what is missing once everything else is in.
    func dangling(_ record: LogRecord, line: Int) throws -> DanglingReference {
        DanglingReference(line: line, message: "the \(record.kind.rawValue) record " + (try missing(record) ?? "refers to what is missing"))
    }

    // MARK: What the kinds look up

    /// The last time formatted, and its text: a record's time is written to the log and to its
    /// table, and formatting it is a good part of what an import costs.
    private var lastTime: (time: Timestamp, text: String)?

    /// `time` as the store keeps it (`Timestamp.iso8601`).
    func stored(_ time: Timestamp) -> String {
        if let lastTime, lastTime.time == time { return lastTime.text }
        let text = time.iso8601
        lastTime = (time, text)
        return text
    }

    /// A screen's row, as the fold looks it up.
    struct ScreenRow {
        /// Also what `AuditStore.rowID(of:)` asks: one statement to prepare where a write needs both.
        static let query = "SELECT id, created_at FROM screens WHERE uid = ?"

        var row: Int64
        var createdAt: Timestamp

        init(row: Row) throws {
            self.row = try row["id"]
            createdAt = try row["created_at"]
        }
    }

    /// The screen's row and the stamp of the record that added it, if the store has it.
    func screen(_ uid: String) throws -> (row: Int64, added: Stamp)? {
        if let known = screens[uid] { return known }
        guard let found = try db.cachedStatement(ScreenRow.query).first([uid], ScreenRow.init(row:)) else { return nil }
        let screen = (row: found.row, added: Stamp(at: found.createdAt, id: uid))
        screens[uid] = screen
        return screen
    }

    /// A screen just added, so that its records find it without a query.
    func remember(screen uid: String, row: Int64, added: Stamp) {
        screens[uid] = (row, added)
    }

    /// Whether some checklist of the audit has the item. The checklist in use, when the store read
    /// it already, answers for its own items (all a command's own records name) without a query.
    func knows(item: String) throws -> Bool {
        if currentItems?.contains(item) == true { return true }
        if items == nil { items = Set(try db.rows("SELECT id FROM items") { $0.string("id") }) }
        return items!.contains(item)
    }

    /// An item a checklist just brought.
    func learned(item: String) {
        items?.insert(item)
    }

    func recordingRow(_ uid: String) throws -> Int64? {
        try db.cachedStatement("SELECT id FROM recordings WHERE uid = ?").first([uid]) { $0.int64("id") }
    }

    /// The cell of the recording `uid`, if it is a recording the store holds.
    func cell(ofRecording uid: String) throws -> CellRef? {
        try db.cachedStatement("SELECT \(CellRef.columns) WHERE uid = ?").first([uid], CellRef.init(row:))
    }

    /// Whether a retraction in the log takes back `uid`.
    func isRetracted(_ uid: String) throws -> Bool {
        guard hasRetractions else { return false }
        return try db.cachedStatement("SELECT 1 FROM log WHERE target = ? AND kind = 'retract'").first([uid], { _ in true }) != nil
    }

    /// The kind and screen of a record of the log, as a record that names it checks them.
    private struct NamedRecord {
        static let columns = "kind, screen FROM log"

        var kind: String
        var screen: String?

        init(row: Row) throws {
            kind = try row["kind"]
            screen = try row["screen"]
        }
    }

    /// A record that names another (a retraction, an amendment) must name one of `kinds` on its own screen.
    func checkTarget(of record: some LogRecordKind, line: Int, kinds: [LogRecord.Kind]) throws {
        guard let target = record.targetID else { return }
        let kind = type(of: record).kind
        let found = try db.cachedStatement("SELECT \(NamedRecord.columns) WHERE uid = ?").first([target], NamedRecord.init(row:))
        let what = kinds.map(\.rawValue).joined(separator: ", ")
        guard let found else {
            throw DanglingReference(line: line, message: "the \(kind.rawValue) record names '\(target)', which is not in the file or the store")
        }
        guard kinds.map(\.rawValue).contains(found.kind), found.screen == record.screenID else {
            throw DanglingReference(line: line, message: "the \(kind.rawValue) record names '\(target)', which is not a \(what) of its screen")
        }
    }

    // MARK: Settling

    /// Folds what the records added touch together.
    func finish(store: AuditStore) throws {
        if unsettled.checklist { try store.refreshChecklist() }
        if unsettled.app { try store.refreshApp() }
        for uid in unsettled.screens.sorted() { try refold(uid) }
        if unsettled.names || !unsettled.screens.isEmpty { try refreshNames() }
        for target in unsettled.corrections.sorted() { try recomputeCorrection(target) }
        if unsettled.retractionsWithdrawn {
            // Another retraction may still take back what a replaced one named.
            for table in ["recordings", "fixes"] {
                try db.run("UPDATE \(table) SET retracted = 1 WHERE retracted = 0 AND uid IN (SELECT target FROM log WHERE kind = 'retract' AND target IS NOT NULL)")
            }
        }
        for cell in unsettled.cells { try settle(cell) }
    }

    /// Gives a cell the recording `CellRule` says stands among its live ones, or none: after a
    /// retraction, or a line replaced.
    private func settle(_ cell: CellRef) throws {
        try db.run("DELETE FROM cells WHERE screen_id = ? AND item = ? AND size = ?", [cell.screen, cell.item, cell.size])
        let live = try db.rows("SELECT \(Recording.columns) WHERE r.screen_id = ? AND r.item = ? AND r.size = ? AND r.retracted = 0",
                               [cell.screen, cell.item, cell.size], Recording.init(row:))
        guard let standing = CellRule.standing(among: live) else { return }
        try db.run("""
            INSERT INTO cells (screen_id, item, size, recording_id, status, recorded_at, uid, round)
            SELECT screen_id, item, size, id, status, recorded_at, uid, round FROM recordings WHERE uid = ?
            """, [standing.id])
    }

    /// Writes a screen's folded details into its row and its file patterns.
    private func refold(_ uid: String) throws {
        let records = try LogTable.records(screen: uid, kinds: [.screen, .edit], in: db)
        guard let fold = ScreenFold(records), let row = try screen(uid) else { return }
        let screen = fold.screen
        try db.run("""
            UPDATE screens SET given_name = ?, flow = ?, critical = ?, owner = ?, notes = ?, triage = ?, removed = ?, created_at = ?, created_by = ?
            WHERE id = ?
            """, [screen.name, screen.flow, screen.critical, screen.owner, screen.notes, screen.triage?.rawValue, fold.removed,
                  screen.createdAt.iso8601, screen.createdBy, row.row])
        try db.run("DELETE FROM screen_files WHERE screen_id = ?", [row.row])
        for pattern in screen.files { try db.run("INSERT INTO screen_files (screen_id, pattern) VALUES (?, ?)", [row.row, pattern]) }
        screens[uid] = (row.row, Stamp(at: screen.createdAt, id: uid))
    }

    /// A live screen's given name, as `ScreenNames` weighs it.
    private struct GivenName {
        static let columns = "uid, given_name, created_at FROM screens"

        var id: String
        var name: String
        var createdAt: Timestamp

        init(row: Row) throws {
            id = try row["uid"]
            name = try row["given_name"]
            createdAt = try row["created_at"]
        }
    }

    /// A screen's shown name and the key it is looked up by.
    private struct ShownName {
        static let columns = "id, name, name_key FROM screens"

        var row: Int64
        var name: String
        var key: String

        init(row: Row) throws {
            self.row = try row["id"]
            name = try row["name"]
            key = try row["name_key"]
        }
    }

    /// Gives every live screen a name of its own (`ScreenNames`).
    private func refreshNames() throws {
        let live = try db.rows("SELECT \(GivenName.columns) WHERE removed = 0", [], GivenName.init(row:))
        let shown = ScreenNames.disambiguated(live.map { ($0.id, $0.name, $0.createdAt) })
        try db.run("UPDATE screens SET name = given_name, name_key = lower(given_name) WHERE name != given_name OR removed = 1")
        for (uid, name) in shown {
            try db.run("UPDATE screens SET name = ?, name_key = ? WHERE uid = ?", [name, name.lowercased(), uid])
        }
        // SQLite's lower() folds ASCII only: keys of other names are set here.
        let others = try db.rows("SELECT \(ShownName.columns) WHERE name GLOB '*[^ -~]*'", [], ShownName.init(row:))
        for other in others where other.key != other.name.lowercased() {
            try db.run("UPDATE screens SET name_key = ? WHERE id = ?", [other.name.lowercased(), other.row])
        }
    }

    private func recomputeCorrection(_ target: String) throws {
        try db.run("DELETE FROM corrections WHERE target = ?", [target])
        let amendments = try LogTable.records(target: target, kind: .amend, in: db)
        guard let latest = amendments.max(by: { Stamp($0) < Stamp($1) }), case .amend(let amendment) = latest else { return }
        try db.run("INSERT INTO corrections (target, note, at, uid) VALUES (?, ?, ?, ?)",
                   [target, amendment.note, amendment.at.iso8601, amendment.id])
    }
}
