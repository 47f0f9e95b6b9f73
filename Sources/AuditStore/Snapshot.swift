import AuditLog
import DynamicType
import SQLite

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
    /// The automated run that recorded it, nil for a person (detailed snapshots only).
    public var run: String?
    /// What the run's judge saw fail, when it kept that as data (detailed snapshots and judged failures only).
    public var findings: [RecordedFinding]?

    public init(item: String, size: Size, status: ResultStatus, at: Timestamp, recordingID: Int64, note: String? = nil, by: String? = nil,
                run: String? = nil, findings: [RecordedFinding]? = nil) {
        self.item = item
        self.size = size
        self.status = status
        self.at = at
        self.recordingID = recordingID
        self.note = note
        self.by = by
        self.run = run
        self.findings = findings
    }
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
    /// Where the screen stands (`Standing`): its category and what is open on it.
    public var standing: Standing
    public var category: Category { standing.category }
    /// Latest state of every recorded cell, by item position in the checklist and size.
    let grid: CellGrid
    public var fixes: [Fix]
    public var pending: [PendingCheck]
    /// Failed cells that no later fix addresses yet.
    public var awaitingFix: [CellState]

    /// Latest failed cells, in checklist and size order.
    public var failedCells: [CellState]

    /// The screen's latest recorded scan of its source files, or nil when none was recorded.
    public var scan: ScreenScan? = nil

    /// The latest state of one cell, or nil when it was never recorded.
    public func cell(_ item: String, _ size: Size) -> CellState? {
        grid.cell(item, size)
    }

    /// Every recorded cell, planned or not, in checklist and size order.
    public var recordedCells: [CellState] { grid.all }

    /// Every recorded cell by its key.
    public var cells: [CellKey: CellState] {
        Dictionary(uniqueKeysWithValues: grid.all.map { (CellKey(item: $0.item, size: $0.size), $0) })
    }
}

/// The checklist arranged for fast lookups: item positions and the planned cells.
final class Plan: Sendable {
    let items: [ChecklistItem]
    let index: [String: Int]
    /// Planned cells as (item position, size), in checklist order.
    let cells: [(item: Int, size: Size)]
    let scaling: [Bool]
    /// Whether each (item, size) slot is planned.
    let isPlanned: [Bool]
    /// The items' positions in the order of their ids' bytes, the order a screen's cells come in
    /// from the `cells` table, and those ids' bytes (`ItemPlaces`).
    let byID: [Int]
    let idBytes: [[UInt8]]

    init(_ checklist: Checklist) {
        items = checklist.items
        index = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        cells = checklist.items.enumerated().flatMap { position, item in item.sizes.map { (position, $0) } }
        scaling = checklist.items.map(\.scaling)
        var planned = Array(repeating: false, count: checklist.items.count * Size.allCases.count)
        for (item, size) in cells { planned[CellGrid.slot(item, size)] = true }
        isPlanned = planned
        let items = checklist.items
        byID = items.indices.sorted { items[$0].id.utf8.lexicographicallyPrecedes(items[$1].id.utf8) }
        idBytes = byID.map { Array(items[$0].id.utf8) }
    }
}

/// One consistent reading of the whole audit (or one screen of it), from which status, next,
/// screen listings and reports are all derived.
public struct AuditSnapshot: Sendable {
    public var app: String
    public var checklist: Checklist
    public var screens: [ScreenState]

    /// How many screens stand where (`StandingCounts`).
    public var standingCounts: StandingCounts { StandingCounts(screens.map(\.standing)) }

    /// Cells required by the plan, over all screens.
    public var required: Int { screens.reduce(0) { $0 + $1.tally.required } }
    public var recorded: Int { screens.reduce(0) { $0 + $1.tally.recorded } }
    public var passed: Int { screens.reduce(0) { $0 + $1.tally.passed } }
    public var failed: Int { screens.reduce(0) { $0 + $1.tally.failed } }
    public var notApplicable: Int { screens.reduce(0) { $0 + $1.tally.notApplicable } }

