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

    /// The audit `records` hold, folded by the store's own fold into a store of their own
    /// (`AuditStore.scratch`) and read back as from any store. Refused as an import refuses them:
    /// a record that refers to what the records do not hold throws `DanglingReference`.
    public init(records: [LogRecord]) throws {
        try self.init(store: AuditStore.scratch { store in try store.merge(records.map { ($0, 0) }) })
    }

    /// The audit of a shared file `source` reads (chunks appended to its argument, false at the
    /// end), folded as `init(records:)` folds them a record at a time: the file is never held
    /// whole. A malformed line throws `InterchangeError`, a dangling record `DanglingReference`.
    public init(reading source: @escaping (inout [UInt8]) -> Bool) throws {
        try self.init(store: AuditStore.scratch { store in
            try store.merge { add in _ = try AuditFile.scan(chunks: source, body: add) }
        })
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

    /// The recording that stands in every cell of every screen (`CellRule`), among those made
    /// before `cutoff` (all when nil), by screen id.
    public func latestCells(before cutoff: Timestamp? = nil) -> [String: [CellKey: Recording]] {
        guard let cutoff else { return CellRule.standings(recordings) }
        return CellRule.standings(recordings.prefix { $0.at < cutoff })
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
