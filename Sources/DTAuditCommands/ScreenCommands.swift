import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Reports
import Scan
import TerminalStyle

struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Add, list, show, edit and remove the screens under audit.",
        subcommands: [ScreenAddCommand.self, ScreenListCommand.self, ScreenShowCommand.self, ScreenEditCommand.self, ScreenRemoveCommand.self,
                      ScreenRestoreCommand.self]
    )
}

struct ScreenAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a screen or flow step to the audit.",
        discussion: "Names are matched later exactly, then in any case, then by unique prefix, so short distinct names are quickest to type.",
        examples: [
            ("dtaudit screen add \"Checkout\" --flow checkout --critical --file \"App/Checkout/*.swift\"", ""),
            ("dtaudit screen add \"Settings\" --owner ana", ""),
        ]
    )

    @Argument(help: "The screen's name.", valueName: "name")
    var name: String

    @Option(help: "The flow the screen belongs to (checkout, account recovery).", valueName: "flow")
    var flow: String?

    @Flag(help: "The screen is part of a flow that must not ship broken.")
    var critical = false

    @Option(help: "Who looks after the screen.", valueName: "name")
    var owner: String?

    @Option(help: "Free text about the screen.", valueName: "text")
    var notes: String?

    @Option(help: "A glob of the source files that build the screen, relative to the repository.", valueName: "glob")
    var file: [String] = []

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let files = try console.filePatterns(file, root: store.location.root)
        let screen = try store.addScreen(name: name, flow: flow, critical: critical, owner: owner, notes: notes, files: files, by: try console.author(author.by))
        console.warnUnmatched(files, root: store.location.root, screen: screen.name)
        let checks = try store.checklist().plannedCells.count
        var details: [String] = []
        if let flow = screen.flow { details.append("flow \(console.safe(flow))") }
        if screen.critical { details.append("critical") }
        if !screen.files.isEmpty { details.append(counted(screen.files.count, "file pattern")) }
        console.line("Added \(console.style.bold(console.safe(screen.name)))\(details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"): \(checks) checks to record")
    }
}

struct ScreenListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the screens with their category, progress and code findings.",
        aliases: ["ls"]
    )

    @OptionGroup var filter: ScreenFilterOptions

    @Option(help: "Only screens counted in this row of 'dtaudit status'.", valueName: "category")
    var category: Standing.Group?

    @Flag(help: "Only critical screens.")
    var critical = false

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let selection = try filter.resolve(try filter.selection(console), in: store, console: console)
        let listing = try store.screenListing(selection: selection, group: category, criticalOnly: critical)
        let states = listing.screens
        if output.json {
            console.json(.array(states.map { state in
                .object([
                    ("name", .string(state.screen.name)),
                    ("flow", .optional(state.screen.flow)),
                    ("critical", .bool(state.screen.critical)),
                    ] + state.standing.jsonFields + [
                    ("owner", .optional(state.screen.owner)),
                    ("required", .int(state.tally.required)),
                    ("recorded", .int(state.tally.recorded)),
                    ("failed", .int(state.tally.failed)),
                    ("fixes", .int(state.fixes.count)),
                    ("pending", .int(state.pending.count)),
                    ("files", .array(state.screen.files.map(JSON.string))),
                    ("findings", state.scan.map { .int($0.active) } ?? .null),
                    ("fixedFontSizes", state.scan.map { .int($0.fixedFontSizes) } ?? .null),
                ])
            }))
            return
        }
        if states.isEmpty {
            let screens = try store.screens()
            if listing.total == 0 {
                console.line("No screens yet: add one with 'dtaudit screen add NAME'.")
            } else if !selection.isEverything && !screens.contains(where: selection.includes) {
                filter.sayNoScreen(selection, among: screens, console: console)
            } else {
                console.line("No screen matches.")
            }
            return
        }
        var table = TextTable(header: ["SCREEN", "FLOW", "CRITICAL", "STANDING", "RECORDED", "FAILED", "FIXES", "CODE", "OWNER"],
                              alignments: [.left, .left, .left, .left, .right, .right, .right, .right, .left],
                              yielding: [8, 1, 0])
        for state in states {
            table.add([
                console.safe(state.screen.name), state.screen.flow.map(console.safe) ?? "-", state.screen.critical ? "yes" : "",
                console.standingLabel(state.standing), "\(state.tally.recorded)/\(state.tally.required)",
                // Every failure, at planned sizes or not: each makes the screen broken or unsupported.
                state.tally.failures == 0 ? "0" : console.style.red(String(state.tally.failures)), String(state.fixes.count),
                codeColumn(state, style: console.style), state.screen.owner.map(console.safe) ?? "",
            ])
        }
        // STANDING is what the list is read for: it never gives way. OWNER, FLOW, FIXES and then
        // CRITICAL go whole, as far as needed, before a screen's name is cut below 24 characters.
        let left = table.leaveOut([8, 1, 6, 2], toFit: console.width, keeping: (column: 0, room: Self.nameRoom))
        console.table(table)
        var footer = ["\(states.count) of \(listing.total) screens"]
        if !left.isEmpty {
            let named = left.count == 1 ? left[0] : left.dropLast().joined(separator: ", ") + " and " + left[left.count - 1]
            footer.append(named + " left out at this width (--json has them" + (left.contains("CRITICAL") ? "; --critical lists the critical screens)" : ")"))
        }
        for line in TextLayout.wrap(footer.joined(separator: " · "), width: console.width ?? Int.max) { console.line(console.style.dim(line)) }
        // The legend of the marks the table shows, and only of those.
        if states.contains(where: { ($0.scan?.fixedFontSizes ?? 0) > 0 }) && !left.contains("CODE") {
            for line in TextLayout.wrap("CODE: findings at the latest scan; ! marks fixed font sizes among them, text that does not scale", width: console.width ?? Int.max) {
                console.line(console.style.dim(line))
            }
        }
    }

    /// The screen names `screen list` keeps whole before columns other than STANDING give way.
    static let nameRoom = 24

    /// Findings at the latest scan, marked when some are fixed font sizes; `-` when never scanned.
    func codeColumn(_ state: ScreenState, style: Style) -> String {
        guard let scan = state.scan else { return "-" }
        if scan.fixedFontSizes > 0 { return style.red("\(scan.active)!") }
        return String(scan.active)
    }
}

