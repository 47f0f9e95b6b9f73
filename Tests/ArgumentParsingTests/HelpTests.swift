import Output
import TerminalStyle
import Testing
@testable import ArgumentParsing

/// `--help`, `-h`, `help COMMAND` and `--version`: what they print and how they end.
@Suite struct HelpTests {
    /// The help of `kit note`, wide enough that no line wraps.
    var noteHelp: String { Run(["help", "note"], width: 400).output }

    /// The line of `text` that starts with `prefix` after its indentation.
    func line(_ prefix: String, in text: String) -> String? {
        text.split(separator: "\n").map(String.init).first { $0.drop { $0 == " " }.hasPrefix(prefix) }
    }

    @Test(arguments: [
        ["note", "--help"], ["note", "-h"], ["help", "note"], ["help", "note", "-h"], ["help", "note", "--help"],
        ["note", "Home", "--help"], ["note", "--times", "x", "-h"], ["note", "--bogus", "--help"],
        ["note", "--note", "--help"], ["note", "--tag", "-h"], ["--store", "/s", "note", "--help"],
    ])
    func everyWayToAskForACommandsHelpPrintsTheSameHelp(_ arguments: [String]) {
        let run = Run(arguments, width: 400)
        #expect(run.status == 0)
        #expect(run.error == nil)
        #expect(run.output == noteHelp)
        #expect(run.output.hasPrefix("OVERVIEW: Write a note about a screen.\n"))
    }

