import ArgumentParsing
import AuditStore
import Output
import TerminalStyle

/// Options every command accepts.
public struct GlobalOptions: ParsableArguments {
    @Option(help: "The store's folder to use (it holds audit.sqlite), or the audit's folder, instead of searching up from the working folder (also DTAUDIT_STORE).", valueName: "dir",
            completion: .directory)
    var store: PathArgument?

    @Option(help: "When to colour the output: auto (on a terminal, unless NO_COLOR is set), always, never.", valueName: "when")
    var color: ColorChoice?

    @Flag(help: "The same as --color never.")
    var noColor = false

    public init() {}

    var colorChoice: ColorChoice { noColor ? .never : color ?? .auto }
}

/// `--by`: who is acting, for every command that records something.
struct AuthorOption: ParsableArguments {
    @Option(help: "Who is acting (default: DTAUDIT_USER, git's user.name, the login name).", valueName: "name")
    var by: String?
}

/// `--screen-map`: for the commands that match names in a folder or a run to screens.
struct ScreenMapOption: ParsableArguments {
    @Option(help: "A file mapping names used in file names, tests or attachments to screens.", valueName: "file")
    var screenMap: PathArgument?

    /// The map the file gives, or an empty one.
    func load(_ console: Console, store: AuditStore) throws -> ScreenMap {
        try screenMap.map { try ScreenMap.load(console.absolutePath($0.path), shownAs: $0.path, store: store) } ?? ScreenMap()
    }
}

/// `--screen-map`, `--dry-run`, `--json` and `--by`: what the commands that take in a folder or a
/// run of screenshots share. A dry run opens the store for reading only and records nothing.
struct IntakeOptions: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace

    @OptionGroup var screenMap: ScreenMapOption

    @Flag(help: "Only show what would be taken in, and what did not match and why.")
    var dryRun = false

    @OptionGroup var output: JSONOption

    @OptionGroup var author: AuthorOption

    init() {}

    /// For a command whose dry run shows something particular.
    init(dryRun help: String) {
        _dryRun = Flag(help: help)
    }

    var json: Bool { output.json }

    /// The store: for reading only on a dry run.
    func openStore(_ console: Console) throws -> AuditStore {
        try console.openStore(dryRun ? .read : .write)
    }

    /// The map `--screen-map` gives, or an empty one.
    func map(_ console: Console, store: AuditStore) throws -> ScreenMap {
        try screenMap.load(console, store: store)
    }

    /// Who takes it in (`--by`, else `Author.resolve`).
    func resolvedAuthor(_ console: Console) throws -> String {
        try console.author(author.by)
    }
}

/// `--owner`, `--flow`, `--mine`: the screens a view shows, for the views of daily work.
struct ScreenFilterOptions: ParsableArguments {
    @Option(help: "Only the screens this person owns: the whole name, a word of it or the starts of its words (Ben, okafor, B Oka), in any case.", valueName: "name")
    var owner: String?

    @Option(help: "Only the screens of this flow (case and spacing do not matter).", valueName: "flow")
    var flow: String?

    @Flag(help: "Only the screens you own: your name as --by would take it (DTAUDIT_USER, git's user.name).")
    var mine = false

    func selection(_ console: Console) throws -> ScreenSelection {
        if mine && owner != nil { throw ValidationError("--mine and --owner cannot be used together") }
        let owner = try mine ? console.author(nil) : owner.map { try InputRules.name($0, what: "--owner") }
        return ScreenSelection(owner: owner, flow: try flow.map { try InputRules.name($0, what: "--flow") })
    }
}

/// `--owner`, `--flow`, `--mine` and `--json`: the screens a view of daily work shows, and how.
struct ViewOptions: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace

    @OptionGroup var filter: ScreenFilterOptions

    @OptionGroup var output: JSONOption

    var json: Bool { output.json }

    /// The screens selected, the store (for reading), and the one screen typed, if any: in that
    /// order, so that a bad filter is named before the store is looked for.
    func open(_ console: Console, screen: OptionalScreenArgument) throws -> (selection: ScreenSelection, store: AuditStore, only: Screen?) {
        let selection = try filter.selection(console)
        let store = try console.openStore(.read)
        return (try filter.resolve(selection, in: store, console: console), store, try screen.resolve(in: store))
    }
}

extension ColorChoice: ExpressibleByArgument {}
extension Standing.Group: ExpressibleByArgument {}

/// `--json`: every command that prints something takes it.
struct JSONOption: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace

    @Flag(help: "Print JSON.")
    var json = false

    init() {}

    /// For a command whose JSON says something particular (one entry per record).
    init(help: String) {
        _json = Flag(help: help)
    }
}

/// `<screen>`: the screen a command acts on, completed from the store's screens.
struct ScreenArgument: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace

    @Argument(help: "The screen, by name or unique prefix.", valueName: "screen", completion: .screens)
    var name: String

    init() {}

    /// For a command that finds its screen another way (exact names only, removed screens).
    init(help: String, completion: CompletionKind = .screens) {
        _name = Argument(help: help, valueName: "screen", completion: completion)
    }

    /// The live screen the name or unique prefix stands for.
    func resolve(in store: AuditStore) throws -> Screen {
        try store.resolveScreen(name)
    }

    /// The store, opened for `access`, and the screen the name stands for in it: a live one, or
    /// with `removed` a removed one.
    func open(_ console: Console, _ access: AuditStore.Access = .write, removed: Bool = false) throws -> (store: AuditStore, screen: Screen) {
        let store = try console.openStore(access)
        return (store, try store.resolveScreen(name, removed: removed))
    }
}

/// `[<screen>]`: narrows what a command shows or does to one screen.
struct OptionalScreenArgument: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace

    @Argument(help: "Only this screen.", valueName: "screen", completion: .screens)
    var name: String?

    init() {}

    /// For a command that does more with its one screen than narrow (every check open on it).
    init(help: String) {
        _name = Argument(help: help, valueName: "screen", completion: .screens)
    }

    /// The live screen the name or unique prefix stands for, or nil when none was typed.
    func resolve(in store: AuditStore) throws -> Screen? {
        try name.map { try store.resolveScreen($0) }
    }
}
