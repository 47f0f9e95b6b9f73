import Platform
import SQLite

extension AuditStore {
    /// Copies the database at `source` whole into `destination`'s place, where there is none yet:
    /// one consistent snapshot (what its write-ahead log holds included), built under a temporary
    /// name and given its final name only once complete, so a copy killed at any moment leaves no
    /// store or the whole one. Returns false, copying nothing, when a database appeared there
    /// meanwhile (another process copied first). `source` must have passed `checkSchema`.
    public static func copyDatabase(from source: StoreLocation, to destination: StoreLocation) throws(StoreError) -> Bool {
        Files.removeLeftovers(of: destination.databasePath)
        let temporary = TemporaryFile.path(for: destination.databasePath)
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? Files.remove(temporary + suffix) } }
        do {
            do {
                let db = try Database(path: source.databasePath, mode: .readWrite)
                try db.run("VACUUM INTO ?", [temporary])
            }
            do {
                // A store is kept in WAL mode, so that two terminals recording at once both succeed.
                let copy = try Database(path: temporary, mode: .readWrite)
                try copy.execute("PRAGMA journal_mode = WAL")
            }
        } catch {
            throw StoreError.from(error, path: source.databasePath)
        }
        guard Files.syncFile(temporary) else { throw .cannotCreate(path: destination.databasePath, detail: "it could not be written to the disk") }
        do {
            // A second name, which fails when the place is taken: never over another's copy.
            if try Files.link(temporary, as: destination.databasePath) { return true }
            guard Files.status(destination.databasePath, followLinks: false) == nil else { return false }
            try Files.rename(temporary, to: destination.databasePath)
            return true
        } catch {
            if Files.status(destination.databasePath, followLinks: false) != nil { return false }
            throw .cannotCreate(path: destination.databasePath, detail: error.description)
        }
    }
}
