import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error reported by SQLite, with its extended result code.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_READONLY_DBMOVED`, ...).
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The `errno` of the system call that failed under an I/O error (`ENOSPC`), or 0.
    public let systemCode: Int32

    public init(code: Int32, message: String, sql: String? = nil, systemCode: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemCode = systemCode
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
    /// The disk is full: SQLite says so, or a write failed for want of space.
    public var isFull: Bool { primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && (systemCode == ENOSPC || systemCode == EDQUOT)) }

    public var description: String { message }
}
