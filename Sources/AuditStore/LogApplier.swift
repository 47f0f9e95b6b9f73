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

    public init() {}

    public var addedCount: Int { added.values.reduce(0, +) }
}

/// A record that refers to something neither the store nor the records with it hold.
public struct DanglingReference: Error, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public var description: String { (line > 0 ? "line \(line): " : "") + message }
}

/// Adds records to the log and folds them into the tables. Cheap parts are applied record by
/// record; what depends on several records (a screen's details, its shown name, a cell whose
/// recording was taken back, the checklist, the app's name) is marked and folded once at `finish`.
final class LogApplier {
    let db: Database
    private var screens: [String: (row: Int64, added: Stamp)] = [:]
    private var dirtyScreens = Set<String>()
    private var dirtyCells = Set<CellRef>()
    private var dirtyCorrections = Set<String>()
    private var checklistChanged = false
    private var appChanged = false
    private var namesChanged = false
    private var retractionWithdrawn = false
    /// Whether the log holds any retraction: most never do, and then nothing needs looking up.
    private lazy var hasRetractions: Bool = (try? db.statement("SELECT 1 FROM log WHERE target IS NOT NULL AND kind = 'retract' LIMIT 1").first { _ in true }) != nil
    private(set) var outcome = MergeOutcome()

    struct CellRef: Hashable {
        var screen: Int64
        var item: String
        var size: String
    }

    init(db: Database) {
        self.db = db
    }

    /// Adds one record read from `line` of a file (0 for records made here). Returns false, adding
    /// nothing, when what it refers to is not there yet: the caller offers it again once the rest
    /// is in, so that records may come in any order.
    func add(_ record: LogRecord, line number: Int) throws -> Bool {
        if try missing(record) != nil { return false }
        let text = record.line
        let at = record.at.iso8601
        if try LogTable.insert(record, line: text, at: at, into: db) {
            try apply(record, line: number, at: at)
            outcome.added[record.kind, default: 0] += 1
            return true
        }
        guard let stored = try LogTable.line(of: record.id, in: db) else { return true }
        if stored == text {
            outcome.known += 1
            return true
        }
        let old = try LogTable.parse(stored)
        guard Clash.isSettleable(old, record) else {
            throw DanglingReference(line: number, message: Clash.refusal(old, record, where: "already in this store"))
        }
        outcome.clashes.append(record.id)
        // The smaller line wins: a choice every store makes alike, whatever came first.
        guard text.utf8.lexicographicallyPrecedes(stored.utf8) else { return true }
        try withdraw(old)
        try LogTable.replace(record, line: text, in: db)
        try apply(record, line: number, replacing: true)
        return true
    }

    /// What `record` refers to that the store does not hold, said as the end of a sentence; nil
    /// when everything is there.
    func missing(_ record: LogRecord) throws -> String? {
        if record.kind != .screen, let uid = record.screen, try screen(uid) == nil {
            return "refers to the screen '\(uid)', which is not in the file or the store"
        }
        switch record {
        case .recording(let recording):
            return try knows(item: recording.item) ? nil : "refers to the item '\(recording.item)', which no checklist of the audit has"
        case .fix(let fix):
            for item in fix.items where try !knows(item: item) { return "refers to the item '\(item)', which no checklist of the audit has" }
        case .evidence(let evidence):
            if let item = evidence.item, try !knows(item: item) { return "refers to the item '\(item)', which no checklist of the audit has" }
            if let recording = evidence.recording, try recordingRow(recording) == nil {
                return "refers to the recording '\(recording)', which is not in the file or the store"
            }
        case .retract, .amend:
            if let target = record.target, try LogTable.line(of: target, in: db) == nil {
                return "names '\(target)', which is not in the file or the store"
            }
        default:
            break
        }
        return nil
    }

    /// The error for a record that still refers to what is missing once everything else is in.
    func dangling(_ record: LogRecord, line: Int) throws -> DanglingReference {
        DanglingReference(line: line, message: "the \(record.kind.rawValue) record " + (try missing(record) ?? "refers to what is missing"))
    }

    /// The screen's row and the stamp of the record that added it, if the store has it.
    func screen(_ uid: String) throws -> (row: Int64, added: Stamp)? {
        if let known = screens[uid] { return known }
        guard let found = try db.statement("SELECT id, created_at FROM screens WHERE uid = ?").first([uid], { row -> (row: Int64, added: Stamp) in
            let id: Int64 = try row[0]
            let added: Timestamp = try row[1]
            return (id, Stamp(at: added, id: uid))
        }) else { return nil }
        screens[uid] = found
        return found
    }

    private var items: Set<String>?

    /// Whether some checklist of the audit has the item.
    private func knows(item: String) throws -> Bool {
        if items == nil { items = Set(try db.rows("SELECT id FROM items") { $0.string(0) }) }
        return items!.contains(item)
    }

    private func recordingRow(_ uid: String) throws -> Int64? {
        try db.statement("SELECT id FROM recordings WHERE uid = ?").first([uid]) { $0.int64(0) }
    }

