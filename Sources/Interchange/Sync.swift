import AuditStore
import Evidence
import Output
import Platform

/// A shared file that can't be read or written, said in one line.
public struct SharedFileProblem: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case missing, unreadable, malformed, unwritable
        /// Writing it would drop records the store lacks: refused, not failed.
        case wouldDropRecords
        /// The command line names it where no file may go (inside the store's folder), or names none
        /// where several could be meant.
        case misnamed
    }

    public let description: String
    public let kind: Kind

    public init(_ description: String, kind: Kind = .malformed) {
        self.description = description
        self.kind = kind
    }
}

/// What a sync did.
public struct SyncReport: Sendable {
    /// Nothing had changed on either side since the last sync.
    public var upToDate = false
    /// What the file brought; nil when it held exactly what the store holds, or was not there.
    public var imported: ImportReport?
    /// The file was (re)written with the store's whole log.
    public var wroteFile = false
    /// Only the lines that changed since the store's copy of the file were read (`SyncDelta`).
    public var readChangesOnly = false
    /// How many records the file holds now.
    public var records = 0
    /// How many records the file held before the sync; nil when there was no file.
    public var recordsInFile: Int?
    /// Evidence files copied from the store into the shared folder, and from it into the store.
    public var evidenceShared = 0
    public var evidenceTaken = 0
    /// Files the records name that neither the store nor the shared folder has (a teammate may not
    /// have committed them yet), and files in the shared folder left out, with why: a link, over
    /// the evidence limit, bytes that don't match their name.
    public var evidenceMissing: [String] = []
    public var evidenceRefused: [(file: String, reason: String)] = []
    /// Evidence files left out of the shared folder because a stash entry holds them.
    public var evidenceStashed = 0
    /// The file lacked records of the store but was left as git put it, and why; they stay in the
    /// store and are written by the first sync after git's step.
    public var held: GitState.Hold?
    /// The sides of an unmerged file taken in from git's index (`GitState.sides`).
    public var sidesTaken: [GitState.Side] = []

    public init() {}
}

/// Brings a store and its shared file in step: the file's records go into the store (a union),
/// then the file is written with everything the store holds, then evidence is copied both ways.
/// Nothing is ever refused that a union can settle, and nothing anybody recorded is dropped.
public enum Sync {
    /// Syncs `store` with `shared`: taking the file in, its evidence, writing it back and sharing
    /// the store's evidence is one transaction of the store, so an error leaves the store as it
    /// was (evidence taken in is taken out again). The file is replaced by a rename once it is
    /// whole, so a sync killed at any moment leaves both whole.
    /// With `hold`, the file is taken in but not written (git would rather it stayed as it is).
    /// `sides` are an unmerged file's sides in git's index: each is taken in before the file.
    public static func run(_ store: AuditStore, with shared: SharedAudit, holding hold: GitState.Hold? = nil,
                           sides: [GitState.Side] = [], stashedEvidence: Set<String> = []) throws -> SyncReport {
        try shared.checkUnlinked()
        var report = SyncReport()
        var adoption = EvidenceAdoption(store.location)
        do {
            if sides.isEmpty, let status = shared.status(), let sharing = try store.sharing(), sharing.file == shared.relativePath,
               status.byteCount == sharing.byteCount, status.modifiedMilliseconds == sharing.modified, sharing.records == (try store.recordCount()) {
                // Neither side changed since the last sync: nothing to read.
                report.upToDate = true
                report.records = sharing.records ?? 0
                report.recordsInFile = report.records
                try shareEvidence(store, shared, into: &report, adoption: &adoption, withholding: stashedEvidence)
                return report
            }
            try store.write {
                var fromSides: ImportReport?
                if !sides.isEmpty {
                    fromSides = try take(sides, of: shared, into: store)
                    report.sidesTaken = sides
                }
                if fromSides == nil, shared.status() != nil, let delta = try SyncDelta.read(store, shared) {
                    try runDelta(delta, store, shared, holding: hold, into: &report)
                    try shareEvidence(store, shared, into: &report, adoption: &adoption, withholding: stashedEvidence)
                    return
                }
                // The file holds what the store would write (a checkout touched it): nothing to take in.
                if shared.status() != nil {
                    if try matches(store, shared) {
                        report.recordsInFile = try store.recordCount()
                    } else {
                        let imported = try take(shared, into: store)
                        report.imported = imported
                        report.recordsInFile = imported.recordsRead
                    }
                }
                if let fromSides { report.imported = report.imported.map { $0.adding(fromSides) } ?? fromSides }
                if let hold, try !matches(store, shared) {
                    // Not remembered as in step: the next sync reads the file again and writes it once git's step is done.
                    report.held = hold
                    report.records = try store.recordCount()
                } else {
                    report.records = try writeIfDifferent(store, to: shared, wrote: &report.wroteFile)
                }
                try shareEvidence(store, shared, into: &report, adoption: &adoption, withholding: stashedEvidence)
            }
        } catch {
            adoption.undo()
            throw error
        }
        return report
    }

