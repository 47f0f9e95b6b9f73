import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the result of checklist items on a screen at some sizes.",
        discussion: """
            Each cell (item at size) gets a new recording; earlier ones are kept as history and the \
            latest decides the cell's status. '--item all' means every item the checklist plans at \
            each of the sizes given; an item named explicitly is recorded at every size given, even \
            outside its plan.

            Evidence files are copied into the store's evidence/ folder under the SHA-256 of their content, so \
            the same screenshot is stored once and the audit keeps it when the original moves. They \
            are checked before anything is recorded: a file that is not a PNG, JPEG, HEIC, PDF, MOV or \
            MP4 by content, or is over the store's size limit (50 MB unless 'dtaudit evidence limit' \
            says otherwise), records nothing.
            """,
        examples: [
            ("dtaudit record Checkout --size l,ax3,ax5 --item all --pass", "Every planned check at those sizes passed."),
            ("dtaudit record Checkout --size ax5 --item no-truncation --fail --note \"Pay button clipped\"", ""),
            ("dtaudit record Checkout --size ax5 --item landscape --na", "The screen is portrait only."),
            ("dtaudit record Checkout --size ax5 --item reachable --fail --evidence ~/Desktop/pay.png", "Attach the screenshot that shows it."),
        ]
    )

    @OptionGroup var screen: ScreenArgument

    @Option(name: .names("size", short: "s"), help: "Sizes: ids (xs ... ax5), any Apple name, ranges (xxxl-ax3), all, standard, accessibility.", valueName: "sizes")
    var size: SizeSelection

    @Option(name: .names("item", short: "i"), help: "Checklist item ids, comma separated, or all.", valueName: "ids|all")
    var item: ItemSelection

    @Flag(required: true)
    var status: StatusFlag?

    @Option(name: .names("note", short: "n"), help: "What was seen; worth giving with every failure.", valueName: "text")
    var note: String?

    @Option(help: "A screenshot or screen recording that shows the result (PNG, JPEG, HEIC, PDF, MOV or MP4, told by content); attached to every recorded cell.", valueName: "file")
    var evidence: [PathArgument] = []

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let candidates = try console.evidenceCandidates(evidence.map(\.path), store: store)
        let checklist = try store.checklist()
        let itemIDs = item.isAll ? nil : try item.resolve(in: checklist)
        let resultStatus = status?.status ?? .untested
        let author = try console.author(author.by)
        let target = try screen.resolve(in: store)

        let outcome = try store.record(RecordingRequest(screen: target, items: itemIDs, sizes: size.sizes, status: resultStatus, note: note,
                                                        evidence: candidates, by: author))
        let plan = outcome.plan
        let cells = plan.cells.map { ($0.item, $0.size) }
        let noun = plural("cell", cells.count)
        console.line("Recorded \(cells.count) \(noun) of \(console.style.bold(console.safe(target.name))) as \(console.statusLabel(resultStatus)): \(console.cellList(cells))")
        if !plan.offPlan.isEmpty {
            console.line(console.style.dim("  outside the checklist's plan: \(console.cellList(plan.offPlan.map { ($0.item, $0.size) }))"))
        }
        if !plan.replacedFailures.isEmpty {
            console.line(console.style.yellow("  replaced \(counted(plan.replacedFailures.count, "failure")) with \(resultStatus.rawValue): ")
                         + console.cellList(plan.replacedFailures.map { ($0.item, $0.size) })
                         + console.style.dim("; 'dtaudit undo' takes this back"))
        }
        for candidate in candidates {
            console.line("  evidence: " + console.evidenceLabel(candidate))
        }
        if outcome.before != outcome.after {
            console.line("\(console.safe(target.name)) is now \(console.standingLabel(outcome.after)) (was \(outcome.before.label))")
        }
        if resultStatus == .fail && note == nil {
            console.line(console.style.dim("  tip: say what broke with --note, it shows in the report"))
        }
        console.warnClock(outcome.clock)
    }
}

struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Record what fixed failures on a screen.",
        discussion: """
            Fix types: scroll (content made scrollable when it outgrows the screen), stack-flip \
            (side-by-side layout becomes vertical at large sizes), text-style (a fixed size replaced \
            by a text style or a scaled custom font), custom (anything else: charts, tables, contrast).

            Without --item the fix addresses every item failing on the screen now; an item that is \
            not failing is refused, since a fix is what sends failed checks back to be checked. \
            Afterwards the failed cells must be checked again at their sizes, and the screen at the \
            default size: 'dtaudit next' lists them, and until they are recorded the screen is not \
            supported.
            """,
        examples: [
            ("dtaudit fix Checkout --type scroll --item no-truncation --note \"ScrollViewIfNeeded\" --ref \"PR 412\"", ""),
        ]
    )

    @OptionGroup var screen: ScreenArgument

    @Option(name: .names("type", short: "t"), help: "What kind of fix.", valueName: "type")
    var type: FixType

    @Option(name: .names("item", short: "i"), help: "The items the fix addresses, comma separated (default: those failing now).", valueName: "ids")
    var item: ItemSelection?

    @Option(name: .names("note", short: "n"), help: "What was changed.", valueName: "text")
    var note: String?

    @Option(help: "A commit, pull request or ticket.", valueName: "text")
    var ref: String?

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let checklist = try store.checklist()
        let author = try console.author(author.by)
        // What was typed is checked before what the screen holds, so bad text is named first.
        let note = try note.flatMap { try InputRules.note($0) }
        let ref = try ref.flatMap { try InputRules.note($0, what: "the reference") }
        let target = try screen.resolve(in: store)
        let requested = try item?.resolve(in: checklist)
        let outcome = try store.fix(FixRequest(screen: target, type: type, items: requested, note: note, ref: ref, by: author))
        let (state, fix) = (outcome.after, outcome.fix)
        console.line("Recorded a \(console.style.cyan(type.rawValue)) fix on \(console.style.bold(console.safe(target.name))) for \(fix.items.joined(separator: ", "))")
        let retests = state.pending.filter { if case .retest = $0.reason { return true } else { return false } }
        let rechecks = state.pending.filter { if case .recheckDefault = $0.reason { return true } else { return false } }
        if !retests.isEmpty {
            console.line("  retest: " + console.cellList(retests.map { ($0.item, $0.size) }))
        }
        if !rechecks.isEmpty {
            console.line("  re-check the default size: " + console.cellList(rechecks.map { ($0.item, $0.size) }))
        }
    }
}

struct TriageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "Sort a screen into a category by hand before it is audited.",
        discussion: """
            unsupported: text ignores the text size setting. broken: text scales, but something clips, \
            overlaps or can't be reached. supported: works at every size. none clears the triage.

            Recordings decide the category once they can: a failed text-scales check makes a screen \
            unsupported, any other failure broken, and every planned check passed or n/a supported. \
            Until then the triage category is shown.
            """,
        examples: [("dtaudit triage Settings broken", "")]
    )

    @OptionGroup var screen: ScreenArgument

    // Read as text and checked in run(), so that a swapped pair (`triage broken Checkout`) is
    // named as such instead of as an unknown category.
    @Argument(help: "unsupported, broken, supported, or none.", valueName: "category", completion: .list(TriageChoice.allValueStrings))
    var category: String

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let category: TriageChoice
        do {
            category = try TriageChoice(argument: self.category)
        } catch {
            if TriageChoice(rawValue: screen.name.lowercased()) != nil {
                throw ValidationError("the screen comes first, then the category: "
                                      + "dtaudit triage \(TextLayout.singleLine(Executable.shellWord(self.category))) \(screen.name.lowercased())")
            }
            throw error
        }
        let store = try console.openStore()
        let target = try screen.resolve(in: store)
        let state = try store.triage(target, as: category.category, by: try console.author(author.by))
        if let chosen = category.category {
            console.line("Triaged \(console.style.bold(console.safe(target.name))) as \(console.categoryLabel(chosen))")
            if !state.after.isGuess {
                console.line(console.style.dim("  its recordings decide where it stands: \(state.after.label); a triage guess counts only until results are recorded"))
            }
        } else {
            console.line("Cleared the triage of \(console.style.bold(console.safe(target.name))); it is \(console.standingLabel(state.after))")
        }
    }
}
