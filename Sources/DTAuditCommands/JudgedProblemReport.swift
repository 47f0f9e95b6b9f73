import DynamicType
import Output
import Reports

/// Judged problems as `next` and `screen show` tell them: one line each, shared UI with every
/// screen it fails on, marked as the runs' that recorded it.
enum JudgedProblemReport {
    /// Screens a line names before it counts the rest.
    static let screensShown = 6

    /// `✗ reachable  Button "Cart" lies below the window on 3 screens: Home, Search, Cart · ax5  (run R)`,
    /// wrapped at words within the terminal after `indent` columns, the lines after the first
    /// indented under the item.
    static func lines(_ problem: JudgedProblems.Problem, console: Console, indent: Int) -> [String] {
        var text = problem.item + "  " + console.safe(problem.finding.sentence)
        if problem.isShared {
            let rest = problem.screens.count - screensShown
            text += " on \(problem.screens.count) screens: "
                + problem.screens.prefix(screensShown).map(console.safe).joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
        }
        text += " · " + problem.sizes.map(\.id).joined(separator: ", ")
        if !problem.within.isEmpty {
            // Its own doing: what other judges found inside it.
            text += "; inside it, " + problem.within.map { "\($0.item) \(console.safe($0.finding.sentence))" }.joined(separator: "; ")
        }
        text += "  (" + problem.runs.prefix(2).map { "run " + console.safe($0) }.joined(separator: ", ")
            + (problem.runs.count > 2 ? " and \(problem.runs.count - 2) more" : "") + ")"
        let room = max(24, (console.width ?? 100_000) - indent - 2)
        return TextLayout.wrap(text, width: room).enumerated().map { index, line in
            index == 0 ? console.style.red("✗") + " " + line : "  " + line
        }
    }

    static func json(_ problem: JudgedProblems.Problem) -> JSON {
        .object([
            ("item", .string(problem.item)),
            ("elements", .array(problem.finding.elements.map { .string($0.shown) })),
            ("detail", .string(problem.finding.detail)),
            ("screens", .array(problem.screens.map(JSON.string))),
            ("sizes", .array(problem.sizes.map { .string($0.id) })),
            ("runs", .array(problem.runs.map(JSON.string))),
            ("figure", problem.finding.figure.map(JSON.double) ?? .null),
            ("within", .array(problem.within.map { .object([("item", .string($0.item)), ("elements", .array($0.finding.elements.map { .string($0.shown) })),
                                                            ("detail", .string($0.finding.detail))]) })),
        ])
    }

    /// The shared problems on one screen, under a heading; nothing when there are none.
    static func sharedSection(_ problems: [JudgedProblems.Problem], console: Console) {
        guard !problems.isEmpty else { return }
        console.line()
        console.line(console.style.bold("Shared UI") + console.style.dim("  (failing on several screens: fix once)"))
        for problem in problems {
            for line in lines(problem, console: console, indent: 2) { console.line("  " + line) }
        }
    }
}
