import AuditStore
import Platform

/// Moves a store an earlier dtaudit kept among the audit's files (`.dtaudit/` in a git checkout)
/// to its home under git's common directory, the first time any command finds it. Nothing it
/// held is lost: where the home has no store yet, the database is copied whole (its scans and
/// settings too); where it has one (another work tree moved its own there first), the records
/// are joined as a sync joins a file, a union. Its evidence goes along. Only then is the old
/// folder emptied, of what dtaudit wrote there and git does not track.
///
/// A `.dtaudit` that git tracks came with the clone and may be anybody's, and one whose schema
/// holds what dtaudit did not create could rewrite what its user records: both are refused,
/// untouched (`StoreError.trackedStore`, `.foreignSchema`).
public enum StoreAdoption {
    public static func adopt(_ earlier: StoreLocation, into home: StoreLocation) throws {
        // Another process may have moved it meanwhile: then there is nothing left to do.
        guard Files.status(earlier.databasePath, followLinks: false) != nil else { return }
        let tracked = StoreIgnore.trackedFiles(in: earlier)
        if let file = tracked.first(where: { StoreIgnore.isStoreFile($0) }) {
            throw StoreError.trackedStore(path: earlier.folder, file: StoreLocation.folderName + "/" + file)
        }
        try AuditStore.checkSchema(of: earlier)
        do {
            try Files.makeDirectories(home.folder)
        } catch {
            throw StoreError.cannotCreate(path: home.folder, detail: error.description)
        }
        try bringEvidence(from: earlier, to: home)
        let copied = Files.status(home.databasePath) == nil ? try AuditStore.copyDatabase(from: earlier, to: home) : false
        if !copied {
            do {
                try join(earlier, into: home)
            } catch {
                // Joined by another process, which emptied the old folder first.
                if Files.status(earlier.databasePath, followLinks: false) == nil { return }
                throw error
            }
        }
        StoreIgnore.clear(earlier, movedTo: home, tracked: Set(tracked))
    }

    /// Joins the records of the store at `earlier` into the store at `home`, in one transaction.
    static func join(_ earlier: StoreLocation, into home: StoreLocation) throws {
        var lines: [UInt8] = []
        do {
            let source = try AuditStore.open(earlier, access: .read)
            _ = try AuditFileWriter.write(store: source) { lines.append(contentsOf: $0) }
        }
        let store = try AuditStore.open(home)
        let source = WholeInput(lines)
        _ = try Importer.merge(reading: source.read, into: store)
    }

    /// Bytes held in memory, handed to a reader in one chunk.
    private final class WholeInput {
        private var bytes: [UInt8]?

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func read(appendingTo chunk: inout [UInt8]) -> Bool {
            guard let bytes else { return false }
            chunk.append(contentsOf: bytes)
            self.bytes = nil
            return true
        }
    }

    /// Gives the home every evidence file of `earlier` it lacks: a second name for the same file
    /// where one file system holds both, else a copy. The old files stay until the store is in.
    static func bringEvidence(from earlier: StoreLocation, to home: StoreLocation) throws {
        guard let entries = try? Files.entries(earlier.evidenceFolder) else { return }
        for entry in entries where EvidenceExport.isEvidenceName(entry.name) {
            let source = earlier.evidenceFolder + "/" + entry.name
            let target = home.evidenceFolder + "/" + entry.name
            guard Files.status(source, followLinks: false)?.kind == .regular, Files.status(target, followLinks: false) == nil else { continue }
            do {
                try Files.makeDirectories(home.evidenceFolder)
                if !linked(source, as: target) { try copy(source, to: target) }
            } catch {
                throw StoreError.cannotCreate(path: target, detail: String(describing: error))
            }
        }
    }

    /// Gives `source` the second name `target`; false where that cannot be (another file system,
    /// one without links), and a copy must do.
    private static func linked(_ source: String, as target: String) -> Bool {
        (try? Files.link(source, as: target)) == true
    }

    private static func copy(_ source: String, to target: String) throws {
        let input = try ChunkedInput(path: source)
        try Files.writeAtomically(target) { output in
            var chunk: [UInt8] = []
            while input.read(appendingTo: &chunk, count: 1 << 20) {
                output.write(bytes: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
            if input.failed { throw StoreError.cannotCreate(path: target, detail: "\(source) could not be read whole") }
        }
    }
}
