import CSQLite

/// One connection to a SQLite database file.
///
/// Opened with extended result codes and a busy timeout, so that two processes writing at once wait
/// for each other instead of failing. Not shared between threads.
public final class Database {
    public enum Mode: Sendable {
        /// Open an existing file for reading and writing.
        case readWrite
        /// Open or create the file.
        case create
        /// Open an existing file for reading only.
        case readOnly
        /// Read a file on storage nothing can write to (a read-only folder): no locks, no `-shm` file.
        case immutable
    }

    /// What asking for a cached statement does while that statement is still stepping through its
    /// rows: a query run again inside the loop over its own results, which would reset the loop.
    public enum CachedStatementInUse: Sendable {
        /// Stop the program, naming the SQL: the nesting is a mistake to fix (debug builds).
        case stop
        /// Run the nested use on a one-off statement: the query stays right, only slower (release builds).
        case useOneOff
    }

    let handle: OpaquePointer
    public let path: String
    private var cache: [String: Statement] = [:]
    private var savepointDepth = 0
    /// What `traceStatements` calls, kept alive while SQLite holds it.
    private var tracer: StatementTracer?
    public var cachedStatementInUse: CachedStatementInUse = {
        #if DEBUG
        .stop
        #else
        .useOneOff
        #endif
    }()

    /// The library set up before its first connection: without its counts of memory in use, which
    /// nothing here reads and which cost every allocation a mutex (a tenth of a short command's
    /// work inside SQLite). Too late once SQLite is in use (a host program's), and harmless then.
    private static let configured: Bool = dtaudit_sqlite3_config_memstatus(0) == SQLITE_OK

    public init(path: String, mode: Mode = .readWrite, busyTimeout milliseconds: Int32 = 10_000) throws(SQLiteError) {
        _ = Database.configured
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        var location = path
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY
            location = "file:" + Database.percentEncoded(path) + "?immutable=1"
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(location, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, milliseconds)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql, systemCode: sqlite3_system_errno(handle))
        }
    }

    /// The prepared statement for `sql`, compiled once per connection and kept for the next use, as
    /// GRDB's `cachedStatement`: for the SQL the program runs again and again. A cached statement
    /// steps through one query at a time; asked for while it still is (inside the loop over its own
    /// rows), it does what `cachedStatementInUse` says instead of resetting that loop.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        guard let cached = cache[sql] else {
            let statement = try Statement(database: self, sql: sql, persistent: true)
            cache[sql] = statement
            return statement
        }
        guard cached.isStepping else { return cached }
        switch cachedStatementInUse {
        case .stop:
            preconditionFailure("the cached statement '\(sql)' was asked for again while it still steps through its rows; "
                                + "run the inner query with makeStatement(_:), or collect the rows first")
        case .useOneOff:
            return try makeStatement(sql)
        }
    }

    /// A new prepared statement for `sql`, finalized when it is released, as GRDB's `makeStatement`:
    /// for SQL run once (schema changes, one-time reads), kept out of the cache.
    public func makeStatement(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    /// Runs `sql` with `values`, through the statement cache.
    public func run(_ sql: String, _ values: [any SQLBindable] = []) throws(SQLiteError) {
        try cachedStatement(sql).run(values)
    }

    /// The rows of `sql`, each converted by `transform`, through the statement cache.
    public func rows<T>(_ sql: String, _ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws -> [T] {
        try cachedStatement(sql).map(values, transform)
    }

    /// The first row of `sql` converted by `transform`, or nil, through the statement cache.
    public func first<T>(_ sql: String, _ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws -> T? {
        try cachedStatement(sql).first(values, transform)
    }

    /// The integer a query of one value selects (`SELECT count(*) ...`, a `PRAGMA`), or 0 when it
    /// gives no row. Its one column needs no name: a query of more is a mistake, stopped with its SQL.
    public func integer(_ sql: String, _ values: [any SQLBindable] = []) throws -> Int {
        try first(sql, values) { row in
            precondition(row.count == 1, "'\(sql)' selects \(row.count) columns where one value is read")
            return row.int(0)
        } ?? 0
    }

    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    public enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a writer never fails half-way on a lock upgrade.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// Inside another transaction it runs in a savepoint of it, so helpers that read or write in a
    /// transaction of their own compose into the caller's.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            savepointDepth += 1
            let name = "nested\(savepointDepth)"
            defer { savepointDepth -= 1 }
            try execute("SAVEPOINT \(name)")
            do {
                let result = try body()
                try execute("RELEASE \(name)")
                return result
            } catch {
                try? execute("ROLLBACK TO \(name)")
                try? execute("RELEASE \(name)")
                throw error
            }
        }
        try execute("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// `PRAGMA user_version`, where the schema version lives.
    public func userVersion() throws -> Int {
        try integer("PRAGMA user_version")
    }

    public func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// `PRAGMA application_id`, which tells a file of this program from any other SQLite file.
    public func applicationID() throws -> Int32 {
        Int32(truncatingIfNeeded: try integer("PRAGMA application_id"))
    }

    public func setApplicationID(_ id: Int32) throws {
        try execute("PRAGMA application_id = \(id)")
    }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql,
                    systemCode: sqlite3_system_errno(handle))
    }

    /// Calls `body` with the SQL of each statement as it starts to run (as written, `?` where values
    /// are bound; statements triggers run are left out), or stops calling it when `body` is nil:
    /// what a command asks of the database, for a test to count.
    public func traceStatements(_ body: ((String) -> Void)?) {
        tracer = body.map(StatementTracer.init)
        guard let tracer else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            return
        }
        sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_STMT), { _, context, _, text in
            guard let context, let text else { return 0 }
            let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
            // A trigger's statements come as comments naming it.
            if !sql.hasPrefix("--") { Unmanaged<StatementTracer>.fromOpaque(context).takeUnretainedValue().body(sql) }
            return 0
        }, Unmanaged.passUnretained(tracer).toOpaque())
    }

    /// The version of the SQLite library in use.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    private static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xf)])
            }
        }
        return result
    }
}

/// The closure `Database.traceStatements` was given, in a class SQLite can hold a pointer to.
private final class StatementTracer {
    let body: (String) -> Void

    init(_ body: @escaping (String) -> Void) {
        self.body = body
    }
}
