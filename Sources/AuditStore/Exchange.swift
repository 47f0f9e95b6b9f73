import DynamicType
import SQLite

/// What exports and imports need from the store: every recording and fix as it was written, and a
/// way to add one that was written in another store, under its own id and time.
extension AuditStore {
    /// Who started the audit.
    public func createdBy() throws -> String {
        try meta("created_by") ?? ""
    }

    /// Calls `body` with every recording, as the bytes stored, with its screen's id, oldest first
    /// (ties broken by id), without building a `Recording` each.
    public func forEachRecording(_ body: (borrowing StoredRecording, Int64) throws -> Void) throws {
        try db.statement("""
            SELECT uid, item, size, status, note, recorded_by, recorded_at, screen_id FROM recordings ORDER BY recorded_at, uid
            """).forEach { row in
            try body(StoredRecording(row), row.int64(7))
        }
    }

    /// Calls `body` with each recording of one screen, as the bytes stored, in the order of the
    /// `recordings_by_screen` index: by stored time, then by id. That is oldest first, ties broken
    /// by id, as long as every stored time has its canonical form (the only one
    /// dtaudit writes) and every id is ASCII; a caller that must be exact checks it on the way
    /// (`StoredRecording.atIsCanonical`). Nothing is copied: the bytes are valid during the call.
    public func forEachRecording(screenID: Int64, _ body: (borrowing StoredRecording) throws -> Void) throws {
        try db.statement("""
            SELECT uid, item, size, status, note, recorded_by, recorded_at FROM recordings
            WHERE screen_id = ? ORDER BY recorded_at, uid
            """).forEach([screenID]) { row in
            try body(StoredRecording(row))
        }
    }

    /// How many recordings and fixes the store holds.
    public func exchangeCounts() throws -> (recordings: Int, fixes: Int) {
        (try db.integer("SELECT count(*) FROM recordings"), try db.integer("SELECT count(*) FROM fixes"))
    }

    /// The time of the latest thing that happened in the audit: the store's start, a screen added,
    /// a recording, a fix. The same as `AuditDocument(store:).latestActivity`, without reading the
    /// recordings into memory.
    public func latestActivity() throws -> Timestamp {
        try read {
            var latest = try createdAt() ?? Timestamp(milliseconds: 0)
            for screen in try screens() where screen.createdAt > latest { latest = screen.createdAt }
            for sql in ["SELECT recorded_at FROM recordings", "SELECT fixed_at FROM fixes"] {
                try db.statement(sql).forEach { row in
                    let at = Timestamp(iso8601Bytes: row.unsafeText(0) ?? UnsafeBufferPointer(start: nil, count: 0)) ?? Timestamp(milliseconds: 0)
                    if at > latest { latest = at }
                }
            }
            return latest
        }
    }

    /// The recording with this unique id, if the store has it.
    public func recording(uid: String) throws -> Recording? {
        try db.first("""
            SELECT uid, screen_id, item, size, status, note, recorded_by, recorded_at FROM recordings WHERE uid = ?
            """, [uid]) { row in
            Recording(uid: row.string(0), screenID: row.int64(1), item: row.string(2), size: Size(name: row.string(3)) ?? .default,
                      status: ResultStatus(rawValue: row.string(4)) ?? .untested, note: row.optionalString(5),
                      by: row.string(6), at: Timestamp(iso8601: row.string(7)) ?? Timestamp(milliseconds: 0))
        }
    }

    /// The fix with this unique id, if the store has it.
    public func fix(uid: String) throws -> Fix? {
        guard let id = try db.first("SELECT id FROM fixes WHERE uid = ?", [uid], { $0.int64(0) }),
              let screenID = try db.first("SELECT screen_id FROM fixes WHERE id = ?", [id], { $0.int64(0) }) else { return nil }
        return try fixes(screenID: screenID).first { $0.id == id }
    }

