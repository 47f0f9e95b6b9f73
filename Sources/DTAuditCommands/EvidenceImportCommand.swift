import ArgumentParsing
import AuditStore
import Evidence
import Output
import Platform

struct EvidenceImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Attach a folder of screenshots to screens and sizes recognised in their file names.",
        discussion: """
            Every file in the folder and its subfolders is read. Its size is found in its name in any \
            spelling: ax5, AX5, accessibility5, accessibilityExtraExtraExtraLarge, \
            accessibility-extra-extra-extra-large, UICTContentSizeCategoryAccessibilityXXXL, and so on \
            for every size; a scale suffix (@3x) and a snapshot counter (.1) are ignored. The rest of \
            the name is compared with the screens' names without case or punctuation, also without a \
            leading 'test' and a trailing 'Tests', 'View' or 'Screen', and then the names of the \
            folders it is in (CheckoutTests/). A checklist item id after the size (Checkout_ax5_reachable.png) \
            attaches the file to that item's check; otherwise it is a screenshot of the whole screen \
            at that size.

            --screen-map names screens the names don't match: one mapping a line, the name as it \
            appears in file or folder names, '=', and the screen; '#' starts a comment:
              # file names        = screen
              PaymentSheet        = Checkout: pay
              OnboardingTests     = Welcome

            Files are accepted by content (PNG, JPEG, HEIC, PDF, MOV, MP4) and up to the store's size \
            limit. A file already attached to the same screen and size is skipped. Hidden files and \
            folders are ignored.
            """,
        examples: [
            ("dtaudit evidence import AppTests/__Snapshots__ --dry-run", "Show what would be attached where."),
            ("dtaudit evidence import dtaudit-screenshots", "Attach what a capture script took."),
        ]
    )

    @Argument(help: "The folder of screenshots.", valueName: "dir")
    var directory: PathArgument

    @OptionGroup var intake = IntakeOptions(dryRun: "Only list what would be attached where, and what could not be matched and why.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try intake.openStore(console)
        let root = console.absolutePath(directory.path)
        guard let status = Files.status(root) else { throw EvidenceImportError.noFolder(directory.path) }
        guard status.kind == .directory else { throw EvidenceImportError.notAFolder(directory.path) }
        let map = try intake.map(console, store: store)
        let files = try EvidenceImport.files(in: root)
        let plan = try EvidenceImport.plan(files: files, root: root, store: store, map: map, progress: console.progress(total: files.count))

        if !intake.dryRun && !plan.matches.isEmpty {
            let author = try intake.resolvedAuthor(console)
            try EvidenceImport.apply(plan, store: store, by: author, progress: console.progress(total: plan.matches.count, verb: "storing"))
        }

        if intake.json {
            console.json(.object([
                ("dryRun", .bool(intake.dryRun)),
                ("attached", .array(plan.matches.map(EvidenceImport.json))),
                ("alreadyAttached", .array(plan.duplicates.map(EvidenceImport.json))),
                ("unmatched", .array(plan.misses.map { .object([("file", .string($0.relativePath)), ("reason", .string($0.reason))]) })),
            ]))
            return
        }
        EvidenceImport.report(plan, dryRun: intake.dryRun, folder: directory.path, console: console)
    }
}

/// How `evidence import` shows its plan.
extension EvidenceImport {
    static func json(_ match: Match) -> JSON {
        .object([
            ("file", .string(match.relativePath)),
            ("screen", .string(match.screen.name)),
            ("size", .string(match.size.id)),
            ("item", .optional(match.item)),
            ("matchedBy", .string(match.matchedBy)),
            ("kind", .string(match.candidate.kind.rawValue)),
            ("bytes", .int(Int(match.candidate.byteCount))),
            ("sha256", .string(match.hash)),
        ])
    }

    static func report(_ plan: Plan, dryRun: Bool, folder: String, console: Console) {
        let style = console.style
        if plan.matches.isEmpty && plan.duplicates.isEmpty && plan.misses.isEmpty {
            console.line("No files in \(console.safe(folder)).")
            return
        }
        if !plan.matches.isEmpty {
            let count = plan.matches.count
            console.line(style.bold(dryRun ? "Would attach \(counted(count, "file")):" : "Attached \(counted(count, "file")):"))
            var table = TextTable()
            for match in plan.matches {
                table.add([console.safe(match.relativePath), "→", console.safe(match.screen.name), match.size.id,
                           match.item ?? style.dim("screen"), style.dim("by " + match.matchedBy)])
            }
            for line in table.render(indent: 2) { console.line(line) }
        }
        if !plan.duplicates.isEmpty {
            console.line(style.dim("Already attached, skipped (\(plan.duplicates.count)):"))
            for match in plan.duplicates {
                console.line(style.dim("  \(console.safe(match.relativePath)) → \(console.safe(match.screen.name)) \(match.size.id)"))
            }
        }
        if !plan.misses.isEmpty {
            console.line(style.yellow("Not matched (\(plan.misses.count)):"))
            for miss in plan.misses {
                console.line("  \(console.safe(miss.relativePath)): \(miss.reason)")
            }
        }
        let screens = Set(plan.matches.map(\.screen.id)).count
        var summary = plan.matches.isEmpty ? "nothing new to attach"
            : "\(counted(plan.matches.count, "file")) to \(counted(screens, "screen"))"
        if !plan.duplicates.isEmpty { summary += ", \(plan.duplicates.count) already attached" }
        if !plan.misses.isEmpty { summary += ", \(plan.misses.count) not matched" }
        console.line(style.dim(dryRun ? "Dry run: \(summary); nothing was changed." : summary.prefix(1).uppercased() + summary.dropFirst() + "."))
    }
}
