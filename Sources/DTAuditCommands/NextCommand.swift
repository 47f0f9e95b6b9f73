import ArgumentParsing
import AuditStore
import DynamicType
import Output

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "List what to check now: retests after fixes, default-size re-checks, and checks never recorded.",
        discussion: """
            retest: a failed cell that a later fix addresses. re-check default: a cell at the default \
            size (l) recorded before the screen's latest fix, since a fix that changes the default look \
            is a regression. check: a planned cell never recorded. Sizes are listed largest first, with \
            the default size last, the order an audit is done in.
            """
    )

    @Argument(help: "Only this screen.", valueName: "screen", completion: .screens)
    var screen: String?

    @Option(help: "Show at most this many screens.", valueName: "n")
    var limit: Int?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let only = try screen.map { try store.resolveScreen($0) }
        let snapshot = try store.snapshot(only: only)
        let states = Self.ordered(snapshot.screens.filter { !$0.pending.isEmpty })
        let shown = limit.map { Array(states.prefix($0)) } ?? states

        if json {
            console.json(.array(shown.map { state in
                .object([
                    ("screen", .string(state.screen.name)),
                    ("critical", .bool(state.screen.critical)),
                    ("category", .string(state.category.rawValue)),
                    ("checks", .array(state.pending.map(PendingReport.json))),
                ])
            }))
            return
        }
        if states.isEmpty {
            if snapshot.screens.isEmpty {
                console.line("No screens yet: add one with 'dtaudit screen add NAME'.")
            } else {
                let waiting = snapshot.screens.reduce(0) { $0 + $1.awaitingFix.count }
                console.line(console.style.green("Nothing to check.") + (waiting > 0 ? " \(waiting) failed cells wait for a fix ('dtaudit status')." : ""))
            }
            return
        }
        for state in shown {
            var heading = console.style.bold(console.safe(state.screen.name)) + "  " + console.categoryLabel(state.category)
            if state.screen.critical { heading += console.style.magenta(" · critical") }
            console.line(heading)
            for line in PendingReport.lines(state, console: console) { console.line("  " + line) }
        }
        console.line()
        console.line(Self.summary(states, style: console.style) + (shown.count < states.count ? console.style.dim(" (showing \(shown.count) screens)") : ""))
    }

    /// Critical screens first, then screens with retests, then by name.
    static func ordered(_ states: [ScreenState]) -> [ScreenState] {
        states.sorted { a, b in
            let aRetest = a.pending.first?.reason.isRetest ?? false
            let bRetest = b.pending.first?.reason.isRetest ?? false
            if a.screen.critical != b.screen.critical { return a.screen.critical }
            if aRetest != bRetest { return aRetest }
            return a.screen.name.lowercased() < b.screen.name.lowercased()
        }
    }

    static func summary(_ states: [ScreenState], style: Style) -> String {
        var retests = 0, rechecks = 0, checks = 0
        for state in states {
            for check in state.pending {
                switch check.reason {
                case .retest: retests += 1
                case .recheckDefault: rechecks += 1
                case .unrecorded: checks += 1
                }
            }
        }
        var parts: [String] = []
        if retests > 0 { parts.append(style.yellow("\(retests) to retest")) }
        if rechecks > 0 { parts.append(style.cyan("\(rechecks) default re-check\(rechecks == 1 ? "" : "s")")) }
        if checks > 0 { parts.append("\(checks) to check") }
        return parts.joined(separator: ", ") + " on \(states.count) screen\(states.count == 1 ? "" : "s")"
    }
}

extension PendingCheck.Reason {
    var isRetest: Bool {
        if case .retest = self { return true }
        return false
    }
}
