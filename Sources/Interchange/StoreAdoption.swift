import AuditStore
import Platform

/// Moves a store an earlier dtaudit kept among the audit's files (`.dtaudit/` in a git checkout)
/// to its home under git's common directory, the first time any command finds it. What it takes
/// is what a shared file would bring: the records of its log, each line read as strictly as a
/// shared file's (the fold builds every table from them), and the evidence files those records
/// name, each checked against its SHA-256. Nothing else of it is believed: not its tables of
/// screens, recordings or cells, not its settings, not its recorded scans (each store scans the
/// code it has). Where the home has a store already (another work tree moved its own there
/// first), the records are joined as a sync joins a file, a union. Only then is the old folder
/// emptied, of what dtaudit wrote there and git does not track.
///
/// A `.dtaudit` that git tracks came with the clone and may be anybody's, and one whose schema
/// holds what dtaudit did not create could rewrite what its user records: both are refused,
/// untouched (`StoreError.trackedStore`, `.foreignSchema`), and so is one of another user's.
public enum StoreAdoption {
    /// What an adoption brought.
    public struct Adopted: Sendable, Equatable {
        public var from: StoreLocation
        public var into: StoreLocation
        /// Records its log held, and evidence files its records name that were taken.
        public var records: Int
        public var evidence: Int
        /// Screens whose recorded scan stayed behind: `scan --record` records it again.
        public var scansLeft: Int
    }

    @discardableResult
    public static func adopt(_ earlier: StoreLocation, into home: StoreLocation) throws -> Adopted? {
        // Another process may have moved it meanwhile: then there is nothing left to do.
        guard Files.status(earlier.databasePath, followLinks: false) != nil else { return nil }
        try earlier.checkUnlinked()
        try earlier.checkOwned()
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
        let (log, scansLeft) = try readLog(of: earlier, beside: home)
        var adoption = EvidenceAdoption(home)
        var records = 0
        var evidence = 0
        do {
            let take = { (store: AuditStore) throws in
                records = try Importer.merge(reading: WholeInput(log).read, into: store).recordsRead
                evidence = try bringEvidence(from: earlier, into: store, adoption: &adoption)
            }
            var created = false
            if Files.status(home.databasePath, followLinks: false) == nil {
                do {
                    _ = try AuditStore.create(at: home, fill: take)
                    created = true
                } catch StoreError.alreadyExists {
                    // Another work tree's first command made it meanwhile: joined below.
                }
            }
            if !created {
                let store = try AuditStore.open(home)
                try store.write { try take(store) }
            }
        } catch {
            adoption.undo()
            // Joined by another process, which emptied the old folder first.
            if Files.status(earlier.databasePath, followLinks: false) == nil { return nil }
            throw error
        }
        StoreIgnore.clear(earlier, movedTo: home, tracked: Set(tracked))
        return Adopted(from: earlier, into: home, records: records, evidence: evidence, scansLeft: scansLeft)
    }

    /// The records of the store at `earlier` as a shared file's bytes, and how many screens have a
    /// recorded scan there. Read from a snapshot made beside `home` and brought to this release's
    /// schema (a store of any release is read the same way): the old database is never written.
    static func readLog(of earlier: StoreLocation, beside home: StoreLocation) throws -> (log: [UInt8], scans: Int) {
        let scratch = StoreLocation(folder: home.folder + "/" + scratchName, root: home.root, isInGitDirectory: home.isInGitDirectory)
        try? Files.makeDirectories(scratch.folder)
        defer { discard(scratch) }
        discard(scratch)
        try? Files.makeDirectories(scratch.folder)
        guard try AuditStore.copyDatabase(from: earlier, to: scratch) else {
            throw StoreError.cannotCreate(path: scratch.databasePath, detail: "another process is reading the same store; try again")
        }
        var log: [UInt8] = []
        let copy = try AuditStore.open(scratch)
        _ = try AuditFileWriter.write(store: copy) { log.append(contentsOf: $0) }
        let scans = (try? copy.latestScans().count) ?? 0
        return (log, scans)
    }

    /// The folder a snapshot of the old store is read in: one per process, so that two commands
    /// adopting at once never share one.
    static var scratchName: String { ".adopting-" + String(System.processID) }

    /// Removes a snapshot folder, and those killed adoptions left (their process is gone).
    static func discard(_ scratch: StoreLocation) {
        let parent = PathNames.folder(of: scratch.folder)
        for name in (try? Files.list(parent)) ?? [] where name.hasPrefix(".adopting-") {
            let folder = parent + "/" + name
            guard folder == scratch.folder || Int32(name.dropFirst(".adopting-".count)).map({ !TemporaryFile.isRunning($0) }) == true else { continue }
            for entry in (try? Files.list(folder)) ?? [] { try? Files.remove(folder + "/" + entry) }
            try? Files.removeDirectory(folder)
        }
    }

    /// Takes in, from the old store's evidence folder, each file the store's records name and it
    /// lacks, when it holds the bytes its name gives (`adoptEvidence` checks size and SHA-256).
    /// Inside the caller's transaction; returns how many were taken.
    static func bringEvidence(from earlier: StoreLocation, into store: AuditStore, adoption: inout EvidenceAdoption) throws -> Int {
        var taken = 0
        var seen = Set<String>()
        for link in try store.evidenceLinks() where seen.insert(link.file.hash).inserted {
            guard Files.status(store.location.path(of: link.file), followLinks: false)?.kind != .regular else { continue }
            if try store.adoptEvidence(link.file, from: earlier.evidenceFolder + "/" + link.file.storedName, into: &adoption) == .taken { taken += 1 }
        }
        return taken
    }

    /// Bytes held in memory, handed to a reader in one chunk.
    final class WholeInput {
        private var bytes: [UInt8]?

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func read(appendingTo chunk: inout [UInt8]) -> Bool {
            guard let bytes else { return false }
            chunk.append(contentsOf: bytes)
            self.bytes = nil
            return true
        }
    }
}
