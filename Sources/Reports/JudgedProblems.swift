import AuditLog
import AuditStore
import DynamicType
import Judges

/// The failures runs recorded, told as problems: what one element does wrong, with every screen
/// and size it does it at. Shared UI (a tab bar, a navigation bar drawn by the same code on every
/// screen) that fails the same way on several screens is one problem naming them all, not one per
/// screen; `SharedProblem.group` decides what is the same element at the same place. The frames
/// come from the judged recordings' findings (`JudgedFindings`), so this holds long after the run's
/// hierarchies are gone. `next`, `screen show` and the review page's "What to fix first" read it.
public struct JudgedProblems: Sendable {
    /// One failed cell a run recorded, with the fix whose retest is due (nil while it waits).
    public struct Failure: Sendable {
        public var screen: String
        public var cell: CellState
        public var fix: Fix?

        public init(screen: String, cell: CellState, fix: Fix? = nil) {
            self.screen = screen
            self.cell = cell
            self.fix = fix
        }
    }

    public struct Problem: Sendable {
        public var item: String
        /// The first failure's finding, whose elements and figures stand for all.
        public var finding: JudgedFinding
        /// Every screen it fails on, in the order of the failures given.
        public var screens: [String]
        /// Every size it fails at, largest first.
        public var sizes: [Size]
        /// The runs that recorded it.
        public var runs: [String]
        /// The fix all of its failures wait to be retested after; nil while they wait for one.
        public var fix: Fix?
        /// When the oldest of its failures was recorded.
        public var since: Timestamp
        /// What other judges found inside it (a cell that keeps its height cuts its label short,
        /// runs two labels together): the same cause, told with this problem.
        public var within: [(item: String, finding: JudgedFinding)] = []

        /// Shared UI: the same element failing on more than one screen.
        public var isShared: Bool { screens.count > 1 }
    }

    /// Every problem, in the order of the failures given.
    public private(set) var problems: [Problem] = []
    /// Cells (screen, item, size) whose every finding is in a shared problem: the shared problem
    /// tells them, and a list of one row per failed cell leaves them out.
    private var told = Set<String>()
    /// Each judged cell's note as its run recorded it, whatever a person corrected it to since.
    private var recordedNotes: [String: String] = [:]
    /// Each judged cell's findings as its run recorded them.
    private var recordedFindings: [String: [JudgedFinding]] = [:]

    /// The findings the run recorded for a cell it failed, whatever a person corrected its note to.
    public func recordedFindings(screen: String, item: String, size: Size) -> [JudgedFinding]? {
        recordedFindings[Self.key(screen, item, size)]
    }

    /// The note the run recorded for a cell it failed: the findings a corrected note no longer lists.
    public func recordedNote(screen: String, item: String, size: Size) -> String? {
        recordedNotes[Self.key(screen, item, size)]
    }

    /// Failures under different fixes stay different problems: one waits for a fix, the other for
    /// its retest. A cell whose note names no elements is no problem here.
    public init(_ failures: [Failure]) {
        var partitions: [String: [Failure]] = [:]
        var order: [String] = []
        for failure in failures where failure.cell.run != nil {
            let key = failure.fix?.id ?? ""
            if partitions[key] == nil { order.append(key) }
            partitions[key, default: []].append(failure)
        }
        for key in order {
            add(partitions[key]!)
        }
    }

    /// The failures runs recorded that stand now, with the retests due on `states` (screens not
    /// among them count as waiting for a fix).
    public init(store: AuditStore, states: [ScreenState] = []) throws {
        var retests: [String: [CellKey: Fix]] = [:]
        for state in states {
            for check in state.pending {
                if case .retest(let fix) = check.reason { retests[state.screen.name, default: [:]][CellKey(item: check.item, size: check.size)] = fix }
            }
        }
        self.init(try store.judgedFailures().map { screen, cell in
            Failure(screen: screen, cell: cell, fix: retests[screen]?[CellKey(item: cell.item, size: cell.size)])
        })
    }

    private mutating func add(_ failures: [Failure]) {
        var verdicts: [(screen: String, verdict: Verdict)] = []
        var cells: [String: (failure: Failure, findings: Int, complete: Bool)] = [:]
        for failure in failures {
            guard let note = failure.cell.note else { continue }
            let findings = JudgedFindings.of(failure.cell)
            guard !findings.isEmpty else { continue }
            let reason = String(note.prefix { $0 != "\n" })
            let verdict = Verdict(item: failure.cell.item, size: failure.cell.size, outcome: .fail, reason: reason, findings: findings)
            verdicts.append((failure.screen, verdict))
            recordedNotes[Self.key(failure.screen, failure.cell.item, failure.cell.size)] = note
            recordedFindings[Self.key(failure.screen, failure.cell.item, failure.cell.size)] = findings
            cells[Self.key(failure.screen, failure.cell.item, failure.cell.size)] = (failure, findings.count, JudgedFindings.isComplete(failure.cell))
        }
        var inShared: [String: Int] = [:]
        let (kept, within) = ProblemCauses.fold(verdicts)
        for group in SharedProblem.group(kept) {
            let found = group.occurrences.compactMap { cells[Self.key($0.screen, group.item, $0.size)]?.failure }
            guard let first = found.first else { continue }
            var problem = Problem(item: group.item, finding: ProblemCauses.worst(group, in: verdicts), screens: group.screens,
                                  sizes: Array(Set(group.occurrences.map(\.size))).sorted(by: >),
                                  runs: found.compactMap(\.cell.run).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                                  fix: first.fix, since: found.map(\.cell.at).min()!)
            if group.item == ProblemCauses.cellItem, let cell = group.finding.elements.first {
                for folded in within where folded.cell.type == cell.type && folded.cell.name == cell.name
                    && group.occurrences.contains(where: { $0.screen == folded.screen && $0.size == folded.size })
                    && (!cell.name.isEmpty || SharedProblem.near(folded.cell.frame, cell.frame)) {
                    problem.within.append((folded.item, folded.finding))
                    // Told by the cell's problem: a list of one row per failed cell leaves it out.
                    if problem.isShared { inShared[Self.key(folded.screen, folded.item, folded.size), default: 0] += 1 }
                }
            }
            if problem.isShared {
                for occurrence in group.occurrences { inShared[Self.key(occurrence.screen, group.item, occurrence.size), default: 0] += 1 }
            }
            problems.append(problem)
        }
        for (key, count) in inShared where cells[key].map({ $0.complete && $0.findings == count }) == true {
            told.insert(key)
        }
    }

    static func key(_ screen: String, _ item: String, _ size: Size) -> String {
        screen + "\u{0}" + item + "\u{0}" + size.id
    }

    /// The shared problems, each once.
    public var shared: [Problem] { problems.filter(\.isShared) }

    /// The shared problems that fail on `screen`.
    public func shared(on screen: String) -> [Problem] {
        problems.filter { $0.isShared && $0.screens.contains(screen) }
    }

    /// Whether a shared problem tells everything the failed cell says.
    public func toldByShared(screen: String, item: String, size: Size) -> Bool {
        told.contains(Self.key(screen, item, size))
    }
}

extension JudgedProblems {
    /// The problems that wait for a fix (or a person's word) on any of `screens`: what `next` adds
    /// to the checks to record. Those with a fix recorded are retests, which `next` lists already.
    public func waitingForFix(on screens: [String]) -> [Problem] {
        let looked = Set(screens)
        return problems.filter { $0.fix == nil && $0.screens.contains(where: looked.contains) }
    }
}