    @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["help", "--help"], ["--store", "/s", "--help"]])
    func theRootHelpIsOneRequestAway(_ arguments: [String]) {
        let run = Run(arguments)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("OVERVIEW: A tool to test the parser with.\n\nUSAGE: kit <subcommand>\n"))
    }

    @Test(arguments: [
        (["help", "shelf", "label", "set"], ["shelf", "label", "set", "--help"]),
        (["help", "shelf", "ls"], ["shelf", "list", "--help"]),
        (["help", "shelf"], ["shelf", "-h"]),
        (["shelf", "label", "-h"], ["help", "shelf", "label"]),
    ])
    func helpForANestedCommandOrAnAlias(_ asked: [String], _ same: [String]) {
        let run = Run(asked)
        #expect(run.status == 0)
        #expect(run.output == Run(same).output)
        #expect(!run.output.isEmpty)
    }

    @Test(arguments: [
        (["help", "zzz"], "error: unknown command 'zzz' (see 'kit --help')"),
        (["help", "shelf", "ad"], "error: unknown command 'ad'; did you mean 'add'? (see 'kit help shelf')"),
        (["help", "note", "extra"], "error: unknown command 'extra' (see 'kit help note')"),
    ])
    func helpForAnUnknownCommandIsAUsageError(_ arguments: [String], _ line: String) {
        let run = Run(arguments)
        #expect(run.status == 64)
        #expect(run.error == line)
        #expect(run.output.isEmpty)
    }

    @Test func afterADoubleDashHelpIsAnArgument() {
        let run = Run(["note", "--", "--help"])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
    }

    // MARK: What the help says

    @Test func theUsageLineListsEveryVisibleDeclarationInOrder() {
        #expect(line("USAGE:", in: noteHelp) == "USAGE: kit note <screen> [--times <n>] [--note <text>] [--shade <shade>] [--tag <tag> ...] [--offset <points>] [--verbose] [--quiet] [--wrap | --no-wrap] [--critical | --no-critical] [--pass | --fail | --na]")
    }

    @Test(arguments: [
        (["copy"], "USAGE: kit copy <file> ... --to <to>"),
        (["shelf", "add"], "USAGE: kit shelf add <name> (--pass | --fail | --na)"),
        (["shelf", "label", "set"], "USAGE: kit shelf label set <name> [<label>]"),
        (["check"], "USAGE: kit check [<depth>] [--min <min>] [--max <max>] [--label <text>] [--passes <n>] [--timeout <s>]"),
        (["shelf"], "USAGE: kit shelf <subcommand>"),
    ])
    func requiredValuesAreBareAndOptionalOnesBracketed(_ path: [String], _ usage: String) {
        #expect(line("USAGE:", in: Run(["help"] + path, width: 200).output) == usage)
    }

    @Test(arguments: [
        ("-t, --times <n>", "How many times. (default: 1)"),
        ("--note <text>", "What to say."),
        ("--shade <shade>", "The shade. (values: light, dark, high-contrast) (default: light)"),
        ("--tag <tag>", "A tag. Repeatable."),
        ("--offset <points>", "How far to move."),
        ("-v, --verbose", "Say more."),
        ("-q, --quiet", "Say less."),
        ("--wrap, --no-wrap", "Wrap long lines."),
        ("--pass", "It passed."),
        ("--na", "It does not apply."),
        ("--store <dir>", "The store folder."),
        ("--no-color", "Never colour the output."),
        ("-h, --help", "Show help information."),
        ("<screen>", "The screen."),
    ])
    func eachEntryShowsItsNamesValueNameAndDefault(_ label: String, _ help: String) {
        // Help text starts in one column for every entry whose label is short enough.
        #expect(line(label + " ", in: noteHelp) == TextLayout.pad("  " + label, to: 26) + help)
    }

    @Test func aLabelTooLongForTheGutterPutsItsHelpOnTheNextLine() {
        #expect(noteHelp.contains("  --critical, --no-critical\n" + String(repeating: " ", count: 26) + "Mark it critical, or not.\n"))
    }

    @Test func theSectionsComeInTheirOrder() throws {
        let sections = noteHelp.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.contains(":") }.map { String($0.prefix { $0 != ":" }) }
        #expect(sections == ["OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "EXAMPLES"])
        #expect(noteHelp.hasSuffix("EXAMPLES:\n  kit note Checkout --times 2\n      Notes Checkout twice.\n"))
    }

    @Test func aHiddenOptionIsNotListedButStillWorks() throws {
        #expect(!noteHelp.contains("debug-seed"))
        #expect(!noteHelp.contains("A seed for debugging."))
        #expect(try parse(["note", "Home", "--debug-seed", "4"], as: NoteCommand.self).debugSeed == 4)
    }

    @Test func aHiddenOptionIsNotSuggestedEither() {
        #expect(usageMessage(["note", "Home", "--debug-see", "4"]) == "unknown option '--debug-see'")
    }

    @Test func theRootListsItsSubcommandsSharedOptionsAndVersion() {
        let help = Run(["--help"], width: 200).output
        #expect(help.contains("SUBCOMMANDS:\n  note                    Write a note about a screen.\n  copy                    Copy files.\n  shelf                   Manage shelves.\n"))
        #expect(help.contains("  See 'kit help <subcommand>' for detailed help."))
        #expect(line("--store <dir>", in: help) != nil)
        #expect(line("--version", in: help) == "  --version               Show the version.")
    }

    @Test func aGroupListsItsOwnSubcommandsAndPointsAtHelpFromTheRoot() {
        let help = Run(["help", "shelf", "label"]).output
        #expect(help.contains("SUBCOMMANDS:\n  set                     Set a shelf's label.\n"))
        #expect(help.contains("  See 'kit help <subcommand>' for detailed help."))
        #expect(line("--version", in: help) == nil)
    }

    @Test func aRootWithoutSubcommandsOrVersionHasNeitherSection() {
        let help = Run(["--help"], root: Bare.self).output
        #expect(help.hasPrefix("OVERVIEW: A tool with one job.\n\nUSAGE: bare [<input>]\n"))
        #expect(!help.contains("SUBCOMMANDS"))
        #expect(!help.contains("--version"))
    }

    @Test(arguments: [50, 60, 80, 100])
    func helpFitsTheWidthItIsGiven(_ width: Int) {
        for path in [[], ["note"], ["copy"], ["shelf"], ["check"]] {
            for line in Run(["help"] + path, width: width).output.split(separator: "\n") {
                #expect(TextLayout.width(String(line)) <= width, "\(path): \(line)")
            }
        }
    }

    @Test func aWrappedUsageLineKeepsEachOptionWithItsValue() {
        // The usage line breaks between parts, never inside one: an option keeps its value name.
        let usage = Run(["help", "note"], width: 60).output.split(separator: "\n\n")[1]
        #expect(usage.split(separator: "\n").count > 1)
        for line in usage.split(separator: "\n") {
            #expect(!line.hasSuffix("[--note") && !line.hasSuffix("[--offset") && !line.hasSuffix("[--times"), "\(line)")
            #expect(!line.contains("\u{00A0}"))
        }
        #expect(usage.contains("[--note <text>]"))
    }

    @Test func helpIsPlainTextWithoutATerminal() {
        #expect(!Run(["--help"]).output.contains("\u{1B}"))
        let styled = CommandLineTool.outcome(root: Kit.self, arguments: ["--help"], width: 80, outputStyle: Style(enabled: true), errorStyle: .plain)
        #expect(styled.output.contains("\u{1B}[1mUSAGE:\u{1B}[0m"))
    }

    // MARK: Version

    @Test(arguments: [["--version"], ["--store", "/s", "--version"], ["--version", "note"]])
    func theRootPrintsItsVersion(_ arguments: [String]) {
        let run = Run(arguments)
        #expect(run.status == 0)
        #expect(run.output == "2.5.0\n")
        #expect(run.error == nil)
    }

    @Test func onlyTheRootKnowsItsVersion() {
        #expect(usageMessage(["note", "Home", "--version"]) == "unknown option '--version'")
        #expect(usageMessage(["--version"], root: Bare.self) == "unknown option '--version'")
    }
}
