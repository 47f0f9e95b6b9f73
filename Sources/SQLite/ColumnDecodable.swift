/// A value read from one column of a row, the way GRDB's `DatabaseValueConvertible` reads one:
/// each type says once how it is stored, and a type built from a row reads its columns by name
/// (`row["screen_id"]`) beside the list of columns it selects.
public protocol ColumnDecodable {
    /// The value in `column`; throws when what is stored cannot be this type (a store changed by
    /// another program), so that the damage is reported instead of read as some default.
    static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Self
}

/// A stored value of the wrong shape, named by its column and what was expected.
public struct ColumnDecodingError: Error, Sendable, CustomStringConvertible {
    public let column: String
    public let expected: String

    public init(column: String, expected: String) {
        self.column = column
        self.expected = expected
    }

    public var description: String { "the column \(column) holds something that is not \(expected)" }
}

extension Row {
    /// The value in `column`, decoded as `T`.
    @inlinable
    public subscript<T: ColumnDecodable>(_ column: Int) -> T {
        get throws(ColumnDecodingError) { try T.decode(self, column: column) }
    }

    /// The value in the column the query's select list names `name` (`id`, or `uid` in
    /// `SELECT s.uid ...`, or an alias after `AS`), decoded as `T`: the way GRDB's `row["name"]` reads.
    @inlinable
    public subscript<T: ColumnDecodable>(_ name: String) -> T {
        get throws(ColumnDecodingError) { try T.decode(self, column: index(of: name)) }
    }

    /// Where the column named `name` is; a name the query does not select is a mistake in the code
    /// that reads it, stopped with the SQL it names.
    @inlinable
    public func index(of name: String) -> Int {
        statement.index(of: name)
    }

    /// The error for a value in `column` that is not `expected`.
    public func mismatch(_ column: Int, expected: String) -> ColumnDecodingError {
        ColumnDecodingError(column: name(column), expected: expected)
    }

    /// The column's name in the result.
    public func name(_ column: Int) -> String {
        sqlite3ColumnName(column)
    }
}

extension String: ColumnDecodable {
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> String {
        if row.isNull(column) { throw row.mismatch(column, expected: "text") }
        return row.string(column)
    }
}

extension Int64: ColumnDecodable {
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Int64 {
        if row.isNull(column) { throw row.mismatch(column, expected: "a number") }
        return row.int64(column)
    }
}

extension Int: ColumnDecodable {
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Int {
        if row.isNull(column) { throw row.mismatch(column, expected: "a number") }
        return row.int(column)
    }
}

extension Bool: ColumnDecodable {
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Bool {
        if row.isNull(column) { throw row.mismatch(column, expected: "0 or 1") }
        return row.bool(column)
    }
}

extension Optional: ColumnDecodable where Wrapped: ColumnDecodable {
    /// NULL is nil; anything else must decode as the wrapped type.
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Wrapped? {
        row.isNull(column) ? nil : try Wrapped.decode(row, column: column)
    }
}

/// Text stored as the raw value of an enumeration (a status, a size id, a fix type).
extension ColumnDecodable where Self: RawRepresentable, Self.RawValue == String {
    @inlinable
    public static func decode(_ row: Row, column: Int) throws(ColumnDecodingError) -> Self {
        guard !row.isNull(column), let value = Self(rawValue: row.string(column)) else {
            throw row.mismatch(column, expected: "a known \(String(describing: Self.self))")
        }
        return value
    }
}
