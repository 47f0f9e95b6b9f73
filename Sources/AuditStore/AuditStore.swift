#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// The store's API speaks in the log's types (screens, recordings, fixes, times): whoever uses the
// store gets them with it.
@_exported import AuditLog
import DynamicType
import Platform
import SQLite

/// An open audit store: the app, its checklist, screens, recordings and fixes.
///
/// Every command's writes go through `write(_:)`, one immediate transaction, so that a command
/// lands whole or not at all and two terminals recording at once wait for each other.
public final class AuditStore {
    public let location: StoreLocation
    let db: Database
    public let isReadOnly: Bool
    private var cachedChecklist: Checklist?
    /// Makes the unique ids of new recordings and fixes; replaced only to build reproducible examples.
    public var makeID: () -> String = UniqueID.make
    /// Called inside a transaction before it adds the first of the records this store's commands
    /// make: where a command says, the first time in a store, whose name those records will carry,
    /// before any of them is written.
    public var beforeAppending: (() -> Void)?
    /// Whether the open transaction added such records.
    var appendedRecords = false

    public enum Access: Sendable {
        case read
        case write
    }

    private init(location: StoreLocation, db: Database, isReadOnly: Bool) {
        self.location = location
        self.db = db
        self.isReadOnly = isReadOnly
    }

