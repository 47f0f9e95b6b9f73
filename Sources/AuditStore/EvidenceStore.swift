import AuditLog
import DynamicType
import Evidence
import Platform
import SQLite

/// A file stored as evidence: once per content, in `.dtaudit/evidence/<sha-256>.<ext>`.
public struct EvidenceFile: Sendable, Equatable {
    /// Reads the columns hash, kind, bytes, first_name, added_at, added_by.
    init(row: Row) throws {
        self.init(hash: try row[0], kind: try row[1], byteCount: try row[2], firstName: try row[3], addedAt: try row[4], addedBy: try row[5])
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

/// One use of an evidence file: the cell or screen it shows.
public struct EvidenceLink: Sendable, Equatable {
    /// The id of the evidence record that made the link.
    public var id: String
    public var file: EvidenceFile
    /// The screen's id.
    public var screen: String
    public var size: Size
    /// The item the file documents; nil for a screenshot of the whole screen at `size`.
    public var item: String?
    /// The id of the recording the file was attached with; nil for an imported file.
    public var recording: String?
    /// The file's name as it was attached.
    public var name: String
    public var attachedBy: String
    public var attachedAt: Timestamp
}

extension EvidenceLink {
    /// Reads the columns of `linkColumns`, in order.
    init(row: Row) throws {
        let file = EvidenceFile(hash: try row[1], kind: try row[2], byteCount: try row[3], firstName: try row[4], addedAt: try row[5], addedBy: try row[6])
        self.init(id: try row[0], file: file, screen: try row[7], size: try row[8], item: try row[9],
                  recording: try row[10], name: try row[11], attachedBy: try row[12], attachedAt: try row[13])
    }
}

extension MediaKind: ColumnDecodable {}

/// Everything one screen's evidence shows, arranged for reports.
public struct ScreenEvidence: Sendable {
    /// The screen's id.
    public var screen: String
    /// Each cell's evidence: the files attached to its latest recording, then files imported for
    /// its item and size. Oldest first.
    public var cells: [CellKey: [EvidenceLink]]
    /// Screenshots of the whole screen at each size (imported, no item). Oldest first.
    public var screenshots: [Size: [EvidenceLink]]
    /// Every link of the screen, also those of recordings that are no longer the latest.
    public var all: [EvidenceLink]

    /// The sizes that have any current evidence, in audit order (largest first, default last).
    public var sizes: [Size] {
        let present = Set(screenshots.keys).union(cells.keys.map(\.size))
        return Size.auditOrder.filter(present.contains)
    }

    /// The distinct images of the screen at `size`, screenshots first, then the cells' files in
    /// checklist order: what a thumbnail strip of the screen shows for that size.
    public func images(at size: Size, itemOrder: [String] = []) -> [EvidenceLink] {
        let rank = Dictionary(uniqueKeysWithValues: itemOrder.enumerated().map { ($1, $0) })
        let cellLinks = cells.filter { $0.key.size == size }
            .sorted { (rank[$0.key.item] ?? .max, $0.key.item) < (rank[$1.key.item] ?? .max, $1.key.item) }
            .flatMap(\.value)
        var seen = Set<String>()
        return ((screenshots[size] ?? []) + cellLinks).filter { $0.file.kind.isImage && seen.insert($0.file.hash).inserted }
    }
}

/// A file checked against the rules for evidence, ready to be stored.
public struct EvidenceCandidate: Sendable, Equatable {
    /// Where the file is now.
    public var path: String
    /// Its name, without the folder.
    public var name: String
    public var kind: MediaKind
    public var byteCount: Int64

    /// Checks that `path` is a file of an accepted kind, by content, within `limit` bytes.
    /// Messages name the file as `shownAs` (what the user typed).
    public static func check(path: String, limit: Int64, shownAs: String? = nil) throws(EvidenceError) -> EvidenceCandidate {
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
        guard let kind = MediaKind.detect(prefix) else {
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

/// What `evidence gc` finds in the evidence folder.
public struct EvidenceGarbage: Sendable {
    public struct Entry: Sendable {
        /// The name in the evidence folder.
        public var storedName: String
        public var byteCount: Int64
        /// The name the file was first stored under, when the store still knows it.
        public var firstName: String?
    }

    /// Stored files no link refers to: screens removed, or a copy whose command was interrupted.
    public var unreferenced: [Entry] = []
    /// Half-written copies left by an interrupted command.
    public var leftovers: [Entry] = []
    /// Files dtaudit did not make; never touched.
    public var foreign: [String] = []
    /// Files the store refers to that are missing from the folder.
    public var missing: [EvidenceFile] = []

    public var removableBytes: Int64 { (unreferenced + leftovers).reduce(0) { $0 + $1.byteCount } }
    public var isEmpty: Bool { unreferenced.isEmpty && leftovers.isEmpty }
}

extension StoreLocation {
    /// `.dtaudit/evidence`, where evidence files are stored.
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
        if let bytes {
            try setMeta("evidence_limit", String(bytes))
        } else {
            try db.run("DELETE FROM meta WHERE key = 'evidence_limit'")
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
        let folder = location.evidenceFolder
        do {
            try Files.makeDirectory(folder)
            try ensureEvidenceIgnored(folder)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }

        let temporary = folder + "/" + Self.incomingPrefix + UniqueID.make()
        var placed = false
        defer { if !placed { try? Files.remove(temporary) } }
        let (hash, byteCount, prefix) = try copy(candidate.path, to: temporary, limit: limit)
        guard let kind = MediaKind.detect(prefix), kind == candidate.kind else {
            throw EvidenceError.changed(path: candidate.path)
        }
        let file = EvidenceFile(hash: hash, kind: kind, byteCount: byteCount, firstName: candidate.name, addedAt: time, addedBy: author)
        let destination = location.path(of: file)
        if let existing = Files.status(destination), existing.kind == .regular, existing.byteCount == byteCount {
            try? Files.remove(temporary)
        } else {
            do {
                try Files.rename(temporary, to: destination)
            } catch {
                throw EvidenceError.cannotStore(detail: error.description)
            }
            Files.syncDirectory(folder)
        }
        placed = true
        try db.run("""
            INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """, [hash, kind.rawValue, byteCount, candidate.name, time.iso8601, author])
        return try evidenceFile(hash: hash) ?? file
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
        let folder = location.evidenceFolder
        do {
            try Files.makeDirectory(folder)
            try ensureEvidenceIgnored(folder)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }
        let hash = SHA256.hex(of: bytes)
        let file = EvidenceFile(hash: hash, kind: kind, byteCount: Int64(bytes.count), firstName: name, addedAt: time, addedBy: author)
        let destination = location.path(of: file)
        if Files.status(destination)?.byteCount != file.byteCount {
            let temporary = folder + "/" + Self.incomingPrefix + UniqueID.make()
            do {
                let output = try BufferedOutput.createNew(path: temporary)
                output.write(bytes: bytes)
                guard output.close() else { throw EvidenceError.cannotStore(detail: "writing \(temporary) failed (is the disk full?)") }
                try Files.rename(temporary, to: destination)
            } catch let error as EvidenceError {
                try? Files.remove(temporary)
                throw error
            } catch {
                try? Files.remove(temporary)
                throw EvidenceError.cannotStore(detail: "\(error)")
            }
            Files.syncDirectory(folder)
        }
        try db.run("""
            INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """, [hash, kind.rawValue, file.byteCount, name, time.iso8601, author])
        return try evidenceFile(hash: hash) ?? file
    }

    /// Copies a file that arrived beside a shared audit into the evidence folder, if its bytes
    /// really have the SHA-256 its name and its records give (`hash`). Returns false, storing
    /// nothing, when they don't: a file in a shared folder is not trusted for its name.
    public func adoptEvidence(from source: String, hash: String, kind: MediaKind) throws -> Bool {
        let folder = location.evidenceFolder
        do {
            try Files.makeDirectory(folder)
            try ensureEvidenceIgnored(folder)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }
        let temporary = folder + "/" + Self.incomingPrefix + UniqueID.make()
        defer { try? Files.remove(temporary) }
        let (actual, _, prefix) = try copy(source, to: temporary, limit: max(try evidenceLimit(), 1 << 30))
        guard actual == hash, MediaKind.detect(prefix) == kind else { return false }
        do {
            try Files.rename(temporary, to: folder + "/" + hash + "." + kind.fileExtension)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }
        Files.syncDirectory(folder)
        return true
    }

    /// Name prefix of half-written copies in the evidence folder.
    static let incomingPrefix = ".incoming-"

    /// Copies `source` to `destination`, hashing the bytes on the way; refuses to go past `limit`.
    private func copy(_ source: String, to destination: String, limit: Int64) throws(EvidenceError) -> (hash: String, bytes: Int64, prefix: [UInt8]) {
        let reader: FileReader
        let output: BufferedOutput
        do {
            reader = try FileReader(path: source)
        } catch {
            throw Files.status(source) == nil ? .notFound(path: source) : .unreadable(path: source, detail: System.errorDescription(error.code))
        }
        do {
            output = try BufferedOutput.createNew(path: destination)
        } catch {
            throw .cannotStore(detail: error.description)
        }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total: Int64 = 0
        var prefix: [UInt8] = []
        while true {
            let count: Int
            do {
                count = try reader.read(into: &buffer)
            } catch {
                output.close()
                throw .unreadable(path: source, detail: System.errorDescription(error.code))
            }
            if count == 0 { break }
            total += Int64(count)
            if total > limit {
                output.close()
                throw .tooLarge(path: source, bytes: Files.status(source)?.byteCount ?? total, limit: limit)
            }
            buffer.withUnsafeBufferPointer { bytes in
                let chunk = UnsafeBufferPointer(rebasing: bytes[0..<count])
                hasher.update(UnsafeRawBufferPointer(chunk))
                output.write(chunk)
            }
            if prefix.count < MediaKind.prefixLength {
                prefix += buffer[0..<min(count, MediaKind.prefixLength - prefix.count)]
            }
        }
        reader.close()
        guard output.close() else { throw .cannotStore(detail: "writing \(destination) failed (is the disk full?)") }
        return (SHA256.hex(hasher.finalize()), total, prefix)
    }

    /// Keeps evidence out of git: exports copy the files they show, and the store stays local.
    private func ensureEvidenceIgnored(_ folder: String) throws(SystemError) {
        let path = folder + "/.gitignore"
        guard Files.status(path) == nil else { return }
        guard let stream = try? BufferedOutput.createNew(path: path) else { return }
        stream.write("# Evidence stays local, like audit.sqlite: an export copies the files it shows beside it.\n*\n")
        stream.close()
    }

    /// Links `file` to each of `recordings`, as evidence of that recording's cell. Returns how
    /// many links were added (a file already linked to a recording is not linked again).
    @discardableResult
    public func attach(_ file: EvidenceFile, name: String, toRecordings recordings: [Recording], by author: String,
                       at time: Timestamp = .now()) throws -> Int {
        var records: [LogRecord] = []
        for recording in recordings where try !isLinked(hash: file.hash, recording: recording.id) {
            records.append(.evidence(EvidenceAttachment(id: makeID(), screen: recording.screen, size: recording.size, item: recording.item,
                                                        recording: recording.id, hash: file.hash, kind: file.kind, bytes: file.byteCount,
                                                        name: name, by: author, at: time)))
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
            guard let uid = try db.statement("SELECT uid FROM cells WHERE screen_id = ? AND item = ? AND size = ?")
                .first([row, cell.item, cell.size.id], { $0.string(0) }) else { continue }
            latest.append(Recording(id: uid, screen: screen.id, item: cell.item, size: cell.size, status: .untested, note: nil, by: author, at: time))
        }
        return try attach(file, name: name, toRecordings: latest, by: author, at: time)
    }

    /// Links `file` to `screen` at `size`: a screenshot of the whole screen, or of one item's check.
    /// Returns false when the same file was already linked there.
    @discardableResult
    public func attach(_ file: EvidenceFile, name: String, to screen: Screen, size: Size, item: String? = nil,
                       by author: String, at time: Timestamp = .now()) throws -> Bool {
        let linked = try db.integer("""
            SELECT count(*) FROM evidence_links WHERE hash = ? AND screen_id = ? AND size = ? AND ifnull(item, '') = ? AND recording_id IS NULL
            """, [file.hash, try rowID(of: screen), size.id, item ?? ""]) > 0
        if linked { return false }
        try append([.evidence(EvidenceAttachment(id: makeID(), screen: screen.id, size: size, item: item, recording: nil, hash: file.hash,
                                                 kind: file.kind, bytes: file.byteCount, name: name, by: author, at: time))])
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

    /// Records `status` for each cell like `record(screen:cells:...)`, storing each evidence file
    /// once and linking it to every new recording. Returns the new recordings, in cell order.
    @discardableResult
    public func record(screen: Screen, cells: [(item: String, size: Size)], status: ResultStatus, note: String?,
                       evidence: [EvidenceCandidate], by author: String, at time: Timestamp = .now()) throws -> [Recording] {
        try db.transaction(.immediate) {
            let recordings = try record(screen: screen, cells: cells, status: status, note: note, by: author, at: time)
            for candidate in evidence {
                let file = try storeEvidence(candidate, by: author, at: time)
                try attach(file, name: candidate.name, toRecordings: recordings, by: author, at: time)
            }
            return recordings
        }
    }

    // MARK: Reading

    private static let linkColumns = """
        l.uid, l.hash, f.kind, f.bytes, f.first_name, f.added_at, f.added_by, s.uid, l.size, l.item, r.uid, l.name, l.attached_by, l.attached_at
        FROM evidence_links l JOIN evidence_files f ON f.hash = l.hash JOIN screens s ON s.id = l.screen_id
        LEFT JOIN recordings r ON r.id = l.recording_id
        """

    /// The stored file with this hash, if any.
    public func evidenceFile(hash: String) throws -> EvidenceFile? {
        try db.first("SELECT hash, kind, bytes, first_name, added_at, added_by FROM evidence_files WHERE hash = ?", [hash], EvidenceFile.init(row:))
    }

    /// Every stored file, oldest first.
    public func evidenceFiles() throws -> [EvidenceFile] {
        try read {
            try db.rows("SELECT hash, kind, bytes, first_name, added_at, added_by FROM evidence_files ORDER BY added_at, hash", [], EvidenceFile.init(row:))
        }
    }

    /// The files attached to the recording with this id, in the order they were attached.
    public func evidence(forRecording uid: String) throws -> [EvidenceLink] {
        try read {
            try db.rows("SELECT \(Self.linkColumns) WHERE r.uid = ? ORDER BY l.attached_at, l.name, l.uid", [uid], EvidenceLink.init(row:))
        }
    }

    /// Every file attached to a live recording, by the recording's id: one query for an export
    /// that walks the whole history.
    public func evidenceByRecording() throws -> [String: [EvidenceLink]] {
        var result: [String: [EvidenceLink]] = [:]
        for link in try evidenceLinks() {
            if let uid = link.recording { result[uid, default: []].append(link) }
        }
        return result
    }

    /// Every live link, of one screen or of all, oldest first. Links of recordings that were taken
    /// back are left out with them.
    public func evidenceLinks(of screen: Screen? = nil) throws -> [EvidenceLink] {
        try read {
            let filter = screen == nil ? "" : " AND s.uid = ?"
            return try db.rows("SELECT \(Self.linkColumns) WHERE s.removed = 0 AND ifnull(r.retracted, 0) = 0\(filter) ORDER BY l.attached_at, l.name, l.uid",
                               screen.map { [$0.id] } ?? [], EvidenceLink.init(row:))
        }
    }

    /// One screen's evidence, per cell and per size.
    public func evidence(of screen: Screen) throws -> ScreenEvidence {
        try read {
            let all = try evidenceLinks(of: screen)
            var latest: [CellKey: String] = [:]
            try db.statement("SELECT item, size, uid FROM cells WHERE screen_id = ?").forEach([try rowID(of: screen)]) { row in
                guard let size = Size(name: row.string(1)) else { return }
                latest[CellKey(item: row.string(0), size: size)] = row.string(2)
            }
            return Self.arrange(all, screen: screen.id, latest: latest)
        }
    }

    /// The evidence of every screen that has any, by screen id: what `evidence(of:)` gives for
    /// each, read with two queries however many screens the audit holds.
    public func evidenceByScreen() throws -> [String: ScreenEvidence] {
        try read {
            var links: [String: [EvidenceLink]] = [:]
            for link in try evidenceLinks() { links[link.screen, default: []].append(link) }
            guard !links.isEmpty else { return [:] }
            // Only cells whose latest recording has a file matter: a link to an older recording is history.
            var latest: [String: [CellKey: String]] = [:]
            try db.statement("""
                SELECT s.uid, c.item, c.size, c.uid FROM cells c JOIN screens s ON s.id = c.screen_id
                WHERE c.recording_id IN (SELECT recording_id FROM evidence_links WHERE recording_id IS NOT NULL)
                """).forEach { row in
                guard let size = Size(name: row.string(2)) else { return }
                latest[row.string(0), default: [:]][CellKey(item: row.string(1), size: size)] = row.string(3)
            }
            return links.reduce(into: [:]) { result, entry in
                result[entry.key] = Self.arrange(entry.value, screen: entry.key, latest: latest[entry.key] ?? [:])
            }
        }
    }

    /// One screen's links, oldest first, arranged by cell and size; `latest` holds the id of the
    /// latest recording of each cell.
    private static func arrange(_ all: [EvidenceLink], screen: String, latest: [CellKey: String]) -> ScreenEvidence {
        var cells: [CellKey: [EvidenceLink]] = [:]
        var screenshots: [Size: [EvidenceLink]] = [:]
        for link in all {
            guard let item = link.item else {
                screenshots[link.size, default: []].append(link)
                continue
            }
            let key = CellKey(item: item, size: link.size)
            if let recording = link.recording {
                if latest[key] == recording { cells[key, default: []].append(link) }
            } else {
                cells[key, default: []].append(link)
            }
        }
        // Files of the latest recording first, then imported ones, each group oldest first.
        for (key, links) in cells {
            cells[key] = links.filter { $0.recording != nil } + links.filter { $0.recording == nil }
        }
        return ScreenEvidence(screen: screen, cells: cells, screenshots: screenshots, all: all)
    }

    // MARK: Garbage

    /// What `evidence gc` would remove, and anything odd it noticed. Changes nothing.
    public func evidenceGarbage() throws -> EvidenceGarbage {
        try read { try findEvidenceGarbage() }
    }

    /// Removes stored files no link refers to, and half-written copies, in one write transaction
    /// (so no other command can be storing evidence meanwhile). Never removes a referenced file.
    public func collectEvidenceGarbage() throws -> EvidenceGarbage {
        try write {
            let garbage = try findEvidenceGarbage()
            let referenced = try referencedHashes()
            for entry in garbage.unreferenced + garbage.leftovers {
                // Checked again by name right before removal: a referenced file is never touched.
                if referenced.contains(String(entry.storedName.prefix { $0 != "." })) { continue }
                try? Files.remove(location.evidenceFolder + "/" + entry.storedName)
            }
            try db.run("DELETE FROM evidence_files WHERE hash NOT IN (SELECT hash FROM evidence_links)")
            return garbage
        }
    }

    private func referencedHashes() throws -> Set<String> {
        Set(try db.rows("SELECT DISTINCT hash FROM evidence_links") { $0.string(0) })
    }

    private func findEvidenceGarbage() throws -> EvidenceGarbage {
        var garbage = EvidenceGarbage()
        let referenced = try referencedHashes()
        var known: [String: EvidenceFile] = [:]
        for hash in try db.rows("SELECT hash FROM evidence_files", [], { $0.string(0) }) {
            known[hash] = try evidenceFile(hash: hash)
        }
        let folder = location.evidenceFolder
        let names = (try? Files.list(folder)) ?? []
        let extensions = Set(MediaKind.allCases.map(\.fileExtension))
        for name in names.sorted() where name != ".gitignore" {
            let path = folder + "/" + name
            let bytes = Files.status(path, followLinks: false)?.byteCount ?? 0
            if name.hasPrefix(Self.incomingPrefix) {
                garbage.leftovers.append(.init(storedName: name, byteCount: bytes, firstName: nil))
                continue
            }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit), parts[0].lowercased() == parts[0],
                  extensions.contains(String(parts[1])), Files.status(path, followLinks: false)?.kind == .regular else {
                garbage.foreign.append(name)
                continue
            }
            let hash = String(parts[0])
            if !referenced.contains(hash) {
                garbage.unreferenced.append(.init(storedName: name, byteCount: bytes, firstName: known[hash]?.firstName))
            }
        }
        let present = Set(names)
        for hash in referenced.sorted() {
            if let file = known[hash], !present.contains(file.storedName) { garbage.missing.append(file) }
        }
        return garbage
    }
}
