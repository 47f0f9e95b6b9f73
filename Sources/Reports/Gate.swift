import AuditStore
import DynamicType
import Interchange

/// The bar an audit must meet for `dtaudit gate`, typically in CI.
public struct GateBar: Sendable {
    /// Every screen must meet the bar, not only the critical ones.
    public var allScreens: Bool
    /// Instead of "supported": every planned check at this size or larger passed (or n/a).
    public var minimumSize: Size?
    /// When set, no check that passed in the baseline may fail now, on any screen.
    public var baseline: EarlierAudit?
    /// Take "supported, re-check pending" for supported: every check passed, only the re-checks
    /// a fix opened are still to record.
    public var acceptingRechecks: Bool

    public init(allScreens: Bool = false, minimumSize: Size? = nil, baseline: EarlierAudit? = nil, acceptingRechecks: Bool = false) {
        self.allScreens = allScreens
        self.minimumSize = minimumSize
        self.baseline = baseline
        self.acceptingRechecks = acceptingRechecks
    }

    /// One line saying what the bar is.
    public var summary: String {
        let who = allScreens ? "every screen" : "every critical screen"
        var text = minimumSize.map { "\(who) passes every planned check at \($0.id) or larger" }
            ?? "\(who) is supported" + (acceptingRechecks ? " (re-checks after fixes may be pending)" : ", with no re-check pending")
        if let baseline { text += ", and nothing regressed since \(baseline.label)" }
        return text
    }
}

/// A screen that does not meet the bar, and why.
public struct GateShortfall: Sendable {
    public var screen: String
    public var standing: Standing
    public var category: Category { standing.category }
    /// Cells whose latest result is a failure.
    public var failed: [CellKey]
    /// Planned cells not recorded yet.
    public var unrecorded: [CellKey]
    /// Default-size checks a fix sent back, not recorded since.
    public var rechecks: [CellKey]
    /// The open problems on the screen at the bar's sizes, counted as every view counts them.
    public var problems: [OpenProblems.Problem] = []
}

/// Whether the audit meets a bar.
public struct GateResult: Sendable {
    public var bar: GateBar
    /// The screens the bar applies to.
    public var checkedScreens: Int
    public var shortfalls: [GateShortfall] = []
    public var regressions: [CellChange] = []
    /// The open problems on the screens the bar applies to, at its sizes, each once: the count
    /// `status` and the review page give for the same screens. They say what to fix; the bar
    /// itself is decided by the screens' cells.
    public var problems: [OpenProblems.Problem] = []
    /// Set when the bar cannot be judged at all (no critical screen, no screen).
    public var problem: String?

    public var passed: Bool { problem == nil && shortfalls.isEmpty && regressions.isEmpty }

    public init(bar: GateBar, snapshot: AuditSnapshot, document: AuditDocument) {
        self.bar = bar
        let scope = bar.allScreens ? snapshot.screens : snapshot.screens.filter(\.screen.critical)
        checkedScreens = scope.count
        if snapshot.screens.isEmpty {
            problem = "the audit has no screens, so there is nothing to gate on"
        } else if scope.isEmpty {
            problem = "no screen is marked critical, so the default bar checks nothing; mark the screens of the app's common tasks with 'dtaudit screen edit NAME --critical', or pass --all-screens"
        }
        let order = Dictionary(uniqueKeysWithValues: snapshot.checklist.items.enumerated().map { ($1.id, $0) })
        let byChecklist: (CellKey, CellKey) -> Bool = { (order[$0.item] ?? .max, $0.item, $0.size) < (order[$1.item] ?? .max, $1.item, $1.size) }
        let floor = bar.minimumSize ?? .xs
        let open = OpenProblems(detailed: snapshot).on(scope.map(\.screen.name)).filter { $0.sizes.contains { $0 >= floor } }
        problems = open
        for state in scope {
            var failed: [CellKey] = []
            var unrecorded: [CellKey] = []
            for (item, size) in snapshot.checklist.plannedCells where size >= floor {
                let key = CellKey(item: item.id, size: size)
                switch state.cell(key.item, key.size)?.status {
                case .pass, .na: break
                case .fail: failed.append(key)
                case .untested, nil: unrecorded.append(key)
                }
            }
            for cell in state.failedCells where cell.size >= floor {
                let key = CellKey(item: cell.item, size: cell.size)
                if !failed.contains(key) { failed.append(key) }
            }
            let rechecks = state.pending.compactMap { check -> CellKey? in
                guard case .recheckDefault = check.reason, check.size >= floor else { return nil }
                return CellKey(item: check.item, size: check.size)
            }
            let supported = state.standing.isSupported || bar.acceptingRechecks && state.standing.stage == .recheckPending
            let meets = bar.minimumSize == nil ? supported : failed.isEmpty && unrecorded.isEmpty
            if !meets {
                shortfalls.append(GateShortfall(screen: state.screen.name, standing: state.standing,
                                                failed: failed.sorted(by: byChecklist), unrecorded: unrecorded.sorted(by: byChecklist),
                                                rechecks: rechecks.sorted(by: byChecklist),
                                                problems: open.filter { $0.screens.contains(state.screen.name) }))
            }
        }
        if let baseline = bar.baseline {
            regressions = Changes(from: baseline, to: document, snapshot: snapshot).regressions
        }
    }
}
