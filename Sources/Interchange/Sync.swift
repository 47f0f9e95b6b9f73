import AuditStore
import Evidence
import Platform

/// A shared file that can't be read or written, said in one line.
public struct SharedFileProblem: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// What a sync did.
public struct SyncReport: Sendable {
    /// Nothing had changed on either side since the last sync: the file was not even read.
    public var upToDate = false
    /// What the file brought; nil when it was not read.
    public var imported: ImportReport?
    /// The file was (re)written with the store's whole log.
    public var wroteFile = false
    /// How many records the file holds now.
    public var records = 0
    /// Evidence files copied from the store into the shared folder, and from it into the store.
    public var evidenceShared = 0
    public var evidenceTaken = 0
    /// Files the records name that neither the store nor the shared folder has (a teammate may not
    /// have committed them yet), and files in the shared folder whose bytes don't match their name.
    public var evidenceMissing: [String] = []
    public var evidenceRefused: [String] = []

    public init() {}
}

/// Brings a store and its shared file in step: the file's records go into the store (a union),
/// then the file is written with everything the store holds, then evidence is copied both ways.
/// Nothing is ever refused that a union can settle, and nothing anybody recorded is dropped.
public enum Sync {
    /// Syncs `store` with `shared`. The store's writes are one transaction; the file is replaced
    /// by a rename once it is whole, so a sync killed at any moment leaves both whole.
    public static func run(_ store: AuditStore, with shared: SharedAudit) throws -> SyncReport {
        var report = SyncReport()
        let sharing = try store.sharing()
        let status = shared.status()
        let count = try store.recordCount()
        if let status, let sharing, sharing.file == shared.relativePath, status.byteCount == sharing.byteCount,
           status.modifiedMilliseconds == sharing.modified, sharing.records == count {
            report.upToDate = true
            report.records = count
            try shareEvidence(store, shared, into: &report)
            return report
        }
        var existing: [UInt8]?
        if status != nil {
            existing = try read(shared)
            let bytes = existing!
            let file: AuditFile
            do {
                file = try AuditFile.read(bytes, known: try store.lineDigests())
            } catch {
                throw SharedFileProblem("\(shared.relativePath) \(error); nothing was changed")
            }
            report.imported = try store.write {
                do {
                    return try Importer.merge(file, into: store)
                } catch let error as DanglingReference {
                    throw SharedFileProblem("\(shared.relativePath) \(error); nothing was changed")
                }
            }
        }
        report.records = try writeIfDifferent(store, to: shared, existing: existing, wrote: &report.wroteFile)
        try shareEvidence(store, shared, into: &report)
        return report
    }

    /// Creates a store at `location` from a shared file: how a clone joins the audit. The store is
    /// built beside and moved into place whole, or not made at all.
    public static func createStore(at location: StoreLocation, from shared: SharedAudit) throws -> (AuditStore, SyncReport) {
        let bytes = try read(shared)
        let file: AuditFile
        do {
            file = try AuditFile.read(bytes)
        } catch {
            throw SharedFileProblem("\(shared.relativePath) \(error); no store was made")
        }
        let store: AuditStore
        do {
            store = try AuditStore.create(at: location, from: file.records)
        } catch let refused as StoreCreationRefused {
            throw SharedFileProblem("\(shared.relativePath) \(refused.detail); no store was made")
        }
        var report = SyncReport()
        var imported = ImportReport()
        imported.format = file.format
        imported.conflictMarkers = file.conflictMarkers
        imported.outcome.added = Dictionary(grouping: file.records, by: \.record.kind).mapValues(\.count)
        imported.outcome.clashes = file.clashes
        imported.newScreens = try store.screens().map(\.name)
        imported.nameClashes = try store.nameClashes()
        report.imported = imported
        try store.write { try store.setSharing(AuditStore.Sharing(file: shared.relativePath)) }
        report.records = try writeIfDifferent(store, to: shared, existing: bytes, wrote: &report.wroteFile)
        try shareEvidence(store, shared, into: &report)
        return (store, report)
    }

    /// The file's bytes, refused past the size limit or when it is not a regular file.
    static func read(_ shared: SharedAudit) throws -> [UInt8] {
        guard let file = RegularFile(opening: shared.path) else {
            throw SharedFileProblem("cannot read \(shared.relativePath): it is missing, unreadable or not a regular file")
        }
        if file.byteCount > AuditFile.maximumBytes {
            throw SharedFileProblem("\(shared.relativePath) is \(file.byteCount >> 20) MB; an audit file is at most \(AuditFile.maximumBytes >> 20) MB")
        }
        guard let bytes = file.readAll() else { throw SharedFileProblem("cannot read \(shared.relativePath)") }
        return bytes
    }

