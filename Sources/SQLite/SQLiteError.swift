import CSQLite

/// An error reported by SQLite, with its extended result code.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_READONLY_DBMOVED`, ...).
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...).
    public var primaryCode: Int32 { code & 0xff }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file is damaged or was never a database.
    public var isDamaged: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// The file or its folder cannot be written.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM }
    public var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    public var isFull: Bool { primaryCode == SQLITE_FULL }

    public var description: String { message }
}