    /// Whether a retraction in the log takes back `uid`.
    private func isRetracted(_ uid: String) throws -> Bool {
        guard hasRetractions else { return false }
        return try db.statement("SELECT 1 FROM log WHERE target = ? AND kind = 'retract'").first([uid], { _ in true }) != nil
    }

    private func apply(_ record: LogRecord, line: Int, at: String? = nil, replacing: Bool = false) throws {
        switch record {
        case .audit:
            appChanged = true
        case .checklist(let adoption):
            for item in adoption.checklist.items {
                items?.insert(item.id)
                try db.statement("""
                    INSERT INTO items (id, position, title, how_to_check, sizes, severity, scaling, fix, wcag, current)
                    VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT (id) DO NOTHING
                    """).run([item.id, item.title, item.howToCheck, item.sizes.map(\.id).joined(separator: ","), item.severity.rawValue,
                              item.scaling, item.fix?.rawValue, item.wcag.joined(separator: ",")])
            }
            checklistChanged = true
        case .screen(let screen):
            if !replacing {
                try db.statement("""
                    INSERT INTO screens (uid, name, name_key, given_name, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)
                    """).run([screen.id, screen.name, screen.key, screen.name, screen.createdAt.iso8601, screen.createdBy])
                screens[screen.id] = (db.lastInsertedRowID, Stamp(at: screen.createdAt, id: screen.id))
            }
            dirtyScreens.insert(screen.id)
            namesChanged = true
        case .edit(let edit):
            dirtyScreens.insert(edit.screen)
            namesChanged = true
        case .recording(let recording):
            guard let row = try screen(recording.screen)?.row else { return }
            let retracted = try isRetracted(recording.id)
            if replacing {
                try db.run("""
                    UPDATE recordings SET screen_id = ?, item = ?, size = ?, status = ?, note = ?, run = ?, recorded_by = ?, recorded_at = ?, retracted = ?
                    WHERE uid = ?
                    """, [row, recording.item, recording.size.id, recording.status.rawValue, recording.note, recording.run, recording.by,
                          recording.at.iso8601, retracted, recording.id])
                dirtyCells.insert(CellRef(screen: row, item: recording.item, size: recording.size.id))
            } else {
                try db.statement("""
                    INSERT INTO recordings (uid, screen_id, item, size, status, note, run, recorded_by, recorded_at, retracted)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).run([recording.id, row, recording.item, recording.size.id, recording.status.rawValue, recording.note, recording.run,
                              recording.by, at ?? recording.at.iso8601, retracted])
            }
        case .fix(let fix):
            guard let row = try screen(fix.screen)?.row else { return }
            try db.statement("""
                INSERT INTO fixes (uid, screen_id, type, note, ref, fixed_by, fixed_at, retracted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).run([fix.id, row, fix.type.rawValue, fix.note, fix.ref, fix.by, fix.at.iso8601, try isRetracted(fix.id)])
            let id = db.lastInsertedRowID
            for item in fix.items { try db.statement("INSERT OR IGNORE INTO fix_items (fix_id, item) VALUES (?, ?)").run([id, item]) }
        case .evidence(let evidence):
            guard let row = try screen(evidence.screen)?.row else { return }
            let recordingRow = try evidence.recording.flatMap { try self.recordingRow($0) }
            try db.statement("""
                INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (hash) DO NOTHING
                """).run([evidence.hash, evidence.kind.rawValue, evidence.bytes, evidence.name, evidence.at.iso8601, evidence.by])
            if try isRetracted(evidence.id) { return }
            try db.statement("""
                INSERT INTO evidence_links (uid, hash, screen_id, size, item, recording_id, name, attached_by, attached_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run([evidence.id, evidence.hash, row, evidence.size.id, evidence.item, recordingRow, evidence.name, evidence.by,
                          evidence.at.iso8601])
        case .retract(let retraction):
            try checkTarget(of: record, line: line, kinds: [.recording, .fix, .evidence])
            hasRetractions = true
            try takeBack(retraction.target)
        case .amend(let amendment):
            try checkTarget(of: record, line: line, kinds: [.recording, .fix])
            if replacing {
                dirtyCorrections.insert(amendment.target)
            } else {
                try db.statement("""
                    INSERT INTO corrections (target, note, at, uid) VALUES (?, ?, ?, ?)
                    ON CONFLICT (target) DO UPDATE SET note = excluded.note, at = excluded.at, uid = excluded.uid
                    WHERE excluded.at > corrections.at OR (excluded.at = corrections.at AND excluded.uid > corrections.uid)
                    """).run([amendment.target, amendment.note, amendment.at.iso8601, amendment.id])
            }
        }
    }

    /// A retraction or amendment must name a record of the right kind on the same screen.
    private func checkTarget(of record: LogRecord, line: Int, kinds: [LogRecord.Kind]) throws {
        guard let target = record.target else { return }
        let found = try db.statement("SELECT kind, screen FROM log WHERE uid = ?").first([target]) { (kind: $0.string(0), screen: $0.optionalString(1)) }
        let what = kinds.map(\.rawValue).joined(separator: ", ")
        guard let found else {
            throw DanglingReference(line: line, message: "the \(record.kind.rawValue) record names '\(target)', which is not in the file or the store")
        }
        guard kinds.map(\.rawValue).contains(found.kind), found.screen == record.screen else {
            throw DanglingReference(line: line, message: "the \(record.kind.rawValue) record names '\(target)', which is not a \(what) of its screen")
        }
    }

    private func takeBack(_ target: String) throws {
        if let cell = try db.statement("SELECT screen_id, item, size FROM recordings WHERE uid = ?").first([target], { row in
            CellRef(screen: row.int64(0), item: row.string(1), size: row.string(2))
        }) {
            try db.run("UPDATE recordings SET retracted = 1 WHERE uid = ?", [target])
            dirtyCells.insert(cell)
        }
        try db.run("UPDATE fixes SET retracted = 1 WHERE uid = ?", [target])
        try db.run("DELETE FROM evidence_links WHERE uid = ?", [target])
    }

    /// Undoes what a record's line did, before the smaller line of the same id takes its place.
    private func withdraw(_ old: LogRecord) throws {
        switch old {
        case .audit: appChanged = true
        case .checklist: checklistChanged = true
        case .screen(let screen): dirtyScreens.insert(screen.id)
        case .edit(let edit): dirtyScreens.insert(edit.screen)
        case .recording(let recording):
            if let row = try screen(recording.screen)?.row {
                dirtyCells.insert(CellRef(screen: row, item: recording.item, size: recording.size.id))
            }
        case .fix(let fix):
            try db.run("DELETE FROM fixes WHERE uid = ?", [fix.id])
        case .evidence(let evidence):
            try db.run("DELETE FROM evidence_links WHERE uid = ?", [evidence.id])
        case .retract(let retraction):
            // Put the target back; the new line, applied next, takes back what it names.
            if let cell = try db.statement("SELECT screen_id, item, size FROM recordings WHERE uid = ?").first([retraction.target], { row in
                CellRef(screen: row.int64(0), item: row.string(1), size: row.string(2))
            }) {
                dirtyCells.insert(cell)
            }
            try db.run("UPDATE recordings SET retracted = 0 WHERE uid = ?", [retraction.target])
            try db.run("UPDATE fixes SET retracted = 0 WHERE uid = ?", [retraction.target])
            retractionWithdrawn = true
        case .amend(let amendment):
            dirtyCorrections.insert(amendment.target)
        }
    }

    /// Folds what the records added touch together.
    func finish(store: AuditStore) throws {
        if checklistChanged { try store.refreshChecklist() }
        if appChanged { try store.refreshApp() }
        for uid in dirtyScreens.sorted() { try refold(uid) }
        if namesChanged || !dirtyScreens.isEmpty { try refreshNames() }
        for target in dirtyCorrections.sorted() { try recomputeCorrection(target) }
        if retractionWithdrawn {
            // Another retraction may still take back what a replaced one named.
            for table in ["recordings", "fixes"] {
                try db.run("UPDATE \(table) SET retracted = 1 WHERE retracted = 0 AND uid IN (SELECT target FROM log WHERE kind = 'retract' AND target IS NOT NULL)")
            }
        }
        for cell in dirtyCells {
            // A retraction, or a line replaced: the cell's latest recording is looked up again.
            try db.run("DELETE FROM cells WHERE screen_id = ? AND item = ? AND size = ?", [cell.screen, cell.item, cell.size])
            try db.run("""
                INSERT INTO cells (screen_id, item, size, recording_id, status, recorded_at, uid)
                SELECT screen_id, item, size, id, status, recorded_at, uid FROM recordings
                WHERE screen_id = ? AND item = ? AND size = ? AND retracted = 0
                ORDER BY recorded_at DESC, uid DESC LIMIT 1
                """, [cell.screen, cell.item, cell.size])
        }
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

    /// Gives every live screen a name of its own (`ScreenNames`).
    private func refreshNames() throws {
        let live = try db.rows("SELECT uid, given_name, created_at FROM screens WHERE removed = 0") { row in
            (id: try row[0] as String, name: try row[1] as String, createdAt: try row[2] as Timestamp)
        }
        let shown = ScreenNames.disambiguated(live)
        try db.run("UPDATE screens SET name = given_name, name_key = lower(given_name) WHERE name != given_name OR removed = 1")
        for (uid, name) in shown {
            try db.run("UPDATE screens SET name = ?, name_key = ? WHERE uid = ?", [name, name.lowercased(), uid])
        }
        // SQLite's lower() folds ASCII only: keys of other names are set here.
        let others = try db.rows("SELECT id, name, name_key FROM screens WHERE name GLOB '*[^ -~]*'") { ($0.int64(0), $0.string(1), $0.string(2)) }
        for (id, name, key) in others where key != name.lowercased() {
            try db.run("UPDATE screens SET name_key = ? WHERE id = ?", [name.lowercased(), id])
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