    /// Adds a recording made in another store, keeping its id, author and time. The caller checks
    /// first that the id is new (`recording(uid:)`).
    public func insertRecording(_ recording: Recording) throws {
        try db.statement("""
            INSERT INTO recordings (uid, screen_id, item, size, status, note, recorded_by, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).run([recording.uid, recording.screenID, recording.item, recording.size.id, recording.status.rawValue,
                      recording.note, recording.by, recording.at.iso8601])
    }

    /// Adds a fix made in another store, keeping its id, author and time.
    public func insertFix(_ fix: Fix) throws {
        try db.statement("""
            INSERT INTO fixes (uid, screen_id, type, note, ref, fixed_by, fixed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).run([fix.uid, fix.screenID, fix.type.rawValue, fix.note, fix.ref, fix.by, fix.at.iso8601])
        let id = db.lastInsertedRowID
        let insertItem = try db.statement("INSERT OR IGNORE INTO fix_items (fix_id, item) VALUES (?, ?)")
        for item in fix.items { try insertItem.run([id, item]) }
    }
}

/// One stored recording's columns as bytes, valid only inside the closure that receives it; the
/// size and status read as `Recording` reads them (an unknown size as the default, an unknown status
/// as untested).
public struct StoredRecording: ~Copyable {
    public let uid: UnsafeBufferPointer<UInt8>
    public let item: UnsafeBufferPointer<UInt8>
    public let size: Size
    public let status: ResultStatus
    /// nil when the recording has no note.
    public let note: UnsafeBufferPointer<UInt8>?
    public let by: UnsafeBufferPointer<UInt8>
    /// The time as stored.
    public let atText: UnsafeBufferPointer<UInt8>
    /// The time it means (the start of 1970 when it cannot be read).
    public let at: Timestamp
    /// `atText` is the form `at.iso8601` writes, so it can be copied as it is.
    public let atIsCanonical: Bool

    /// Reads the columns uid, item, size, status, note, recorded_by, recorded_at, in that order.
    init(_ row: Row) {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let sizeText = row.unsafeText(2) ?? empty
        atText = row.unsafeText(6) ?? empty
        atIsCanonical = Timestamp.isCanonical(atText)
        at = Timestamp(iso8601Bytes: atText) ?? Timestamp(milliseconds: 0)
        uid = row.unsafeText(0) ?? empty
        item = row.unsafeText(1) ?? empty
        size = Size(idBytes: sizeText) ?? Size(name: String(decoding: sizeText, as: UTF8.self)) ?? .default
        status = StoredRecording.status(row.unsafeText(3) ?? empty)
        note = row.isNull(4) ? nil : row.unsafeText(4) ?? empty
        by = row.unsafeText(5) ?? empty
    }

    /// The status `ResultStatus(rawValue:)` reads from the text, `untested` for anything else.
    static func status(_ bytes: UnsafeBufferPointer<UInt8>) -> ResultStatus {
        guard let status = ResultStatus(bytes: bytes), bytes.elementsEqual(status.rawValue.utf8) else { return .untested }
        return status
    }
}

extension Recording {
    /// A recording made in another store, to be added with `insertRecording(_:)`.
    public static func imported(uid: String, screenID: Int64, item: String, size: Size, status: ResultStatus, note: String?,
                                by: String, at: Timestamp) -> Recording {
        Recording(uid: uid, screenID: screenID, item: item, size: size, status: status, note: note, by: by, at: at)
    }
}

extension Fix {
    /// A fix made in another store, to be added with `insertFix(_:)`.
    public static func imported(uid: String, screenID: Int64, type: FixType, items: [String], note: String?, ref: String?,
                                by: String, at: Timestamp) -> Fix {
        Fix(id: 0, uid: uid, screenID: screenID, type: type, items: items, note: note, ref: ref, by: by, at: at)
    }
}

/// The rule that derives a screen's category from its latest cells, kept ready for one checklist so
/// that history can be replayed screen by screen and day by day (the progress chart, `--since`).
public final class CategoryRule: Sendable {
    let plan: Plan

    public init(_ checklist: Checklist) {
        plan = Plan(checklist)
    }

    /// The category a screen with these latest cell statuses and this triage has: the same rule
    /// `status` and every report use.
    public func category(of cells: [CellKey: ResultStatus], triage: Category?) -> Category {
        var grid = CellGrid(plan: plan)
        for (key, status) in cells {
            guard let item = plan.index[key.item] else { continue }
            grid.set(CellState(item: key.item, size: key.size, status: status, at: Timestamp(milliseconds: 0), recordingID: 0), item: item)
        }
        let screen = Screen(id: 0, name: "", flow: nil, critical: false, owner: nil, notes: nil, triage: triage, files: [],
                            createdAt: Timestamp(milliseconds: 0), createdBy: "")
        return ScreenState.derive(screen: screen, grid: grid, fixes: []).category
    }
}
