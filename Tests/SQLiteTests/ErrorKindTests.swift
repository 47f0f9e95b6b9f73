import CSQLite
import Foundation
import Testing
@testable import SQLite

/// What an error is taken for decides the message a user reads.
@Suite struct ErrorKindTests {
    @Test func aWriteThatFailedForWantOfSpaceIsAFullDisk() {
        let noSpace: Int32 = 28  // ENOSPC on Linux and macOS alike
        #expect(SQLiteError(code: SQLITE_FULL, message: "database or disk is full").isFull)
        #expect(SQLiteError(code: SQLITE_IOERR | (3 << 8), message: "disk I/O error", systemCode: noSpace).isFull)
        #expect(!SQLiteError(code: SQLITE_IOERR | (3 << 8), message: "disk I/O error", systemCode: 5).isFull)
        #expect(!SQLiteError(code: SQLITE_IOERR, message: "disk I/O error").isFull)
    }

    @Test func aFailedStatementKeepsTheSystemsErrorCode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-test-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try Database(path: path, mode: .create)
        #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM nowhere") }
        do {
            try db.execute("SELECT * FROM nowhere")
        } catch {
            #expect(error.systemCode == 0 && !error.isFull)
        }
    }
}
