import Output
import Trackers

/// What `file` prints: the plan of a dry run, what a run did, or what a CSV export holds.
enum FileReport {
    static func plan(_ plan: FilingPlan, repository: GitHubRepository, console: Console, json: Bool) {
        if json {
            console.json(.object([("tracker", .string(repository.tracker)), ("dryRun", .bool(true)),
                                  ("steps", .array(plan.steps.map { step(json: $0, issue: $0.issue) })), ("notes", .array(plan.notes.map(JSON.string))),
                                  ("writes", .int(plan.writes)), ("stopped", .null)]))
            return
        }
        console.line("Filing into GitHub \(console.safe(repository.path)) " + console.style.dim("(dry run: nothing is written)"))
        for step in plan.steps { console.line("  " + line(step, issue: step.issue, console: console)) }
        console.line(plan.steps.isEmpty ? "Nothing to file: every problem's issue is up to date." : totals(plan.steps) + ": \(counted(plan.writes, "write"))")
        notes(plan.notes, console: console)
    }

    static func outcome(_ outcome: Filer.Outcome, plan: FilingPlan, repository: GitHubRepository, console: Console, json: Bool) {
        if json {
            let stopped: JSON = outcome.stopped.map { .object([("reason", .string($0.message)), ("retryAfter", $0.retryAfter.map(JSON.int) ?? .null)]) } ?? .null
            console.json(.object([("tracker", .string(repository.tracker)), ("dryRun", .bool(false)),
                                  ("steps", .array(outcome.done.map { step(json: $0.step, issue: $0.issue) })), ("notes", .array(plan.notes.map(JSON.string))),
                                  ("writes", .int(outcome.writes)), ("stopped", stopped)]))
            return
        }
        let steps = outcome.done.map(\.step)
        if steps.isEmpty && outcome.stopped == nil {
            console.line("Nothing to file: every problem's issue on \(console.safe(repository.path)) is up to date.")
        } else {
            console.line("Filed into GitHub \(console.safe(repository.path)): " + totals(steps) + " (\(counted(outcome.writes, "write")))")
            for (step, issue) in outcome.done { console.line("  " + line(step, issue: issue, console: console)) }
        }
        notes(plan.notes, console: console)
    }

    static func csv(_ csv: CSVFiling, path: String, dryRun: Bool, console: Console, json: Bool) {
        if json {
            console.json(.object([("tracker", .string(csv.tracker.rawValue)), ("dryRun", .bool(dryRun)), ("file", .string(path)),
                                  ("rows", .int(csv.rowCount)), ("notes", .array(csv.notes.map(JSON.string)))]))
            return
        }
        let name = csv.tracker == .jira ? "Jira" : "Linear"
        if csv.rowCount == 0 {
            console.line("No problem to export for \(name) that was not exported before" + (dryRun ? " (dry run)." : "."))
        } else {
            console.line((dryRun ? "Would write " : "Wrote ") + counted(csv.rowCount, "problem") + " for \(name)'s importer to \(console.safe(path))"
                         + (dryRun ? " (dry run: nothing is written)." : "; import it, then commit the audit file so that teammates do not export them again."))
        }
        notes(csv.notes, console: console)
    }

    private static func notes(_ notes: [String], console: Console) {
        guard !notes.isEmpty else { return }
        console.line("Left for a person:")
        for note in notes { console.line("  " + console.safe(note)) }
    }

    private static func totals(_ steps: [FilingPlan.Step]) -> String {
        let count = { (action: FilingPlan.Action) in steps.filter { $0.action == action }.count }
        var parts = ["\(count(.create)) to create" , "\(count(.update)) to update", "\(count(.close)) to close", "\(count(.reopen)) to reopen"]
        if count(.closeDuplicate) > 0 { parts.append("\(count(.closeDuplicate)) duplicates to close") }
        if count(.adopt) + count(.triage) > 0 { parts.append("\(count(.adopt) + count(.triage)) only recorded") }
        return parts.joined(separator: ", ")
    }

    private static func line(_ step: FilingPlan.Step, issue: TrackedIssue?, console: Console) -> String {
        let number = issue.map { "#\($0.number) " } ?? ""
        let title = console.safe(step.title ?? step.issue?.title ?? step.problem)
        let url = issue.map { " " + console.style.dim(console.safe($0.url)) } ?? ""
        switch step.action {
        case .create: return "create    \(number)\(title)\(url)"
        case .update: return "update    \(number)\(title)\(url)"
        case .reopen: return "reopen    \(number)\(title)\(url)"
        case .close:
            let retest = step.retests.first.map { " (retest passed: \(console.safe($0.by)), \($0.at.day))" } ?? ""
            return "close     \(number)\(title)\(retest)\(url)"
        case .closeDuplicate: return "close     \(number)as a duplicate of #\(step.duplicateOf?.number ?? 0)\(url)"
        case .adopt: return "record    \(number)\(title): found by its marker, no record named it"
        case .triage: return "record    \(number)\(title): triaged by a person (not planned or wontfix), left alone"
        }
    }

    private static func step(json step: FilingPlan.Step, issue: TrackedIssue?) -> JSON {
        .object([("action", .string(step.action.rawValue)), ("problem", .string(step.problem)), ("issue", issue.map { .int($0.number) } ?? .null),
                 ("title", .optional(step.title ?? step.issue?.title)), ("url", .optional(issue?.url)),
                 ("duplicateOf", step.duplicateOf.map { .int($0.number) } ?? .null)])
    }
}
