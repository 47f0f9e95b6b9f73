import AuditLog
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
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// Files renamed into place and not yet synced.
    private var placed: [String] = []

    /// Must be made inside `write {}`.
    public init(store: AuditStore) throws {
        precondition(store.db.isInTransaction, "evidence is stored inside a write transaction")
        self.store = store
        folder = store.location.evidenceFolder
        limit = try store.evidenceLimit()
        do {
            try Files.makeDirectory(folder)
            try store.ensureEvidenceIgnored(folder)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }
    }

    /// Copies `candidate` in under its SHA-256 (once: a file already there is kept) and records it.
    public func store(_ candidate: EvidenceCandidate, by author: String, at time: Timestamp) throws -> EvidenceFile {
        let temporary = folder + "/" + AuditStore.incomingPrefix + UniqueID.make()
        var done = false
        defer { if !done { try? Files.remove(temporary) } }
        let (hash, byteCount, prefix) = try AuditStore.copy(candidate.path, to: temporary, limit: limit, buffer: &buffer, syncing: false)
        guard let kind = MediaKind.detect(prefix), kind == candidate.kind else { throw EvidenceError.changed(path: candidate.path) }
        let file = EvidenceFile(hash: hash, kind: kind, byteCount: byteCount, firstName: candidate.name, addedAt: time, addedBy: author)
        let destination = store.location.path(of: file)
        if let existing = Files.status(destination), existing.kind == .regular, existing.byteCount == byteCount {
            try? Files.remove(temporary)
        } else {
            do {
                try Files.rename(temporary, to: destination)
            } catch {
                throw EvidenceError.cannotStore(detail: error.description)
            }
            placed.append(destination)
        }
        done = true
        try store.db.statement("""
            INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """).run([hash, kind.rawValue, byteCount, candidate.name, time.iso8601, author])
        return file
    }

    /// Makes the renamed files durable before the transaction that names them commits.
    public func finish() throws {
        guard Files.syncAll(placed, in: folder) else {
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
                row.string(0) + "\u{1F}" + row.string(1) + "\u{1F}" + row.string(2)
            })
        }
    }

    /// The key `cellsRecorded(byRun:)` gives a cell.
    public static func cellKey(screen: String, item: String, size: Size) -> String {
        screen + "\u{1F}" + item + "\u{1F}" + size.id
    }
}
