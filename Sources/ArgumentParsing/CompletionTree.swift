/// The command tree as the completion scripts see it: the commands a user is shown, each with
/// its options and positional arguments, read from the same declarations as the parser and help.
struct CompletionTree {
    struct Option {
        /// Every spelling, with dashes: `--size`, `-s`. A flag's inversion is an option of its own.
        var names: [String]
        var help: String
        /// The placeholder's word (`sizes`) when the option takes a value; nil for a flag.
        var valueName: String?
        var completion: CompletionKind
        var isRepeating: Bool
        /// The options that cannot be given with this one, its own names included: the cases of a
        /// choice (`--pass --fail ...`), a flag and its inversion.
        var exclusive: [String]

        var takesValue: Bool { valueName != nil }
        var long: String? { names.first { $0.hasPrefix("--") } }
        var short: String? { names.first { !$0.hasPrefix("--") } }
    }

    struct Positional {
        var valueName: String
        var help: String
        var completion: CompletionKind
        var isRequired: Bool
        var isRepeating: Bool
    }

    struct Command {
        var name: String
        /// Other names the command answers to; recognised on the line, not offered.
        var aliases: [String]
        var abstract: String
        /// The names from the root: `["dtaudit", "screen", "add"]`.
        var path: [String]
        var options: [Option]
        var positionals: [Positional]
        var subcommands: [Command]

        /// Every name of every option, for the scripts' lists.
        var optionNames: [String] { options.flatMap(\.names) }
        /// The names of options that take a value, whose next word is that value.
        var valuedOptionNames: [String] { options.filter(\.takesValue).flatMap(\.names) }

        /// `_dtaudit_screen_add`: a function name for this command in any of the shells.
        var functionName: String {
            "_" + path.map { $0.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() }.joined(separator: "_")
        }

        /// This command and every command under it, parents first.
        var all: [Command] { [self] + subcommands.flatMap(\.all) }
    }

    let root: Command
    /// The root's options that take a value, such as `--store DIR`: they change where candidates
    /// come from, so the scripts pass them on to the candidates command wherever they were typed.
    let forwardedOptions: [Option]

    var toolName: String { root.name }
    var candidatesCommand: String { CompletionScript.candidatesCommandName }

    init(root type: any ParsableCommand.Type) {
        var root = CompletionTree.command(type, parentPath: [])
        if !root.subcommands.isEmpty {
            // `tool help record` is `tool record --help`: offer the commands after it.
            let help = Command(name: "help", aliases: [], abstract: "Show help for a command.", path: [root.name, "help"], options: [],
                               positionals: [Positional(valueName: "subcommand", help: "A command.",
                                                        completion: .list(root.subcommands.map(\.name)), isRequired: false, isRepeating: false)],
                               subcommands: [])
            root.subcommands.append(help)
        }
        if type.configuration.version != nil {
            root.options.insert(Option(names: ["--version"], help: "Show the version.", valueName: nil, completion: .none,
                                       isRepeating: false, exclusive: ["--version"]), at: root.options.count - 1)
        }
        self.root = root
        let instance = CommandInstance(type)
        forwardedOptions = instance.boxes.map(\.definition).filter { $0.isGlobal && $0.takesValue && !$0.isHidden }
            .flatMap(CompletionTree.options(of:))
    }

    private static func command(_ type: any ParsableCommand.Type, parentPath: [String]) -> Command {
        let configuration = type.configuration
        let path = parentPath + [type.commandName]
        let definitions = CommandInstance(type).boxes.map(\.definition).filter { !$0.isHidden }
        let positionals = definitions.compactMap { definition -> Positional? in
            guard case .positional = definition.kind else { return nil }
            return Positional(valueName: definition.valueName ?? ArgumentNames.kebabCase(definition.propertyName), help: definition.help,
                              completion: definition.completion, isRequired: definition.isRequired, isRepeating: definition.isRepeating)
        }
        let help = Option(names: ["-h", "--help"], help: "Show help information.", valueName: nil, completion: .none,
                          isRepeating: false, exclusive: ["-h", "--help"])
        return Command(name: type.commandName, aliases: configuration.aliases, abstract: configuration.abstract, path: path,
                       options: definitions.flatMap(options(of:)) + [help], positionals: positionals,
                       subcommands: configuration.visibleSubcommands.map { command($0, parentPath: path) })
    }

    private static func options(of definition: Definition) -> [Option] {
        switch definition.kind {
        case .positional:
            return []
        case .option:
            let names = [definition.longName.map { "--" + $0 }, definition.shortName.map { "-" + String($0) }].compactMap { $0 }
            return [Option(names: names, help: definition.help, valueName: definition.valueName ?? ArgumentNames.kebabCase(definition.propertyName),
                           completion: definition.completion, isRepeating: definition.isRepeating,
                           exclusive: definition.isRepeating ? [] : names)]
        case .flag(let inversion):
            let names = [definition.longName.map { "--" + $0 }, definition.shortName.map { "-" + String($0) }].compactMap { $0 }
            let exclusive = names + (inversion.map { ["--" + $0] } ?? [])
            var result = [Option(names: names, help: definition.help, valueName: nil, completion: .none, isRepeating: false, exclusive: exclusive)]
            if let inversion {
                result.append(Option(names: ["--" + inversion], help: definition.help, valueName: nil, completion: .none,
                                     isRepeating: false, exclusive: exclusive))
            }
            return result
        case .choice(let choices):
            let exclusive = choices.map { "--" + $0.name }
            return choices.map { Option(names: ["--" + $0.name], help: $0.help, valueName: nil, completion: .none,
                                        isRepeating: false, exclusive: exclusive) }
        }
    }
}
