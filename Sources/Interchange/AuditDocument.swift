import AuditStore
import DynamicType

/// A whole audit as it travels between stores: the app, the checklist, every screen, every
/// recording and every fix. It is what `export --format json` writes and `import` reads, and what
/// reports compare against (`--since EXPORT.json`).
///
/// Screens are identified by name (any case); recordings and fixes by the unique id the store gave
/// them, which stays the same in every store they are imported into.
public struct AuditDocument: Sendable {
    /// The version of the file format this code writes and reads.
    public static let formatVersion = 1

    public var app: String
    public var createdAt: Timestamp
    public var createdBy: String
    public var checklist: Checklist
    /// In name order (case-insensitive).
    public var screens: [ScreenRecord]
    /// Oldest first, ties broken by id.
    public var recordings: [RecordingRecord]
    /// Oldest first, ties broken by id.
    public var fixes: [FixRecord]

    public init(app: String, createdAt: Timestamp, createdBy: String, checklist: Checklist,
                screens: [ScreenRecord], recordings: [RecordingRecord], fixes: [FixRecord]) {
        self.app = app
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.checklist = checklist
        self.screens = screens
        self.recordings = recordings
        self.fixes = fixes
        sort()
    }

    /// Puts screens, recordings and fixes in the one order every export uses.
    mutating func sort() {
        screens.sort { ($0.key, $0.name) < ($1.key, $1.name) }
        // Recordings mostly come in this order already (from the store's index, or a file written
        // in it); checking first spares sorting's scratch copy of a large array. Sorting is stable,
        // so an array in order stays exactly as it is either way.
        if !AuditDocument.isInOrder(recordings) { recordings.sort { ($0.at, $0.id) < ($1.at, $1.id) } }
        fixes.sort { ($0.at, $0.id) < ($1.at, $1.id) }
    }

    static func isInOrder(_ recordings: [RecordingRecord]) -> Bool {
        var index = 1
        while index < recordings.count {
            let earlier = recordings[index - 1]
            let later = recordings[index]
            if later.at < earlier.at || later.at == earlier.at && later.id < earlier.id { return false }
            index += 1
        }
        return true
    }

    /// The time of the latest thing that happened in the audit: a screen added, a recording, a fix.
    public var latestActivity: Timestamp {
        var latest = createdAt
        for screen in screens where screen.createdAt > latest { latest = screen.createdAt }
        if let last = recordings.last, last.at > latest { latest = last.at }
        if let last = fixes.last, last.at > latest { latest = last.at }
        return latest
    }

    /// Everyone who recorded a result, with how many recordings each made; most first.
    public var auditors: [(name: String, recordings: Int)] {
        var counts: [String: Int] = [:]
        for recording in recordings { counts[recording.by, default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.recordings, $0.name) < ($0.recordings, $1.name) }
    }

    /// The latest recording of every cell of every screen made before `cutoff` (all when nil),
    /// keyed by the screen's lower-cased name. "Latest" is by time, then by id, as in the store.
    public func latestCells(before cutoff: Timestamp? = nil) -> [String: [CellKey: RecordingRecord]] {
        var result: [String: [CellKey: RecordingRecord]] = [:]
        for recording in recordings {
            if let cutoff, recording.at >= cutoff { break }
            result[recording.screen.lowercased(), default: [:]][CellKey(item: recording.item, size: recording.size)] = recording
        }
        return result
    }
}

/// A screen or flow step, with the details set on it.
public struct ScreenRecord: Sendable, Equatable {
    public var name: String
    public var flow: String?
    public var critical: Bool
    public var owner: String?
    public var notes: String?
    public var triage: Category?
    /// Sorted.
    public var files: [String]
    public var createdAt: Timestamp
    public var createdBy: String
    /// The line it was read from (0 when it came from a store).
    public var line: Int = 0

    public init(name: String, flow: String?, critical: Bool, owner: String?, notes: String?, triage: Category?,
                files: [String], createdAt: Timestamp, createdBy: String, line: Int = 0) {
        self.name = name
        self.flow = flow
        self.critical = critical
        self.owner = owner
        self.notes = notes
        self.triage = triage
        self.files = files.sorted()
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.line = line
    }

    /// The name as screens are matched: in any case.
    public var key: String { name.lowercased() }

    /// The fields whose values differ from `other`'s, by their names in the file.
    public func differences(from other: ScreenRecord) -> [String] {
        var fields: [String] = []
        if name != other.name { fields.append("name") }
        if flow != other.flow { fields.append("flow") }
        if critical != other.critical { fields.append("critical") }
        if owner != other.owner { fields.append("owner") }
        if notes != other.notes { fields.append("notes") }
        if triage != other.triage { fields.append("triage") }
        if files != other.files { fields.append("files") }
        if createdAt != other.createdAt { fields.append("createdAt") }
        if createdBy != other.createdBy { fields.append("createdBy") }
        return fields
    }

    public static func == (lhs: ScreenRecord, rhs: ScreenRecord) -> Bool {
        lhs.differences(from: rhs).isEmpty
    }
}