    /// Creates a store at `location` from a shared file: how a clone joins the audit. The store,
    /// with the evidence it takes in, is built beside and moved into place whole, or not made at
    /// all: an error leaves no store behind.
    public static func createStore(at location: StoreLocation, from shared: SharedAudit, sides: [GitState.Side] = []) throws -> (AuditStore, SyncReport) {
        try shared.checkUnlinked()
        var report = SyncReport()
        var adoption = EvidenceAdoption(location)
        do {
            let store = try AuditStore.create(at: location) { store in
                let fromSides = sides.isEmpty ? nil : try take(sides, of: shared, into: store)
                report.sidesTaken = sides
                let imported = try take(shared, into: store)
                report.imported = fromSides.map { imported.adding($0) } ?? imported
                report.recordsInFile = imported.recordsRead
                // The file gets the records it holds, in order: written before the store is in place.
                report.records = try writeIfDifferent(store, to: shared, wrote: &report.wroteFile)
                try shareEvidence(store, shared, into: &report, adoption: &adoption)
            }
            return (store, report)
        } catch {
            adoption.undo()
            // No store, so no copy of its file either.
            SharedCopy.discard(location)
            throw error
        }
    }

    /// Takes the shared file into the store, a chunk at a time, inside the caller's transaction.
    static func take(_ shared: SharedAudit, into store: AuditStore) throws -> ImportReport {
        let input = try open(shared)
        do {
            let report = try Importer.merge(reading: { input.total <= AuditFile.maximumBytes && input.read(appendingTo: &$0) }, into: store)
            if input.failed { throw SharedFileProblem("cannot read \(shared.relativePath)", kind: .unreadable) }
            if input.total > AuditFile.maximumBytes { throw tooLarge(shared, input.total) }
            return report
        } catch let error as InterchangeError {
            throw SharedFileProblem("\(shared.relativePath) \(error); nothing was changed")
        } catch let error as DanglingReference {
            throw SharedFileProblem("\(shared.relativePath) \(error); nothing was changed")
        }
    }

    /// The file, opened for reading a chunk at a time; refused when it is not a regular file or is
    /// larger than an audit file may be.
    static func open(_ shared: SharedAudit) throws -> ChunkedInput {
        guard let status = Files.status(shared.path), status.kind == .regular else {
            throw SharedFileProblem("cannot read \(shared.relativePath): it is missing or not a regular file", kind: .missing)
        }
        if status.byteCount > Int64(AuditFile.maximumBytes) { throw tooLarge(shared, Int(status.byteCount)) }
        do {
            return try ChunkedInput(path: shared.path)
        } catch {
            throw SharedFileProblem("cannot read \(shared.relativePath): \(error)", kind: .unreadable)
        }
    }

    static func tooLarge(_ shared: SharedAudit, _ bytes: Int) -> SharedFileProblem {
        SharedFileProblem("\(shared.relativePath) is \(bytes >> 20) MB; an audit file is at most \(AuditFile.maximumBytes >> 20) MB")
    }

