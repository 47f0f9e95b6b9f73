import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct ChecklistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist",
        abstract: "List, show, validate and upgrade checklists.",
        subcommands: [ChecklistListCommand.self, ChecklistShowCommand.self, ChecklistValidateCommand.self, ChecklistUpgradeCommand.self]
    )
}

struct ChecklistListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the shipped checklists, those in the repository's Checklists/ folder, and the store's.",
        aliases: ["ls"]
    )

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        struct Entry { var source: String; var checklist: Checklist?; var problem: String? }
        var entries: [Entry] = []
        for shipped in ShippedChecklists.all {
            entries.append(Entry(source: "shipped", checklist: try? ChecklistFile.parse(shipped.text, name: shipped.name)))
        }
        let store = try? console.openStore(.read)
        let folder = (store?.location.root ?? console.workingDirectory) + "/Checklists"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        for file in files {
            do {
                entries.append(Entry(source: "Checklists/" + file, checklist: try ChecklistSource.loadFile(folder + "/" + file, shownAs: "Checklists/" + file)))
            } catch {
                entries.append(Entry(source: "Checklists/" + file, checklist: nil, problem: String(describing: error)))
            }
        }
        let inStore = try store.map { try $0.checklist() }
        if output.json {
            var list: [JSON] = entries.map { entry in
                .object([
                    ("source", .string(entry.source)),
                    ("name", .optional(entry.checklist?.name)),
                    ("title", .optional(entry.checklist?.title)),
                    ("version", .optional(entry.checklist?.version)),
                    ("items", entry.checklist.map { .int($0.items.count) } ?? .null),
                    ("problem", .optional(entry.problem)),
                ])
            }
            if let inStore {
                list.append(.object([("source", .string("store")), ("name", .string(inStore.name)), ("title", .string(inStore.title)),
                                     ("version", .string(inStore.version)), ("items", .int(inStore.items.count)), ("problem", .null)]))
            }
            console.json(.array(list))
            return
        }
        var table = TextTable(header: ["NAME", "TITLE", "VERSION", "ITEMS", "SOURCE"], alignments: [.left, .left, .left, .right, .left])
        for entry in entries {
            if let list = entry.checklist {
                table.add([list.name, list.title, list.version, String(list.items.count), entry.source])
            } else {
                table.add([entry.source, console.style.red("invalid"), "", "", entry.problem ?? ""])
            }
        }
        if let inStore {
            table.add([inStore.name, inStore.title, inStore.version, String(inStore.items.count), console.style.bold("this audit's store")])
        }
        console.table(table)
    }
}

struct ChecklistShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a checklist's items: id, title, how to check, sizes, severity, scaling, fix, WCAG.",
        discussion: "Without a name, the store's checklist (the one the audit runs against), or the shipped default outside a store. An item's id shows that item of it."
    )

    @Argument(help: "A shipped checklist's name, a checklist file, or an item of the audit's checklist.", valueName: "name|file|item",
              completion: .checklists)
    var checklist: PathArgument?

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        var list: Checklist
        // The item shown alone, with its place in the checklist.
        var position: Int?
        func current() throws -> Checklist {
            do {
                return try console.openStore(.read).checklist()
            } catch StoreError.notFound {
                return try ShippedChecklists.defaultChecklist()
            }
        }
        if let checklist {
            do {
                list = try ChecklistSource.load(checklist.path, workingDirectory: console.workingDirectory)
            } catch let notFound as ChecklistSource.NotFound {
                // `checklist show no-truncation`: one item of the checklist the audit runs against.
                list = try current()
                let typed = Suggestions.valueKey(checklist.path)
                guard let item = list.items.first(where: { Suggestions.valueKey($0.id) == typed }) else {
                    let names = notFound.known + list.items.map(\.id)
                    throw ValidationError("no checklist or item of \(list.name) named '\(TextLayout.singleLine(checklist.path))'"
                                          + (Suggestions.closest(to: checklist.path, among: names).first.map { "; did you mean '\($0)'? Or give" } ?? "; or give")
                                          + " the path of a checklist file")
                }
                position = (list.items.firstIndex(of: item) ?? 0) + 1
                list.items = [item]
            }
        } else {
            list = try current()
        }
        if output.json {
            console.json(.object([
                ("name", .string(list.name)),
                ("title", .string(list.title)),
                ("version", .string(list.version)),
                ("items", .array(list.items.map { item in
                    .object([
                        ("id", .string(item.id)),
                        ("title", .string(item.title)),
                        ("howToCheck", .string(item.howToCheck)),
                        ("sizes", .array(item.sizes.map { .string($0.id) })),
                        ("severity", .string(item.severity.rawValue)),
                        ("scaling", .bool(item.scaling)),
                        ("fix", .optional(item.fix?.rawValue)),
                        ("wcag", .array(item.wcag.map(JSON.string))),
                    ])
                })),
            ]))
            return
        }
        let style = console.style
        let extent = position.map { "item \($0) of \(list.name)" } ?? "\(counted(list.items.count, "item")) · \(counted(list.plannedCells.count, "check")) per screen"
        console.line(style.bold(console.safe(list.title)) + style.dim("  v\(console.safe(list.version)) · " + extent))
        let width = min(100, System.terminalColumns() ?? 80)
        for item in list.items {
            console.line()
            var facts = ["sizes " + item.sizes.map(\.id).joined(separator: ","), item.severity.rawValue]
            if item.scaling { facts.append("scaling") }
            if let fix = item.fix { facts.append("fix " + fix.rawValue) }
            if !item.wcag.isEmpty { facts.append("WCAG " + console.safe(item.wcag.joined(separator: ", "))) }
            console.line(style.bold(item.id) + "  " + console.safe(item.title))
            console.line("  " + style.dim(facts.joined(separator: " · ")))
            for line in TextLayout.wrap(console.safe(item.howToCheck.split(separator: "\n").joined(separator: " ")), width: width - 2) {
                console.line("  " + line)
            }
        }
    }
}

