import AuditLog
import Output

/// Carries out a filing plan on GitHub, step by step, within the write budget. Each step's record
/// is written as soon as the tracker has done it, so that a run stopped anywhere (a rate limit,
/// the budget, a kill) leaves at most the step in flight unrecorded, which the next run finds by
/// its marker; the next run plans again from what is there and so resumes where this one stopped.
public struct Filer {
    /// What a run did and where it stopped.
    public struct Outcome: Sendable {
        /// Steps done, each with the issue it ended on.
        public var done: [(step: FilingPlan.Step, issue: TrackedIssue?)] = []
        /// Why the run stopped before the end, if it did.
        public var stopped: TrackerError?
        public var writes = 0
    }

    public let github: GitHub
    public let label: String
    public let author: String
    public var budget: WriteBudget
    let makeID: @Sendable () -> String
    let now: @Sendable () -> Timestamp
    /// Writes filing records to the store, each call its own transaction.
    let record: ([Filing]) throws -> Void

    public init(github: GitHub, label: String, author: String, budget: WriteBudget, makeID: @escaping @Sendable () -> String = UniqueID.make,
                now: @escaping @Sendable () -> Timestamp = { .now() }, record: @escaping ([Filing]) throws -> Void) {
        self.github = github
        self.label = label
        self.author = author
        self.budget = budget
        self.makeID = makeID
        self.now = now
        self.record = record
    }

    /// Runs every step, telling `progress` each one done (with the total) and `waiting` how many
    /// seconds the minute's budget holds the run. A store error ends the run by throwing.
    public mutating func run(_ plan: FilingPlan, progress: (Int, Int) -> Void = { _, _ in }, waiting: (Int) -> Void = { _ in }) throws -> Outcome {
        var outcome = Outcome()
        var labelReady = false
        do {
            for (index, step) in plan.steps.enumerated() {
                if step.writes > 0, !labelReady, step.action == .create || step.action == .update {
                    if try !github.hasLabel(label) {
                        try spend(&outcome, waiting)
                        try github.createLabel(label)
                    }
                    labelReady = true
                }
                let issue = try perform(step, &outcome, waiting)
                try record([filing(step, issue: issue)])
                outcome.done.append((step, issue))
                progress(index + 1, plan.steps.count)
            }
        } catch let error as TrackerError {
            outcome.stopped = error
        }
        return outcome
    }

    private mutating func spend(_ outcome: inout Outcome, _ waiting: (Int) -> Void) throws(TrackerError) {
        guard budget.take(waiting: waiting) else {
            throw TrackerError(.rateLimited, "the run made its budget of \(budget.perHour) writes (at most \(WriteBudget.maximumPerHour) an hour)")
        }
        outcome.writes += 1
    }

    private mutating func perform(_ step: FilingPlan.Step, _ outcome: inout Outcome, _ waiting: (Int) -> Void) throws(TrackerError) -> TrackedIssue? {
        switch step.action {
        case .adopt, .triage:
            return step.issue
        case .create:
            try spend(&outcome, waiting)
            return try github.create(title: step.title ?? "", body: step.body ?? "", labels: [label])
        case .update:
            guard let issue = step.issue else { return nil }
            var fields: [(String, JSON)] = [("title", .string(step.title ?? issue.title)), ("body", .string(step.body ?? ""))]
            if !issue.labels.contains(label) { fields.append(("labels", .array((issue.labels + [label]).map(JSON.string)))) }
            try spend(&outcome, waiting)
            return try github.update(issue.number, fields)
        case .close:
            guard let issue = step.issue else { return nil }
            try spend(&outcome, waiting)
            try github.comment(issue.number, IssueText.closing(step.retests))
            try spend(&outcome, waiting)
            return try github.update(issue.number, [("state", .string("closed")), ("state_reason", .string("completed"))])
        case .reopen:
            guard let issue = step.issue else { return nil }
            try spend(&outcome, waiting)
            let reopened = try github.update(issue.number, [("state", .string("open")), ("state_reason", .string("reopened")),
                                                           ("title", .string(step.title ?? issue.title)), ("body", .string(step.body ?? ""))])
            try spend(&outcome, waiting)
            try github.comment(issue.number, step.comment ?? "Reopened by dtaudit.")
            return reopened
        case .closeDuplicate:
            guard let issue = step.issue, let canonical = step.duplicateOf else { return nil }
            try spend(&outcome, waiting)
            try github.comment(issue.number, IssueText.duplicate(of: canonical.number))
            try spend(&outcome, waiting)
            return try github.update(issue.number, [("state", .string("closed")), ("state_reason", .string("duplicate")),
                                                    ("duplicate_issue_id", .int(Int(canonical.id)))])
        }
    }

    func filing(_ step: FilingPlan.Step, issue: TrackedIssue?) -> Filing {
        Filing(id: makeID(), problem: step.problem, tracker: github.repository.tracker, issue: issue?.number ?? step.issue?.number,
               url: issue?.url ?? step.issue?.url, state: step.state, item: step.item.isEmpty ? "unknown" : step.item, cells: step.cells,
               digest: step.digest, by: author, at: now())
    }
}
