import DynamicType
import SQLite

/// Identifies one cell of a screen's size matrix.
public struct CellKey: Sendable, Hashable {
    public var item: String
    public var size: Size

    public init(item: String, size: Size) {
        self.item = item
        self.size = size
    }
}

/// The latest recording of a cell.
public struct CellState: Sendable, Equatable {
    public var item: String
    public var size: Size
    public var status: ResultStatus
    public var at: Timestamp
    public var recordingID: Int64
    /// Filled only for detailed snapshots (one screen).
    public var note: String?
    public var by: String?
}

/// A cell that has to be checked now, and why.
public struct PendingCheck: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// A failure that a later fix addresses: check that the fix works.
        case retest(Fix)
        /// A default-size cell recorded before the screen's latest fix: check nothing changed.
        case recheckDefault(Fix)
        /// Planned but never recorded.
        case unrecorded

        /// Retests come first, then default re-checks, then new checks.
        var rank: Int {
            switch self {
            case .retest: 0
            case .recheckDefault: 1
            case .unrecorded: 2
            }
        }

        public var label: String {
            switch self {
            case .retest: "retest"
            case .recheckDefault: "re-check default"
            case .unrecorded: "check"
            }
        }
    }

    public var item: String
    public var size: Size
    public var reason: Reason
}

/// Where one screen stands.
public struct ScreenState: Sendable {
    public var screen: Screen
    public var tally: CategoryTally
    public var category: Category
    /// Latest state of every recorded cell, planned or not.
    public var cells: [CellKey: CellState]
    public var fixes: [Fix]
    public var pending: [PendingCheck]
    /// Failed cells that no later fix addresses yet.
    public var awaitingFix: [CellState]

    /// Latest failed cells, in checklist and size order.
    public var failedCells: [CellState]
}

/// One consistent reading of the whole audit (or one screen of it), from which status, next,
/// screen listings and reports are all derived.
public struct AuditSnapshot: Sendable {
    public var app: String
    public var checklist: Checklist
    public var screens: [ScreenState]

    public var categoryCounts: [Category: Int] {
        var counts: [Category: Int] = [:]
        for state in screens { counts[state.category, default: 0] += 1 }
        return counts
    }

    /// Cells required by the plan, over all screens.
    public var required: Int { screens.reduce(0) { $0 + $1.tally.required } }
    public var recorded: Int { screens.reduce(0) { $0 + $1.tally.recorded } }
    public var passed: Int { screens.reduce(0) { $0 + $1.tally.passed } }
    public var failed: Int { screens.reduce(0) { $0 + $1.tally.failed } }
    public var notApplicable: Int { screens.reduce(0) { $0 + $1.tally.notApplicable } }

    /// Passed and failed planned cells at each size.
    public var resultsBySize: [Size: (passed: Int, failed: Int, notApplicable: Int, required: Int)] {
        var result: [Size: (passed: Int, failed: Int, notApplicable: Int, required: Int)] = [:]
        let planned = checklist.plannedCells
        for state in screens {
            for (item, size) in planned {
                var entry = result[size] ?? (0, 0, 0, 0)
                entry.required += 1
                switch state.cells[CellKey(item: item.id, size: size)]?.status {
                case .pass: entry.passed += 1
                case .fail: entry.failed += 1
                case .na: entry.notApplicable += 1
                case .untested, nil: break
                }
                result[size] = entry
            }
        }
        return result
    }

    public var fixCounts: [FixType: Int] {
        var counts: [FixType: Int] = [:]
        for state in screens { for fix in state.fixes { counts[fix.type, default: 0] += 1 } }
        return counts
    }

    /// Critical screens that are not supported yet.
    public var criticalNotSupported: [ScreenState] {
        screens.filter { $0.screen.critical && $0.category != .supported }
    }
}

