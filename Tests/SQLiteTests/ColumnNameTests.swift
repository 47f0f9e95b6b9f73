import Foundation
import Testing
@testable import SQLite

/// A statement keeps its result's column names and finds a name where the last one read ends, so
/// rows read by name in select order cost what reading them by place costs; read in any other
/// order they still come right, and of two columns of one name the first is the one read.
@Suite struct ColumnNameTests {
    static func database() throws -> Database {
        let db = try Database(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (a INTEGER, b TEXT, c INTEGER)")
        for n in 1...4 { try db.run("INSERT INTO t VALUES (?, ?, ?)", [n, "b\(n)", n * 100]) }
        return db
    }

    @Test func columnsReadByNameInAnyOrderGiveTheirOwnValues() throws {
        let db = try Self.database()
        let read = try db.rows("SELECT a, b, c FROM t ORDER BY a") { row in
            // In order, backwards, one twice, and one skipped then read.
            [try row["a"] as Int, try row["c"] as Int, try row["b"] == "b\(try row["a"] as Int)" ? 1 : 0, try row["c"] as Int, try row["a"] as Int]
        }
        #expect(read == (1...4).map { [$0, $0 * 100, 1, $0 * 100, $0] })
    }

    @Test func ofTwoColumnsOfOneNameTheFirstIsRead() throws {
        let db = try Self.database()
        // Read after `z`, the second `x` is where a lookup looks first.
        let read = try db.rows("SELECT a AS x, b AS z, c AS x FROM t WHERE a = 2") { row in
            (try row["z"] as String, try row["x"] as Int, try row["x"] as Int)
        }
        #expect(read.map(\.0) == ["b2"])
        #expect(read.map(\.1) == [2])
        #expect(read.map(\.2) == [2])
    }

    @Test func aStatementFindsItsColumnsAgainOnEveryUse() throws {
        let db = try Self.database()
        let statement = try db.cachedStatement("SELECT c, a FROM t WHERE a >= ? ORDER BY a")
        let first = try statement.map([3]) { (try $0["a"] as Int, try $0["c"] as Int) }
        let second = try statement.map([1]) { (try $0["c"] as Int, try $0["a"] as Int) }
        #expect(first.map(\.0) == [3, 4] && first.map(\.1) == [300, 400])
        #expect(second.map(\.0) == [100, 200, 300, 400] && second.map(\.1) == [1, 2, 3, 4])
    }

    @Test func aTraceNamesEachStatementAsItRuns() throws {
        let db = try Self.database()
        var traced: [String] = []
        db.traceStatements { traced.append($0) }
        _ = try db.rows("SELECT a FROM t WHERE a = ?", [2]) { try $0["a"] as Int }
        try db.run("UPDATE t SET c = c + 1 WHERE a = ?", [1])
        _ = try db.rows("SELECT a FROM t WHERE a = ?", [3]) { try $0["a"] as Int }
        db.traceStatements(nil)
        _ = try db.integer("SELECT count(*) FROM t")
        #expect(traced == ["SELECT a FROM t WHERE a = ?", "UPDATE t SET c = c + 1 WHERE a = ?", "SELECT a FROM t WHERE a = ?"])
    }
}
