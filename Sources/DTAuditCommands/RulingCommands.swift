import ArgumentParsing
import AuditStore
import Output
import Reports

struct ConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Make a run's failure of an item your own: it then stands as any person's failure.",
        discussion: """
            Records your failure over each failure a run recorded of the item on the screen (at the \
            sizes given, or every size). A later run passes it only after a fix of the item is \
            recorded, or once you take it back ('dtaudit undo'). Where the standing result is not a \
            run's failure, nothing is recorded and the command says why.
            """,
        examples: [("dtaudit confirm Checkout --item text-scales --size ax5", "")]
    )

    @OptionGroup var screen: ScreenArgument

    @Option(name: .names("item", short: "i"), help: "The checklist item whose run failures to confirm.", valueName: "id")
    var item: String

    @Option(name: .names("size", short: "s"), help: "Sizes: ids (xs ... ax5), any Apple name, ranges (xxxl-ax3), all (default).", valueName: "sizes")
    var size: SizeSelection?

    @Option(name: .names("note", short: "n"), help: "What you saw (default: which run you confirm).", valueName: "text")
    var note: String?

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (store, target) = try screen.open(console)
        let by = try console.author(author.by)
        let done = try Rulings.confirm(screen: target, item: item, sizes: size?.sizes, note: note, in: store, by: by)
        if !done.recordings.isEmpty {
            console.line("Confirmed \(done.recordings.count) run \(done.recordings.count == 1 ? "failure" : "failures") of \(console.safe(target.name)) as yours: "
                         + console.cellList(done.recordings.map { ($0.item, $0.size) }))
        }
        for left in done.left { console.line(console.style.dim("  \(left.size.id): \(console.safe(left.reason))")) }
        if done.recordings.isEmpty { throw ValidationError("nothing to confirm: no run's failure of '\(item)' stands on \(target.name)") }
    }
}

struct WaiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waive",
        abstract: "Tell the judges to leave one element out of one item, with why.",
        discussion: """
            For an element that is right as it is (a tab bar's labels that keep their size by design, \
            with the Large Content Viewer). Runs from then on leave it out of that item on this \
            screen, or with --all-screens on every screen; the rest of the cell is still judged. The \
            element is matched as the judges match it: its identifier, else its label, and its type \
            when given with --type. The waiver is a record: it travels with the audit, 'history' \
            shows it, 'undo' or 'retract' takes it back, and the review page lists every waiver with \
            its reason and author.
            """,
        examples: [("dtaudit waive Home --item text-scales --element tab.home --reason \"Large Content Viewer\" --all-screens", "")]
    )

    @OptionGroup var screen: ScreenArgument

    @Option(name: .names("item", short: "i"), help: "The checklist item the element is waived for.", valueName: "id")
    var item: String

    @Option(help: "The element: its identifier, else its label.", valueName: "name")
    var element: String

    @Option(help: "Only elements of this type (Button, StaticText, ...).", valueName: "type")
    var type: String?

    @Option(help: "Why the element is right as it is.", valueName: "text")
    var reason: String

    @Flag(help: "Waive it on every screen (shared UI).")
    var allScreens = false

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let (store, target) = try screen.open(console)
        let by = try console.author(author.by)
        let waiver = try Rulings.waive(screen: target, item: item, element: element, type: type, reason: reason, everywhere: allScreens, in: store, by: by)
        console.line("Waived \(console.safe(waiver.shownElement)) for `\(waiver.item)` " + (waiver.everywhere ? "on every screen" : "on \(console.safe(target.name))")
                     + console.style.dim(": runs from now on leave it out ('dtaudit undo' takes this back)"))
    }
}
