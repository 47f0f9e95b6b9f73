import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Reports

struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Exit 0 when the audit meets the team's bar, 1 with what is missing otherwise: for CI.",
        discussion: """
            The default bar: every critical screen is supported (every planned check passed or n/a) with \
            no re-check pending: after a fix, its failed checks and the default size must be recorded \
            again (--accept-rechecks takes "supported, re-check pending" too). --all-screens applies the bar to every screen. --min-size SIZE lowers it to the planned \
            checks at SIZE or larger, all recorded and passed (or n/a), for a team that gates on the \
            accessibility sizes first. --no-regressions --since EXPORT.json also fails when a check \
            that passed in that export fails now, on any screen; --since DATE compares with the audit \
            as it stood at the start of that day.

            A bar that checks nothing fails: with no screen marked critical, mark them or pass \
            --all-screens.

            The bar is decided on the screens' checks. What falls short is also counted as open \
            problems, one per cause as 'next', 'status' and the review page count them (problems \
            in --json, each with who decides it): with --all-screens the count 'status' gives.
            """,
        examples: [
            ("dtaudit gate", "In CI: fail the build while a critical screen is not supported."),
            ("dtaudit gate --all-screens --min-size ax3", "Every screen passes every planned check at AX3 and above."),
            ("git show origin/main:Exports/trailhead.json > /tmp/main.json && dtaudit gate --no-regressions --since /tmp/main.json", "Nothing that passed on main fails on this branch."),
        ]
    )

    @Flag(help: "Apply the bar to every screen, not only the critical ones.")
    var allScreens = false

    @Option(help: "Instead of 'supported': every planned check at this size or larger recorded and passed (or n/a).", valueName: "size")
    var minSize: SingleSize?

    @Flag(help: "Take 'supported, re-check pending' for supported: every check passed, only the re-checks a fix opened are open.")
    var acceptRechecks = false

    @Flag(help: "Also fail when a check that passed in the --since export fails now.")
    var noRegressions = false

    @Option(help: "The earlier export (or date, YYYY-MM-DD) that --no-regressions compares with.", valueName: "export.json|date")
    var since: PathArgument?

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if noRegressions && since == nil {
            throw ValidationError("--no-regressions needs --since EXPORT.json or --since DATE, what to compare with")
        }
        if since != nil && !noRegressions {
            throw ValidationError("--since is used with --no-regressions")
        }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        // An earlier export is read before the store's audit, so that the two never take memory at once.
        let earlier = try since.flatMap { try BaselineSource.file($0.path, workingDirectory: console.workingDirectory) }
        let (document, snapshot) = try store.read {
            (try AuditDocument(store: store), try store.snapshot(detailed: true))
        }
        let baseline = try since.map { try earlier ?? BaselineSource.load($0.path, document: document, workingDirectory: console.workingDirectory) }
        let result = GateResult(bar: GateBar(allScreens: allScreens, minimumSize: minSize?.size, baseline: baseline, acceptingRechecks: acceptRechecks),
                                snapshot: snapshot, document: document)
        if output.json {
            console.json(Self.json(result))
        } else {
            Self.text(result, console: console)
        }
        if !result.passed { throw ExitCode.failure }
    }

    static func cells(_ keys: [CellKey]) -> [JSON] {
        keys.map { .object([("item", .string($0.item)), ("size", .string($0.size.id))]) }
    }

    static func json(_ result: GateResult) -> JSON {
        .object([
            ("passed", .bool(result.passed)),
            ("bar", .object([
                ("summary", .string(result.bar.summary)),
                ("allScreens", .bool(result.bar.allScreens)),
                ("minSize", .optional(result.bar.minimumSize?.id)),
                ("since", .optional(result.bar.baseline?.label)),
            ])),
            ("problem", .optional(result.problem)),
            ("checkedScreens", .int(result.checkedScreens)),
            ("problems", StatusCommand.problemsJSON(result.problems)),
            ("missing", .array(result.shortfalls.map { shortfall in
                .object([
                    ("screen", .string(shortfall.screen)),
                    ] + shortfall.standing.jsonFields + [
                    ("failed", .array(cells(shortfall.failed))),
                    ("unrecorded", .array(cells(shortfall.unrecorded))),
                    ("recheck", .array(cells(shortfall.rechecks))),
                    ("problems", .array(shortfall.problems.map { OpenProblemReport.json($0) })),
                ])
            })),
            ("regressions", .array(result.regressions.map { change in
                .object([
                    ("screen", .string(change.screen)),
                    ("item", .string(change.item)),
                    ("size", .string(change.size.id)),
                    ("note", .optional(change.now.note)),
                    ("by", .string(change.now.by)),
                    ("run", .optional(change.now.run)),
                    ("at", .string(change.now.at.iso8601)),
                ])
            })),
        ])
    }

    static func text(_ result: GateResult, console: Console) {
        let style = console.style
        let scope = result.bar.allScreens ? "screen" : "critical screen"
        if let problem = result.problem {
            console.line(style.red("✗ Gate failed:") + " " + problem)
            return
        }
        if result.passed {
            console.line(style.green("✓ Gate passed:") + " \(result.bar.summary) (\(counted(result.checkedScreens, scope))).")
            return
        }
        var headline: [String] = []
        if !result.shortfalls.isEmpty {
            headline.append("\(result.shortfalls.count) of \(counted(result.checkedScreens, scope)) \(plural("falls", result.shortfalls.count)) short")
        }
        if !result.problems.isEmpty {
            headline.append(counted(result.problems.count, "open problem"))
        }
        if !result.regressions.isEmpty {
            headline.append(counted(result.regressions.count, "regression"))
        }
        console.line(style.red("✗ Gate failed:") + " " + headline.joined(separator: ", ") + style.dim(" (bar: \(result.bar.summary))"))
        let shownLimit = 20
        let shown = result.shortfalls.prefix(shownLimit)
        let width = min(32, shown.map { TextLayout.width(console.safe($0.screen)) }.max() ?? 0)
        let standingWidth = shown.map { TextLayout.width($0.standing.label) }.max() ?? 0
        // What falls short wraps at words under its own column; on a terminal too narrow for a
        // column of 30, it goes under the screen's name instead.
        let terminal = console.width ?? 100_000
        let beside = terminal - (2 + width + 2 + standingWidth + 2) >= 30
        let detailStart = beside ? 2 + width + 2 + standingWidth + 2 : 4
        let detailWidth = max(30, terminal - detailStart)
        for shortfall in shown {
            var parts: [String] = []
            if !shortfall.problems.isEmpty { parts.append(counted(shortfall.problems.count, "problem")) }
            if !shortfall.failed.isEmpty {
                parts.append("failed " + console.cellList(shortfall.failed.map { ($0.item, $0.size) }))
            }
            if !shortfall.unrecorded.isEmpty {
                parts.append(counted(shortfall.unrecorded.count, "check") + " not recorded")
            }
            if !shortfall.rechecks.isEmpty {
                parts.append("re-check after a fix " + console.cellList(shortfall.rechecks.map { ($0.item, $0.size) }))
            }
            var detail = TextLayout.wrap(parts.joined(separator: "; "), width: detailWidth)
            let row = "  " + TextLayout.pad(TextLayout.truncate(console.safe(shortfall.screen), to: 32), to: width) + "  "
                + console.standingLabel(shortfall.standing)
            if beside {
                console.line(row + String(repeating: " ", count: standingWidth - TextLayout.width(shortfall.standing.label) + 2) + (detail.first ?? ""))
                detail.removeFirst(min(1, detail.count))
            } else {
                console.line(row)
            }
            for more in detail { console.line(String(repeating: " ", count: detailStart) + more) }
        }
        if result.shortfalls.count > shownLimit {
            console.line(style.dim("  ... and \(result.shortfalls.count - shownLimit) more ('dtaudit gate --json' lists them all)"))
        }
        if !result.regressions.isEmpty {
            console.line("Regressions since \(console.safe(result.bar.baseline?.label ?? "the baseline")) (passed then, fail now):")
            for change in result.regressions.prefix(shownLimit) {
                var line = "  \(console.safe(change.screen))  \(change.size.id) \(change.item)"
                if let note = change.now.note { line += "  " + console.safe(note) }
                line += style.dim("  (\(console.safe(change.now.by)), \(change.now.at.inLocalTime.day))")
                console.line(line)
            }
            if result.regressions.count > shownLimit {
                console.line(style.dim("  ... and \(result.regressions.count - shownLimit) more"))
            }
        }
    }
}