struct ChecklistValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check checklist files and list every problem with its line number.",
        discussion: "Exits 1 when any file has a problem, so it can run in CI on the Checklists/ folder."
    )

    @Argument(help: "The checklist files.", valueName: "file", required: true)
    var files: [PathArgument] = []

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        var failed = false
        for file in files {
            let path = file.path.hasPrefix("/") ? file.path : console.workingDirectory + "/" + file.path
            do {
                let list = try ChecklistSource.loadFile(path, shownAs: file.path)
                console.line("\(console.style.green("ok")) \(console.safe(file.path)): \(console.safe(list.title)) v\(console.safe(list.version)), \(counted(list.items.count, "item")), \(counted(list.plannedCells.count, "check")) per screen")
            } catch let invalid as ChecklistSource.Invalid {
                failed = true
                for problem in invalid.problems {
                    console.line("\(console.safe(file.path)):\(problem.line): \(console.style.red("error:")) \(console.safe(problem.message))")
                }
            } catch {
                failed = true
                console.line("\(console.safe(file.path)): \(console.style.red("error:")) \(console.safe(String(describing: error)))")
            }
        }
        if failed { throw ExitCode.failure }
    }
}

struct ChecklistUpgradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Put another version of the checklist in use for the whole audit.",
        discussion: """
            The upgrade is a record, so it reaches every teammate's store with the next sync. Recordings \
            of items the new checklist drops stay in the history and count no more; items it adds are \
            to be checked on every screen.
            """,
        examples: [("dtaudit checklist upgrade", "The shipped checklist of this dtaudit."), ("dtaudit checklist upgrade Checklists/ours.md", "")]
    )

    @Argument(help: "A shipped checklist's name or a checklist file (default: the shipped dynamic-type).", valueName: "name|file")
    var checklist: String?

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let new = try ChecklistSource.load(checklist, workingDirectory: console.workingDirectory)
        let old = try store.checklist()
        if new == old {
            console.line("The audit already uses \(console.safe(new.name)) v\(console.safe(new.version)); nothing changed.")
            return
        }
        let by = try console.author(author.by)
        try store.adoptChecklist(new, by: by)
        let added = new.items.map(\.id).filter { id in !old.items.contains { $0.id == id } }
        let dropped = old.items.map(\.id).filter { id in !new.items.contains { $0.id == id } }
        console.line("The audit now uses \(console.safe(new.name)) v\(console.safe(new.version)) (was v\(console.safe(old.version))): "
                     + "\(counted(new.items.count, "item")), \(counted(new.plannedCells.count, "check")) per screen")
        if !added.isEmpty { console.line("  new items: " + added.joined(separator: ", ")) }
        if !dropped.isEmpty { console.line("  dropped items (their recordings stay in the history): " + dropped.joined(separator: ", ")) }
    }
}
