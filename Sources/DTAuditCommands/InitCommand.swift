import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Platform

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start an audit of the app in this folder, with a new store.",
        discussion: """
            Run it at the root of the app's repository. The store keeps its own copy of the checklist, \
            so later edits of the checklist file never rewrite the audit's history. In a git checkout the \
            store is kept under git's directory (.git/dtaudit/), where no git command that cleans, stashes \
            or removes a work tree reaches it; elsewhere it is the folder .dtaudit here. 'dtaudit sync' \
            writes the shared file (Exports/<app>.json) that git carries. Where the repository already \
            shares an audit, init refuses: 'dtaudit sync' joins it instead (--new starts a second audit anyway).
            """,
        examples: [
            ("dtaudit init --app \"Trailhead\"", "Audit Trailhead against the shipped Dynamic Type checklist."),
            ("dtaudit init --checklist Checklists/our-checklist.md", "Use the team's own checklist."),
        ]
    )

    @Option(help: "The app's name (default: the folder's name).", valueName: "name")
    var app: String?

    @Option(help: "A shipped checklist by name, or a checklist file (default: dynamic-type).", valueName: "name|file")
    var checklist: PathArgument?

    @Flag(help: "Start a new audit even though the repository already shares one.")
    var new = false

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let location = try console.storeQuery.newLocation()
        if !new, Files.status(location.databasePath) == nil, let shared = SharedAudit.find(from: location.root) {
            throw FileProblem(description: "this repository already shares an audit in \(shared.files.joined(separator: ", ")); "
                              + "'dtaudit sync' sets up your store from it (or --new starts a second, separate audit)", kind: .cannotWrite)
        }
        let list = try ChecklistSource.load(checklist?.path, workingDirectory: console.workingDirectory)
        let folderName = String(location.root.split(separator: "/").last ?? "App")
        let appName = try InputRules.name(app ?? folderName, what: "the app name")
        // An audit further up would stop being found from here: worth a word, not a refusal (one
        // repository may hold several apps).
        let enclosing = try? StoreLocation.find(explicit: nil, environment: nil, workingDirectory: PathNames.folder(of: location.root))
        let store = try AuditStore.create(at: location, app: appName, checklist: list, by: try console.author(author.by))
        console.watch(store)
        console.noteSigner(store)
        let cells = list.plannedCells.count
        console.line("Started the audit of \(console.style.bold(console.safe(appName))) in \(console.safe(store.location.root))"
                     + (store.location.isInGitDirectory ? ", its store kept in \(console.safe(PathNames.shown(store.location.folder, from: console.workingDirectory)))" : ""))
        console.line("Checklist: \(list.title) v\(list.version), \(counted(list.items.count, "item")), \(counted(cells, "check")) per screen at \(list.plannedSizes.map(\.id).joined(separator: " "))")
        console.line("Next: add the screens, e.g. dtaudit screen add \"Checkout\" --flow checkout --critical")
        if let enclosing {
            console.line(console.style.dim("Note: this folder is inside the audit in \(console.safe(enclosing.root)); commands run here now use the new one."))
        }
    }
}
