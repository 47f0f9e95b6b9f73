@testable import ArgumentParsing

// A small tool, `kit`, declared the way dtaudit declares its commands: a root with a version and
// shared options, leaf commands with every kind of declaration, and a group nested two deep.

enum Shade: String, CaseIterable, ExpressibleByArgument {
    case light, dark, highContrast = "high-contrast"
}

enum Verdict: String, EnumerableFlag {
    case pass, fail, na

    static func help(for value: Verdict) -> String {
        switch value {
        case .pass: "It passed."
        case .fail: "It failed."
        case .na: "It does not apply."
        }
    }
}

/// Options every command shares, like dtaudit's `--store` and `--no-color`.
struct SharedOptions: ParsableArguments {
    @Option(help: "The store folder.", valueName: "dir") var store: String?
    @Flag(help: "Never colour the output.") var noColor = false
    init() {}
}

struct Kit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kit", abstract: "A tool to test the parser with.",
        subcommands: [NoteCommand.self, Copy.self, Shelf.self, Check.self, Fail.self],
        version: "2.5.0")
    @OptionGroup var shared: SharedOptions
    init() {}
}

/// A leaf with one of each: a required argument, options of several types, flags, choices, a hidden option.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a note about a screen.",
        examples: [("kit note Checkout --times 2", "Notes Checkout twice.")])
    @Argument(help: "The screen.", valueName: "screen") var screen: String
    @Option(name: .names("times", short: "t"), help: "How many times.", valueName: "n") var times: Int = 1
    @Option(help: "What to say.", valueName: "text") var note: String?
    @Option(help: "The shade.") var shade: Shade = .light
    @Option(help: "A tag.", valueName: "tag") var tag: [String] = []
    @Option(help: "How far to move.", valueName: "points") var offset: Double?
    @Flag(name: .names("verbose", short: "v"), help: "Say more.") var verbose = false
    @Flag(name: .short("q"), help: "Say less.") var quiet = false
    @Flag(inversion: "no-wrap", help: "Wrap long lines.") var wrap = true
    @Flag(inversion: "no-critical", help: "Mark it critical, or not.") var critical: Bool?
    @Flag() var verdict: Verdict?
    @Option(help: "A seed for debugging.", hidden: true) var debugSeed: Int?
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

/// Repeating arguments and a required option.
struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Copy files.")
    @Argument(help: "The files to copy.", valueName: "file", required: true) var files: [String] = []
    @Option(help: "Where to copy them.") var to: String
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

/// A group that declares no options of its own, like `dtaudit screen`.
struct Shelf: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage shelves.", subcommands: [ShelfAdd.self, ShelfList.self, ShelfRemove.self, ShelfLabel.self])
    init() {}
}

struct ShelfAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a shelf.")
    @Argument(help: "The shelf's name.", valueName: "name") var name: String
    @Flag(required: true) var verdict: Verdict?
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

struct ShelfList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the shelves.", aliases: ["ls"])
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

struct ShelfRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a shelf.", aliases: ["rm"])
    @Argument(help: "The shelf's name.", valueName: "name") var name: String
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

struct ShelfLabel: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "label", abstract: "Label shelves.", subcommands: [ShelfLabelSet.self])
    init() {}
}

struct ShelfLabelSet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set a shelf's label.")
    @Argument(help: "The shelf's name.", valueName: "name") var name: String
    @Argument(help: "The label.", valueName: "label") var label: String?
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

/// Values checked together in `validate()`, and an argument with a default.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check a range.")
    @Argument(help: "How deep to check.", valueName: "depth") var depth: Int = 5
    @Option(help: "The lowest value.") var min: Int = 0
    @Option(help: "The highest value.") var max: Int = 10
    @Option(help: "A label for the range.", valueName: "text") var label: String?
    @Option(help: "How many passes.", valueName: "n", range: 1...100) var passes: Int = 3
    @Option(help: "Stop after this many seconds.", valueName: "s", range: 0...3600) var timeout: Int?

    mutating func validate() throws {
        if min > max { throw ValidationError("--min (\(min)) must not be more than --max (\(max))") }
        if let label, label.hasPrefix("kit") { throw ValidationError("the label '\(label)' is reserved") }
    }
    func run() {}
    init() {}
}

/// Ends its run the way a command can: a usage error, an error with its own exit status, an exit code.
struct Fail: ParsableCommand {
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case usage, status, exit, plain
    }

    struct StatusError: ExitStatusProviding, CustomStringConvertible {
        var exitStatus: Int32 { 3 }
        var description: String { "the store is locked" }
    }

    struct PlainError: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    static let configuration = CommandConfiguration(abstract: "Fail on purpose.")
    @Option(help: "How to fail.") var mode: Mode
    @Option(help: "The message or exit code.", valueName: "text") var text = "went wrong"

    func run() throws {
        switch mode {
        case .usage: throw ValidationError(text)
        case .status: throw StatusError()
        case .exit: throw ExitCode(Int32(text) ?? 99)
        case .plain: throw PlainError(text: text)
        }
    }
    init() {}
}

/// A root with no version and no subcommands.
struct Bare: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bare", abstract: "A tool with one job.")
    @Argument(help: "The input.", valueName: "input") var input: String?
    func run() {}
    init() {}
}
