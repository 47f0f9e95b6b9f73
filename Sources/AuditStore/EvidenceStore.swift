import AuditLog
import DynamicType
import Evidence
import Platform
import SQLite

/// A file stored as evidence: once per content, in the store's `evidence/<sha-256>.<ext>`.
public struct EvidenceFile: Sendable, Equatable {
    /// Reads the columns hash, kind, bytes, first_name, added_at and added_by, by name.
    init(row: Row) throws {
        self.init(hash: try row["hash"], kind: try row["kind"], byteCount: try row["bytes"], firstName: try row["first_name"],
                  addedAt: try row["added_at"], addedBy: try row["added_by"])
    }

    public init(hash: String, kind: MediaKind, byteCount: Int64, firstName: String, addedAt: Timestamp, addedBy: String) {
        self.hash = hash
        self.kind = kind
        self.byteCount = byteCount
        self.firstName = firstName
        self.addedAt = addedAt
        self.addedBy = addedBy
    }

    /// The SHA-256 of the file's bytes, in lower-case hex.
    public var hash: String
    public var kind: MediaKind
    public var byteCount: Int64
    /// The file's name when it was first stored.
    public var firstName: String
    public var addedAt: Timestamp
    public var addedBy: String

    /// The stored file's name in the evidence folder: `<sha-256>.png`.
    public var storedName: String { hash + "." + kind.fileExtension }

    /// The stored file's path relative to the store folder: `evidence/<sha-256>.png`.
    public var relativePath: String { EvidenceFile.folderName + "/" + storedName }

    public static let folderName = "evidence"
}

public struct EvidenceCandidate: Sendable, Equatable {
    /// Where the file is now.
    public var path: String
    /// Its name, without the folder.
    public var name: String
    public var kind: MediaKind
    public var byteCount: Int64

    /// Checks that `path` is a file of an accepted kind, by content, within `limit` bytes.
    /// Messages name the file as `shownAs` (what the user typed). People attach media; only the
    /// import of a run accepts element hierarchies too.
    public static func check(path: String, limit: Int64, shownAs: String? = nil,
                             accepting kinds: Set<MediaKind> = MediaKind.media) throws(EvidenceError) -> EvidenceCandidate {
        let shown = shownAs ?? path
        guard let status = Files.status(path) else { throw .notFound(path: shown) }
        guard status.kind == .regular else { throw .notAFile(path: shown) }
        if status.byteCount > limit { throw .tooLarge(path: shown, bytes: status.byteCount, limit: limit) }
        let prefix: [UInt8]
        do {
            prefix = try FileReader.prefix(of: path, count: MediaKind.prefixLength)
        } catch {
            throw .unreadable(path: shown, detail: System.errorDescription(error.code))
        }
        guard let kind = MediaKind.detect(prefix), kinds.contains(kind) else {
            throw .notAccepted(path: shown, looksLike: MediaKind.describe(prefix))
        }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        return EvidenceCandidate(path: path, name: name, kind: kind, byteCount: status.byteCount)
    }
}

/// Why a file cannot be evidence, said in one line.
public enum EvidenceError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notAFile(path: String)
    case unreadable(path: String, detail: String)
    case notAccepted(path: String, looksLike: String)
    case tooLarge(path: String, bytes: Int64, limit: Int64)
    case changed(path: String)
    case cannotStore(detail: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "no file at \(path)"
        case .notAFile(let path):
            return "\(path) is not a file; give a screenshot or a screen recording"
        case .unreadable(let path, let detail):
            return "cannot read \(path): \(detail)"
        case .notAccepted(let path, let looksLike):
            return "\(path) is not evidence dtaudit accepts: its content is \(looksLike); accepted are \(MediaKind.acceptedList) files, whatever their name"
        case .tooLarge(let path, let bytes, let limit):
            return "\(path) is \(ByteCount.format(bytes)); evidence files may be up to \(ByteCount.format(limit)) (change it with 'dtaudit evidence limit')"
        case .changed(let path):
            return "\(path) changed while it was being copied; nothing was stored, try again"
        case .cannotStore(let detail):
            return "cannot store the evidence: \(detail); nothing was changed"
        }
    }
}


extension StoreLocation {
    /// The store's `evidence` folder, where evidence files are stored.
    public var evidenceFolder: String { folder + "/" + EvidenceFile.folderName }

    /// The absolute path of a stored evidence file.
    public func path(of file: EvidenceFile) -> String { folder + "/" + file.relativePath }
}

extension AuditStore {
    /// Evidence files may be this large unless the store says otherwise: 50 MB.
    public static let defaultEvidenceLimit: Int64 = 50_000_000

    /// The largest evidence file the store accepts, in bytes.
    public func evidenceLimit() throws -> Int64 {
        try meta("evidence_limit").flatMap { Int64($0) } ?? Self.defaultEvidenceLimit
    }

