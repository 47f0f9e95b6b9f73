import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Platform
import Reports
import TerminalStyle

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show where the audit stands: categories, plan completion, critical screens, the code scan, pass rate per size, fixes.",
        discussion: "With a screen, show that screen in detail (like 'dtaudit screen show')."
    )

    @OptionGroup var screen: OptionalScreenArgument

    @OptionGroup var view: ViewOptions

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (selection, store, only) = try view.open(console, screen: screen)
        if let target = only {
            let snapshot = try store.snapshot(only: target, detailed: true)
            guard let state = snapshot.screens.first else { return }
            if view.json {
                console.json(ScreenReport.json(state, checklist: snapshot.checklist))
            } else {
                ScreenReport.text(state, checklist: snapshot.checklist, console: console)
            }
            return
        }
        let (snapshot, findings, problems) = try Self.read(store, selection: selection)
        if view.json {
            console.json(Self.json(snapshot, findings: findings, problems: problems, selection: selection))
        } else {
            Self.text(snapshot, findings: findings, problems: problems, selection: selection, console: console) {
                view.filter.sayNoScreen(selection, among: (try? store.screens()) ?? [], console: console)
            }
            if let unshared = SharedAudit.unsharedRecords(of: store) {
                let file = console.safe(PathNames.shown(unshared.file.path, from: console.workingDirectory))
                console.paragraph(console.style.bold("Shared") + "    \(counted(unshared.count, "record")) in this store \(plural("is", unshared.count)) not in \(file) yet: "
                                  + "'dtaudit sync' writes \(plural("it", unshared.count)) there, then commit the file", hanging: 10)
            }
            console.noteWorkOnRemovedScreens(in: store, label: "Removed")
        }
    }

    /// Where the audit stands, its scanned screens' findings each counted once, and the open
    /// problems on its screens (shared UI grouped across the audit), in one read.
    static func read(_ store: AuditStore, selection: ScreenSelection = .everything) throws -> (AuditSnapshot, FindingTotals, [OpenProblems.Problem]) {
        try store.read {
            let whole = try store.snapshot()
            let snapshot = whole.selecting(selection)
            let problems = try OpenProblems(store: store, states: whole.screens).on(snapshot.screens.map(\.screen.name))
            return (snapshot, try store.distinctFindings(of: Set(snapshot.scannedScreens.map(\.screen.id))), problems)
        }
    }

    /// The problems counted as every view counts them (`OpenProblems`).
    static func problemsJSON(_ problems: [OpenProblems.Problem]) -> JSON {
        let waiting = problems.filter(\.waitsForFix)
        return .object([
            ("open", .int(problems.count)),
            ("waitingForFix", .int(waiting.count)),
            ("dueRetest", .int(problems.count - waiting.count)),
            ("decidedBy", .object([("machine", .int(problems.filter { $0.decider == .machine }.count)),
                                   ("person", .int(problems.filter { $0.decider == .person }.count))])),
        ])
    }

    static func json(_ snapshot: AuditSnapshot, findings: FindingTotals, problems: [OpenProblems.Problem], selection: ScreenSelection) -> JSON {
        let counts = snapshot.standingCounts
        let fixes = snapshot.fixCounts
        let bySize = snapshot.resultsBySize
        let open = OpenWork(snapshot.screens)
        return .object([
            ("app", .string(snapshot.app)),
            ("selection", .object([("owner", .optional(selection.owner)), ("flow", .optional(selection.flow))])),
            ("checklist", .object([("name", .string(snapshot.checklist.name)), ("version", .string(snapshot.checklist.version))])),
            ("screens", .int(snapshot.screens.count)),
            ("standing", .object(Standing.Group.allCases.map { (JSON.key($0.rawValue), .int(counts[$0])) } + [
                ("awaitingRetest", .int(counts.awaitingRetest.values.reduce(0, +))),
                ("inProgress", .int(counts.inProgress)),
                ("triageGuesses", .object(Category.allCases.compactMap { category in counts.guesses[category].map { (JSON.key(category.rawValue), .int($0)) } })),
            ])),
            ("plan", .object([
                ("required", .int(snapshot.required)),
                ("recorded", .int(snapshot.recorded)),
                ("passed", .int(snapshot.passed)),
                ("failed", .int(snapshot.failed)),
                ("na", .int(snapshot.notApplicable)),
            ])),
            ("sizes", .object(snapshot.checklist.plannedSizes.map { size in
                let entry = bySize[size] ?? (0, 0, 0, 0)
                return (size.id, .object([("required", .int(entry.required)), ("passed", .int(entry.passed)),
                                          ("failed", .int(entry.failed)), ("na", .int(entry.notApplicable))]))
            })),
            ("fixes", .object(FixType.allCases.map { (JSON.key($0.rawValue), .int(fixes[$0] ?? 0)) })),
            ("critical", .array(snapshot.criticalNotSupported.map { .string($0.screen.name) })),
            ("next", .object([("retest", .int(open.retests)), ("recheckDefault", .int(open.rechecks)), ("unrecorded", .int(open.unrecorded)),
                              ("awaitingFix", .int(open.awaitingFix))])),
            ("scan", CodeReport.statusJSON(snapshot, findings: findings)),
            ("problems", problemsJSON(problems)),
            // Those runs found that wait for a fix, a person's word or a waiver.
            ("problemsFromRuns", .int(problems.filter { $0.waitsForFix && $0.decider == .machine }.count)),
        ])
    }

    /// `3 open, one per cause: 2 wait for a fix, 1 due a retest; 2 found by runs: confirm, waive or
    /// fix`; nil for none.
    static func problemsLine(_ problems: [OpenProblems.Problem], style: Style) -> String? {
        guard !problems.isEmpty else { return nil }
        let waiting = problems.filter(\.waitsForFix).count
        let machine = problems.filter { $0.waitsForFix && $0.decider == .machine }.count
        var parts: [String] = []
        if waiting > 0 { parts.append(style.red("\(waiting) \(plural("waits", waiting)) for a fix")) }
        if problems.count > waiting { parts.append("\(problems.count - waiting) due a retest") }
        return "\(problems.count) open, one per cause: " + parts.joined(separator: ", ")
            + (machine > 0 ? "; \(machine) found by runs: confirm, waive or fix ('dtaudit next' lists \(plural("it", machine)))" : "")
    }

    /// `noScreen` says what there is when the selection finds no screen.
    static func text(_ snapshot: AuditSnapshot, findings: FindingTotals, problems: [OpenProblems.Problem], selection: ScreenSelection = .everything, console: Console,
                     noScreen: () -> Void = {}) {
        let style = console.style
        let total = snapshot.screens.count
        let scope = selection.isEverything ? "" : " " + console.safe(selection.description)
        console.paragraph(style.bold(console.safe(snapshot.app)) + style.dim("  ·  \(snapshot.checklist.title) checklist v\(snapshot.checklist.version)  ·  \(counted(total, "screen"))\(scope)"))
        if total == 0 {
            console.line()
            if selection.isEverything {
                console.line("No screens yet: add one with 'dtaudit screen add NAME'.")
            } else {
                noScreen()
            }
            return
        }
        console.line()

        let counts = snapshot.standingCounts
        console.line(style.bold("Screens"))
        for group in Standing.Group.allCases {
            let count = counts[group]
            let bar = TextLayout.bar(Double(count) / Double(total), width: 24)
            let coloured: String
            switch group {
            case .unsupported: coloured = style.red(bar)
            case .broken: coloured = style.yellow(bar)
            case .recheckPending: coloured = style.cyan(bar)
            case .supported: coloured = style.green(bar)
            case .unaudited: coloured = style.dim(bar)
            }
            let detail = counts.detail(of: group)
            // What a row hides wraps under itself, beside the bar.
            console.paragraph("  " + TextLayout.pad(console.groupLabel(group), to: 16) + TextLayout.pad(String(count), to: 5, alignRight: true)
                              + "  " + coloured + TextLayout.pad("\(TextLayout.percent(count, of: total))%", to: 6, alignRight: true)
                              + (detail.isEmpty ? "" : style.dim("  " + detail)), hanging: 2 + 16 + 5 + 2 + 24 + 6 + 2)
        }
        console.line()

        let required = snapshot.required
        let recorded = snapshot.recorded
        console.paragraph(style.bold("Plan") + "      \(recorded) of \(required) checks recorded (\(TextLayout.percent(recorded, of: required))%)"
                          + "  " + style.green("\(snapshot.passed) passed") + " · " + style.red("\(snapshot.failed) failed") + " · \(snapshot.notApplicable) n/a", hanging: 10)
        let critical = snapshot.screens.filter(\.screen.critical)
        let notSupported = snapshot.criticalNotSupported
        if critical.isEmpty {
            console.paragraph(style.bold("Critical") + "  no screen is marked critical ('dtaudit screen edit NAME --critical')", hanging: 10)
        } else if notSupported.isEmpty {
            console.line(style.bold("Critical") + "  " + style.green("all \(critical.count) critical screens supported"))
        } else {
            let names = notSupported.prefix(6).map { console.safe($0.screen.name) + " (" + console.standingLabel($0.standing) + ")" }
            console.paragraph(style.bold("Critical") + "  \(notSupported.count) of \(critical.count) not supported: " + names.joined(separator: ", ")
                              + (notSupported.count > 6 ? ", ..." : ""), hanging: 10)
        }
        if let code = CodeReport.statusLine(snapshot, findings: findings, console: console) {
            console.paragraph(style.bold("Code") + "      " + code, hanging: 10)
        }
        console.line()

        console.line(style.bold("Pass rate by size") + style.dim("  (passed of answered; n/a not counted)"))
        let bySize = snapshot.resultsBySize
        for size in snapshot.checklist.plannedSizes {
            let entry = bySize[size] ?? (0, 0, 0, 0)
            let answered = entry.passed + entry.failed
            let rate = answered == 0 ? "   -" : TextLayout.pad("\(TextLayout.percent(entry.passed, of: answered))%", to: 4, alignRight: true)
            let bar = answered == 0 ? style.dim(TextLayout.bar(0, width: 16)) : style.green(TextLayout.bar(Double(entry.passed) / Double(answered), width: 16))
            console.line("  " + TextLayout.pad(size.id, to: 5) + rate + "  " + bar + style.dim("  \(entry.passed)/\(answered)")
                         + (entry.failed > 0 ? "  " + style.red("\(entry.failed) failed") : ""))
        }
        console.line()

        let fixes = snapshot.fixCounts
        let fixTotal = fixes.values.reduce(0, +)
        console.paragraph(style.bold("Fixes") + "     " + (fixTotal == 0 ? "none yet" :
            FixType.allCases.map { "\($0.rawValue) \(fixes[$0] ?? 0)" }.joined(separator: " · ") + style.dim("  (\(fixTotal) in all)")), hanging: 10)

        let open = OpenWork(snapshot.screens)
        let pendingStates = snapshot.screens.filter { !$0.pending.isEmpty }
        if pendingStates.isEmpty {
            console.paragraph(style.bold("Next") + "      " + style.green("nothing to check"), hanging: 10)
        } else {
            console.paragraph(style.bold("Next") + "      " + NextCommand.summary(open, screens: pendingStates.count, style: style) + style.dim("  ('dtaudit next')"), hanging: 10)
        }
        if let line = problemsLine(problems, style: style) { console.paragraph(style.bold("Problems") + "  " + line, hanging: 10) }
    }
}