struct ScreenShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one screen: its details, size matrix, failures, evidence and fixes."
    )

    @OptionGroup var screen: ScreenArgument

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (store, screen) = try self.screen.open(console, .read)
        let detail = try ScreenDetail(screen, in: store)
        let (state, concurrent, unmatched) = (detail.state, detail.concurrentEdits, detail.unmatchedFiles)
        let evidence = EvidenceShown(evidence: detail.evidence, store: store)
        let code = LikelyCode(state: { name in
            name == state.screen.name ? state : try? store.read { try store.snapshot(only: store.resolveScreen(name), detailed: true).screens.first }
        }, problems: detail.judged)
        if output.json {
            guard case .object(var members) = ScreenReport.json(state, checklist: detail.checklist, evidence: evidence) else { return }
            members.append(("unmatchedFiles", .array(unmatched.map(JSON.string))))
            members.append(("sharedUI", .array(detail.judged.shared(on: state.screen.name).map(JudgedProblemReport.json))))
            members.append(("problems", .array(detail.problems.map { OpenProblemReport.json($0) })))
            // The code of each failure a judge recorded, element by element.
            let traces = Explanation(state, item: nil, code: code) { _ in nil }.traces.filter { $0.elements != nil }
            members.append(("likelyCode", .array(traces.map { trace in
                .object([("item", .string(trace.cell.item)), ("size", .string(trace.cell.size.id)),
                         ("elements", .array((trace.elements ?? []).map(ExplainCommand.elementJSON)))])
            })))
            members.append(("keptTheirs", .array(try KeptResult.standing(in: store, screens: [screen]).map(KeptResultReport.json))))
            members.append(("concurrentEdits", .array(concurrent.map { edit in
                .object([("field", .string(edit.field)), ("kept", .string(edit.kept.text)), ("keptBy", .string(edit.kept.by)),
                         ("overridden", .array(edit.overridden.map { .object([("value", .string($0.text)), ("by", .string($0.by))]) }))])
            })))
            console.json(.object(members))
        } else {
            ScreenReport.text(state, checklist: detail.checklist, console: console, evidence: evidence, unmatchedFiles: unmatched, problems: detail.judged,
                              open: detail.problems, code: code)
            KeptResultReport.section(try KeptResult.standing(in: store, screens: [screen]), console: console)
            for edit in concurrent {
                let others = edit.overridden.map { "'\(console.safe($0.text))' (\(console.safe($0.by)))" }.joined(separator: ", ")
                console.line(console.style.yellow("Set on two sides: ") + "\(edit.field) is '\(console.safe(edit.kept.text))' (\(console.safe(edit.kept.by)), the later change), "
                             + "also set to \(others)" + console.style.dim("; 'dtaudit screen edit' settles it"))
            }
        }
    }
}

