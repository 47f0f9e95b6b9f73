import Output

/// A command: a struct with a static configuration, properties declared with `@Argument`,
/// `@Option`, `@Flag` and `@OptionGroup`, and a `run()` method. A struct, because the parser finds
/// each declaration's name in the struct's stored properties (`DeclarationCollector`).
public protocol ParsableCommand: SendableMetatype {
    static var configuration: CommandConfiguration { get }
    init()
    /// Checks the parsed values together (flags that exclude each other, ...); throw
    /// `ValidationError` for a usage error.
    mutating func validate() throws
    mutating func run() throws
}

extension ParsableCommand {
    public mutating func validate() throws {}

    /// Commands that only group subcommands print their help when run alone.
    public mutating func run() throws {
        throw HelpRequest(command: Self.self)
    }
}

public struct CommandConfiguration: Sendable {
    /// The name typed on the command line; derived from the type name when nil.
    public var commandName: String?
    /// One line: what the command does.
    public var abstract: String
    /// Paragraphs shown under the overview in `--help`: made when help asks for them, not whenever
    /// a command line is parsed (some interpolate whole tables).
    public var discussion: String { makeDiscussion() }
    private let makeDiscussion: @Sendable () -> String
    /// Examples shown at the end of `--help`, one command line each, with an optional comment.
    public var examples: [(command: String, comment: String)]
    /// Every subcommand: the ungrouped ones, then those of each group.
    public var subcommands: [any ParsableCommand.Type] { ungroupedSubcommands + groupedSubcommands.flatMap(\.subcommands) }
    /// Subcommands help lists under `SUBCOMMANDS:`, before the groups.
    public var ungroupedSubcommands: [any ParsableCommand.Type]
    /// Subcommands help lists under a heading of their own each (`RECORDING SUBCOMMANDS:`).
    public var groupedSubcommands: [CommandGroup]
    public var aliases: [String]
    /// The version printed by `--version` on the root command.
    public var version: String?
    /// False for a command that is for the tool's own use (the shell scripts' candidates command):
    /// it runs when named, but help, "did you mean" and completions never show it.
    public var shouldDisplay: Bool
    /// Words people type for a subcommand that another command does, with what to type instead
    /// (`"remove": "dtaudit retract ID"`): the "did you mean" of an unknown subcommand.
    public var pointers: [String: String]

    public init(commandName: String? = nil, abstract: String = "", discussion: @autoclosure @escaping @Sendable () -> String = "",
                examples: [(command: String, comment: String)] = [],
                subcommands: [any ParsableCommand.Type] = [], groupedSubcommands: [CommandGroup] = [],
                aliases: [String] = [], version: String? = nil, shouldDisplay: Bool = true, pointers: [String: String] = [:]) {
        self.pointers = pointers
        self.commandName = commandName
        self.abstract = abstract
        makeDiscussion = discussion
        self.examples = examples
        self.ungroupedSubcommands = subcommands
        self.groupedSubcommands = groupedSubcommands
        self.aliases = aliases
        self.version = version
        self.shouldDisplay = shouldDisplay
    }

    /// What an unknown subcommand `word` most likely meant.
    func suggestion(for word: String) -> String? {
        pointers[word.lowercased()] ?? Suggestions.closest(to: word, among: visibleSubcommands.map { $0.commandName }).first
    }

    /// The subcommands a user is shown.
    var visibleSubcommands: [any ParsableCommand.Type] {
        subcommands.filter { $0.configuration.shouldDisplay }
    }

    /// The subcommands a user is shown, section by section as help lists them: the ungrouped ones
    /// (a nil title), then each group.
    var visibleSections: [(title: String?, subcommands: [any ParsableCommand.Type])] {
        let sections = [(title: String?.none, subcommands: ungroupedSubcommands)] + groupedSubcommands.map { (title: $0.name, subcommands: $0.subcommands) }
        return sections.map { (title: $0.title, subcommands: $0.subcommands.filter { $0.configuration.shouldDisplay }) }.filter { !$0.subcommands.isEmpty }
    }
}

/// Subcommands that help lists together under a name, as a user looks for them: what is used to
/// start, to record, to share.
public struct CommandGroup: Sendable {
    /// The heading's words: `Recording` is listed under `RECORDING SUBCOMMANDS:`.
    public var name: String
    public var subcommands: [any ParsableCommand.Type]

    public init(name: String, subcommands: [any ParsableCommand.Type]) {
        self.name = name
        self.subcommands = subcommands
    }
}

extension ParsableCommand {
    static var commandName: String {
        if let name = configuration.commandName { return name }
        return ArgumentNames.kebabCase(String(describing: Self.self).replacingSuffix("Command", with: ""))
    }
}

/// A usage error raised by a command's own checks: printed on one line, exit status 64.
public struct ValidationError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Thrown to end the program with a status and no message (the command has printed what it had to).
public struct ExitCode: Error, Sendable, Equatable {
    public let rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let success = ExitCode(0)
    /// The command ran and its answer is "no": a failed gate, findings, an invalid file.
    public static let failure = ExitCode(1)
    /// The command line was wrong.
    public static let usage = ExitCode(64)
    /// Writing failed midway: standard output on a full disk or closed.
    public static let ioError = ExitCode(74)
}

struct HelpRequest: Error {
    let command: any ParsableCommand.Type
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) + replacement : self
    }
}
