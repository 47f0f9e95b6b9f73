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
