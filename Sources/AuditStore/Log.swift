import AuditLog
import DynamicType
import SQLite

/// The store as a log: adding records (made here or read from a shared file) and reading their
/// lines back in the shared file's order.
extension AuditStore {
    /// Adds records this store's commands made. Must run inside `write {}`.
    public func append(_ records: [LogRecord]) throws {
        try merge(records.map { ($0, 0) })
    }

    /// Adds records from elsewhere as a union by id: new ones are folded in, known ones skipped,
    /// and an id that comes with another line keeps the smaller line (see `MergeOutcome.clashes`).
    /// Records are applied in phases (checklists, screens, edits, results, evidence, take-backs),
    /// so that each finds what it refers to; one that refers to what neither side holds throws
    /// `DanglingReference` naming its line. Must run inside `write {}`.
    @discardableResult
    public func merge(_ entries: [(record: LogRecord, line: Int)]) throws -> MergeOutcome {
        var phases = Array(repeating: [(record: LogRecord, line: Int)](), count: 6)
        for entry in entries { phases[entry.record.kind.phase].append(entry) }
        let applier = LogApplier(db: db)
        for phase in phases {
            for entry in phase { try applier.add(entry.record, line: entry.line) }
        }
        try applier.finish(store: self)
        return applier.outcome
    }

    /// Calls `body` with each record's line, in the shared file's order (`LogPlace`), without
    /// copying: the bytes are valid during the call.
    public func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try read {
            try db.statement("SELECT line FROM log ORDER BY block, rank, at, uid").forEach { row in
                try body(row.unsafeText(0) ?? UnsafeBufferPointer(start: nil, count: 0))
            }
        }
    }

    /// How many records the log holds.
    public func recordCount() throws -> Int {
        try db.integer("SELECT count(*) FROM log")
    }

    /// Every record's id with the digest of its line (`LineDigest`): what a sync compares a file with.
    public func lineDigests() throws -> [String: Int64] {
        var digests: [String: Int64] = [:]
        digests.reserveCapacity(try recordCount())
        try db.statement("SELECT uid, digest FROM log").forEach { row in
            digests[row.string(0)] = row.int64(1)
        }
        return digests
    }

    /// The records whose ids start with `prefix` (a whole id, or the start of one as `history` shows it).
    public func records(idPrefix prefix: String) throws -> [LogRecord] {
        let upper = prefix + "\u{10FFFF}"
        return try db.rows("SELECT line FROM log WHERE uid >= ? AND uid < ? ORDER BY uid LIMIT 20", [prefix, upper]) { row in
            try LogTable.parse(row.string(0))
        }
    }

    /// Every record of the log, in the shared file's order.
    public func allRecords() throws -> [LogRecord] {
        try read {
            try db.rows("SELECT line FROM log ORDER BY block, rank, at, uid") { row in try LogTable.parse(row.string(0)) }
        }
    }

    /// The records of these kinds, oldest first.
    public func records(kinds: [LogRecord.Kind], screen: Screen? = nil) throws -> [LogRecord] {
        let placeholders = kinds.map { _ in "?" }.joined(separator: ", ")
        var arguments: [any SQLBindable] = kinds.map(\.rawValue)
        var filter = ""
        if let screen {
            filter = " AND screen = ?"
            arguments.append(screen.id)
        }
        return try db.rows("SELECT line FROM log WHERE kind IN (\(placeholders))\(filter) ORDER BY at, uid", arguments) { row in
            try LogTable.parse(row.string(0))
        }
    }

    /// Whether a retraction takes back the record with this id.
    public func isRetracted(_ id: String) throws -> Bool {
        try db.first("SELECT 1 FROM log WHERE target = ? AND kind = 'retract'", [id]) { _ in true } ?? false
    }

    /// The time of the latest thing that happened in the audit.
    public func latestActivity() throws -> Timestamp {
        let latest = try db.first("SELECT max(at) FROM log") { row in Timestamp(iso8601: row.string(0)) }
        return (latest ?? nil) ?? Timestamp(milliseconds: 0)
    }
}
