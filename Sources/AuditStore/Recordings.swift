import DynamicType
import SQLite

/// One recorded answer for one (screen, item, size) cell. Never changed once written.
public struct Recording: Sendable, Equatable {
    public var uid: String
    public var screenID: Int64
    public var item: String
    public var size: Size
    public var status: ResultStatus
    public var note: String?
    public var by: String
    public var at: Timestamp
}

/// What fixed one or more failures on a screen.
public struct Fix: Sendable, Equatable {
    public var id: Int64
    public var uid: String
    public var screenID: Int64
    public var type: FixType
    /// The items whose failed cells must be checked again.
    public var items: [String]
    public var note: String?
    /// A commit, pull request or ticket.
    public var ref: String?
    public var by: String
    public var at: Timestamp
}

extension AuditStore {
    /// Records `status` for each cell; returns how many recordings were added.
    @discardableResult
    public func record(screen: Screen, cells: [(item: String, size: Size)], status: ResultStatus, note: String?,
                       by author: String, at time: Timestamp = .now()) throws -> Int {
        let note = try note.flatMap { try InputRules.note($0) }
        let author = try InputRules.name(author, what: "the auditor's name")
        let insert = try db.statement("""
            INSERT INTO recordings (uid, screen_id, item, size, status, note, recorded_by, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let at = time.iso8601
        for cell in cells {
            try insert.run([makeID(), screen.id, cell.item, cell.size.id, status.rawValue, note, author, at])
        }
        return cells.count
    }

    /// Records a fix to `screen` that addresses `items`.
    @discardableResult
    public func addFix(screen: Screen, type: FixType, items: [String], note: String?, ref: String?,
                       by author: String, at time: Timestamp = .now()) throws -> Fix {
        let note = try note.flatMap { try InputRules.note($0) }
        let ref = try ref.flatMap { try InputRules.note($0, what: "the reference") }
        let author = try InputRules.name(author, what: "the author's name")
        let uid = makeID()
        try db.run("""
            INSERT INTO fixes (uid, screen_id, type, note, ref, fixed_by, fixed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [uid, screen.id, type.rawValue, note, ref, author, time.iso8601])
        let id = db.lastInsertedRowID
        let insertItem = try db.statement("INSERT OR IGNORE INTO fix_items (fix_id, item) VALUES (?, ?)")
        for item in items { try insertItem.run([id, item]) }
        return Fix(id: id, uid: uid, screenID: screen.id, type: type, items: items, note: note, ref: ref, by: author, at: time)
    }

    /// The fixes of one screen, or of every screen, oldest first.
    public func fixes(screenID: Int64? = nil) throws -> [Fix] {
        var items: [Int64: [String]] = [:]
        let itemSQL = screenID == nil
            ? "SELECT fix_id, item FROM fix_items"
            : "SELECT fix_items.fix_id, fix_items.item FROM fix_items JOIN fixes ON fixes.id = fix_items.fix_id WHERE fixes.screen_id = ?"
        try db.statement(itemSQL).forEach(screenID.map { [$0] } ?? []) { row in
            items[row.int64(0), default: []].append(row.string(1))
        }
        let position = Dictionary(uniqueKeysWithValues: try checklist().items.enumerated().map { ($1.id, $0) })
        let sql = "SELECT id, uid, screen_id, type, note, ref, fixed_by, fixed_at FROM fixes"
            + (screenID == nil ? "" : " WHERE screen_id = ?") + " ORDER BY fixed_at, uid"
        return try db.rows(sql, screenID.map { [$0] } ?? []) { row in
            let id = row.int64(0)
            return Fix(id: id, uid: row.string(1), screenID: row.int64(2), type: FixType(rawValue: row.string(3)) ?? .custom,
                       items: (items[id] ?? []).sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) },
                       note: row.optionalString(4), ref: row.optionalString(5), by: row.string(6),
                       at: row.withText(7, Timestamp.init(storedBytes:)))
        }
    }

    /// The items whose latest recording on `screen` is a failure, in checklist order.
    public func failingItems(of screen: Screen) throws -> [String] {
        let failing = Set(try db.rows("SELECT DISTINCT item FROM cells WHERE screen_id = ? AND status = 'fail'", [screen.id]) { $0.string(0) })
        return try checklist().items.map(\.id).filter(failing.contains)
    }
}
