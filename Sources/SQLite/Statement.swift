import CSQLite

/// SQLite's `SQLITE_TRANSIENT` macro, which Swift cannot import: SQLite copies the bound bytes.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: cached ones (`Database.cachedStatement(_:)`) compile their SQL once per
/// connection, so that a loop of inserts does not compile it again; one-off ones
/// (`Database.makeStatement(_:)`) are finalized when released.
public final class Statement {
    let handle: OpaquePointer
    public let sql: String
    unowned let database: Database
    /// True from binding until the rows are done with: a statement steps through one query at a time.
    private(set) var isStepping = false
    /// The result's column names in order, read from SQLite at the first lookup by name and kept
    /// with the statement; nil where a name repeats one before it, since the first of two columns of
    /// one name wins, as GRDB's row has it.
    private var columnNames: [String?]?
    /// The column a lookup by name tries first: the one after the column last found, since a
    /// reader mostly reads the columns in the order it selects them. A hit costs one comparison of
    /// two short strings (their bits, for names of up to 15 bytes), so that `row["screen_id"]`
    /// costs what `row[3]` does, where hashing the name cost several times more.
    private var nextColumn = 0

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

    /// Where the result column named `name` is, for a loop over many rows to look it up once; a
    /// name the query does not select is a mistake in the code that reads it, stopped with the SQL.
    public func index(of name: String) -> Int {
        guard let index = columnIndex(name) else {
            preconditionFailure("no column named '\(name)' in '\(sql)'")
        }
        return Int(index)
    }

    /// The index of the result column named `name`, as the query's select list names it.
    @inline(__always)
    func columnIndex(_ name: String) -> Int32? {
        let names = columnNames ?? readColumnNames()
        let guess = nextColumn
        if guess < names.count, let candidate = names[guess], candidate == name {
            nextColumn = guess + 1
            return Int32(guess)
        }
        return search(name, in: names)
    }

    private func search(_ name: String, in names: [String?]) -> Int32? {
        guard let found = names.firstIndex(where: { $0 == name }) else { return nil }
        nextColumn = found + 1
        return Int32(found)
    }

    private func readColumnNames() -> [String?] {
        var names: [String?] = []
        for column in 0..<sqlite3_column_count(handle) {
            let name = sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
            names.append(names.contains(name) ? nil : name)
        }
        columnNames = names
        return names
    }
}

/// The current row of a statement; valid only inside the closure that receives it.
public struct Row {
    let statement: Statement

    public var count: Int { Int(sqlite3_column_count(statement.handle)) }

    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(statement.handle, Int32(column)) == SQLITE_NULL
    }

    public func int(_ column: Int) -> Int {
        Int(sqlite3_column_int64(statement.handle, Int32(column)))
    }

    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(statement.handle, Int32(column))
    }

    public func double(_ column: Int) -> Double {
        sqlite3_column_double(statement.handle, Int32(column))
    }

    public func bool(_ column: Int) -> Bool {
        int(column) != 0
    }

    /// The column as text; an empty string for NULL.
    public func string(_ column: Int) -> String {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else { return "" }
        let length = Int(sqlite3_column_bytes(statement.handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call.
    public func withText<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, index))))
    }

    /// The column's UTF-8 bytes, or nil for NULL. They stay valid until the statement moves to
    /// the next row or is reset: use them inside the closure that receives the row.
    public func unsafeText(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, index)))
    }

    public func optionalString(_ column: Int) -> String? {
        isNull(column) ? nil : string(column)
    }

    public func optionalInt(_ column: Int) -> Int? {
        isNull(column) ? nil : int(column)
    }

    func sqlite3ColumnName(_ column: Int) -> String {
        guard let name = sqlite3_column_name(statement.handle, Int32(column)) else { return "\(column)" }
        return String(cString: name)
    }

    public func blob(_ column: Int) -> [UInt8] {
        let index = Int32(column)
        guard let bytes = sqlite3_column_blob(statement.handle, index) else { return [] }
        let length = Int(sqlite3_column_bytes(statement.handle, index))
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
}
