import Foundation
import Testing
@testable import SQLite

/// Cached statements are compiled once and step through one query at a time; one-off statements
/// are made for each use. A query run again inside the loop over its own rows never resets that loop.
@Suite struct StatementCacheTests {
    static func database() throws -> Database {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-cache-\(UUID().uuidString).sqlite").path
        let db = try Database(path: path, mode: .create)
        try db.execute("CREATE TABLE t (n INTEGER, name TEXT)")
        for n in 1...5 { try db.run("INSERT INTO t VALUES (?, ?)", [n, "row \(n)"]) }
        return db
    }

    static let everyRow = "SELECT n FROM t ORDER BY n"

    @Test func cachedStatementsAreKeptBySQLAndOneOffStatementsAreNot() throws {
        let db = try Self.database()
        #expect(try db.cachedStatement("SELECT 1") === db.cachedStatement("SELECT 1"))
        #expect(try db.makeStatement("SELECT 1") !== db.makeStatement("SELECT 1"))
        #expect(try db.makeStatement("SELECT 1") !== db.cachedStatement("SELECT 1"))
    }

    @Test func aQueryRunAgainInsideItsOwnLoopGetsAOneOffStatementAndBothSeeEveryRow() throws {
        let db = try Self.database()
        db.cachedStatementInUse = .useOneOff
        var outer: [Int] = []
        var inner: [[Int]] = []
        try db.cachedStatement(Self.everyRow).forEach { row in
            outer.append(row.int(0))
            inner.append(try db.rows(Self.everyRow) { $0.int(0) })
            // The nested one-off statement leaves the cache as it was.
            #expect(try db.first(Self.everyRow) { $0.int(0) } == 1)
        }
        #expect(outer == [1, 2, 3, 4, 5])
        #expect(inner == Array(repeating: [1, 2, 3, 4, 5], count: 5))
        // Afterwards the cached statement is free again, and it is the same one.
        #expect(try db.rows(Self.everyRow) { $0.int(0) } == [1, 2, 3, 4, 5])
    }

    @Test func aStatementAlreadySteppingRefusesToBeBoundAgain() throws {
        let db = try Self.database()
        let statement = try db.makeStatement(Self.everyRow)
        var seen: [Int] = []
        try statement.forEach { row in
            seen.append(row.int(0))
            #expect(throws: SQLiteError.self) { try statement.forEach { _ in } }
        }
        #expect(seen == [1, 2, 3, 4, 5])
    }

    @Test func aLoopEndedByAnErrorFreesItsStatement() throws {
        struct Stop: Error {}
        let db = try Self.database()
        #expect(throws: Stop.self) { try db.cachedStatement(Self.everyRow).forEach { _ in throw Stop() } }
        #expect(throws: Stop.self) { _ = try db.first(Self.everyRow) { _ in throw Stop() } }
        #expect(!(try db.cachedStatement(Self.everyRow).isStepping))
        #expect(try db.rows(Self.everyRow) { $0.int(0) } == [1, 2, 3, 4, 5])
    }

    #if DEBUG
    @Test func inADebugBuildTheNestedUseStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let db = try StatementCacheTests.database()
            try db.cachedStatement(StatementCacheTests.everyRow).forEach { _ in
                _ = try db.rows(StatementCacheTests.everyRow) { $0.int(0) }
            }
        }
    }
    #endif

    @Test func rowsAreReadByTheNamesTheirQuerySelects() throws {
        let db = try Self.database()
        let read = try db.rows("SELECT name, n * 10 AS tens, t.n FROM t WHERE n <= 2 ORDER BY n") { row in
            (try row["n"] as Int, try row["name"] as String, try row["tens"] as Int, try row["name"] as String?)
        }
        #expect(read.map(\.0) == [1, 2])
        #expect(read.map(\.1) == ["row 1", "row 2"])
        #expect(read.map(\.2) == [10, 20])
        #expect(read.map(\.3) == ["row 1", "row 2"])
    }

    @Test func aColumnTheQueryDoesNotSelectStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let db = try StatementCacheTests.database()
            _ = try db.rows("SELECT n FROM t") { try $0["name"] as String }
        }
    }
}
