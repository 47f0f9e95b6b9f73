import AuditStore
import Output

/// The code that most likely makes each open failure fail, beside it in "What to fix first": the
/// finding `dtaudit explain` and `screen show` put first for the same screen and check.
extension MarkdownPage {
    /// Adds a "Likely code" column to the rows of `actions` when the audit has a recorded scan; an
    /// action whose screen's scan found nothing for its check gets an empty cell.
    func addLikelyCode(to rows: inout [[String]], headers: inout [String], alignments: inout [Markdown.Alignment],
                       for actions: ArraySlice<ReviewPlan.Action>) {
        guard hasScans else { return }
        let states = Dictionary(snapshot.screens.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        headers.append("Likely code")
        alignments.append(.left)
        for (k, action) in zip(rows.indices, actions) {
            guard let state = states[action.screen], let cause = Explanation.likelyCause(of: action.item, on: state) else {
                rows[k].append("")
                continue
            }
            rows[k].append(code("\(cause.file):\(cause.line)") + " " + code(cause.rule))
        }
    }
}
