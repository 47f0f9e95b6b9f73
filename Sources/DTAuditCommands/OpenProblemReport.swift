import AuditStore
import DynamicType
import Output
import Reports

/// Open problems (`OpenProblems`) as `next`, `status` and `gate` tell them: one line each, the
/// same count everywhere, and in JSON with the element, the worst size's figure and who decides.
enum OpenProblemReport {
    /// Problems `next` shows before it counts the rest.
    static let nextShown = 12

    /// `✗ text-scales  Checkout · ax5  (a person's failure)` for a problem no judge named an element
    /// of; a run's problem with its element as `JudgedProblemReport` tells it.
    static func lines(_ problem: OpenProblems.Problem, console: Console, indent: Int) -> [String] {
        if let judged = problem.judged { return JudgedProblemReport.lines(judged, console: console, indent: indent) }
        var text = problem.item + "  " + problem.screens.map(console.safe).joined(separator: ", ")
        if let note = problem.note.map({ TextLayout.singleLine(String($0.prefix { $0 != "\n" })) }), !note.isEmpty {
            text += ": " + console.safe(note)
        }
        text += " · " + problem.sizes.map(\.id).joined(separator: ", ")
        text += problem.decider == .person ? "  (a person's failure)" : "  (a run's failure)"
        let room = max(24, (console.width ?? 100_000) - indent - 2)
        return TextLayout.wrap(text, width: room).enumerated().map { index, line in
            index == 0 ? console.style.red("✗") + " " + line : "  " + line
        }
    }

    /// `next`'s section: the problems that wait for a fix, shared UI once, those runs found with
    /// the commands that answer them.
    static func nextSection(_ problems: [OpenProblems.Problem], console: Console) {
        guard !problems.isEmpty else { return }
        let machine = problems.filter { $0.decider == .machine }.count
        console.line()
        console.line(console.style.bold("Waiting for a fix") + console.style.dim("  (\(counted(problems.count, "problem"))"
            + (machine > 0 ? ", \(machine) found by runs: confirm, waive or fix" : "") + ")"))
        for problem in problems.prefix(nextShown) {
            for line in lines(problem, console: console, indent: 2) { console.line("  " + line) }
        }
        if problems.count > nextShown {
            console.line(console.style.dim("  and \(problems.count - nextShown) more: 'dtaudit next --json' lists them, 'dtaudit screen show SCREEN' names their elements"))
        }
        guard machine > 0 else { return }
        let how = "'dtaudit confirm SCREEN --item ITEM' makes a run's failure yours; "
            + "'dtaudit waive SCREEN --item ITEM --element NAME --reason TEXT' leaves out an element that is right by design."
        for line in TextLayout.wrap(how, width: max(24, (console.width ?? 100_000) - 2)) { console.line(console.style.dim("  " + line)) }
    }

    /// One problem: its item, screens and sizes, the element and the worst size's figure when a run
    /// named them, the code most likely behind it when `code` finds it, and who decides.
    static func json(_ problem: OpenProblems.Problem, code: ((OpenProblems.Problem) -> [JSON])? = nil) -> JSON {
        let finding = problem.judged?.finding
        return .object([
            ("item", .string(problem.item)),
            ("screens", .array(problem.screens.map(JSON.string))),
            ("sizes", .array(problem.sizes.map { .string($0.id) })),
            ("worstSize", .string(problem.sizes.first?.id ?? "")),
            ("figure", finding?.figure.map(JSON.double) ?? .null),
            ("element", finding.map { .string($0.elements.map(\.shown).joined(separator: " and ")) } ?? .null),
            ("detail", .optional(finding?.detail)),
            ("within", .array((problem.judged?.within ?? []).map { .object([("item", .string($0.item)), ("elements", .array($0.finding.elements.map { .string($0.shown) })),
                                                                              ("detail", .string($0.finding.detail))]) })),
            ("runs", .array((problem.judged?.runs ?? []).map(JSON.string))),
            ("decidedBy", .string(problem.decider.rawValue)),
            ("fix", problem.fix.map { .object([("type", .string($0.type.rawValue)), ("ref", .optional($0.ref)), ("at", .string($0.at.iso8601))]) } ?? .null),
            ("likelyCode", code.map { .array($0(problem)) } ?? .null),
        ])
    }

    /// The likely code of each problem, read from each screen's detailed state as `screen show` reads
    /// it: the element's own line for a problem a run found, else the scan's likeliest finding of
    /// its item on its first screen.
    static func code(in store: AuditStore, problems: OpenProblems) -> (OpenProblems.Problem) -> [JSON] {
        var states: [String: ScreenState?] = [:]
        let state: (String) -> ScreenState? = { name in
            if let known = states[name] { return known }
            let found = try? store.read { try store.snapshot(only: store.resolveScreen(name), detailed: true).screens.first }
            states[name] = .some(found)
            return found
        }
        let tracer = LikelyCode(state: state, problems: problems.judged)
        return { problem in
            if let finding = problem.judged?.finding {
                return tracer.traces(of: finding, item: problem.item, screens: problem.screens).map(ExplainCommand.elementJSON)
            }
            guard let first = state(problem.screens[0]), let cause = Explanation.likelyCause(of: problem.item, on: first) else { return [] }
            return [CodeReport.findingJSON(cause)]
        }
    }
}
