import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Reports
import TerminalStyle

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "List what to check now: retests after fixes, default-size re-checks, and checks never recorded.",
        discussion: """
            One line per screen with what is open on it, critical screens first, then screens \
            with retests. With a screen, or with --all, every check is listed: retest (a failed \
            check that a later fix addresses), re-check default (a check at the default size, l, \
            recorded before the screen's latest fix, since a fix that changes the default look is \
            a regression), check (planned, never recorded). Sizes come largest first and the \
            default size last, the order an audit is done in; 'dtaudit audit' walks the same list.
            """,
        examples: [
            ("dtaudit next --mine", "What is open on the screens you own."),
            ("dtaudit next Checkout", "Every check open on one screen."),
        ]
    )

    @OptionGroup var screen = OptionalScreenArgument(help: "Only this screen, with every check open on it.")

    @Flag(help: "List every open check of every screen, not one line per screen.")
    var all = false

    @Option(help: "Show at most this many screens (1 to 10000000).", valueName: "n", range: 1...10_000_000)
    var limit: Int?

    @OptionGroup var view: ViewOptions

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (selection, store, only) = try view.open(console, screen: screen)
        let checks = try store.openChecks(only: only, selection: selection, limit: limit)
        let (states, shown) = (checks.screens, checks.shown)
        // Shared UI is told across the audit, whichever screens were asked for.
        let everyScreen = only == nil && selection.isEverything ? checks.looked : try store.snapshot().screens
        let open = try OpenProblems(store: store, states: everyScreen)
        let waiting = open.waitingForFix(on: checks.looked.map(\.screen.name))
        let kept = try KeptResult.standing(in: store, screens: checks.looked.map(\.screen))

        if view.json {
            let code = OpenProblemReport.code(in: store, problems: open)
            console.json(.object([
                ("screens", .array(shown.map { state in
                    .object([
                        ("screen", .string(state.screen.name)),
                        ("critical", .bool(state.screen.critical)),
                        ("owner", .optional(state.screen.owner)),
                        ] + state.standing.jsonFields + [
                        ("checks", .array(state.pending.map(PendingReport.json))),
                    ])
                })),
                ("problems", .array(waiting.map { OpenProblemReport.json($0, code: code) })),
                ("keptTheirs", .array(kept.map(KeptResultReport.json))),
            ]))
            return
        }
        if states.isEmpty {
            if checks.looked.isEmpty {
                if selection.isEverything {
                    console.line("No screens yet: add one with 'dtaudit screen add NAME'.")
                } else {
                    view.filter.sayNoScreen(selection, among: try store.screens(), console: console)
                }
            } else {
                console.line(console.style.green("Nothing to check") + (selection.isEverything ? "." : " on the screens \(console.safe(selection.description)).")
                             + (waiting.isEmpty ? "" : " \(counted(waiting.count, "problem")) \(plural("waits", waiting.count)) for a fix."))
            }
            OpenProblemReport.nextSection(waiting, console: console)
            KeptResultReport.section(kept, console: console)
            return
        }
        if all || only != nil {
            for state in shown {
                var heading = console.style.bold(console.safe(state.screen.name)) + "  " + console.standingLabel(state.standing)
                if state.screen.critical { heading += console.style.magenta(" · critical") }
                console.line(heading)
                for line in PendingReport.lines(state, console: console) { console.line("  " + line) }
            }
        } else {
            // What is open wraps at words before a name or a standing is cut.
            var table = TextTable(alignments: [.left, .left, .left, .left], yielding: [3, 2, 0], wrapping: (column: 3, least: 16))
            for state in shown {
                table.add([console.safe(state.screen.name), state.screen.critical ? console.style.magenta("critical") : "",
                           console.standingLabel(state.standing), Self.parts(state, waiting: waiting).joined(separator: " · ")])
            }
            console.table(table, header: false)
        }
        console.line()
        var footer = Self.summary(checks.open, screens: states.count, style: console.style)
        if shown.count < states.count { footer += console.style.dim(" (showing \(shown.count))") }
        if !all && only == nil { footer += console.style.dim(" · 'dtaudit next SCREEN' or --all lists the checks, 'dtaudit audit' walks them") }
        console.paragraph(footer)
        OpenProblemReport.nextSection(waiting, console: console)
        KeptResultReport.section(kept, console: console)
    }

    /// `1 to retest · 6 to check · 2 problems wait for a fix`: what waits for a fix counted as
    /// problems, as the section below the table counts them.
    static func parts(_ state: ScreenState, waiting: [OpenProblems.Problem]) -> [String] {
        let problems = waiting.filter { $0.screens.contains(state.screen.name) }.count
        return OpenWork(state).checkParts + (problems > 0 ? ["\(counted(problems, "problem")) \(plural("waits", problems)) for a fix"] : [])
    }

    /// `5 to retest, 4 default re-checks, 129 to check on 9 screens`.
    static func summary(_ open: OpenWork, screens: Int, style: Style) -> String {
        var parts: [String] = []
        if open.retests > 0 { parts.append(style.yellow("\(open.retests) to retest")) }
        if open.rechecks > 0 { parts.append(style.cyan(counted(open.rechecks, "default re-check"))) }
        if open.unrecorded > 0 { parts.append("\(open.unrecorded) to check") }
        return parts.joined(separator: ", ") + " on \(counted(screens, "screen"))"
    }
}
