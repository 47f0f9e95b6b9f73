import Foundation
import Testing
import TestSupport
@testable import ArgumentParsing

/// A small grocer's tool to complete: nested commands, every kind of declaration, a hidden option
/// and a hidden command.
enum Grocery {
    enum Fruit: String, CaseIterable, ExpressibleByArgument {
        case apple, banana, cherry
    }

    enum Verdict: String, EnumerableFlag {
        case fresh, stale
        static func help(for value: Verdict) -> String { "It is \(value.rawValue)." }
    }

    /// A basket by name: its type says where its candidates come from.
    struct Basket: ExpressibleByArgument {
        var name: String
        init(argument: String) throws { name = argument }
        static var defaultCompletionKind: CompletionKind { .custom("baskets") }
    }

    struct Place: ParsableArguments {
        @Option(help: "The shop's folder.", valueName: "dir", completion: .directory) var shop: String?
        init() {}
    }

    struct Pick: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pick", abstract: "Pick fruit into a basket.")
        @Argument(help: "The basket.", valueName: "basket") var basket: Basket
        @Argument(help: "Receipts.", valueName: "file", completion: .file(extensions: ["txt"])) var receipts: [String] = []
        @Option(name: .names("fruit", short: "f"), help: "Which fruit [ripe] isn't 'sour'.", valueName: "fruit") var fruit: Fruit?
        @Option(help: "Who picks.", valueName: "name") var by: String?
        @Option(help: "Staff only.", valueName: "code", hidden: true) var secret: String?
        @Flag(inversion: "not-washed", help: "Wash it.") var washed: Bool?
        @Flag(required: false) var verdict: Verdict?
        @OptionGroup var place: Place
        init() {}
    }

    struct Stack: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stack", abstract: "Stack crates: high, low.")
        @Argument(help: "How high.", valueName: "crates", completion: .list(["one", "two crates"])) var crates: String
        init() {}
    }

    struct Shelf: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "shelf", abstract: "Work on shelves.", subcommands: [Stack.self], aliases: ["sh"])
        init() {}
    }

    struct Inventory: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "__inventory", abstract: "For the scripts.", shouldDisplay: false)
        init() {}
    }

    struct Grocer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grocer", abstract: "Run a grocery.",
                                                        subcommands: [Pick.self, Shelf.self, Inventory.self], version: "1.0")
        @OptionGroup var place: Place
        init() {}
    }
}

@Suite struct CompletionTests {
    let tree = CompletionTree(root: Grocery.Grocer.self)

    func command(_ path: String) throws -> CompletionTree.Command {
        try #require(tree.root.all.first { $0.path.joined(separator: " ") == path })
    }

    @Test func theTreeHasWhatAUserIsShownAndNothingHidden() throws {
        #expect(tree.root.subcommands.map(\.name) == ["pick", "shelf", "help"])
        #expect(tree.root.all.map { $0.path.joined(separator: " ") } == ["grocer", "grocer pick", "grocer shelf", "grocer shelf stack", "grocer help"])
        #expect(tree.root.optionNames == ["--shop", "--version", "-h", "--help"])
        let pick = try command("grocer pick")
        #expect(pick.optionNames == ["--fruit", "-f", "--by", "--washed", "--not-washed", "--fresh", "--stale", "--shop", "-h", "--help"])
        #expect(!pick.optionNames.contains("--secret"))
        #expect(pick.valuedOptionNames == ["--fruit", "-f", "--by", "--shop"])
        #expect(try command("grocer shelf").aliases == ["sh"])
    }

    @Test func valuesComeFromTheTypeUnlessTheDeclarationSays() throws {
        let pick = try command("grocer pick")
        #expect(pick.positionals.map(\.completion) == [.custom("baskets"), .file(extensions: ["txt"])])
        #expect(pick.positionals.map(\.isRepeating) == [false, true])
        let fruit = try #require(pick.options.first { $0.long == "--fruit" })
        #expect(fruit.completion == .list(["apple", "banana", "cherry"]))
        #expect(pick.options.first { $0.long == "--by" }?.completion == CompletionKind.none)
        #expect(pick.options.first { $0.long == "--shop" }?.completion == .directory)
        #expect(pick.options.first { $0.long == "--fresh" }?.exclusive == ["--fresh", "--stale"])
        #expect(tree.forwardedOptions.map(\.names) == [["--shop"]])
    }

    @Test func hiddenCommandsAreLeftOutOfHelpAndSuggestions() throws {
        let help = Help.render(path: [Grocery.Grocer.self], width: 100, style: .plain)
        #expect(help.contains("pick"))
        #expect(!help.contains("__inventory"))
        do {
            _ = try Parser.parse(root: Grocery.Grocer.self, arguments: ["_inventory"])
            Issue.record("an unknown command was accepted")
        } catch let error as ContextualUsageError {
            #expect(error.error.message == "unknown command '_inventory'")
        }
        // Named, it still runs: the scripts call it.
        #expect(try Parser.parse(root: Grocery.Grocer.self, arguments: ["__inventory"]).command is Grocery.Inventory)
    }

