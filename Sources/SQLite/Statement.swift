import CSQLite

/// SQLite's `SQLITE_TRANSIENT` macro, which Swift cannot import: SQLite copies the bound bytes.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: cached ones (`Database.cachedStatement(_:)`) compile their SQL once per
/// connection, so that a loop of inserts does not compile it again; one-off ones
/// (`Database.makeStatement(_:)`) are finalized when released.
public final class Statement {
    @usableFromInline let handle: OpaquePointer
    public let sql: String
    unowned let database: Database
    /// True from binding until the rows are done with: a statement steps through one query at a time.
    private(set) var isStepping = false
    /// The result's column names in order, read from SQLite at the first lookup by name and kept
    /// with the statement (empty until then); nil where a name repeats one before it, since the
    /// first of two columns of one name wins, as GRDB's row has it. Held outside Swift's reference
    /// counting, so that a lookup costs no retain of them.
    @usableFromInline @exclusivity(unchecked) var columnNames = UnsafeMutableBufferPointer<String?>(start: nil, count: 0)
    /// The column a lookup by name tries first: the one after the column last found, since a
    /// reader mostly reads the columns in the order it selects them. A hit costs one comparison of
    /// two short strings (their bits, for names of up to 15 bytes), inlined where the row is read,
    /// so that `row["screen_id"]` costs what `row[3]` does, where hashing the name cost several
    /// times more.
    @usableFromInline @exclusivity(unchecked) var nextColumn = 0

    init(database: Database, sql: String, persistent: Bool) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw database.error(code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
        columnNames.deinitialize()
        columnNames.deallocate()
    }

    /// Clears previous bindings and binds `values` to the parameters in order. Refused while the
    /// statement still steps through the rows of an earlier binding, which it would cut short.
    public func bind(_ values: [any SQLBindable]) throws(SQLiteError) {
        guard !isStepping else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the statement is still stepping through the rows of an earlier use", sql: sql)
        }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.sqlValue {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let number):
                code = sqlite3_bind_int64(handle, index, number)
            case .real(let number):
                code = sqlite3_bind_double(handle, index, number)
            case .text(var text):
                // Bound with an explicit length, so text holding NUL characters is stored whole.
                code = text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, bytes.count > 0 else {
                        return sqlite3_bind_text(handle, index, "", 0, transient)
                    }
                    return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transient)
                    }
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), transient)
                }
            }
            guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
        }
    }

    /// Runs the statement to completion, discarding any rows.
    public func run(_ values: [any SQLBindable] = []) throws(SQLiteError) {
        try bind(values)
        isStepping = true
        defer { finish() }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            if code != SQLITE_ROW { throw database.error(code, sql: sql) }
        }
    }

    /// Calls `body` with each row the statement returns.
    public func forEach(_ values: [any SQLBindable] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        isStepping = true
        defer { finish() }
        let row = Row(statement: self)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
            try body(row)
        }
    }

    /// The rows the statement returns, each converted by `transform`.
    public func map<T>(_ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEach(values) { result.append(try transform($0)) }
        return result
    }

    /// The first row's conversion, or nil when there is no row.
    public func first<T>(_ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(values)
        isStepping = true
        defer { finish() }
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
        return try transform(Row(statement: self))
    }

    /// Done with the rows: the statement is reset and may be bound again.
    private func finish() {
        sqlite3_reset(handle)
        isStepping = false
    }

    /// Where the result column named `name` is, as the query's select list names it (`uid`, or the
    /// alias after `AS`); a name the query does not select is a mistake in the code that reads it,
    /// stopped with the SQL. A loop over many rows may also look a column up once and read by place.
    @inlinable
    public func index(of name: String) -> Int {
        let guess = nextColumn
        if guess < columnNames.count, let candidate = columnNames[guess], candidate == name {
            nextColumn = guess + 1
            return guess
        }
        return search(name)
    }

    /// `index(of:)` when the column after the last one found is not `name`.
    @usableFromInline
    func search(_ name: String) -> Int {
        if columnNames.baseAddress == nil { readColumnNames() }
        guard let found = columnNames.firstIndex(where: { $0 == name }) else {
            preconditionFailure("no column named '\(name)' in '\(sql)'")
        }
        nextColumn = found + 1
        return found
    }

    private func readColumnNames() {
        let count = Int(sqlite3_column_count(handle))
        // Allocated even for no column, so that an address says the names were read.
        let base = UnsafeMutablePointer<String?>.allocate(capacity: max(count, 1))
        var seen: [String] = []
        for column in 0..<count {
            let name = sqlite3_column_name(handle, Int32(column)).map { String(cString: $0) } ?? ""
            (base + column).initialize(to: seen.contains(name) ? nil : name)
            seen.append(name)
        }
        columnNames = UnsafeMutableBufferPointer(start: base, count: count)
    }
}