    /// Passed and failed planned cells at each size.
    public var resultsBySize: [Size: (passed: Int, failed: Int, notApplicable: Int, required: Int)] {
        var counts = Array(repeating: (passed: 0, failed: 0, notApplicable: 0, required: 0), count: Size.allCases.count)
        for state in screens {
            for (item, size) in state.grid.plan.cells {
                counts[size.rawValue].required += 1
                switch state.grid.status(at: item, size) {
                case .pass: counts[size.rawValue].passed += 1
                case .fail: counts[size.rawValue].failed += 1
                case .na: counts[size.rawValue].notApplicable += 1
                case .untested, nil: break
                }
            }
        }
        var result: [Size: (passed: Int, failed: Int, notApplicable: Int, required: Int)] = [:]
        for size in Size.allCases where counts[size.rawValue].required > 0 { result[size] = counts[size.rawValue] }
        return result
    }

    public var fixCounts: [FixType: Int] {
        var counts: [FixType: Int] = [:]
        for state in screens { for fix in state.fixes { counts[fix.type, default: 0] += 1 } }
        return counts
    }

    /// Critical screens that are not supported yet.
    public var criticalNotSupported: [ScreenState] {
        screens.filter { $0.screen.critical && !$0.standing.isSupported }
    }

    /// Screens with a recorded scan of their source files.
    public var scannedScreens: [ScreenState] { screens.filter { $0.scan != nil } }

    /// Screens whose code, at its latest scan, still sets fixed font sizes: their text does not
    /// scale, whether or not anyone has audited them yet.
    public var fixedFontScreens: [ScreenState] { screens.filter { ($0.scan?.fixedFontSizes ?? 0) > 0 } }
}

extension AuditStore {
    /// Reads the audit: every screen, or only `only`. `detailed` also reads each cell's note and
    /// author, which listings of the whole audit don't need.
    public func snapshot(only: Screen? = nil, detailed: Bool = false) throws -> AuditSnapshot {
        try read {
            let checklist = try self.checklist()
            let plan = Plan(checklist)
            if let only {
                // One screen is read from its own rows: no other screen's cells, fixes or scans.
                var state = try state(of: only, plan: plan, fixes: try fixes(of: only), detailed: detailed)
                state.scan = try latestScans(screen: only, detailed: detailed)[only.id]
                return AuditSnapshot(app: try appName(), checklist: checklist, screens: [state])
            }
            let screens = try self.screens()
            var fixesByScreen: [String: [Fix]] = [:]
            for fix in try fixes() { fixesByScreen[fix.screen, default: []].append(fix) }
            let grids = try cellGrids(plan: plan, detailed: detailed)
            var rows: [String: Int64] = [:]
            try db.cachedStatement("SELECT uid, id FROM screens WHERE removed = 0").forEach { rows[$0.string("uid")] = $0.int64("id") }

            let app = try appName()
            let scans = try latestScans(detailed: detailed)
            let states = screens.map { screen in
                var state = ScreenState.derive(screen: screen, grid: rows[screen.id].flatMap { grids[$0] } ?? CellGrid(plan: plan),
                                               fixes: fixesByScreen[screen.id] ?? [])
                state.scan = scans[screen.id]
                return state
            }
            return AuditSnapshot(app: app, checklist: checklist, screens: states)
        }
    }

    /// Where one screen stands, from its cells and `fixes` alone (no scan): what a write to the
    /// screen reads before and after itself.
    func state(of screen: Screen, plan: Plan, fixes: [Fix], detailed: Bool = false) throws -> ScreenState {
        // One grid, not `cellGrids`: a dictionary keyed by row ids would cost a search of the
        // program's conformances the first time, more than the screen's cells.
        var grid = CellGrid(plan: plan)
        try forEachCell(plan: plan, screenRow: try rowID(of: screen), detailed: detailed) { _, position, state in grid.set(state, item: position) }
        return ScreenState.derive(screen: screen, grid: grid, fixes: fixes)
    }
}