    /// Sets the largest evidence file the store accepts; nil goes back to the default.
    public func setEvidenceLimit(_ bytes: Int64?) throws {
        try write {
            if let bytes {
                try setMeta("evidence_limit", String(bytes))
            } else {
                try db.run("DELETE FROM meta WHERE key = 'evidence_limit'")
            }
        }
    }

    // MARK: Storing

    /// Copies `candidate` into the evidence folder under the SHA-256 of its bytes (once: a file
    /// already there is kept) and records it. Must run inside `write {}`.
    ///
    /// The bytes are hashed as they are copied to a temporary name, then the copy is renamed into
    /// place, so the stored file always matches its name; a command killed half-way leaves at most
    /// an unreferenced file, which `evidence gc` removes. The database row is written after the
    /// file, in the caller's transaction, so no row ever names a missing file.
    public func storeEvidence(_ candidate: EvidenceCandidate, by author: String, at time: Timestamp = .now()) throws -> EvidenceFile {
        precondition(db.isInTransaction, "evidence is stored inside a write transaction")
        let limit = try evidenceLimit()
        return try storeEvidence(name: candidate.name, by: author, at: time) { temporary in
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            let (hash, byteCount, prefix) = try Self.copy(candidate.path, to: temporary, limit: limit, buffer: &buffer)
            guard let kind = MediaKind.detect(prefix), kind == candidate.kind else {
                throw EvidenceError.changed(path: candidate.path)
            }
            return (hash, kind, byteCount)
        }
    }

    /// Stores bytes made in memory (the demo's generated screenshots) like `storeEvidence(_:by:at:)`
    /// stores a file: checked by content and size, named by their SHA-256, written once. Must run
    /// inside `write {}`.
    public func storeEvidence(bytes: [UInt8], name: String, by author: String, at time: Timestamp = .now()) throws -> EvidenceFile {
        precondition(db.isInTransaction, "evidence is stored inside a write transaction")
        let limit = try evidenceLimit()
        let prefix = Array(bytes.prefix(MediaKind.prefixLength))
        guard let kind = MediaKind.detect(prefix) else {
            throw EvidenceError.notAccepted(path: name, looksLike: MediaKind.describe(prefix))
        }
        if Int64(bytes.count) > limit { throw EvidenceError.tooLarge(path: name, bytes: Int64(bytes.count), limit: limit) }
        return try storeEvidence(name: name, by: author, at: time) { temporary in
            let output: BufferedOutput
            do {
                output = try BufferedOutput.createNew(path: temporary)
            } catch {
                throw EvidenceError.cannotStore(detail: "\(error)")
            }
            output.write(bytes: bytes)
            guard output.close() else { throw EvidenceError.cannotStore(detail: "writing \(temporary) failed (is the disk full?)") }
            return (SHA256.hex(of: bytes), kind, Int64(bytes.count))
        }
    }

    /// What storing a file takes whatever its source: the folder made, a copy written under a
    /// temporary name by `write`, which returns the copy's hash, kind and size, then put in place
    /// and recorded. The temporary copy never outlives a failure.
    private func storeEvidence(name: String, by author: String, at time: Timestamp,
                               write: (_ temporary: String) throws -> (hash: String, kind: MediaKind, byteCount: Int64)) throws -> EvidenceFile {
        let folder = location.evidenceFolder
        try prepareEvidenceFolder(folder)
        let temporary = Self.incomingPath(in: folder)
        defer { try? Files.remove(temporary) }
        let (hash, kind, byteCount) = try write(temporary)
        let file = EvidenceFile(hash: hash, kind: kind, byteCount: byteCount, firstName: name, addedAt: time, addedBy: author)
        if try place(temporary, as: file) { Files.syncDirectory(folder) }
        return try evidenceFile(hash: hash) ?? file
    }

    /// Name prefix of half-written copies in the evidence folder.
    static let incomingPrefix = ".incoming-"

    /// Keeps evidence out of git: exports copy the files they show, and the store stays local.
    func ensureEvidenceIgnored(_ folder: String) throws(SystemError) {
        // Under git's directory nothing needs keeping out of git.
        let path = folder + "/.gitignore"
        guard !location.isInGitDirectory, Files.status(path) == nil else { return }
        guard let stream = try? BufferedOutput.createNew(path: path) else { return }
        stream.write("# Evidence stays local, like audit.sqlite: an export copies the files it shows beside it.\n*\n")
        stream.close()
    }

