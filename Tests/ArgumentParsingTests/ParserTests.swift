import Testing
@testable import ArgumentParsing

enum Mood: String, EnumerableFlag {
    case happy, sad
    static func help(for value: Mood) -> String { "Feel \(value.rawValue)." }
}

enum Colour: String, CaseIterable, ExpressibleByArgument {
    case red, green
}

struct Shared: ParsableArguments {
    @Option(help: "Where.", valueName: "dir") var place: String?
    init() {}
}

struct Greet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "greet", abstract: "Say hello.", examples: [("tool greet Ana", "Greets Ana.")])
    @Argument(help: "Who.", valueName: "name") var name: String
    @Option(name: .names("times", short: "t"), help: "How often.", valueName: "n") var times: Int = 1
    @Option(help: "A colour.", valueName: "colour") var colour: Colour?
    @Option(help: "Tags.", valueName: "tag") var tag: [String] = []
    @Flag(help: "Shout.") var loud = false
    @Flag(inversion: "not-polite", help: "Be polite, or not.") var polite: Bool?
    @Flag(required: false) var mood: Mood?
    @OptionGroup var shared: Shared
    init() {}
}

struct Tool: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tool", abstract: "A tool.", subcommands: [Greet.self], version: "1.2.3")
    @OptionGroup var shared: Shared
    init() {}
}

@Suite struct ParserTests {
    func parse(_ arguments: [String]) throws -> Greet {
        let result = try Parser.parse(root: Tool.self, arguments: arguments)
        return try #require(result.command as? Greet)
    }

    func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try Parser.parse(root: Tool.self, arguments: arguments)
            return nil
        } catch let error as ContextualUsageError {
            return error.error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesArriveInEveryForm() throws {
        let greet = try parse(["greet", "Ana", "-t", "3", "--colour=green", "--tag", "a", "--tag", "b", "--loud", "--not-polite", "--sad"])
        #expect(greet.name == "Ana")
        #expect(greet.times == 3)
        #expect(greet.colour == .green)
        #expect(greet.tag == ["a", "b"])
        #expect(greet.loud)
        #expect(greet.polite == false)
        #expect(greet.mood == .sad)
        #expect(greet.shared.place == nil)
    }

    @Test func defaultsAndGlobalOptionsBeforeTheCommand() throws {
        let greet = try parse(["--place", "/tmp", "greet", "--", "-dash-name"])
        #expect(greet.name == "-dash-name")
        #expect(greet.times == 1)
        #expect(greet.polite == nil)
        #expect(greet.mood == nil)
        #expect(greet.shared.place == "/tmp")
    }

    @Test func usageErrorsSayWhatIsWrong() {
        #expect(usageMessage(["gret"]) == "unknown command 'gret'; did you mean 'greet'?")
        #expect(usageMessage(["greet"]) == "missing <name>")
        #expect(usageMessage(["greet", "Ana", "--tims", "2"]) == "unknown option '--tims'; did you mean '--times'?")
        #expect(usageMessage(["greet", "Ana", "--times"]) == "--times needs a value")
        #expect(usageMessage(["greet", "Ana", "--times", "x"]) == "--times: 'x' is not a whole number")
        #expect(usageMessage(["greet", "Ana", "--colour", "blu"]) == "--colour: 'blu' is not one of red, green")
        #expect(usageMessage(["greet", "Ana", "--colour", "gren"]) == "--colour: 'gren' is not one of red, green; did you mean 'green'?")
        #expect(usageMessage(["greet", "Ana", "--happy", "--sad"]) == "--happy and --sad cannot be used together")
        #expect(usageMessage(["greet", "Ana", "--polite", "--not-polite"]) == "--polite and --not-polite cannot be used together")
        #expect(usageMessage(["greet", "Ana", "-t", "1", "-t", "2"]) == "-t was given more than once")
        #expect(usageMessage(["greet", "Ana", "Bo"]) == "unexpected argument 'Bo'")
        #expect(usageMessage(["greet", "Ana", "--loud=yes"]) == "--loud does not take a value")
        // An option the command doesn't share, before the command: its value is no command name.
        #expect(usageMessage(["--plac", "/tmp", "greet", "Ana"]) == "unknown option '--plac'; did you mean '--place'?")
        #expect(usageMessage(["-C", "/", "greet", "Ana"]) == "unknown option '-C'")
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        let help = Help.render(path: [Tool.self, Greet.self], width: 200, style: .plain)
        #expect(help.contains("OVERVIEW: Say hello."))
        #expect(help.contains("USAGE: tool greet <name> [--times <n>] [--colour <colour>] [--tag <tag> ...] [--loud] [--polite | --not-polite]"))
        #expect(help.contains("[--happy | --sad]"))
        #expect(help.contains("  <name>                  Who."))
        #expect(help.contains("  -t, --times <n>         How often. (default: 1)"))
        #expect(help.contains("A colour. (values: red, green)"))
        #expect(help.contains("--polite, --not-polite"))
        #expect(help.contains("--place <dir>"))
        #expect(help.contains("EXAMPLES:\n  tool greet Ana\n      Greets Ana."))
        let root = Help.render(path: [Tool.self], width: 80, style: .plain)
        #expect(root.contains("SUBCOMMANDS:\n  greet                   Say hello."))
        #expect(root.contains("--version"))
    }

    @Test func exitStatusesFollowTheConvention() {
        #expect(Tool.execute(["greet", "Ana"]) == 0)
        #expect(Tool.execute(["gret"]) == 64)
        #expect(Tool.execute(["greet", "--help"]) == 0)
        #expect(Tool.execute(["help", "greet"]) == 0)
        #expect(Tool.execute(["help", "nope"]) == 64)
    }

    @Test func kebabCaseNames() {
        #expect(ArgumentNames.kebabCase("noColor") == "no-color")
        #expect(ArgumentNames.kebabCase("_addFile") == "add-file")
        #expect(ArgumentNames.kebabCase("itemIDs") == "item-ids")
    }
}
