import AuditStore
import Output

/// The code that most likely makes each open failure fail, beside it in "What to fix first": the
/// finding `dtaudit explain` and `screen show` put first for the same screen and check. A failure a
/// judge recorded is traced through the elements it names (`LikelyCode`), shared UI through the
/// files of every screen it fails on: the element's own line, its candidates, or why there is none.
extension MarkdownPage {
    /// Adds a "Likely code" column to the rows of `actions` when the audit has a recorded scan; an
    /// action whose screen's scan found nothing for its check gets an empty cell.
    func addLikelyCode(to rows: inout [[String]], headers: inout [String], alignments: inout [Markdown.Alignment],
                       for actions: ArraySlice<ReviewPlan.Action>) {
        guard hasScans else { return }
        let states = Dictionary(snapshot.screens.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        let tracer = LikelyCode(states: snapshot.screens, problems: ReviewPlan.judgedProblems(snapshot))
        headers.append("Likely code")
        alignments.append(.left)
        for (k, action) in zip(rows.indices, actions) {
            guard let state = states[action.screen] else {
                rows[k].append("")
                continue
            }
            if let elements = judgedElements(of: action, on: state, tracer: tracer) {
                rows[k].append(likelyCell(elements))
                continue
            }
            guard let cause = Explanation.likelyCause(of: action.item, on: state) else {
                rows[k].append("")
                continue
            }
            rows[k].append(code("\(cause.file):\(cause.line)") + " " + code(cause.rule))
        }
    }

    /// The elements of a problem a judge recorded, traced; nil for a person's failure, and for
    /// a snapshot read without its findings (a summary's), whose code says nothing here.
    func judgedElements(of action: ReviewPlan.Action, on state: ScreenState, tracer: LikelyCode) -> [LikelyCode.ElementTrace]? {
        guard let scan = state.scan, scan.findings.count == scan.active + scan.suppressed else { return nil }
        if let shared = action.shared {
            return tracer.traces(of: shared, item: action.item, screens: [action.screen] + action.alsoOn)
        }
        if let element = action.element {
            return tracer.traces(of: element, item: action.item, screens: [action.screen])
        }
        return nil
    }

    /// `App/Cart.swift:13` `fixed-font-size` for one element of one line; each element named before
    /// its line when there are several; candidates and reasons as they are.
    func likelyCell(_ elements: [LikelyCode.ElementTrace]) -> String {
        let parts = elements.prefix(3).map { element -> String in
            let prefix = elements.count > 1 ? Markdown.text(element.element.shown) + ": " : ""
            if let line = element.line { return prefix + code("\(line.file):\(line.line)") + " " + code(line.rule) }
            if !element.findings.isEmpty {
                return prefix + "one of " + element.findings.prefix(3).map { code("\($0.file):\($0.line)") }.joined(separator: ", ")
            }
            return prefix + "no line: " + Markdown.text(element.reason ?? "")
        }
        return parts.joined(separator: "; ") + (elements.count > 3 ? "; and \(elements.count - 3) more" : "")
    }
}
