#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SQLite

extension AuditStore {
    /// A store of its own for records read without one (an earlier file `export --since` compares
    /// with): the records go through the store's one fold and are read back through the same read
    /// APIs as any store's. Its database is SQLite's private temporary one, deleted when it closes
    /// and never named: it lives in SQLite's page cache and spills to the system's temporary
    /// folder, so that its memory stays bounded whatever the file's size. `fill` writes it in one
    /// transaction (`merge`, say); an error it throws comes back as it is.
    public static func scratch(fill: (AuditStore) throws -> Void) throws -> AuditStore {
        // The folder SQLite's private file goes to, named in an error about it.
        let location = StoreLocation(folder: FileManager.default.temporaryDirectory.path)
        do {
            // An empty name is SQLite's private temporary database.
            let db = try Database(path: "", mode: .create)
            // Nobody else reads it and nothing is left of it: no journal, no flush.
            try db.execute("PRAGMA journal_mode = OFF")
            try db.execute("PRAGMA synchronous = OFF")
            try Schema.migrator.migrate(db)
            let store = AuditStore(location: location, db: db, isReadOnly: false)
            store.isScratch = true
            try store.write { try fill(store) }
            return store
        } catch let error as SQLiteError {
            throw StoreError.from(error, path: location.folder)
        }
    }
}
