import AuditLog
import AuditStore
import DynamicType
import Judges

/// Every failure that stands now, counted as problems, the one count `next`, `status`, `gate`, the
/// review page and their JSON give. A failure a run recorded with its elements is told by cause
/// (`JudgedProblems`: one per element, shared UI once with its screens, what lies inside a failing
/// cell told with that cell). Any other failure (a person's, a confirmation, a run's that names no
/// element) is one problem per screen and item, with every size it fails at. Failures under
/// different fixes stay apart: one waits for a fix, the other for its retest.
public struct OpenProblems: Sendable {
    /// Who settles a problem: a person's failure stands until a fix and a retest; a run's until a
    /// person confirms it, waives its element, or a fix and a later run.
    public enum Decider: String, Sendable {
        case machine, person
    }

    public struct Problem: Sendable {
        public var item: String
        /// Every screen it fails on; more than one for shared UI.
        public var screens: [String]
        /// Largest first.
        public var sizes: [Size]
        /// The fix whose retest is due; nil while it waits for one.
        public var fix: Fix?
        /// When the oldest of its failures was recorded.
        public var since: Timestamp
        /// What the runs found, with the element and the worst size's figure; nil for a problem
        /// no judge named an element of.
        public var judged: JudgedProblems.Problem?
        /// The first failure's note, for a problem no judge named an element of (detailed
        /// snapshots and run failures only).
        public var note: String?
        public var decider: Decider

        public var isShared: Bool { screens.count > 1 }
        public var waitsForFix: Bool { fix == nil }
        /// The figure the rule measured at the worst size.
        public var figure: Double? { judged?.finding.figure }
    }

    /// Every problem: those runs told by element first, then the rest by screen and checklist order.
    public private(set) var problems: [Problem] = []
    /// The failures runs recorded with their elements, told by cause.
    public let judged: JudgedProblems

    /// `states`: every screen, with its failed cells and the retests due (shared UI is grouped
    /// across the audit, whichever screens a view shows: `on(_:)` picks them);
    /// `runFailures`: the failures runs recorded, with their notes and findings.
    public init(states: [ScreenState], runFailures: [(screen: String, cell: CellState)]) {
        var retests: [String: [CellKey: Fix]] = [:]
        for state in states {
            for check in state.pending {
                if case .retest(let fix) = check.reason { retests[state.screen.name, default: [:]][CellKey(item: check.item, size: check.size)] = fix }
            }
        }
        judged = JudgedProblems(runFailures.map { screen, cell in
            JudgedProblems.Failure(screen: screen, cell: cell, fix: retests[screen]?[CellKey(item: cell.item, size: cell.size)])
        })
        var byRun: [String: CellState] = [:]
        for (screen, cell) in runFailures { byRun[JudgedProblems.key(screen, cell.item, cell.size)] = cell }
        problems = judged.problems.map { problem in
            Problem(item: problem.item, screens: problem.screens, sizes: problem.sizes, fix: problem.fix, since: problem.since,
                    judged: problem, note: nil, decider: .machine)
        }
        // A screen no run failed anything on asks nothing of the runs' failures, cell by cell.
        let screensRunsFailedOn = Set(runFailures.map(\.screen))
        for state in states {
            let name = state.screen.name
            // The same check failing at several sizes, under the same fix (or none), is one problem.
            var grouped: [Problem] = []
            let runsFailedHere = screensRunsFailedOn.contains(name)
            let screenRetests = retests[name]
            for cell in state.failedCells where !runsFailedHere || judged.recordedFindings(screen: name, item: cell.item, size: cell.size) == nil {
                let fix = screenRetests?[CellKey(item: cell.item, size: cell.size)]
                let run = runsFailedHere ? byRun[JudgedProblems.key(name, cell.item, cell.size)] : nil
                let decider: Decider = run != nil || cell.run != nil ? .machine : .person
                if let index = grouped.firstIndex(where: { $0.item == cell.item && $0.fix?.id == fix?.id }) {
                    grouped[index].sizes.append(cell.size)
                    grouped[index].since = min(grouped[index].since, cell.at)
                    if grouped[index].note == nil { grouped[index].note = cell.note ?? run?.note }
                    if decider == .person { grouped[index].decider = .person }
                } else {
                    grouped.append(Problem(item: cell.item, screens: [name], sizes: [cell.size], fix: fix, since: cell.at, judged: nil,
                                           note: cell.note ?? run?.note, decider: decider))
                }
            }
            for index in grouped.indices { grouped[index].sizes.sort(by: >) }
            problems += grouped
        }
    }

    /// The problems of a detailed snapshot, whose cells know their runs, notes and findings.
    public init(detailed snapshot: AuditSnapshot) {
        self.init(states: snapshot.screens, runFailures: snapshot.screens.flatMap { state in
            state.failedCells.filter { $0.run != nil }.map { (state.screen.name, $0) }
        })
    }

    /// The problems of `states`, with the failures runs recorded read from the store.
    public init(store: AuditStore, states: [ScreenState]) throws {
        self.init(states: states, runFailures: try store.judgedFailures())
    }

    /// The problems that fail on any of `screens`, each once.
    public func on(_ screens: [String]) -> [Problem] {
        let looked = Set(screens)
        return problems.filter { $0.screens.contains(where: looked.contains) }
    }

    /// The problems on any of `screens` that wait for a fix.
    public func waitingForFix(on screens: [String]) -> [Problem] {
        on(screens).filter(\.waitsForFix)
    }
}
