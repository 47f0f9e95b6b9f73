import Testing
@testable import ArgumentParsing

// `desk`: a root whose subcommands are listed in groups, with one command for its own use that is
// never listed.

struct Desk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desk", abstract: "Keep a desk in order.",
        subcommands: [DeskInternal.self],
        groupedSubcommands: [
            CommandGroup(name: "Getting started", subcommands: [DeskSetUp.self]),
            CommandGroup(name: "Daily work", subcommands: [DeskTidy.self, Shelf.self]),
        ])
    @OptionGroup var shared: SharedOptions
    init() {}
}

struct DeskSetUp: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set-up", abstract: "Set the desk up.")
    func run() {}
    init() {}
}

struct DeskTidy: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tidy", abstract: "Tidy the desk.", aliases: ["t"])
    @Flag(help: "Everything, drawers too.") var all = false
    func run() {}
    init() {}
}

struct DeskInternal: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__internal", abstract: "For the tool itself.", shouldDisplay: false)
    func run() {}
    init() {}
}

@Suite struct GroupedSubcommandTests {
    @Test func helpListsEachGroupUnderItsOwnHeadingAndNoEmptySection() {
        let help = Run(["--help"], root: Desk.self, width: 200).output
        #expect(help.contains("""
            GETTING STARTED SUBCOMMANDS:
              set-up                  Set the desk up.

            DAILY WORK SUBCOMMANDS:
              tidy                    Tidy the desk.
              shelf                   Manage shelves.

              See 'desk help <subcommand>' for detailed help.

            """))
        #expect(!help.contains("\nSUBCOMMANDS:"))
        #expect(!help.contains("__internal"))
    }

    @Test func aGroupedCommandParsesByItsNameAndAliasesAndNestedOnesToo() throws {
        #expect(try Parser.parse(root: Desk.self, arguments: ["tidy", "--all"]).command is DeskTidy)
        #expect(try Parser.parse(root: Desk.self, arguments: ["t"]).command is DeskTidy)
        #expect(try Parser.parse(root: Desk.self, arguments: ["shelf", "add", "Top", "--pass"]).command is ShelfAdd)
        #expect(try Parser.parse(root: Desk.self, arguments: ["__internal"]).command is DeskInternal)
        #expect(usageMessage(["tidyy"], root: Desk.self) == "unknown command 'tidyy'; did you mean 'tidy'?")
    }

    @Test func theManualHasASectionPerGroupWithItsCommandsInHelpsOrder() {
        let page = ManualPage.render(root: Desk.self, date: "December 1, 2026")
        let headings = page.split(separator: "\n").filter { $0.hasPrefix(".Sh") || $0.hasPrefix(".Ss") }.map(String.init)
        #expect(headings == [".Sh NAME", ".Sh SYNOPSIS", ".Sh DESCRIPTION", ".Sh GETTING STARTED COMMANDS", ".Ss set-up",
                             ".Sh DAILY WORK COMMANDS", ".Ss tidy", ".Ss shelf add", ".Ss shelf list", ".Ss shelf remove", ".Ss shelf label set"])
    }

    @Test func completionsOfferEveryListedCommandInHelpsOrder() {
        let tree = CompletionTree(root: Desk.self)
        #expect(tree.root.subcommands.map(\.name) == ["set-up", "tidy", "shelf", "help"])
    }
}