    @Test func candidatesWithControlCharactersAreNeverOffered() {
        #expect(CompletionScript.isPrintable("Checkout: cart"))
        #expect(CompletionScript.isPrintable("Café ☕️"))
        #expect(!CompletionScript.isPrintable(""))
        #expect(!CompletionScript.isPrintable("Evil\u{1B}[31m"))
        #expect(!CompletionScript.isPrintable("two\nlines"))
        #expect(!CompletionScript.isPrintable("tab\there"))
        #expect(!CompletionScript.isPrintable("c1\u{9B}31m"))
    }

    // MARK: What bash offers

    /// Runs the bash script's completion for `line` (the cursor at its end) and returns what it
    /// offers, one a line. `grocer` is a shell function standing in for the tool's candidates.
    func bash(_ line: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["list.txt", "notes.md", "my receipts.txt"] { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: nil) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Crates"), withIntermediateDirectories: true)
        try CompletionScript.render(for: .bash, root: Grocery.Grocer.self).write(to: folder.appendingPathComponent("grocer.bash"), atomically: true, encoding: .utf8)
        let driver = """
            source ./grocer.bash
            grocer() { [[ $1 == __complete && $2 == baskets ]] && printf '%s\\n' 'Corner shop' 'Deli: north' "$(printf 'Bad\\033[31m')" 'Deli'; }
            COMP_LINE=$1 COMP_POINT=${#1}
            _grocer
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Spawn.run("/bin/bash", ["--norc", "--noprofile", "-c", driver, "bash", line], in: folder, environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashOffersCommandsOptionsAndValues() throws {
        #expect(try bash("grocer p") == ["pick"])
        #expect(try bash("grocer ") == ["pick", "shelf", "help"])
        #expect(try bash("grocer --") == ["--shop", "--version", "--help"])
        #expect(try bash("grocer pick --f") == ["--fruit", "--fresh"])
        #expect(try bash("grocer pick Deli --fruit b") == ["banana"])
        #expect(try bash("grocer pick Deli --fruit=") == ["apple", "banana", "cherry"])
        #expect(try bash("grocer pick Deli --") == ["--fruit", "--by", "--washed", "--not-washed", "--fresh", "--stale", "--shop", "--help"])
        #expect(try bash("grocer pick --se").isEmpty)
        #expect(try bash("grocer shelf ") == ["stack"])
        #expect(try bash("grocer sh stack t") == [#"two\ crates"#])
        #expect(try bash("grocer help sh") == ["shelf"])
        #expect(try bash("grocer __").isEmpty)
    }

    /// Each word is offered as the line needs it: escaped, or inside the quote the user opened.
    @Test func bashOffersNamesWithSpacesAndColonsAsOneWord() throws {
        #expect(try bash("grocer pick ") == [#"Corner\ shop"#, #"Deli:\ north"#, "Deli"])
        #expect(try bash("grocer pick De") == [#"Deli:\ north"#, "Deli"])
        // An escaped colon stays in the word; a bare one splits it for bash, which keeps the start.
        #expect(try bash(#"grocer pick Deli\:\ n"#) == [#"Deli:\ north"#])
        #expect(try bash("grocer pick Deli:") == [#"\ north"#])
        #expect(try bash(#"grocer pick "Deli: n"#) == ["Deli: north"])
        #expect(try bash("grocer pick 'Corner s") == ["Corner shop"])
    }

    @Test func bashOffersFilesAndFolders() throws {
        #expect(try bash("grocer pick Deli ").sorted() == ["Crates/", "list.txt", #"my\ receipts.txt"#])
        #expect(try bash("grocer pick Deli my") == [#"my\ receipts.txt"#])
        #expect(try bash("grocer --shop ") == ["Crates/"])
    }

    // MARK: zsh and fish

    func check(_ shell: CompletionShell, with program: String, _ arguments: [String]) throws -> Spawn.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try CompletionScript.render(for: shell, root: Grocery.Grocer.self).write(to: folder.appendingPathComponent("script"), atomically: true, encoding: .utf8)
        return try Spawn.run(program, arguments, in: folder, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test(.requires(.zsh))
    func theZshScriptParsesAndDefinesItsFunctions() throws {
        let result = try check(.zsh, with: try RequiredTool.zsh.location(), ["-f", "-c", "zsh -n script && autoload -Uz compinit && compinit -u -D && source ./script && whence -w _grocer _grocer_shelf_stack"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "_grocer: function\n_grocer_shelf_stack: function\n")
        // Brackets and quotes in help text are escaped, not taken for the syntax around them.
        let script = CompletionScript.render(for: .zsh, root: Grocery.Grocer.self)
        #expect(script.contains(#"[Which fruit \[ripe\] isn'\''t '\''sour'\''.]"#))
    }

    @Test(.requires(.fish))
    func fishOffersCommandsOptionsAndValues() throws {
        func complete(_ line: String) throws -> [String] {
            let result = try check(.fish, with: try RequiredTool.fish.location(), ["--no-config", "-c", "source script; function grocer; printf '%s\\n' 'Corner shop' 'Deli: north'; end; complete -C $argv[1]", line])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("grocer p") == ["pick"])
        #expect(try complete("grocer pick x --fruit ") == ["apple", "banana", "cherry"])
        #expect(try complete("grocer pick De") == ["Deli: north"])
        #expect(try complete("grocer shelf ") == ["stack"])
        #expect(try complete("grocer pick --se").isEmpty)
        #expect(try complete("grocer _").isEmpty)
    }
}
