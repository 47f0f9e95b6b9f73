import AuditLog
import AuditStore
import DynamicType
import Judges
import Reports

/// The audit as trackers see it: the problems "What to fix first" lists, each with what a developer
/// needs to act on it, and every cell's latest result, which says whether a filed problem's retest
/// passed. Problems come from the review page's plan (`ReviewPlan`): a screen's failing item, or
/// one shared-UI problem with its screens; the same item failing on one screen under two fixes is
/// one problem here, with every size.
public struct AuditProblems: Sendable {
    /// A cell's latest result: what a retest recorded.
    public struct Result: Sendable, Equatable {
        public var status: ResultStatus
        public var by: String
        public var at: Timestamp
        public var run: String?

        public init(status: ResultStatus, by: String, at: Timestamp, run: String? = nil) {
            self.status = status
            self.by = by
            self.at = at
            self.run = run
        }
    }

    /// Where evidence lives in the repository, for its links.
    public struct EvidenceFolder: Sendable {
        /// Relative to the repository's root: `Exports/trailhead-evidence`.
        public var relativePath: String
        /// Whether a file of that folder (by its stored name) is there to be committed or is already.
        public var holds: @Sendable (String) -> Bool

        public init(relativePath: String, holds: @escaping @Sendable (String) -> Bool) {
            self.relativePath = relativePath
            self.holds = holds
        }
    }

    /// Most screens of a shared problem, figures and evidence links one issue lists.
    static let listed = 24

    public var problems: [TrackerProblem]
    private var results: [String: [CellKey: Result]]
    /// Screens by id, with the names they are shown by now.
    public var screenNames: [String: String]

    public init(problems: [TrackerProblem], results: [String: [CellKey: Result]] = [:], screenNames: [String: String] = [:]) {
        self.problems = problems
        self.results = results
        self.screenNames = screenNames
    }

    /// The latest result of the screen's cell, if it was ever recorded.
    public func result(screen: String, item: String, size: Size) -> Result? {
        results[screen]?[CellKey(item: item, size: size)]
    }

    /// Reads the problems from a detailed snapshot, as the review page of `date` counts them.
    public init(snapshot: AuditSnapshot, evidence: [String: ScreenEvidence], folder: EvidenceFolder?, date: String) {
        let plan = ReviewPlan(snapshot, date: date)
        let states = Dictionary(snapshot.screens.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [TrackerProblem] = []
        var index: [String: Int] = [:]
        for action in plan.actions {
            let screens = ([action.screen] + action.alsoOn).compactMap { states[$0] }
            guard let first = screens.first else { continue }
            let identity = action.shared.map { finding in
                ProblemIdentity.shared(item: action.item, elements: finding.elements.map { ($0.type, $0.name) })
            } ?? ProblemIdentity.screen(first.screen.id, item: action.item)
            let made = Self.problem(identity: identity, action: action, screens: screens, snapshot: snapshot, evidence: evidence, folder: folder)
            if let existing = index[identity] {
                problems[existing].merge(made)
            } else {
                index[identity] = problems.count
                problems.append(made)
            }
        }
        self.problems = problems
        var results: [String: [CellKey: Result]] = [:]
        var names: [String: String] = [:]
        for state in snapshot.screens {
            names[state.screen.id] = state.screen.name
            for cell in state.recordedCells {
                results[state.screen.id, default: [:]][CellKey(item: cell.item, size: cell.size)] =
                    Result(status: cell.status, by: cell.by ?? "", at: cell.at, run: cell.run)
            }
        }
        self.results = results
        screenNames = names
    }

    static func problem(identity: String, action: ReviewPlan.Action, screens: [ScreenState], snapshot: AuditSnapshot,
                        evidence: [String: ScreenEvidence], folder: EvidenceFolder?) -> TrackerProblem {
        let item = snapshot.checklist.item(action.item)
        var cells: [Cell] = []
        var figures: [TrackerProblem.Figure] = []
        var paths: [TrackerProblem.EvidencePath] = []
        for size in action.sizes {
            for state in screens {
                guard let cell = state.cell(action.item, size), cell.status == .fail else { continue }
                cells.append(Cell(screen: state.screen.id, size: size))
                let reason = (cell.note ?? "").split(separator: "\n").first.map(String.init) ?? "failed"
                figures.append(.init(screen: state.screen.name, size: size, text: reason,
                                     recordedBy: cell.run.map { "the run \($0)" } ?? (cell.by ?? "someone")))
                guard let folder, let files = evidence[state.screen.id] else { continue }
                let links = (files.cells[CellKey(item: action.item, size: size)] ?? []) + (files.screenshots[size] ?? [])
                for link in links where link.file.kind.isImage && !paths.contains(where: { $0.path.hasSuffix("/" + link.file.storedName) }) {
                    paths.append(.init(label: "\(state.screen.name) at \(size.id): \(link.name)", path: folder.relativePath + "/" + link.file.storedName,
                                       committed: folder.holds(link.file.storedName)))
                }
            }
        }
        let likely = screens.first.flatMap { Explanation.likelyCause(of: action.item, on: $0) }
        let fix = action.fix.map { "\($0.type.rawValue), \($0.at.day)" + ($0.ref.map { ", " + $0 } ?? "") }
        return TrackerProblem(identity: identity, item: action.item, itemTitle: item?.title ?? action.item,
                              places: screens.map { .init(screen: $0.screen.id, name: $0.screen.name) },
                              element: action.shared.map { $0.elements.map(\.shown).joined(separator: " and ") },
                              sizes: action.sizes, cells: cells, figures: figures, evidence: paths,
                              likelyCode: likely.map { "\($0.file):\($0.line) (\($0.rule))" }, usualFix: item?.fix, fixInProgress: fix,
                              severity: action.severity, critical: action.critical)
    }
}

extension TrackerProblem {
    /// Takes in another part of the same problem (the same item on one screen under another fix).
    mutating func merge(_ other: TrackerProblem) {
        sizes = Array(Set(sizes + other.sizes)).sorted(by: >)
        for cell in other.cells where !cells.contains(cell) { cells.append(cell) }
        figures += other.figures.filter { !figures.contains($0) }
        evidence += other.evidence.filter { !evidence.contains($0) }
        if likelyCode == nil { likelyCode = other.likelyCode }
        if fixInProgress == nil { fixInProgress = other.fixInProgress }
        critical = critical || other.critical
    }
}