extension ScreenState {
    /// Derives category, pending checks and failures from a screen's latest cells and its fixes.
    static func derive(screen: Screen, grid: CellGrid, fixes: [Fix]) -> ScreenState {
        let plan = grid.plan
        var tally = CategoryTally()
        var pending: [PendingCheck] = []
        let latestFix = fixes.max { $0.at < $1.at }

        for (item, size) in plan.cells {
            let status = grid.status(at: item, size) ?? .untested
            tally.add(status, required: true, scaling: plan.scaling[item])
            if status == .untested {
                pending.append(PendingCheck(item: plan.items[item].id, size: size, reason: .unrecorded))
            }
        }
        tally.setRequired(plan.cells.count)

        var failed: [CellState] = []
        var awaitingFix: [CellState] = []
        grid.forEachCell { item, state in
            if !plan.isPlanned[CellGrid.slot(item, state.size)] {
                tally.add(state.status, required: false, scaling: plan.scaling[item])
            }
            switch state.status {
            case .fail:
                failed.append(state)
                if let fix = fixes.last(where: { $0.at > state.at && $0.items.contains(state.item) }) {
                    pending.append(PendingCheck(item: state.item, size: state.size, reason: .retest(fix)))
                } else {
                    awaitingFix.append(state)
                }
            case .pass, .na:
                if state.size == .default, let latestFix, latestFix.at > state.at {
                    pending.append(PendingCheck(item: state.item, size: state.size, reason: .recheckDefault(latestFix)))
                }
            case .untested:
                break
            }
        }

        // Retests first, then default re-checks, then new checks; each in audit order of sizes.
        let sizeRank = Size.auditRank
        pending.sort {
            ($0.reason.rank, sizeRank[$0.size.rawValue], plan.index[$0.item] ?? .max)
                < ($1.reason.rank, sizeRank[$1.size.rawValue], plan.index[$1.item] ?? .max)
        }
        let standing = Standing.derive(tally: tally, triage: screen.triage, unfixedFailures: awaitingFix.count, pending: pending.count)
        return ScreenState(screen: screen, tally: tally, standing: standing, grid: grid,
                           fixes: fixes, pending: pending, awaitingFix: awaitingFix, failedCells: failed)
    }
}

/// The rule that derives a screen's category from its latest cells, kept ready for one checklist so
/// that history can be replayed screen by screen and day by day (the progress chart, `--since`).
public final class CategoryRule: Sendable {
    let plan: Plan

    public init(_ checklist: Checklist) {
        plan = Plan(checklist)
    }

    /// The category a screen with these latest cell statuses and this triage has: the same rule
    /// `status` and every report use.
    public func category(of cells: [CellKey: ResultStatus], triage: Category?) -> Category {
        var grid = CellGrid(plan: plan)
        for (key, status) in cells {
            guard let item = plan.index[key.item] else { continue }
            grid.set(CellState(item: key.item, size: key.size, status: status, at: Timestamp(milliseconds: 0), recordingID: 0), item: item)
        }
        let screen = Screen(id: "", name: "", triage: triage, createdAt: Timestamp(milliseconds: 0), createdBy: "")
        return ScreenState.derive(screen: screen, grid: grid, fixes: []).category
    }

    /// Where a screen with these latest cells (status and time) and these fixes stands: the same
    /// `Standing` `status` gives, replayed at any moment of the history.
    public func standing(of cells: [CellKey: (status: ResultStatus, at: Timestamp)], fixes: [Fix], triage: Category?) -> Standing {
        var grid = CellGrid(plan: plan)
        for (key, cell) in cells {
            guard let item = plan.index[key.item] else { continue }
            grid.set(CellState(item: key.item, size: key.size, status: cell.status, at: cell.at, recordingID: 0), item: item)
        }
        let screen = Screen(id: "", name: "", triage: triage, createdAt: Timestamp(milliseconds: 0), createdBy: "")
        return ScreenState.derive(screen: screen, grid: grid, fixes: fixes).standing
    }
}
