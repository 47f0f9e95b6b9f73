import CSQLite

/// The current row of a statement; valid only inside the closure that receives it. Its readers
/// are inlined where they are called, so that a loop over thousands of rows pays no call, and no
/// generic dispatch, for each column it reads.
public struct Row {
    @usableFromInline let statement: Statement

    @usableFromInline
    init(statement: Statement) {
        self.statement = statement
    }

    @inlinable
    public var count: Int { Int(sqlite3_column_count(statement.handle)) }

    @inlinable
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(statement.handle, Int32(column)) == SQLITE_NULL
    }

    @inlinable
    public func int(_ column: Int) -> Int {
        Int(sqlite3_column_int64(statement.handle, Int32(column)))
    }

    @inlinable
    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(statement.handle, Int32(column))
    }

    @inlinable
    public func double(_ column: Int) -> Double {
        sqlite3_column_double(statement.handle, Int32(column))
    }

    @inlinable
    public func bool(_ column: Int) -> Bool {
        int(column) != 0
    }

    /// The column as text; an empty string for NULL.
    @inlinable
    public func string(_ column: Int) -> String {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else { return "" }
        let length = Int(sqlite3_column_bytes(statement.handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call.
    @inlinable
    public func withText<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, index))))
    }

    /// The column's UTF-8 bytes, or nil for NULL. They stay valid until the statement moves to
    /// the next row or is reset: use them inside the closure that receives the row.
    @inlinable
    public func unsafeText(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        let index = Int32(column)
        guard let text = sqlite3_column_text(statement.handle, index) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, index)))
    }

    @inlinable
    public func optionalString(_ column: Int) -> String? {
        isNull(column) ? nil : string(column)
    }

    @inlinable
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
