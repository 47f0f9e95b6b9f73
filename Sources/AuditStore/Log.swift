import AuditLog
import DynamicType
import SQLite

/// The store as a log: adding records (made here or read from a shared file) and reading their
/// lines back in the shared file's order.
extension AuditStore {
    /// Adds records this store's commands made. Must run inside `write {}`.
    public func append(_ records: [LogRecord]) throws {
        if !appendedRecords {
            appendedRecords = true
            beforeAppending?()
        }
        // A command's few records need no larger page cache.
        try merge(largeCache: false) { add in
            for record in records { try add(record, 0) }
        }
    }

    /// Which of `ids` the log holds.
    public func held(_ ids: [String]) throws -> [String] {
        try read { try ids.filter { try LogTable.line(of: $0, in: db) != nil } }
    }

    /// Adds records from elsewhere as a union by id: new ones are folded in, known ones skipped,
    /// and an id that comes with another line is settled or refused (`Clash`).
    /// Must run inside `write {}`.
    @discardableResult
    public func merge(_ entries: [(record: LogRecord, line: Int)]) throws -> MergeOutcome {
        try merge { add in
            for entry in entries { try add(entry.record, entry.line) }
        }
    }

    /// Adds the records `feed` hands to the function it is given, one at a time, so that a large
    /// file is never held whole. Records may come in any order: one whose screen, item or target is
    /// not in yet waits until the rest is, and one that still refers to what neither side holds
    /// throws `DanglingReference`, naming its line. Must run inside `write {}`.
    @discardableResult
    public func merge(_ feed: (_ add: (LogRecord, Int) throws -> Void) throws -> Void) throws -> MergeOutcome {
        try merge(largeCache: true, feed).outcome
    }

    /// The applier that added the records, for what it counted (a command's own records never ask).
    @discardableResult
    private func merge(largeCache: Bool, _ feed: (_ add: (LogRecord, Int) throws -> Void) throws -> Void) throws -> LogApplier {
        // A large file inserts into indexes keyed by random ids: a page cache that holds them keeps
        // every insert off the disk (64 MB at most, only while merging).
        if largeCache { try db.execute("PRAGMA cache_size = -65536") }
        defer { if largeCache { try? db.execute("PRAGMA cache_size = -2000") } }
        let applier = LogApplier(db: db, currentItems: readItemIDs)
        var waiting: [(record: LogRecord, line: Int)] = []
        var shaped = false
        try feed { record, line in
            if record.kind == .screen || record.kind == .edit { shaped = true }
            if try !applier.add(record, line: line) { waiting.append((record, line)) }
        }
        var progress = true
        while progress && !waiting.isEmpty {
            progress = false
            waiting = try waiting.filter { entry in
                let added = try applier.add(entry.record, line: entry.line)
                if added { progress = true }
                return !added
            }
        }
        if let stuck = waiting.min(by: { $0.line < $1.line }) { throw try applier.dangling(stuck.record, line: stuck.line) }
        try applier.finish(store: self)
        if shaped { try checkBounds() }
        return applier
    }

    /// Refuses an audit larger than every command is made for (`AuditBounds`), before the
    /// transaction that would make it commits.
    func checkBounds() throws {
        let screens = try db.integer("SELECT count(*) FROM screens")
        if screens > AuditBounds.maximumScreens {
            throw AuditBounds(description: "the audit would hold \(screens) screens; an audit holds at most \(AuditBounds.maximumScreens). Nothing was changed")
        }
        let patterns = try db.integer("SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM screen_files GROUP BY screen_id)")
        if patterns > AuditBounds.maximumFilePatterns {
            throw AuditBounds(description: "a screen would have \(patterns) file patterns; a screen has at most \(AuditBounds.maximumFilePatterns). Nothing was changed")
        }
    }
}

extension AuditStore {

    /// Calls `body` with each record's line, in the shared file's order (`LogPlace`): the audit's
    /// own records, then each screen's in the order screens were added. Nothing is copied: the
    /// bytes are valid during the call.
    /// `startingBlock` is called before the audit's own records and before each screen's: where
    /// a sync that keeps the file as it wrote it finds each block again.
    public func forEachLine(startingBlock: () throws -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try read {
            try startingBlock()
            try forEachLine(ofBlock: nil, body)
            for screen in try screenOrder() {
                try startingBlock()
                try forEachLine(ofBlock: screen, body)
            }
        }
    }

