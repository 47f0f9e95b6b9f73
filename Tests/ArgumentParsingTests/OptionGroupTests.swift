import Testing
@testable import ArgumentParsing

// `pin`: two commands that take the same things, one declaring them itself, the other through
// groups placed where they stand, as dtaudit's `--json` and screen argument are.

/// `<shelf>`, placed where it is declared.
struct ShelfArgument: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace
    @Argument(help: "The shelf.", valueName: "shelf") var name: String
    init() {}
    init(help: String) { _name = Argument(help: help, valueName: "shelf") }
}

/// `--json`, placed where it is declared.
struct JSONFlag: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace
    @Flag(help: "Print JSON.") var json = false
    init() {}
}

struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin labels to shelves.",
                                                    subcommands: [PinOwn.self, PinGrouped.self, PinRetold.self])
    @OptionGroup var shared: SharedOptions
    init() {}
}

/// Declares everything itself.
struct PinOwn: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "own", abstract: "Pin a label.")
    @Argument(help: "The shelf.", valueName: "shelf") var shelf: String
    @Argument(help: "The label.", valueName: "label") var label: String
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Say more.") var verbose = false
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

/// The same as `own`, the shelf and `--json` from groups.
struct PinGrouped: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "grouped", abstract: "Pin a label.")
    @OptionGroup var shelf: ShelfArgument
    @Argument(help: "The label.", valueName: "label") var label: String
    @OptionGroup var output: JSONFlag
    @Flag(help: "Say more.") var verbose = false
    @OptionGroup var shared: SharedOptions
    func run() {}
    init() {}
}

/// A group whose help is told again for this command.
struct PinRetold: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retold", abstract: "Pin a label.")
    @OptionGroup var shelf = ShelfArgument(help: "The shelf to pin to, by its exact name.")
    func run() {}
    init() {}
}

@Suite struct OptionGroupTests {
    func help(_ command: String) -> String {
        Run(["help", command], root: Pin.self, width: 200).output
    }

    @Test func aGroupPlacedInPlaceHelpsAsIfTheCommandDeclaredItsOptions() {
        #expect(help("grouped") == help("own").replacingOccurrences(of: "pin own", with: "pin grouped"))
        #expect(help("grouped").contains("USAGE: pin grouped <shelf> <label> [--json] [--verbose]\n"))
    }

    @Test func aSharedGroupStillComesAfterTheCommandsOwnOptions() throws {
        let lines = help("grouped").split(separator: "\n").map(String.init)
        let json = try #require(lines.firstIndex { $0.hasPrefix("  --json") })
        let store = try #require(lines.firstIndex { $0.hasPrefix("  --store") })
        #expect(json < store)
        #expect(!lines[1...].contains { $0.hasPrefix("USAGE:") && $0.contains("--store") })
    }

    @Test func aGroupsPositionalKeepsItsPlaceAmongTheCommandsOwn() throws {
        let result = try Parser.parse(root: Pin.self, arguments: ["grouped", "Top", "Fragile", "--json"])
        let command = try #require(result.command as? PinGrouped)
        #expect(command.shelf.name == "Top")
        #expect(command.label == "Fragile")
        #expect(command.output.json)
        #expect(!command.verbose)
    }

    @Test func aGroupKeepsNoValueFromAnotherCommandThatDeclaresIt() throws {
        _ = try Parser.parse(root: Pin.self, arguments: ["grouped", "Top", "Fragile", "--json"])
        let result = try Parser.parse(root: Pin.self, arguments: ["grouped", "Low", "Glass"])
        let command = try #require(result.command as? PinGrouped)
        #expect(command.shelf.name == "Low")
        #expect(!command.output.json)
    }

    @Test func aGroupsHelpToldAgainIsWhatTheCommandShows() {
        #expect(help("retold").contains("  <shelf>                 The shelf to pin to, by its exact name.\n"))
        #expect(!help("retold").contains("The shelf.\n"))
        #expect(Run(["retold"], root: Pin.self).error == "error: missing <shelf> (see 'pin help retold')")
    }

    @Test func completionsOfferAGroupsOptionsWhereTheCommandsOwnStand() {
        let tree = CompletionTree(root: Pin.self)
        let own = tree.root.subcommands.first { $0.name == "own" }
        let grouped = tree.root.subcommands.first { $0.name == "grouped" }
        #expect(own?.optionNames == grouped?.optionNames)
        #expect(own?.positionals.map(\.valueName) == grouped?.positionals.map(\.valueName))
    }
}