extension AuditStore {
    /// Reads the audit: every screen, or only `only`. `detailed` also reads each cell's note and
    /// author, which listings of the whole audit don't need.
    public func snapshot(only: Screen? = nil, detailed: Bool = false) throws -> AuditSnapshot {
        try read {
            let checklist = try self.checklist()
            let screens = try only.map { [$0] } ?? self.screens()
            var fixesByScreen: [Int64: [Fix]] = [:]
            for fix in try fixes(screenID: only?.id) { fixesByScreen[fix.screenID, default: []].append(fix) }

            var cellsByScreen: [Int64: [CellKey: CellState]] = [:]
            var sql = """
                SELECT cells.screen_id, cells.item, cells.size, cells.status, cells.recorded_at, cells.recording_id\(detailed ? ", recordings.note, recordings.recorded_by" : "")
                FROM cells\(detailed ? " JOIN recordings ON recordings.id = cells.recording_id" : "")
                """
            if only != nil { sql += " WHERE cells.screen_id = ?" }
            try db.statement(sql).forEach(only.map { [$0.id] } ?? []) { row in
                guard let size = Size(name: row.string(2)), let status = ResultStatus(rawValue: row.string(3)) else { return }
                let key = CellKey(item: row.string(1), size: size)
                var state = CellState(item: key.item, size: size, status: status,
                                      at: Timestamp(iso8601: row.string(4)) ?? Timestamp(milliseconds: 0), recordingID: row.int64(5))
                if detailed {
                    state.note = row.optionalString(6)
                    state.by = row.optionalString(7)
                }
                cellsByScreen[row.int64(0), default: [:]][key] = state
            }

            let app = try appName()
            let states = screens.map { screen in
                ScreenState.derive(screen: screen, checklist: checklist, cells: cellsByScreen[screen.id] ?? [:],
                                   fixes: fixesByScreen[screen.id] ?? [])
            }
            return AuditSnapshot(app: app, checklist: checklist, screens: states)
        }
    }
}

extension ScreenState {
    /// Derives category, pending checks and failures from a screen's latest cells and its fixes.
    static func derive(screen: Screen, checklist: Checklist, cells: [CellKey: CellState], fixes: [Fix]) -> ScreenState {
        var tally = CategoryTally()
        var planned = Set<CellKey>()
        var pending: [PendingCheck] = []
        let latestFix = fixes.max { $0.at < $1.at }
        let scalingItems = Set(checklist.items.filter(\.scaling).map(\.id))
        let order = Dictionary(uniqueKeysWithValues: checklist.items.enumerated().map { ($1.id, $0) })

        for (item, size) in checklist.plannedCells {
            let key = CellKey(item: item.id, size: size)
            planned.insert(key)
            let state = cells[key]
            tally.add(state?.status ?? .untested, required: true, scaling: item.scaling)
            if state == nil || state?.status == .untested {
                pending.append(PendingCheck(item: item.id, size: size, reason: .unrecorded))
            }
        }
        tally.setRequired(planned.count)

        var failed: [CellState] = []
        var awaitingFix: [CellState] = []
        for (key, state) in cells {
            if !planned.contains(key) {
                tally.add(state.status, required: false, scaling: scalingItems.contains(key.item))
            }
            switch state.status {
            case .fail:
                failed.append(state)
                if let fix = fixes.last(where: { $0.at > state.at && $0.items.contains(key.item) }) {
                    pending.append(PendingCheck(item: key.item, size: key.size, reason: .retest(fix)))
                } else {
                    awaitingFix.append(state)
                }
            case .pass, .na:
                if key.size == .default, let latestFix, latestFix.at > state.at {
                    pending.append(PendingCheck(item: key.item, size: key.size, reason: .recheckDefault(latestFix)))
                }
            case .untested:
                break
            }
        }

        let sizeRank = Dictionary(uniqueKeysWithValues: Size.auditOrder.enumerated().map { ($1, $0) })
        pending.sort {
            ($0.reason.rank, sizeRank[$0.size] ?? 0, order[$0.item] ?? .max, $0.item)
                < ($1.reason.rank, sizeRank[$1.size] ?? 0, order[$1.item] ?? .max, $1.item)
        }
        let byChecklist: (CellState, CellState) -> Bool = {
            (order[$0.item] ?? .max, $0.item, $0.size) < (order[$1.item] ?? .max, $1.item, $1.size)
        }
        return ScreenState(screen: screen, tally: tally, category: tally.category(triage: screen.triage), cells: cells,
                           fixes: fixes, pending: pending, awaitingFix: awaitingFix.sorted(by: byChecklist),
                           failedCells: failed.sorted(by: byChecklist))
    }
}