    /// Opens the store at `location`, checking that it is a dtaudit store this version can read,
    /// and bringing an older schema up to date.
    public static func open(_ location: StoreLocation, access: Access = .write) throws(StoreError) -> AuditStore {
        let path = location.databasePath
        if Files.status(path)?.kind == .directory { throw .folderInTheWay(path: path) }
        do {
            var readOnly = false
            var db: Database
            if access == .read && (!System.isWritable(path) || !System.isWritable(location.folder)) {
                // A store in a read-only folder can still be read: without locks, as it is.
                db = try Database(path: path, mode: .immutable)
                readOnly = true
            } else {
                db = try Database(path: path, mode: .readWrite)
            }
            let store = AuditStore(location: location, db: db, isReadOnly: readOnly)
            try store.checkIdentity()
            if try Schema.migrator.needsMigration(db) {
                if readOnly { throw StoreError.readOnly(path: path) }
                try Schema.migrator.migrate(db)
            }
            try store.configureConnection()
            return store
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: path)
        } catch let error as Migrator.NewerSchema {
            throw StoreError.newerSchema(path: path, found: error.found, known: error.known)
        } catch let error as Migrator.InvalidVersion {
            throw StoreError.damaged(path: path, detail: "schema version \(error.found), which no dtaudit writes")
        } catch {
            throw StoreError.database(path: path, detail: String(describing: error))
        }
    }

    /// Creates a new store at `location` for `app`, holding a copy of `checklist`.
    public static func create(at location: StoreLocation, app: String, checklist: Checklist, by author: String,
                              at time: Timestamp = .now(), id: String = UniqueID.make()) throws(StoreError) -> AuditStore {
        do {
            return try create(at: location, id: id) { store in
                // Named after the store, which is unique: the same store id gives the same records.
                try store.append([.audit(AppNaming(id: "audit-" + id, app: app, by: author, at: time)),
                                  .checklist(ChecklistAdoption(id: "checklist-" + id, checklist: checklist, by: author, at: time))])
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotCreate(path: location.databasePath, detail: "\(error)")
        }
    }

    /// Creates a store whose contents `fill` writes (a shared file's records, say), whole or not at
    /// all: the database is built under a temporary name, in one transaction, and moved into place
    /// once `fill` returns. An error `fill` throws comes back as it is, and nothing is left behind.
    public static func create(at location: StoreLocation, id: String = UniqueID.make(), fill: (AuditStore) throws -> Void) throws -> AuditStore {
        let fileManager = FileManager.default
        if Files.status(location.databasePath)?.kind == .directory { throw StoreError.folderInTheWay(path: location.databasePath) }
        if fileManager.fileExists(atPath: location.databasePath) {
            throw StoreError.alreadyExists(folder: location.folder)
        }
        if let status = Files.status(location.folder), status.kind != .directory {
            throw StoreError.cannotCreate(path: location.folder, detail: "a file of that name is in the way; move it, or pass --store DIR")
        }
        let createdFolder = !fileManager.fileExists(atPath: location.folder)
        do {
            try Files.makeDirectories(location.folder)
        } catch {
            throw StoreError.cannotCreate(path: location.folder, detail: System.isWritable(PathNames.folder(of: location.folder)) ? System.errorDescription(error.code) : "the folder is read-only")
        }
        // Build the database under a temporary name and move it into place, so that a failed
        // init never leaves a half-made store behind.
        // Under a name nobody can guess; what killed inits and imports left behind goes first.
        Files.removeLeftovers(of: location.databasePath)
        let temporary = TemporaryFile.path(for: location.databasePath)
        do {
            let db = try Database(path: temporary, mode: .create)
            // Nothing to roll back to and nobody else reading: a file that fails is thrown away
            // whole, so building it needs no journal and no flush until it is complete.
            try db.execute("PRAGMA journal_mode = OFF")
            try db.execute("PRAGMA synchronous = OFF")
            try db.setApplicationID(Schema.applicationID)
            try Schema.migrator.migrate(db)
            let store = AuditStore(location: location, db: db, isReadOnly: false)
            try store.write {
                try store.setMeta("store_id", id)
                try fill(store)
            }
            guard Files.syncFile(temporary) else { throw StoreError.cannotCreate(path: temporary, detail: "it could not be written to the disk") }
        } catch {
            try? fileManager.removeItem(atPath: temporary)
            if createdFolder { try? fileManager.removeItem(atPath: location.folder) }
            if let sqlite = error as? SQLiteError { throw StoreError.from(sqlite, path: location.databasePath) }
            throw error
        }
        do {
            try fileManager.moveItem(atPath: temporary, toPath: location.databasePath)
            // Keep a folder among the audit's files out of git, this file included, so that the
            // guide's `git add` leaves nothing of the store untracked: an audit travels as its
            // shared file. Created exclusively: a link a clone planted there is never written through.
            let ignore = location.folder + "/.gitignore"
            if !location.isInGitDirectory, Files.status(ignore, followLinks: false) == nil {
                let stream = try BufferedOutput.createNew(path: ignore)
                stream.write(Self.ignoredFolder)
                guard stream.close() else { throw SystemError(operation: "write", path: ignore, code: stream.errorCode) }
            }
        } catch {
            try? fileManager.removeItem(atPath: temporary)
            throw StoreError.cannotCreate(path: location.databasePath, detail: "\(error)")
        }
        let store = try open(location)
        do {
            try store.db.execute("PRAGMA journal_mode = WAL")
        } catch {
            throw StoreError.from(error, path: location.databasePath)
        }
        return store
    }

    /// `.dtaudit/.gitignore` of a store outside git's directory: everything in the folder, itself too, stays local.
    public static let ignoredFolder = "# The store stays local, this file too; the audit is shared through `dtaudit sync` (Exports/<app>.json).\n*\n"

    private func checkIdentity() throws {
        let id = try db.applicationID()
        if id != Schema.applicationID {
            throw StoreError.notAStore(path: location.databasePath)
        }
    }

    private func configureConnection() throws {
        try db.execute("PRAGMA foreign_keys = ON")
        if !isReadOnly {
            // In WAL mode, NORMAL loses no committed transaction when a process dies; only a power
            // cut can take back the last ones, and the file stays consistent either way.
            try db.execute("PRAGMA synchronous = NORMAL")
        }
    }

    /// Runs `body` as one immediate transaction: all its writes land, or none.
    public func write<T>(_ body: () throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path: location.databasePath) }
        let outermost = !db.isInTransaction
        do {
            let result = try db.transaction(.immediate, body)
            if outermost { appendedRecords = false }
            return result
        } catch let error as SQLiteError {
            if outermost { appendedRecords = false }
            // A checklist the transaction adopted is gone with it.
            cachedChecklist = nil
            throw StoreError.from(error, path: location.databasePath)
        } catch {
            if outermost { appendedRecords = false }
            cachedChecklist = nil
            throw error
        }
    }

    /// Runs `body` like `write`, for thousands of records in one transaction (a run's import), with
    /// SQLite's temporary storage in memory: the journal of each statement, which lets a statement
    /// be taken back alone, would otherwise go to a temporary file, tens of thousands of writes.
    public func writeMany<T>(_ body: () throws -> T) throws -> T {
        // The setting is the connection's: it is set and put back outside any transaction.
        guard !db.isInTransaction, !isReadOnly else { return try write(body) }
        try db.execute("PRAGMA temp_store = MEMORY")
        defer { try? db.execute("PRAGMA temp_store = DEFAULT") }
        return try write(body)
    }

    /// Runs `body` in one read transaction, so that everything it reads is one consistent snapshot.
    /// Inside a transaction already, `body` reads that transaction's state, which is consistent:
    /// it needs no savepoint of its own.
    public func read<T>(_ body: () throws -> T) throws -> T {
        do {
            if db.isInTransaction { return try body() }
            return try db.transaction(.deferred, body)
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: location.databasePath)
        }
    }

    // MARK: Meta

    func setMeta(_ key: String, _ value: String) throws {
        try db.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value])
    }

    func meta(_ key: String) throws -> String? {
        try db.first("SELECT value FROM meta WHERE key = ?", [key]) { $0.string("value") }
    }

    /// The app under audit.
    public func appName() throws -> String {
        try meta("app") ?? ""
    }

    /// Who started the audit.
    public func createdBy() throws -> String {
        try meta("created_by") ?? ""
    }

    public func createdAt() throws -> Timestamp? {
        try meta("created_at").flatMap(Timestamp.init(iso8601:))
    }

    /// Where the store shares its audit and how that file looked after the last sync.
    public struct Sharing: Sendable, Equatable {
        /// The shared file, relative to the folder that holds the store (`Exports/trailhead.json`).
        public var file: String
        /// The file's size and time of change when this store last read or wrote it, and the
        /// number of records the store held then: while all three are the same, nothing is new.
        public var byteCount: Int64?
        public var modified: Int64?
        public var records: Int?

        public init(file: String, byteCount: Int64? = nil, modified: Int64? = nil, records: Int? = nil) {
            self.file = file
            self.byteCount = byteCount
            self.modified = modified
            self.records = records
        }
    }

    public func sharing() throws -> Sharing? {
        guard let file = try meta("shared_file") else { return nil }
        let state = (try meta("shared_state") ?? "").split(separator: " ").compactMap { Int64($0) }
        guard state.count == 3 else { return Sharing(file: file) }
        return Sharing(file: file, byteCount: state[0], modified: state[1], records: Int(state[2]))
    }

    public func setSharing(_ sharing: Sharing) throws {
        try setMeta("shared_file", sharing.file)
        if let byteCount = sharing.byteCount, let modified = sharing.modified, let records = sharing.records {
            try setMeta("shared_state", "\(byteCount) \(modified) \(records)")
        } else {
            try db.run("DELETE FROM meta WHERE key = 'shared_state'")
        }
    }

    /// Marks the store with a free-form flag (the demo marks its own store so it may replace it).
    public func setMark(_ key: String, _ value: String) throws {
        try setMeta("mark_" + key, value)
    }

    public func mark(_ key: String) throws -> String? {
        try meta("mark_" + key)
    }

    // MARK: Checklist and app

    /// The checklist in use: the latest one the log adopted, read from the items table.
    public func checklist() throws -> Checklist {
        if let cachedChecklist { return cachedChecklist }
        let items = try db.rows("""
            SELECT id, title, how_to_check, sizes, severity, scaling, fix, wcag FROM items WHERE current = 1 ORDER BY position
            """) { row in try ChecklistItem(row: row) }
        var fields: [String: String] = [:]
        try db.cachedStatement("SELECT key, value FROM meta WHERE key IN ('checklist_name', 'checklist_title', 'checklist_version', 'checklist_summary', 'checklist_source')")
            .forEach { row in fields[row.string("key")] = row.string("value") }
        let checklist = Checklist(name: fields["checklist_name"] ?? "", title: fields["checklist_title"] ?? "",
                                  version: fields["checklist_version"] ?? "", summary: fields["checklist_summary"] ?? "",
                                  items: items, source: fields["checklist_source"] ?? "")
        cachedChecklist = checklist
        return checklist
    }

    /// The items of the checklist in use, when it was read already (nil when not): what the fold
    /// checks the items of records against before it reads every item the audit knows.
    var readItemIDs: [String]? { cachedChecklist?.items.map(\.id) }

    /// Puts the latest adopted checklist in use: its items current and in its order, the others
    /// kept for the recordings that name them.
    func refreshChecklist() throws {
        guard case .checklist(let adoption)? = try LogTable.latest(.checklist, in: db) else { return }
        let checklist = adoption.checklist
        try setMeta("checklist_name", checklist.name)
        try setMeta("checklist_title", checklist.title)
        try setMeta("checklist_version", checklist.version)
        try setMeta("checklist_summary", checklist.summary)
        try setMeta("checklist_source", checklist.source)
        try db.run("UPDATE items SET current = 0, position = position + 100000 WHERE current = 1")
        for (position, item) in checklist.items.enumerated() {
            try db.run("""
                UPDATE items SET position = ?, title = ?, how_to_check = ?, sizes = ?, severity = ?, scaling = ?, fix = ?, wcag = ?, current = 1
                WHERE id = ?
                """, [position, item.title, item.howToCheck, item.sizes.map(\.id).joined(separator: ","), item.severity.rawValue,
                      item.scaling, item.fix?.rawValue, item.wcag.joined(separator: ","), item.id])
        }
        cachedChecklist = nil
    }

    /// The app's name from its latest naming; who started the audit, and when, from the first.
    func refreshApp() throws {
        if case .audit(let latest)? = try LogTable.latest(.audit, in: db) { try setMeta("app", latest.app) }
        if case .audit(let first)? = try LogTable.latest(.audit, earliest: true, in: db) {
            try setMeta("created_at", first.at.iso8601)
            try setMeta("created_by", first.by)
        }
    }
}

extension ChecklistItem {
    /// Reads the columns id, title, how_to_check, sizes, severity, scaling, fix and wcag, by name.
    init(row: Row) throws {
        self.init(id: try row["id"], title: try row["title"], howToCheck: try row["how_to_check"],
                  sizes: (try row["sizes"] as String).split(separator: ",").compactMap { Size(name: $0) },
                  severity: try row["severity"], scaling: try row["scaling"], fix: try row["fix"],
                  wcag: (try row["wcag"] as String).split(separator: ",").map(String.init))
    }
}

extension Severity: ColumnDecodable {}
extension FixType: ColumnDecodable {}
extension ResultStatus: ColumnDecodable {}
extension Category: ColumnDecodable {}

extension Timestamp: ColumnDecodable {
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Timestamp {
        guard !row.isNull(column), let time = row.withText(column, Timestamp.init(iso8601Bytes:)) else {
            throw row.mismatch(column, expected: "a time")
        }
        return time
    }
}

extension Size: ColumnDecodable {
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Size {
        guard !row.isNull(column), let size = row.withText(column, Size.init(idBytes:)) else {
            throw row.mismatch(column, expected: "a size id")
        }
        return size
    }
}