    /// Links `file` to each of `recordings`, as evidence of that recording's cell; `run` names the
    /// automated run attaching it. Returns how many links were added (a file already linked to a
    /// recording is not linked again).
    @discardableResult
    public func attach(_ file: EvidenceFile, name: String, toRecordings recordings: [Recording], run: String? = nil, by author: String,
                       at time: Timestamp = .now()) throws -> Int {
        var records: [LogRecord] = []
        for recording in recordings where try !isLinked(hash: file.hash, recording: recording.id) {
            records.append(.evidence(EvidenceAttachment(id: makeID(), screen: recording.screen, size: recording.size, item: recording.item,
                                                        recording: recording.id, hash: file.hash, kind: file.kind, bytes: file.byteCount,
                                                        name: name, run: run, by: author, at: time)))
        }
        try append(records)
        return records.count
    }

    /// Links `file` to the latest recording of each of `screen`'s `cells`, as `record --evidence`
    /// links it to the recordings it makes. Returns how many links were added.
    @discardableResult
    public func attach(_ file: EvidenceFile, name: String, toLatestOf screen: Screen, cells: [(item: String, size: Size)],
                       by author: String, at time: Timestamp = .now()) throws -> Int {
        let row = try rowID(of: screen)
        var latest: [Recording] = []
        for cell in cells {
            guard let uid = try db.cachedStatement("SELECT uid FROM cells WHERE screen_id = ? AND item = ? AND size = ?")
                .first([row, cell.item, cell.size.id], { $0.string("uid") }) else { continue }
            latest.append(Recording(id: uid, screen: screen.id, item: cell.item, size: cell.size, status: .untested, note: nil, by: author, at: time))
        }
        return try attach(file, name: name, toRecordings: latest, by: author, at: time)
    }

    /// Links `file` to `screen` at `size`: a screenshot of the whole screen, or of one item's check;
    /// `run` names the automated run attaching it. Returns false when the same file was already linked there.
    @discardableResult
    public func attach(_ file: EvidenceFile, name: String, to screen: Screen, size: Size, item: String? = nil, run: String? = nil,
                       by author: String, at time: Timestamp = .now()) throws -> Bool {
        let linked = try db.integer("""
            SELECT count(*) FROM evidence_links WHERE hash = ? AND screen_id = ? AND size = ? AND ifnull(item, '') = ? AND recording_id IS NULL
            """, [file.hash, try rowID(of: screen), size.id, item ?? ""]) > 0
        if linked { return false }
        try append([.evidence(EvidenceAttachment(id: makeID(), screen: screen.id, size: size, item: item, recording: nil, hash: file.hash,
                                                 kind: file.kind, bytes: file.byteCount, name: name, run: run, by: author, at: time))])
        return true
    }

    private func isLinked(hash: String, recording: String) throws -> Bool {
        try db.integer("""
            SELECT count(*) FROM evidence_links l JOIN recordings r ON r.id = l.recording_id WHERE l.hash = ? AND r.uid = ?
            """, [hash, recording]) > 0
    }

    /// Whether the file with `hash` already shows `screen` at `size` by any route (imported, or
    /// attached to a recording); with `item`, only links of that item count.
    public func isAttached(hash: String, to screen: Screen, size: Size, item: String? = nil) throws -> Bool {
        try db.integer("""
            SELECT count(*) FROM evidence_links WHERE hash = ? AND screen_id = ? AND size = ? AND (? IS NULL OR item = ?)
            """, [hash, try rowID(of: screen), size.id, item, item]) > 0
    }

    /// Checks files to attach (absolute, and as typed for messages) against what evidence may be
    /// and the store's size limit, before anything is written; a file named twice counts once.
    public func evidenceCandidates(_ paths: [(path: String, shown: String)]) throws -> [EvidenceCandidate] {
        guard !paths.isEmpty else { return [] }
        let limit = try evidenceLimit()
        var seen = Set<String>()
        return try paths.filter { seen.insert($0.path).inserted }.map { try EvidenceCandidate.check(path: $0.path, limit: limit, shownAs: $0.shown) }
    }

    /// Records `status` for each cell like `record(screen:cells:...)`, storing each evidence file
    /// once and linking it to every new recording. Returns the new recordings, in cell order.
    @discardableResult
    public func record(screen: Screen, cells: [(item: String, size: Size)], status: ResultStatus, note: String?,
                       evidence: [EvidenceCandidate], by author: String, at time: Timestamp? = nil) throws -> [Recording] {
        try db.transaction(.immediate) {
            let time = try time ?? ownTime(on: screen)
            let recordings = try record(screen: screen, cells: cells, status: status, note: note, by: author, at: time)
            // A millisecond apart, so that listings (by time, then name) keep the order they were given in.
            for (offset, candidate) in evidence.enumerated() {
                let attached = Timestamp(milliseconds: time.milliseconds + Int64(offset))
                let file = try storeEvidence(candidate, by: author, at: attached)
                try attach(file, name: candidate.name, toRecordings: recordings, by: author, at: attached)
            }
            return recordings
        }
    }
}