    /// Whether the file holds exactly the bytes the store would write, compared a chunk at a time.
    static func matches(_ store: AuditStore, _ shared: SharedAudit) throws -> Bool {
        guard let file = RegularFile(opening: shared.path) else { return false }
        var same = true
        var scratch = [UInt8](repeating: 0, count: 1 << 17)
        _ = try AuditFileWriter.write(store: store) { chunk in
            guard same else { return }
            if scratch.count < chunk.count { scratch = [UInt8](repeating: 0, count: chunk.count) }
            let read = scratch.withUnsafeMutableBytes { file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<chunk.count])) }
            same = read == chunk.count && scratch.withUnsafeBufferPointer { $0[0..<chunk.count].elementsEqual(chunk) }
        }
        guard same else { return false }
        var one: UInt8 = 0
        return withUnsafeMutableBytes(of: &one) { file.read(into: $0) } == 0
    }

    /// Writes the store's log to the shared file unless the file already holds exactly those bytes,
    /// and remembers how the file looks now, keeping a copy of it for the next sync. The log is read
    /// once: written beside the file while it is compared with it, and renamed over it only when
    /// they differ. Returns the number of records.
    static func writeIfDifferent(_ store: AuditStore, to shared: SharedAudit, remember: Bool = true, wrote: inout Bool) throws -> Int {
        var sums = BlockChecksums()
        var byteCount = 0
        do {
            try Files.makeDirectories(PathNames.folder(of: shared.path))
            let existing = Comparison(shared.path)
            try Files.writeAtomically(shared.path) { output in
                _ = try AuditFileWriter.write(store: store, startingBlock: { sums.start(at: $0, line: $1) }) { chunk in
                    output.write(chunk)
                    sums.add(UnsafeRawBufferPointer(chunk), at: byteCount)
                    byteCount += chunk.count
                    existing.compare(UnsafeRawBufferPointer(chunk))
                }
                if existing.endsSame() { throw Unchanged() }
            }
            wrote = true
        } catch is Unchanged {
            wrote = false
        } catch let error as SystemError {
            throw SharedFileProblem("cannot write \(shared.relativePath): \(error)", kind: .unwritable)
        }
        return try self.remember(store, shared, remember ? .new(bytes: nil, byteCount: byteCount, blocks: sums.blocks) : .none)
    }

    /// The file already held what was written: the temporary copy is thrown away.
    private struct Unchanged: Error {}

    /// A file compared, a piece at a time, with what is written in its place.
    private final class Comparison {
        private let file: RegularFile?
        private var same: Bool
        private var scratch: [UInt8] = []

        init(_ path: String) {
            file = RegularFile(opening: path)
            same = file != nil
        }

        func compare(_ piece: UnsafeRawBufferPointer) {
            guard same else { return }
            if scratch.count < piece.count { scratch = [UInt8](repeating: 0, count: piece.count) }
            let read = scratch.withUnsafeMutableBytes { file?.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<piece.count])) }
            same = read == piece.count && scratch.withUnsafeBytes { ByteComparison.same(UnsafeRawBufferPointer(rebasing: $0[0..<piece.count]), piece) }
        }

        /// Whether the file held what was written and nothing more.
        func endsSame() -> Bool {
            guard same else { return false }
            var one: UInt8 = 0
            return withUnsafeMutableBytes(of: &one) { file?.read(into: $0) } == 0
        }
    }

    /// What a sync keeps of the file it left in step with the store.
    enum Keeping {
        /// Nothing: the file is not the store's own.
        case none
        /// How it looks; the copy of it stands as it was.
        case unchanged
        /// How it looks, and a new copy (its bytes when at hand, size, and blocks with their checksums).
        case new(bytes: [UInt8]?, byteCount: Int, blocks: [SharedCopy.Block])
    }

    /// Remembers how the file looks now it holds the store's log, and keeps a copy of it for the
    /// next sync. Returns the number of records: `records` when the caller knows it, else counted.
    static func remember(_ store: AuditStore, _ shared: SharedAudit, _ keeping: Keeping, records: Int? = nil) throws -> Int {
        let count = try records ?? store.recordCount()
        if case .none = keeping { return count }
        guard let status = shared.status() else { throw SharedFileProblem("cannot read \(shared.relativePath) back after writing it", kind: .unreadable) }
        try store.write {
            try store.setSharing(AuditStore.Sharing(file: shared.relativePath, byteCount: status.byteCount,
                                                    modified: status.modifiedMilliseconds, records: count))
            if case .new(let bytes, let byteCount, let blocks) = keeping {
                try SharedCopy.keep(store, shared, records: count, bytes: bytes, byteCount: byteCount, blocks: blocks)
            }
        }
        return count
    }

    /// Copies evidence the store has into the shared folder, and evidence the folder has into the
    /// store, each file once and checked against its name. A stored file that is a link counts as
    /// missing (it is replaced by the shared copy, never read through).
    /// Files a stash entry holds (`withholding`) are not copied out: `git stash pop` brings them.
    static func shareEvidence(_ store: AuditStore, _ shared: SharedAudit, into report: inout SyncReport, adoption: inout EvidenceAdoption,
                              withholding stashed: Set<String> = []) throws {
        let links = try store.evidenceLinks()
        guard !links.isEmpty else { return }
        var outgoing: [EvidenceFile] = []
        var seen = Set<String>()
        for link in links where seen.insert(link.file.hash).inserted {
            if Files.status(store.location.path(of: link.file), followLinks: false)?.kind == .regular {
                if stashed.contains(link.file.storedName) {
                    if Files.status(shared.evidenceFolder + "/" + link.file.storedName, followLinks: false) == nil { report.evidenceStashed += 1 }
                } else {
                    outgoing.append(link.file)
                }
                continue
            }
            let shown = shared.relativeEvidenceFolder + "/" + link.file.storedName
            switch try store.adoptEvidence(link.file, from: shared.evidenceFolder + "/" + link.file.storedName, into: &adoption) {
            case .taken: report.evidenceTaken += 1
            case .missing: report.evidenceMissing.append(link.file.storedName)
            case .refused(let reason): report.evidenceRefused.append((shown, reason))
            }
        }
        do {
            report.evidenceShared = try EvidenceExport.sync(outgoing, from: store.location, into: shared.evidenceFolder, prune: false).copied
        } catch {
            throw SharedFileProblem(error.description, kind: .unwritable)
        }
    }

    /// Writes the store's log to `shared` without taking the file in first (`export --format
    /// json`): refused when the file holds records the store lacks, which writing would drop,
    /// unless `force`.
    public static func export(_ store: AuditStore, to shared: SharedAudit, force: Bool) throws -> SyncReport {
        // With `force` the file is not read, only replaced.
        try shared.checkUnlinked(file: !force)
        var report = SyncReport()
        let sharing = try store.sharing()
        let isStoresFile = shared.root == store.location.root && (sharing == nil || sharing?.file == shared.relativePath)
        if !force, let status = shared.status() {
            let unchanged = isStoresFile && sharing?.byteCount == status.byteCount && sharing?.modified == status.modifiedMilliseconds
            if !unchanged, try !matches(store, shared) {
                let input = try open(shared)
                let known = try store.lineDigests()
                var lacking = 0
                do {
                    _ = try AuditFile.scan(chunks: { input.total <= AuditFile.maximumBytes && input.read(appendingTo: &$0) }, known: known) { record, _ in
                        if known[record.id] != LineDigest.of(record.line.utf8) { lacking += 1 }
                    }
                } catch {
                    throw SharedFileProblem("\(shared.relativePath) is there but is not an audit file this dtaudit can read (\(error)); --force replaces it")
                }
                if lacking > 0 {
                    throw SharedFileProblem("\(shared.relativePath) holds \(counted(lacking, "record")) this store lacks, which writing it would drop; "
                                            + "run 'dtaudit sync' to take them in and write the file, or --force to replace it anyway", kind: .wouldDropRecords)
                }
            }
        }
        var adoption = EvidenceAdoption(store.location)
        do {
            report.records = try writeIfDifferent(store, to: shared, remember: isStoresFile, wrote: &report.wroteFile)
            try shareEvidence(store, shared, into: &report, adoption: &adoption)
        } catch {
            adoption.undo()
            throw error
        }
        return report
    }
}
