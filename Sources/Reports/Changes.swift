import AuditLog
import AuditStore
import DynamicType
import Interchange

/// The state of the audit at an earlier point, to compare the present against: an earlier export
/// file, or the store itself as it was before a date.
public struct EarlierAudit: Sendable {
    /// How the report names it: `2026-09-29` or `trailhead.json`.
    public var label: String
    /// The day of the latest activity the baseline holds.
    public var day: String
    /// Screens by id.
    public var screens: [String: Screen]
    /// Latest recording of each cell, by screen id.
    public var cells: [String: [CellKey: Recording]]
    public var recordingIDs: Set<String>
    public var fixIDs: Set<String>

    /// The audit in `document` as it stood just before `cutoff`.
    public init(document: AuditDocument, before cutoff: Timestamp, label: String) {
        self.label = label
        day = cutoff.day
        screens = Dictionary(document.screens.filter { $0.createdAt < cutoff }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        cells = document.latestCells(before: cutoff)
        recordingIDs = []
        for recording in document.recordings where recording.at < cutoff { recordingIDs.insert(recording.id) }
        fixIDs = []
        for fix in document.fixes where fix.at < cutoff { fixIDs.insert(fix.id) }
    }

    /// The audit as an earlier export file holds it.
    public init(document: AuditDocument, label: String) {
        self.label = label
        day = document.latestActivity.day
        screens = document.screensByID
        cells = document.latestCells()
        recordingIDs = Set(minimumCapacity: document.recordings.count)
        for recording in document.recordings { recordingIDs.insert(recording.id) }
        fixIDs = Set(document.fixes.map(\.id))
    }
}

/// One cell whose result changed between the baseline and now.
public struct CellChange: Sendable {
    public var screen: String
    public var item: String
    public var size: Size
    /// The latest recording now.
    public var now: Recording
    /// The latest recording in the baseline.
    public var before: Recording
}

/// What changed since a baseline: regressions (pass to fail), newly fixed cells (fail to pass), new
/// screens, screens whose category changed, and new recordings and fixes.
public struct Changes: Sendable {
    public var baseline: EarlierAudit
    public var regressions: [CellChange] = []
    public var fixedCells: [CellChange] = []
    public var newScreens: [String] = []
    public var categoryChanges: [(screen: String, before: Category, now: Category)] = []
    public var newRecordings = 0
    public var newFixes: [Fix] = []

    public init(from baseline: EarlierAudit, to document: AuditDocument, snapshot: AuditSnapshot) {
        self.baseline = baseline
        let current = document.latestCells()
        let order = Dictionary(uniqueKeysWithValues: snapshot.checklist.items.enumerated().map { ($1.id, $0) })
        let rule = CategoryRule(snapshot.checklist)
        for state in snapshot.screens {
            let key = state.screen.id
            guard let earlier = baseline.screens[key] else {
                newScreens.append(state.screen.name)
                continue
            }
            let before = baseline.cells[key] ?? [:]
            var cellsBefore: [CellKey: ResultStatus] = [:]
            for (cell, recording) in before { cellsBefore[cell] = recording.status }
            let categoryBefore = rule.category(of: cellsBefore, triage: earlier.triage)
            if categoryBefore != state.category {
                categoryChanges.append((state.screen.name, categoryBefore, state.category))
            }
            var changed: [CellChange] = []
            for (cell, now) in current[key] ?? [:] {
                guard let then = before[cell] else { continue }
                if then.status == .pass && now.status == .fail || then.status == .fail && now.status == .pass {
                    changed.append(CellChange(screen: state.screen.name, item: cell.item, size: cell.size, now: now, before: then))
                }
            }
            changed.sort { (order[$0.item] ?? .max, $0.item, $0.size) < (order[$1.item] ?? .max, $1.item, $1.size) }
            regressions += changed.filter { $0.now.status == .fail }
            fixedCells += changed.filter { $0.now.status == .pass }
        }
        newRecordings = 0
        for recording in document.recordings where !baseline.recordingIDs.contains(recording.id) { newRecordings += 1 }
        newFixes = document.fixes.filter { !baseline.fixIDs.contains($0.id) }
    }
}
