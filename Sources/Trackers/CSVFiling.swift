import AuditLog
import DynamicType
import Reports

/// Problems as a CSV file a team imports by hand, with no API token: Jira's CSV importer, or
/// Linear's importer of its own CSV format. Each row carries the problem's marker as a label
/// (`dtaudit-p-…`), so a team can search for it, and a filing record per row, so the next export
/// lists only problems not exported before; what changed since, passed or failed again is said
/// in lines for a person to act on in the tracker.
public struct CSVFiling: Sendable {
    public enum Tracker: String, Sendable, CaseIterable {
        case jira, linear
    }

    public var tracker: Tracker
    /// The file's text: the header and one row per problem not exported before.
    public var text: String
    /// The problems written as rows, with the records that say so.
    public var rows: [Filing] = []
    /// What a person should do in the tracker by hand, one line each.
    public var notes: [String] = []

    public static func label(_ problem: String) -> String { "dtaudit-" + problem }

    public init(_ tracker: Tracker, audit: AuditProblems, filings: [Filing], links: EvidenceLinks?, label: String,
                author: String, makeID: () -> String, now: Timestamp) {
        self.tracker = tracker
        var latest: [String: Filing] = [:]
        for filing in filings where filing.tracker == tracker.rawValue
            && latest[filing.problem].map({ Stamp(at: $0.at, id: $0.id) < Stamp(at: filing.at, id: filing.id) }) ?? true {
            latest[filing.problem] = filing
        }
        var text = ByteText(capacity: 4096)
        switch tracker {
        case .jira: CSVRow.append(["Summary", "Issue Type", "Priority", "Description", "Labels", "Labels"], to: &text)
        case .linear: CSVRow.append(["Title", "Description", "Priority", "Status", "Labels"], to: &text)
        }
        var current = Set<String>()
        for problem in audit.problems {
            current.insert(problem.identity)
            let title = problem.title
            let body = IssueText.body(problem, links: links)
            let digest = IssueText.digest(title: title, body: body)
            if let before = latest[problem.identity] {
                if before.state == .closed {
                    notes.append("\(Self.label(problem.identity)): fails again (\(title)): reopen it")
                } else if before.digest != digest {
                    notes.append("\(Self.label(problem.identity)): changed since it was exported (\(title)): update it by hand")
                } else {
                    continue
                }
                rows.append(Filing(id: makeID(), problem: problem.identity, tracker: tracker.rawValue, issue: nil, url: nil, state: .exported,
                                   item: problem.item, cells: problem.cells, digest: digest, by: author, at: now))
                continue
            }
            // The marker line is for GitHub; here the label carries the identity.
            let description = body.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined()
            switch tracker {
            case .jira:
                CSVRow.append([title, "Bug", Self.jiraPriority(problem), description, label, Self.label(problem.identity)], to: &text)
            case .linear:
                CSVRow.append([title, description, Self.linearPriority(problem), "Todo", label + "," + Self.label(problem.identity)], to: &text)
            }
            rows.append(Filing(id: makeID(), problem: problem.identity, tracker: tracker.rawValue, issue: nil, url: nil, state: .exported,
                               item: problem.item, cells: problem.cells, digest: digest, by: author, at: now))
        }
        for (identity, before) in latest.sorted(by: { $0.key < $1.key }) where !current.contains(identity) && before.state == .exported {
            let passed = before.cells.allSatisfy { cell in
                audit.result(screen: cell.screen, item: before.item, size: cell.size).map { $0.status == .pass || $0.status == .na } ?? false
            }
            guard passed else { continue }
            notes.append("\(Self.label(identity)): the retest passes at every size it failed at (\(before.item)): close it")
            rows.append(Filing(id: makeID(), problem: identity, tracker: tracker.rawValue, issue: nil, url: nil, state: .closed,
                               item: before.item, cells: before.cells, digest: before.digest, by: author, at: now))
        }
        self.text = String(decoding: text.bytes, as: UTF8.self)
    }

    /// The number of problems written as rows (notes aside).
    public var rowCount: Int { text.split(separator: "\r\n", omittingEmptySubsequences: true).count - 1 }

    static func jiraPriority(_ problem: TrackerProblem) -> String {
        switch problem.severity {
        case .critical: "Highest"
        case .major: problem.critical ? "High" : "Medium"
        case .minor: "Low"
        }
    }

    static func linearPriority(_ problem: TrackerProblem) -> String {
        switch problem.severity {
        case .critical: "Urgent"
        case .major: problem.critical ? "High" : "Medium"
        case .minor: "Low"
        }
    }
}
