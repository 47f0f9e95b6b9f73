import Output

/// A command type together with the boxes its properties declare.
struct CommandInstance {
    var command: any ParsableCommand
    let boxes: [any ArgumentBox]
    /// Each box's spellings, worked out once: the parser looks options up several times a word.
    private let spellings: [[String]]

    /// Makes the command; its declarations are gathered as it is made, with no reflection.
    init(_ type: any ParsableCommand.Type) {
        (command, boxes) = DeclarationCollector.declarations(making: type)
        spellings = boxes.map(\.definition.spellings)
    }

    func box(spelled spelling: String) -> (any ArgumentBox)? {
        spellings.firstIndex { $0.contains(spelling) }.map { boxes[$0] }
    }
}

enum Parser {
    struct Result {
        var path: [any ParsableCommand.Type]
        var command: any ParsableCommand
    }

    /// Finds the command the arguments name, then fills its declarations from the rest.
    static func parse(root: any ParsableCommand.Type, arguments: [String]) throws -> Result {
        var path: [any ParsableCommand.Type] = [root]
        var instance = CommandInstance(root)
        // The commands before the one the arguments name: the options they declare (`--store`)
        // may come between a group and its subcommand too.
        var passed: [CommandInstance] = []
        func declaration(spelled name: String) -> (any ArgumentBox)? {
            instance.box(spelled: name) ?? passed.lazy.compactMap { $0.box(spelled: name) }.first
        }
        var remaining: [String] = []
        var index = 0
        var sawPositional = false

        while index < arguments.count {
            let token = arguments[index]
            if token == "--" {
                remaining += arguments[index...]
                break
            }
            if helpSpellings.contains(token) {
                throw HelpRequest(command: path.last!)
            }
            if token == "--version", path.count == 1, root.configuration.version != nil {
                throw VersionRequest()
            }
            if isOption(token) {
                remaining.append(token)
                let name = String(token.prefix { $0 != "=" })
                // Before the subcommand only the options every command shares can come; an unknown
                // one must not make its value read as a command name.
                if !path.last!.configuration.subcommands.isEmpty && declaration(spelled: name) == nil {
                    throw ContextualUsageError(path: path, error: .unknownOption(name, suggestion: suggestion(for: name, among: passed + [instance])))
                }
                // `--note --help` asks for help: a help flag is never read as a value.
                if !token.contains("="), let box = declaration(spelled: name), box.definition.takesValue, index + 1 < arguments.count,
                   !helpSpellings.contains(arguments[index + 1]) {
                    remaining.append(arguments[index + 1])
                    index += 1
                }
                index += 1
                continue
            }
            let current = path.last!
            let subcommands = current.configuration.subcommands
            if !sawPositional && !subcommands.isEmpty {
                if let next = subcommands.first(where: { $0.commandName == token || $0.configuration.aliases.contains(token) }) {
                    path.append(next)
                    passed.append(instance)
                    instance = CommandInstance(next)
                    index += 1
                    continue
                }
                let hasPositionals = instance.boxes.contains { if case .positional = $0.definition.kind { return true } else { return false } }
                if !hasPositionals {
                    throw ContextualUsageError(path: path, error: .unknownCommand(token, suggestion: current.configuration.suggestion(for: token)))
                }
            }
            sawPositional = true
            remaining.append(token)
            index += 1
        }

        do {
            try fill(instance, with: remaining)
            // Options typed to a group, with no command after them, were meant for a command.
            if !path.last!.configuration.subcommands.isEmpty && !remaining.isEmpty && !remaining.contains("--") {
                let names = Set(path.last!.configuration.subcommands.map { $0.commandName })
                let swallowed = zip(remaining, remaining.dropFirst()).first { isOption($0.0) && names.contains($0.1) }
                throw UsageError.missingCommand(swallowed: swallowed.map { (String($0.0.prefix { $0 != "=" }), $0.1) })
            }
            let command = instance.command
            do {
                try validateCommand(command)
            } catch let error as ValidationError {
                throw UsageError.validation(error.message)
            }
            return Result(path: path, command: command)
        } catch let error as UsageError {
            throw ContextualUsageError(path: path, error: error)
        }
    }

    private static func validateCommand<Command: ParsableCommand>(_ command: Command) throws {
        var command = command
        try command.validate()
    }

    static let helpSpellings: Set<String> = ["-h", "--help"]

    /// "Did you mean" for an unknown option: the nearest long spelling that help lists.
    static func suggestion(for name: String, among instances: [CommandInstance]) -> String? {
        let known = instances.flatMap(\.boxes).filter { !$0.definition.isHidden }
            .flatMap(\.definition.spellings).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        return Suggestions.closest(to: String(name.drop { $0 == "-" }), among: known).first.map { "--" + $0 }
    }

    static func isOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        // A negative number is a value, not an option.
        return !(token.dropFirst().first?.isNumber ?? false)
    }

    static func fill(_ instance: CommandInstance, with tokens: [String]) throws {
        let positionals = instance.boxes.filter { if case .positional = $0.definition.kind { return true } else { return false } }
        var positionalIndex = 0
        var onlyPositionals = false
        var index = 0

        func acceptPositional(_ token: String) throws {
            guard positionalIndex < positionals.count else { throw UsageError.unexpectedArgument(token) }
            let box = positionals[positionalIndex]
            try box.accept(token, spelling: box.definition.placeholder)
            if !box.definition.isRepeating { positionalIndex += 1 }
        }

        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if onlyPositionals || !isOption(token) {
                try acceptPositional(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let box = instance.box(spelled: name) else {
                throw UsageError.unknownOption(name, suggestion: suggestion(for: name, among: [instance]))
            }
            if box.definition.takesValue {
                if let inlineValue {
                    try box.accept(inlineValue, spelling: name)
                } else {
                    guard index < tokens.count, instance.box(spelled: tokens[index]) == nil, tokens[index] != "--" else {
                        throw UsageError.missingValue(name)
                    }
                    // A value typed like an option close to a real one is more likely a typo than text.
                    let value = tokens[index]
                    if value.hasPrefix("--"), let near = suggestion(for: value, among: [instance]) {
                        throw UsageError.optionLikeValue(option: name, value: value, suggestion: near)
                    }
                    try box.accept(tokens[index], spelling: name)
                    index += 1
                }
            } else {
                if inlineValue != nil { throw UsageError.noValueAllowed(name) }
                // `-v` and `--verbose` are one flag given twice: only a flag and its inversion exclude each other.
                let isShort = box.definition.shortName.map { "-" + String($0) } == name
                try box.accept("", spelling: isShort ? box.definition.longName.map { "--" + $0 } ?? name : name)
            }
        }
        for box in instance.boxes { try box.finish() }
    }
}

/// A usage error together with the command it concerns, for the hint that points to its help.
struct ContextualUsageError: Error {
    let path: [any ParsableCommand.Type]
    let error: UsageError
}

struct VersionRequest: Error {}
