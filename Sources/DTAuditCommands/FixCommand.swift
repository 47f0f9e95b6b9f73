import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

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
