import Platform
import SQLite

/// What a shell's completion asks of the store while a user presses Tab: the names it can offer.
///
/// Opens the database for reading only and never migrates it, so pressing Tab changes nothing,
/// whatever version wrote the store; any problem (no store, an older or newer schema, a damaged
/// file, a lock held too long) gives no names rather than an error.
public enum StoreGlance {
    /// The live screens' names, or the removed screens' with `removed`, ordered by name.
    public static func screenNames(at location: StoreLocation, removed: Bool = false) -> [String] {
        read(location) { db in
            try db.rows("SELECT name FROM screens WHERE removed = ? ORDER BY name_key, uid", [removed ? 1 : 0]) { $0.string("name") }
        }
    }

    /// The ids of the checklist's items in use, in the checklist's order.
    public static func itemIDs(at location: StoreLocation) -> [String] {
        read(location) { db in
            try db.rows("SELECT id FROM items WHERE current = 1 ORDER BY position") { $0.string("id") }
        }
    }

    /// The titles of the checklist's items in use, by id.
    public static func itemTitles(at location: StoreLocation) -> [String: String] {
        let rows: [(String, String)] = read(location) { db in
            try db.rows("SELECT id, title FROM items WHERE current = 1") { ($0.string("id"), $0.string("title")) }
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    private static func read<Row>(_ location: StoreLocation, _ body: (Database) throws -> [Row]) -> [Row] {
        // With no write-ahead log beside it, no command has the store open and the file holds
        // everything: read it as it is, without the lock files a reader would leave behind. With
        // one, another command is at work: read through the log it keeps. A short wait: a writer
        // holding the store must not freeze the user's shell.
        let path = location.databasePath
        let mode: Database.Mode = Files.status(path + "-wal") == nil ? .immutable : .readOnly
        guard let db = try? Database(path: path, mode: mode, busyTimeout: 200),
              (try? db.applicationID()) == Schema.applicationID,
              (try? db.userVersion()) == Schema.currentVersion else { return [] }
        return (try? db.transaction(.deferred) { try body(db) }) ?? []
    }
}