struct ScreenEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a screen's name, flow, critical mark, owner, notes or files.",
        examples: [("dtaudit screen edit Checkout --name \"Checkout: payment\" --not-critical", "")]
    )

    @OptionGroup var screen: ScreenArgument

    @Option(help: "A new name.", valueName: "name")
    var name: String?

    @Option(help: "A new flow.", valueName: "flow")
    var flow: String?

    @Flag(help: "Take the screen out of its flow.")
    var noFlow = false

    @Flag(name: .long("critical"), inversion: "not-critical", help: "Mark the screen critical, or not.")
    var critical: Bool?

    @Option(help: "A new owner.", valueName: "name")
    var owner: String?

    @Flag(help: "Remove the owner.")
    var noOwner = false

    @Option(help: "New notes (an empty text removes them).", valueName: "text")
    var notes: String?

    @Option(help: "Add a glob of source files.", valueName: "glob")
    var addFile: [String] = []

    @Option(help: "Remove a glob of source files.", valueName: "glob")
    var removeFile: [String] = []

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if flow != nil && noFlow { throw ValidationError("--flow and --no-flow cannot be used together") }
        if owner != nil && noOwner { throw ValidationError("--owner and --no-owner cannot be used together") }
    }

    func run() throws {
        let console = Console(global)
        var changes = AuditStore.ScreenChanges()
        changes.name = name
        changes.flow = noFlow ? .some(nil) : flow.map { .some($0) }
        changes.critical = critical
        changes.owner = noOwner ? .some(nil) : owner.map { .some($0) }
        changes.notes = notes.map { .some($0) }
        changes.addFiles = addFile
        changes.removeFiles = removeFile
        if changes.isEmpty {
            throw ValidationError("nothing to change; give --name, --flow, --critical, --owner, --notes, --add-file or --remove-file")
        }
        let (store, screen) = try self.screen.open(console)
        changes.addFiles = try console.filePatterns(addFile, root: store.location.root)
        let by = try console.author(author.by)
        let updated = try store.updateScreen(screen, changes, by: by)
        console.line("Updated \(console.style.bold(console.safe(updated.name)))" + Self.changes(from: screen, to: updated, console: console))
        console.warnUnmatched(changes.addFiles, root: store.location.root, screen: updated.name)
    }

    /// `: owner Ana → Sam, flow none → checkout`: each field the edit changed, old and new.
    static func changes(from old: Screen, to new: Screen, console: Console) -> String {
        func shown(_ value: String?) -> String { value.map { "'" + console.safe($0) + "'" } ?? "none" }
        var parts: [String] = []
        if old.name != new.name { parts.append("name \(shown(old.name)) → \(shown(new.name))") }
        if old.flow != new.flow { parts.append("flow \(shown(old.flow)) → \(shown(new.flow))") }
        if old.critical != new.critical { parts.append(new.critical ? "now critical" : "no longer critical") }
        if old.owner != new.owner { parts.append("owner \(shown(old.owner)) → \(shown(new.owner))") }
        if old.notes != new.notes { parts.append(new.notes == nil ? "notes cleared" : "notes changed") }
        let added = new.files.filter { !old.files.contains($0) }, removed = old.files.filter { !new.files.contains($0) }
        if !added.isEmpty { parts.append("files + " + added.map(console.safe).joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("files - " + removed.map(console.safe).joined(separator: ", ")) }
        return parts.isEmpty ? " (nothing changed)" : ": " + parts.joined(separator: ", ")
    }
}

struct ScreenRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a screen out of the audit; its recordings and fixes stay in the history.",
        discussion: """
            The removal is a record like any other: it travels to every teammate's store, and an older \
            file imported later does not bring the screen back. 'dtaudit screen restore' does, with \
            everything recorded on it.
            """,
        aliases: ["rm"]
    )

    @OptionGroup var typed = ScreenArgument(help: "The screen, by name (exact or in any case; prefixes are not accepted here).")

    @Flag(help: "Remove it even though it has recordings or fixes.")
    var force = false

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (store, screen) = try typed.open(console)
        guard screen.name.lowercased() == typed.name.lowercased() else {
            throw ValidationError("'\(typed.name)' is only the start of '\(screen.name)'; type the whole name to remove it")
        }
        let activity = try store.activityCount(of: screen)
        let held = counted(activity.recordings, "recording") + " and " + counted(activity.fixes, "fix")
        if (activity.recordings > 0 || activity.fixes > 0) && !force {
            throw ValidationError("'\(screen.name)' has \(held); add --force to remove the screen anyway (they stay in the history, and 'dtaudit screen restore' brings it back)")
        }
        let by = try console.author(author.by)
        try store.removeScreen(screen, by: by)
        console.line("Removed \(console.style.bold(console.safe(screen.name)))" + (activity.recordings + activity.fixes > 0 ? "; its \(held) stay in the history" : ""))
        console.line(console.style.dim("  'dtaudit screen restore \"\(console.safe(screen.name))\"' brings it back"))
    }
}

struct ScreenRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring a removed screen back, with everything recorded on it."
    )

    @OptionGroup var typed = ScreenArgument(help: "The removed screen, by name or unique prefix.", completion: .removedScreens)

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (store, screen) = try typed.open(console, removed: true)
        let by = try console.author(author.by)
        try store.restoreScreen(screen, by: by)
        let restored = try store.screen(id: screen.id)
        let shown = restored?.name ?? screen.name
        console.line("Restored \(console.style.bold(console.safe(shown)))" + (shown != screen.name ? console.style.dim(" (another screen is named '\(console.safe(screen.name))')") : ""))
    }
}
