import AuditLog
import DynamicType
import Evidence
import Platform
import SQLite

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
    /// The automated run that attached it; nil when a person did.
    public var run: String? = nil
    public var attachedBy: String
    public var attachedAt: Timestamp
}

extension EvidenceLink {
    /// The columns `init(row:)` reads, from `evidence_links l` joined with the file, the screen and the recording.
    static let columns = """
        l.uid, l.hash, f.kind, f.bytes, f.first_name, f.added_at, f.added_by, s.uid AS screen, l.size, l.item, r.uid AS recording, l.name, l.run,
        l.attached_by, l.attached_at
        FROM evidence_links l JOIN evidence_files f ON f.hash = l.hash JOIN screens s ON s.id = l.screen_id
        LEFT JOIN recordings r ON r.id = l.recording_id
        """

    /// Reads the columns of `columns` by name; the file's as `EvidenceFile` reads them.
    init(row: Row) throws {
        self.init(id: try row["uid"], file: try EvidenceFile(row: row), screen: try row["screen"], size: try row["size"], item: try row["item"],
                  recording: try row["recording"], name: try row["name"], run: try row["run"], attachedBy: try row["attached_by"], attachedAt: try row["attached_at"])
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

    /// The screenshots of the whole screen at `size`, the latest first: those attached last (by one
    /// run, or one import of a folder) are current, every earlier one is superseded, so that
    /// nobody reads an old run's picture of a bug since fixed for the screen as it is.
    public func screenshotsByAge(at size: Size) -> (current: [EvidenceLink], superseded: [EvidenceLink]) {
        let shots = (screenshots[size] ?? []).sorted { ($0.attachedAt, $0.id) > ($1.attachedAt, $1.id) }
        guard let latest = shots.first?.attachedAt else { return ([], []) }
        let split = shots.firstIndex { $0.attachedAt < latest } ?? shots.count
        return (Array(shots[..<split]), Array(shots[split...]))
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

/// Reading what evidence shows, per recording, cell and screen.
extension AuditStore {

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
            try db.rows("SELECT \(EvidenceLink.columns) WHERE r.uid = ? ORDER BY l.attached_at, l.name, l.uid", [uid], EvidenceLink.init(row:))
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
            return try db.rows("SELECT \(EvidenceLink.columns) WHERE s.removed = 0 AND ifnull(r.retracted, 0) = 0\(filter) ORDER BY l.attached_at, l.name, l.uid",
                               screen.map { [$0.id] } ?? [], EvidenceLink.init(row:))
        }
    }

    /// One screen's evidence, per cell and per size.
    public func evidence(of screen: Screen) throws -> ScreenEvidence {
        try read {
            let all = try evidenceLinks(of: screen)
            var latest: [CellKey: String] = [:]
            try db.cachedStatement("SELECT item, size, uid FROM cells WHERE screen_id = ?").forEach([try rowID(of: screen)]) { row in
                guard let size = Size(name: row.string("size")) else { return }
                latest[CellKey(item: row.string("item"), size: size)] = row.string("uid")
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
            try db.cachedStatement("""
                SELECT s.uid AS screen, c.item, c.size, c.uid FROM cells c JOIN screens s ON s.id = c.screen_id
                WHERE c.recording_id IN (SELECT recording_id FROM evidence_links WHERE recording_id IS NOT NULL)
                """).forEach { row in
                guard let size = Size(name: row.string("size")) else { return }
                latest[row.string("screen"), default: [:]][CellKey(item: row.string("item"), size: size)] = row.string("uid")
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
}
