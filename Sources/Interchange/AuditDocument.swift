import AuditLog
import AuditStore
import DynamicType

/// An audit as its records fold, whole in memory: what reports walk (the progress chart, what
/// changed `--since` an earlier file) and what a file holds when it is read without a store.
/// Only what stands is here: removed screens, and recordings and fixes that were taken back, are
/// left out; notes are as their latest correction says.
public struct AuditDocument: Sendable {
    public var app: String
    public var createdAt: Timestamp
    public var createdBy: String
    public var checklist: Checklist
    /// Live screens with the names they are shown by, in name order (any case).
    public var screens: [Screen]
    /// Oldest first, ties broken by id.
    public var recordings: [Recording]
    /// Oldest first, ties broken by id.
    public var fixes: [Fix]

    public init(app: String, createdAt: Timestamp, createdBy: String, checklist: Checklist, screens: [Screen], recordings: [Recording], fixes: [Fix]) {
        self.app = app
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.checklist = checklist
        self.screens = screens.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        self.recordings = recordings
        self.fixes = fixes
        if !AuditDocument.isInOrder(self.recordings) { self.recordings.sort { Stamp(at: $0.at, id: $0.id) < Stamp(at: $1.at, id: $1.id) } }
        self.fixes.sort { Stamp(at: $0.at, id: $0.id) < Stamp(at: $1.at, id: $1.id) }
    }

    static func isInOrder(_ recordings: [Recording]) -> Bool {
        var index = 1
        while index < recordings.count {
            if Stamp(at: recordings[index].at, id: recordings[index].id) < Stamp(at: recordings[index - 1].at, id: recordings[index - 1].id) { return false }
            index += 1
        }
        return true
    }

    /// Reads the audit from the store's tables, in one read transaction.
    public init(store: AuditStore) throws {
        let (app, createdAt, createdBy, checklist, screens, recordings, fixes) = try store.read {
            (try store.appName(), try store.createdAt(), try store.createdBy(), try store.checklist(), try store.screens(),
             try store.recordings(), try store.fixes())
        }
        let live = Set(screens.map(\.id))
        self.init(app: app, createdAt: createdAt ?? Timestamp(milliseconds: 0), createdBy: createdBy, checklist: checklist, screens: screens,
                  recordings: recordings.filter { live.contains($0.screen) }, fixes: fixes.filter { live.contains($0.screen) })
    }

    /// Folds records in memory, as a store would: the latest naming and checklist, each screen's
    /// details (`ScreenFold`), what was taken back left out, notes corrected.
    public init(records: [LogRecord]) {
        var naming: (first: AppNaming?, latest: AppNaming?) = (nil, nil)
        var checklist: ChecklistAdoption?
        var screenRecords: [String: [LogRecord]] = [:]
        var retracted = Set<String>()
        var corrections: [String: Amendment] = [:]
        for record in records {
            switch record {
            case .audit(let named):
                if naming.first.map({ Stamp(record) < Stamp(at: $0.at, id: $0.id) }) ?? true { naming.first = named }
                if naming.latest.map({ Stamp(at: $0.at, id: $0.id) < Stamp(record) }) ?? true { naming.latest = named }
            case .checklist(let adoption):
                if checklist.map({ Stamp(at: $0.at, id: $0.id) < Stamp(record) }) ?? true { checklist = adoption }
            case .screen(let screen):
                screenRecords[screen.id, default: []].append(record)
            case .edit(let edit):
                screenRecords[edit.screen, default: []].append(record)
            case .retract(let retraction):
                retracted.insert(retraction.target)
            case .amend(let amendment):
                if corrections[amendment.target].map({ Stamp(at: $0.at, id: $0.id) < Stamp(record) }) ?? true { corrections[amendment.target] = amendment }
            case .recording, .fix, .evidence:
                break
            }
        }
        var live: [Screen] = []
        for (_, records) in screenRecords {
            if let fold = ScreenFold(records), !fold.removed { live.append(fold.screen) }
        }
        let shown = ScreenNames.disambiguated(live.map { ($0.id, $0.name, $0.createdAt) })
        for index in live.indices { if let name = shown[live[index].id] { live[index].name = name } }
        let liveIDs = Set(live.map(\.id))
        var recordings: [Recording] = []
        var fixes: [Fix] = []
        for record in records {
            switch record {
            case .recording(var recording) where liveIDs.contains(recording.screen) && !retracted.contains(recording.id):
                if let correction = corrections[recording.id] { recording.note = correction.note }
                recordings.append(recording)
            case .fix(var fix) where liveIDs.contains(fix.screen) && !retracted.contains(fix.id):
                if let correction = corrections[fix.id] { fix.note = correction.note }
                fixes.append(fix)
            default:
                break
            }
        }
        let empty = Checklist(name: "", title: "", version: "", summary: "", items: [], source: "")
        self.init(app: naming.latest?.app ?? "", createdAt: naming.first?.at ?? Timestamp(milliseconds: 0), createdBy: naming.first?.by ?? "",
                  checklist: checklist?.checklist ?? empty, screens: live, recordings: recordings, fixes: fixes)
    }

    /// The time of the latest thing the audit holds: its start, a screen added, a recording, a fix.
    public var latestActivity: Timestamp {
        var latest = createdAt
        for screen in screens where screen.createdAt > latest { latest = screen.createdAt }
        if let last = recordings.last, last.at > latest { latest = last.at }
        if let last = fixes.last, last.at > latest { latest = last.at }
        return latest
    }

    /// Everyone who recorded a result, with how many recordings each made; most first.
    public var auditors: [(name: String, recordings: Int)] {
        // One person once, however their name was typed on each machine.
        PersonName.tally(recordings.map(\.by)).map { ($0.name, $0.count) }
    }

    /// The latest recording of every cell of every screen made before `cutoff` (all when nil), by
    /// screen id. "Latest" is by time, then by id, as in the store.
    public func latestCells(before cutoff: Timestamp? = nil) -> [String: [CellKey: Recording]] {
        var result: [String: [CellKey: Recording]] = [:]
        for recording in recordings {
            if let cutoff, recording.at >= cutoff { break }
            result[recording.screen, default: [:]][CellKey(item: recording.item, size: recording.size)] = recording
        }
        return result
    }

    /// Each live screen by its id.
    public var screensByID: [String: Screen] {
        Dictionary(screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension AuditDocument {
    /// The audit of the selected screens only: their history, recordings and fixes.
    public func selecting(_ selection: ScreenSelection) -> AuditDocument {
        guard !selection.isEverything else { return self }
        var copy = self
        copy.screens = screens.filter { selection.includes($0) }
        let kept = Set(copy.screens.map(\.id))
        copy.recordings = recordings.filter { kept.contains($0.screen) }
        copy.fixes = fixes.filter { kept.contains($0.screen) }
        return copy
    }
}