/// One recorded result, as written in the store where it was made.
public struct RecordingRecord: Sendable, Equatable {
    public var id: String
    /// The screen's name.
    public var screen: String
    public var item: String
    public var size: Size
    public var status: ResultStatus
    public var note: String?
    public var by: String
    public var at: Timestamp
    public var line: Int = 0

    public init(id: String, screen: String, item: String, size: Size, status: ResultStatus, note: String?,
                by: String, at: Timestamp, line: Int = 0) {
        self.id = id
        self.screen = screen
        self.item = item
        self.size = size
        self.status = status
        self.note = note
        self.by = by
        self.at = at
        self.line = line
    }

    /// The fields whose values differ from `other`'s; screens are compared in any case.
    public func differences(from other: RecordingRecord) -> [String] {
        var fields: [String] = []
        if screen.lowercased() != other.screen.lowercased() { fields.append("screen") }
        if item != other.item { fields.append("item") }
        if size != other.size { fields.append("size") }
        if status != other.status { fields.append("status") }
        if note != other.note { fields.append("note") }
        if by != other.by { fields.append("by") }
        if at != other.at { fields.append("at") }
        return fields
    }

    public static func == (lhs: RecordingRecord, rhs: RecordingRecord) -> Bool {
        lhs.id == rhs.id && lhs.differences(from: rhs).isEmpty
    }
}

/// One fix, as written in the store where it was recorded.
public struct FixRecord: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var type: FixType
    /// In checklist order.
    public var items: [String]
    public var note: String?
    public var ref: String?
    public var by: String
    public var at: Timestamp
    public var line: Int = 0

    public init(id: String, screen: String, type: FixType, items: [String], note: String?, ref: String?,
                by: String, at: Timestamp, line: Int = 0) {
        self.id = id
        self.screen = screen
        self.type = type
        self.items = items
        self.note = note
        self.ref = ref
        self.by = by
        self.at = at
        self.line = line
    }

    public func differences(from other: FixRecord) -> [String] {
        var fields: [String] = []
        if screen.lowercased() != other.screen.lowercased() { fields.append("screen") }
        if type != other.type { fields.append("type") }
        if Set(items) != Set(other.items) { fields.append("items") }
        if note != other.note { fields.append("note") }
        if ref != other.ref { fields.append("ref") }
        if by != other.by { fields.append("by") }
        if at != other.at { fields.append("at") }
        return fields
    }

    public static func == (lhs: FixRecord, rhs: FixRecord) -> Bool {
        lhs.id == rhs.id && lhs.differences(from: rhs).isEmpty
    }
}

extension AuditDocument {
    /// Reads the whole audit from `store`, in one read transaction.
    public init(store: AuditStore) throws {
        var recordings: [RecordingRecord] = []
        var strings = StringTable()
        let (app, createdAt, createdBy, checklist, screens, fixes) = try store.read {
            let screens = try store.screens()
            let names = Dictionary(screens.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            // Straight from the stored bytes into records: no `Recording` array on the way.
            recordings.reserveCapacity(try store.exchangeCounts().recordings)
            try store.forEachRecording { recording, screenID in
                recordings.append(RecordingRecord(
                    id: String(decoding: recording.uid, as: UTF8.self), screen: names[screenID] ?? "",
                    item: strings.string(recording.item), size: recording.size, status: recording.status,
                    note: recording.note.map { strings.string($0) }, by: strings.string(recording.by), at: recording.at))
            }
            return (try store.appName(), try store.createdAt(), try store.createdBy(), try store.checklist(), screens, try store.fixes())
        }
        let names = Dictionary(screens.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.init(
            app: app,
            createdAt: createdAt ?? Timestamp(milliseconds: 0),
            createdBy: createdBy,
            checklist: checklist,
            screens: screens.map { screen in
                ScreenRecord(name: screen.name, flow: screen.flow, critical: screen.critical, owner: screen.owner, notes: screen.notes,
                             triage: screen.triage, files: screen.files, createdAt: screen.createdAt, createdBy: screen.createdBy)
            },
            recordings: consume recordings,
            fixes: fixes.map { fix in
                FixRecord(id: fix.uid, screen: names[fix.screenID] ?? "", type: fix.type, items: fix.items, note: fix.note,
                          ref: fix.ref, by: fix.by, at: fix.at)
            })
    }
}

/// Gives the same `String` for text seen before, so that the item, author and note repeated across
/// thousands of recordings share one copy instead of taking memory each.
struct StringTable {
    private var strings = Set<String>()
    /// Past this many different strings, text is no longer kept: it is unlikely to repeat.
    static let capacity = 1 << 14

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        intern(String(decoding: bytes, as: UTF8.self))
    }

    /// `text`, or the equal string seen before. Short strings are stored inline and need no table.
    mutating func intern(_ text: String) -> String {
        if text.utf8.count <= 15 { return text }
        if let known = strings.firstIndex(of: text) { return strings[known] }
        if strings.count < StringTable.capacity { strings.insert(text) }
        return text
    }
}
