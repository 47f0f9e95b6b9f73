import Foundation
import Testing
@testable import SQLite

@Suite struct DatabaseTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-test-\(UUID().uuidString).sqlite").path
    }

    @Test func textRoundTripsWholeIncludingNulAndEmoji() throws {
        let db = try Database(path: temporaryPath(), mode: .create)
        try db.execute("CREATE TABLE t (value TEXT)")
        let values = ["", "plain", "nul\u{0}inside", "🧗‍♀️ emoji", "עברית", String(repeating: "x", count: 1 << 20)]
        for value in values { try db.run("INSERT INTO t VALUES (?)", [value]) }
        let read = try db.rows("SELECT value FROM t ORDER BY rowid") { $0.string(0) }
        #expect(read == values)
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        struct Stop: Error {}
        let db = try Database(path: temporaryPath(), mode: .create)
        try db.execute("CREATE TABLE t (value INTEGER)")
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try db.integer("SELECT count(*) FROM t") == 0)
        #expect(!db.isInTransaction)
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            // A nested transaction is a savepoint: its rollback keeps the outer writes.
            _ = try? db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Stop()
            }
        }
        #expect(try db.rows("SELECT value FROM t") { $0.int(0) } == [1])
    }

    @Test func statementsAreCachedBySQL() throws {
        let db = try Database(path: temporaryPath(), mode: .create)
        #expect(try db.cachedStatement("SELECT 1") === db.cachedStatement("SELECT 1"))
    }

    @Test func migrationsRunInOrderOnceAndRefuseANewerDatabase() throws {
        let path = temporaryPath()
        var migrator = Migrator()
        migrator.register("one") { try $0.execute("CREATE TABLE a (x)") }
        migrator.register("two") { try $0.execute("CREATE TABLE b (x)") }
        let db = try Database(path: path, mode: .create)
        #expect(try migrator.needsMigration(db))
        try migrator.migrate(db)
        try migrator.migrate(db)
        #expect(try db.userVersion() == 2)
        #expect(try !migrator.needsMigration(db))

        var older = Migrator()
        older.register("one") { try $0.execute("CREATE TABLE a (x)") }
        #expect(throws: Migrator.NewerSchema.self) { try older.needsMigration(db) }
        #expect(throws: Migrator.NewerSchema.self) { try older.migrate(db) }
    }

    @Test func aFailedMigrationLeavesTheDatabaseAtTheLastGoodVersion() throws {
        let path = temporaryPath()
        var migrator = Migrator()
        migrator.register("good") { try $0.execute("CREATE TABLE a (x)") }
        migrator.register("bad") { db in
            try db.execute("CREATE TABLE b (x)")
            try db.execute("THIS IS NOT SQL")
        }
        let db = try Database(path: path, mode: .create)
        #expect(throws: SQLiteError.self) { try migrator.migrate(db) }
        #expect(try db.userVersion() == 1)
        #expect(try db.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
    }

    @Test func errorsCarryTheirKind() throws {
        let path = temporaryPath()
        try Data(repeating: 0xAB, count: 8192).write(to: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        do {
            _ = try db.userVersion()
            Issue.record("random bytes were read as a database")
        } catch let error as SQLiteError {
            #expect(error.isDamaged)
        }
    }
}