    /// The lines of one block of the file, in order: the audit's own records (`screen` nil) or one
    /// screen's.
    public func forEachLine(ofBlock screen: String?, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let lines = try db.cachedStatement("SELECT line FROM log WHERE screen IS ? ORDER BY rank, at, uid")
        let line = lines.index(of: "line")
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        try lines.forEach([screen]) { try body($0.unsafeText(line) ?? empty) }
    }

    /// The screens' ids in the order their blocks follow the audit's own records in the file.
    public func screenOrder() throws -> [String] {
        try db.rows("SELECT uid FROM screens ORDER BY created_at, uid", [], { $0.string("uid") })
    }

    /// The newest record's place in the log: it grows with every record added, so that with the
    /// count it tells whether anything was added since.
    public func lastLogSequence() throws -> Int64 {
        try db.first("SELECT coalesce(max(seq), 0) AS last FROM log") { $0.int64("last") } ?? 0
    }

    /// The screens whose blocks gained records after `sequence`; nil stands for the audit's own.
    public func blocksAdded(after sequence: Int64) throws -> (blocks: Set<String?>, opensScreens: Bool) {
        var blocks = Set<String?>()
        var opensScreens = false
        try db.cachedStatement("SELECT screen, kind FROM log WHERE seq > ?").forEach([sequence]) { row in
            blocks.insert(row.isNull("screen") ? nil : row.string("screen"))
            // A new screen, or an edit that may move one, changes the order of the blocks.
            if ["screen", "edit"].contains(row.string("kind")) { opensScreens = true }
        }
        return (blocks, opensScreens)
    }

    /// The mark a sync leaves in the store beside its copy of the shared file: the copy holds for
    /// this store only while the mark is the copy's own. Replacing a record's line takes it away.
    public func sharedCopyMark() throws -> String? {
        try meta("shared_copy")
    }

    public func setSharedCopyMark(_ mark: String?) throws {
        if let mark {
            try setMeta("shared_copy", mark)
        } else {
            try db.run("DELETE FROM meta WHERE key = 'shared_copy'")
        }
    }

    /// How many records the log holds.
    public func recordCount() throws -> Int {
        try db.integer("SELECT count(*) FROM log")
    }

    /// A number the log's count never exceeds, read from the two ends of its sequence numbers
    /// instead of counting every record: each record has its own number in that span.
    public func recordCountBound() throws -> Int {
        try db.integer("SELECT coalesce((SELECT max(seq) FROM log) - (SELECT min(seq) FROM log) + 1, 0)")
    }

    /// Every record's id with the digest of its line (`LineDigest`): what a sync compares a file with.
    public func lineDigests() throws -> [String: Int64] {
        var digests: [String: Int64] = [:]
        digests.reserveCapacity(try recordCount())
        let rows = try db.cachedStatement("SELECT uid, digest FROM log")
        let (uid, digest) = (rows.index(of: "uid"), rows.index(of: "digest"))
        try rows.forEach { row in digests[row.string(uid)] = row.int64(digest) }
        return digests
    }

    /// The records whose ids start with `prefix` (a whole id, or the start of one as `history` shows it).
    public func records(idPrefix prefix: String) throws -> [LogRecord] {
        let upper = prefix + "\u{10FFFF}"
        return try db.rows("SELECT line FROM log WHERE uid >= ? AND uid < ? ORDER BY uid LIMIT 20", [prefix, upper]) { row in
            try LogTable.parse(row.string("line"))
        }
    }

    /// Every record of the log, in the shared file's order.
    public func allRecords() throws -> [LogRecord] {
        var records: [LogRecord] = []
        try forEachLine { records.append(try LogTable.parse(String(decoding: $0, as: UTF8.self))) }
        return records
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
            try LogTable.parse(row.string("line"))
        }
    }

    /// Whether a retraction takes back the record with this id.
    public func isRetracted(_ id: String) throws -> Bool {
        try db.first("SELECT 1 FROM log WHERE target = ? AND kind = 'retract'", [id]) { _ in true } ?? false
    }

    /// The time of the latest thing that happened in the audit.
    public func latestActivity() throws -> Timestamp {
        let latest = try db.first("SELECT max(at) AS latest FROM log") { row in Timestamp(iso8601: row.string("latest")) }
        return (latest ?? nil) ?? Timestamp(milliseconds: 0)
    }
}
