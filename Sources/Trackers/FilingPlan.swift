import AuditLog
import DynamicType

/// What filing the audit's problems into one tracker takes: every create, update, close and reopen,
/// and the records that say so. Decided from three sources that each may lag: the problems failing
/// now, the tracker's issues that carry a problem's marker, and the filing records of the shared
/// log. The tracker's marker is the authority on what exists (a record may be lost or not merged
/// yet); the records say what dtaudit last wrote and closed, which no tracker says.
public struct FilingPlan: Sendable {
    public enum Action: String, Sendable, Equatable {
        case create, update, close, reopen
        /// Closes an issue that a second clone filed for the same problem before the records met.
        case closeDuplicate = "close-duplicate"
        /// Only a record: an issue found by its marker that no record named (a record lost, or
        /// a run killed between the create and its record).
        case adopt
        /// Only a record: a person closed the issue as not planned or labelled it `wontfix`.
        case triage
    }

    public struct Step: Sendable, Equatable {
        public var action: Action
        public var problem: String
        /// The issue acted on; nil for a create.
        public var issue: TrackedIssue?
        public var title: String?
        public var body: String?
        /// What the closing comment names.
        public var retests: [Retest] = []
        /// The issue a duplicate is closed in favour of.
        public var duplicateOf: TrackedIssue?
        /// What the step's record says once it is done.
        public var item: String
        public var cells: [Cell]
        public var digest: String?
        public var state: Filing.State
        /// The comment a reopen adds.
        public var comment: String?

        /// Requests the tracker counts against its limit of content it creates.
        public var writes: Int {
            switch action {
            case .create, .update: 1
            case .close, .reopen, .closeDuplicate: 2
            case .adopt, .triage: 0
            }
        }
    }

    public var steps: [Step] = []
    /// Problems left as they are, and why: one line each.
    public var notes: [String] = []

    public var writes: Int { steps.reduce(0) { $0 + $1.writes } }

    /// - Parameters:
    ///   - issues: the tracker's issues that carry a marker (pull requests left out).
    ///   - filings: this tracker's filing records.
    public init(audit: AuditProblems, issues: [TrackedIssue], filings: [Filing], links: EvidenceLinks?) {
        var latest: [String: Filing] = [:]
        for filing in filings where latest[filing.problem].map({ Stamp(at: $0.at, id: $0.id) < Stamp(at: filing.at, id: filing.id) }) ?? true {
            latest[filing.problem] = filing
        }
        var marked: [String: [TrackedIssue]] = [:]
        for issue in issues.sorted(by: { $0.number < $1.number }) {
            if let marker = issue.marker { marked[marker.problem, default: []].append(issue) }
        }
        let problems = Dictionary(audit.problems.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        var order = audit.problems.map(\.identity)
        for identity in marked.keys.sorted() + latest.keys.sorted() where problems[identity] == nil && !order.contains(identity) {
            order.append(identity)
        }
        for identity in order {
            let found = marked[identity] ?? []
            // Where one problem was filed twice, the lowest number not closed as a duplicate holds it.
            let canonical = found.first(where: { !$0.isClosedAsDuplicate }) ?? found.first
            if let canonical {
                for other in found where other != canonical && other.isOpen {
                    steps.append(Step(action: .closeDuplicate, problem: identity, issue: other, duplicateOf: canonical, item: other.marker?.item ?? "",
                                      cells: other.marker?.cells ?? [], state: .duplicate))
                }
            }
            let record = latest[identity]
            if let problem = problems[identity] {
                plan(problem, issue: canonical, record: record, audit: audit, links: links)
            } else if let canonical {
                planPassed(identity, issue: canonical, record: record, audit: audit)
            }
        }
    }

    private mutating func plan(_ problem: TrackerProblem, issue: TrackedIssue?, record: Filing?, audit: AuditProblems, links: EvidenceLinks?) {
        let title = problem.title
        let body = IssueText.body(problem, links: links)
        let digest = IssueText.digest(title: title, body: body)
        func step(_ action: Action, _ state: Filing.State, comment: String? = nil) -> Step {
            Step(action: action, problem: problem.identity, issue: issue, title: title, body: body, item: problem.item, cells: problem.cells,
                 digest: digest, state: state, comment: comment)
        }
        guard let issue else {
            if record?.state == .triaged {
                notes.append("\(title): left alone, triaged on the tracker (its issue is gone)")
            } else {
                steps.append(step(.create, .open))
            }
            return
        }
        let recorded = record?.issue == issue.number ? record : nil
        if issue.isTriaged {
            if recorded?.state != .triaged { steps.append(step(.triage, .triaged)) }
            return
        }
        if issue.isOpen {
            // The recorded digest says whether the problem changed since dtaudit last wrote; without
            // a record, the issue's own text does.
            let changed = recorded?.digest.map { $0 != digest } ?? (issue.title != title || issue.body != body)
            if changed {
                steps.append(step(.update, .open))
            } else if recorded == nil || recorded?.state != .open {
                steps.append(step(.adopt, .open))
            }
            return
        }
        let failedSince = problem.cells.compactMap { audit.result(screen: $0.screen, item: problem.item, size: $0.size)?.at }.max()
        let regressed = recorded?.state == .closed || zip(failedSince.map { [$0] } ?? [], issue.closedAt.map { [$0] } ?? []).contains { $0 > $1 }
        if regressed {
            steps.append(step(.reopen, .open, comment: IssueText.reopening(problem)))
        } else {
            notes.append("#\(issue.number) \(title): closed on the tracker while it still fails; a failure recorded after it was closed reopens it")
        }
    }

    private mutating func planPassed(_ identity: String, issue: TrackedIssue, record: Filing?, audit: AuditProblems) {
        let recorded = record?.issue == issue.number ? record : nil
        let item = recorded?.item ?? issue.marker?.item
        let cells = recorded?.cells ?? issue.marker?.cells ?? []
        if issue.isTriaged {
            if recorded?.state != .triaged {
                steps.append(Step(action: .triage, problem: identity, issue: issue, item: item ?? "", cells: cells, state: .triaged))
            }
            return
        }
        guard issue.isOpen else { return }
        guard let item, !cells.isEmpty else {
            notes.append("#\(issue.number): no longer failing, but neither its record nor its marker says which sizes a retest must pass; left open")
            return
        }
        var retests: [Retest] = []
        var open: [String] = []
        for cell in cells {
            let name = audit.screenNames[cell.screen] ?? "a removed screen"
            guard let result = audit.result(screen: cell.screen, item: item, size: cell.size), result.status == .pass || result.status == .na else {
                open.append("\(name) at \(cell.size.id)")
                continue
            }
            retests.append(Retest(screen: name, size: cell.size, status: result.status, by: result.by, at: result.at, run: result.run))
        }
        if open.isEmpty {
            steps.append(Step(action: .close, problem: identity, issue: issue, retests: retests, item: item, cells: cells, digest: recorded?.digest, state: .closed))
        } else {
            notes.append("#\(issue.number) \(issue.title): no longer failing, but not retested at \(open.joined(separator: ", ")); left open")
        }
    }
}
