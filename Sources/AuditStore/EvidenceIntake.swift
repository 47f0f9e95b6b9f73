import AuditLog
import Dispatch
import DynamicType
import Evidence
import Platform

/// Stores many evidence files in one write transaction, as fast as reading and writing them
/// allows: each file is read once, hashed as it is copied, and renamed into place; the folder is
/// made, the size limit read and the copy buffer allocated once, and the files and the folder are
/// made durable together (`finish()`), before the transaction that names them commits, instead of
/// one flush after every file, which made an import of 5,000 screenshots wait on 5,000 flushes.
public final class EvidenceIntake {
    private let store: AuditStore
    private let folder: String
    private let limit: Int64
    /// Files renamed into place and not yet synced.
    private var placed: [String] = []

    /// Must be made inside `write {}`.
    public init(store: AuditStore) throws {
        precondition(store.db.isInTransaction, "evidence is stored inside a write transaction")
        self.store = store
        folder = store.location.evidenceFolder
        limit = try store.evidenceLimit()
        try store.prepareEvidenceFolder(folder)
    }

    /// A file copied in under a temporary name and hashed, waiting for `place`.
    public struct Staged: Sendable {
        let temporary: String
        let hash: String
        let byteCount: Int64
        let prefix: [UInt8]
    }

    /// Copies and hashes `candidates` into the evidence folder under temporary names, on every
    /// core (each worker with its own buffer): hashing is what an import of screenshots spends its
    /// time on. `place` then puts each in under its hash, in order; `discard` removes what is left.
    public func stage(_ candidates: [EvidenceCandidate]) -> [Result<Staged, EvidenceError>] {
        let count = candidates.count
        let workers = max(1, min(4, System.processorCount, count))
        let results = UnsafeMutableBufferPointer<Result<Staged, EvidenceError>>.allocate(capacity: count)
        defer {
            // Every slot is set once below: its value is released before the memory goes.
            _ = results.deinitialize()
            results.deallocate()
        }
        let output = StagingSlots(results)
        let (folder, limit) = (self.folder, self.limit)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            for index in stride(from: worker, to: count, by: workers) {
                let temporary = AuditStore.incomingPath(in: folder)
                let result: Result<Staged, EvidenceError>
                do {
                    let (hash, bytes, prefix) = try AuditStore.copy(candidates[index].path, to: temporary, limit: limit, buffer: &buffer, syncing: false)
                    result = .success(Staged(temporary: temporary, hash: hash, byteCount: bytes, prefix: prefix))
                } catch {
                    try? Files.remove(temporary)
                    result = .failure(error as? EvidenceError ?? .cannotStore(detail: "\(error)"))
                }
                output.set(index, result)
            }
        }
        return Array(results)
    }

    /// Puts a staged copy of `candidate` in under its SHA-256 (once: a file already there is kept)
    /// and records it.
    public func place(_ staged: Staged, of candidate: EvidenceCandidate, by author: String, at time: Timestamp) throws -> EvidenceFile {
        var done = false
        defer { if !done { try? Files.remove(staged.temporary) } }
        guard let kind = MediaKind.detect(staged.prefix), kind == candidate.kind else { throw EvidenceError.changed(path: candidate.path) }
        let file = EvidenceFile(hash: staged.hash, kind: kind, byteCount: staged.byteCount, firstName: candidate.name, addedAt: time, addedBy: author)
        let renamed = try store.place(staged.temporary, as: file)
        done = true
        if renamed { placed.append(store.location.path(of: file)) }
        return file
    }

    /// Removes the temporary copies of staged files that were not placed.
    public static func discard(_ staged: [Result<Staged, EvidenceError>]) {
        for case .success(let copy) in staged where Files.status(copy.temporary, followLinks: false) != nil {
            try? Files.remove(copy.temporary)
        }
    }

    /// Makes the renamed files durable before the transaction that names them commits.
    public func finish() throws {
        guard Files.syncAll(placed) else {
            throw EvidenceError.cannotStore(detail: "the evidence files could not be written to the disk (is it full?)")
        }
        placed = []
    }
}

extension AuditStore {
    /// The cells (`screen id`, item, size) that recordings of the automated run with this
    /// fingerprint ever recorded, taken back or not: a run speaks once about each cell.
    public func cellsRecorded(byRun fingerprint: String) throws -> Set<String> {
        try read {
            Set(try db.rows("""
                SELECT s.uid, r.item, r.size FROM recordings r JOIN screens s ON s.id = r.screen_id WHERE r.run LIKE ?
                """, ["% #" + fingerprint]) { row in
                row.string("uid") + "\u{1F}" + row.string("item") + "\u{1F}" + row.string("size")
            })
        }
    }

    /// The key `cellsRecorded(byRun:)` gives a cell.
    public static func cellKey(screen: String, item: String, size: Size) -> String {
        screen + "\u{1F}" + item + "\u{1F}" + size.id
    }
}

/// Lets `concurrentPerform` write each file's result to its own slot.
private struct StagingSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result<EvidenceIntake.Staged, EvidenceError>>

    init(_ buffer: UnsafeMutableBufferPointer<Result<EvidenceIntake.Staged, EvidenceError>>) { self.buffer = buffer }

    func set(_ index: Int, _ value: Result<EvidenceIntake.Staged, EvidenceError>) {
        (buffer.baseAddress! + index).initialize(to: value)
    }
}