    /// Writes the store's log to the shared file unless the file already holds exactly those bytes,
    /// and remembers how the file looks now. Returns the number of records.
    static func writeIfDifferent(_ store: AuditStore, to shared: SharedAudit, existing: [UInt8]?, wrote: inout Bool) throws -> Int {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(existing?.count ?? 1 << 16)
        let count = try AuditFileWriter.write(store: store) { bytes.append(contentsOf: $0) }
        if existing != bytes {
            try write(bytes, to: shared)
            wrote = true
        }
        guard let status = shared.status() else { throw SharedFileProblem("cannot read \(shared.relativePath) back after writing it") }
        try store.write {
            try store.setSharing(AuditStore.Sharing(file: shared.relativePath, byteCount: status.byteCount,
                                                    modified: status.modifiedMilliseconds, records: count))
        }
        return count
    }

    static func write(_ bytes: [UInt8], to shared: SharedAudit) throws {
        do {
            try Files.makeDirectories(PathNames.folder(of: shared.path))
            try Files.writeAtomically(shared.path) { $0.write(bytes: bytes) }
        } catch {
            throw SharedFileProblem("cannot write \(shared.relativePath): \(error)")
        }
    }

    /// Copies evidence the store has into the shared folder, and evidence the folder has into the
    /// store, each file once and checked against its name.
    static func shareEvidence(_ store: AuditStore, _ shared: SharedAudit, into report: inout SyncReport) throws {
        let links = try store.evidenceLinks()
        guard !links.isEmpty else { return }
        var outgoing: [EvidenceFile] = []
        var seen = Set<String>()
        for link in links where seen.insert(link.file.hash).inserted {
            let hasLocal = Files.status(store.location.path(of: link.file))?.kind == .regular
            let remote = shared.evidenceFolder + "/" + link.file.storedName
            if hasLocal {
                outgoing.append(link.file)
            } else if Files.status(remote)?.kind == .regular {
                if try store.adoptEvidence(from: remote, hash: link.file.hash, kind: link.file.kind) {
                    report.evidenceTaken += 1
                } else {
                    report.evidenceRefused.append(shared.relativeEvidenceFolder + "/" + link.file.storedName)
                }
            } else {
                report.evidenceMissing.append(link.file.storedName)
            }
        }
        do {
            report.evidenceShared = try EvidenceExport.sync(outgoing, from: store.location, into: shared.evidenceFolder, prune: false).copied
        } catch {
            throw SharedFileProblem(error.description)
        }
    }

    /// Writes the store's log to `shared` without reading the file in first (`export --format
    /// json`): refused when the file holds records the store lacks, which writing would drop,
    /// unless `force`.
    public static func export(_ store: AuditStore, to shared: SharedAudit, force: Bool) throws -> SyncReport {
        var report = SyncReport()
        var existing: [UInt8]?
        if shared.status() != nil {
            existing = try read(shared)
            if !force {
                let file: AuditFile
                do {
                    file = try AuditFile.read(existing!, known: try store.lineDigests())
                } catch {
                    throw SharedFileProblem("\(shared.relativePath) is there but is not an audit file this dtaudit can read (\(error)); --force replaces it")
                }
                let lacking = file.records.count
                if lacking > 0 {
                    throw SharedFileProblem("\(shared.relativePath) holds \(lacking) record\(lacking == 1 ? "" : "s") this store lacks, which writing it would drop; "
                                            + "run 'dtaudit sync' to take them in and write the file, or --force to replace it anyway")
                }
            }
        }
        let current = try store.sharing()
        if shared.root == store.location.root && (current == nil || current?.file == shared.relativePath) {
            report.records = try writeIfDifferent(store, to: shared, existing: existing, wrote: &report.wroteFile)
        } else {
            var bytes: [UInt8] = []
            report.records = try AuditFileWriter.write(store: store) { bytes.append(contentsOf: $0) }
            if existing != bytes {
                try write(bytes, to: shared)
                report.wroteFile = true
            }
        }
        try shareEvidence(store, shared, into: &report)
        return report
    }
}
