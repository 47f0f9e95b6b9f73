import Foundation
import Testing

/// fish shows a description beside each candidate: an item's own title, a size's name, never one
/// text repeated for all. Titles come from a team's checklist file: whatever they hold is shown as
/// text and runs nothing.
@Suite(.tags(.endToEnd)) struct CompletionDescriptionTests {
    static let hostileTitle = #"Wraps $(touch pwned-title) `touch pwned-tick` 'single' "double" ; | & < > * ? ~ # % \ {a,b} [x] !!"#

    /// A store whose checklist has two items, one with a title full of shell metacharacters.
    static func audit() throws -> CLI {
        var cli = try CLI()
        let checklist = """
            # Ours

            - version: 1

            ## wrap-check: \(hostileTitle)

            - sizes: ax5
            - severity: major

            Look at it.

            ## focus-order: Focus moves in reading order

            - sizes: l, ax5
            - severity: minor

            Swipe through it.

            """
        try Fixture.write(Data(checklist.utf8), "ours.md", in: cli.directory)
        try cli.ok(["init", "--app", "Trailhead", "--checklist", "ours.md"])
        try cli.ok(["screen", "add", "Checkout"])
        try Fixture.write(Data(try cli.ok(["completions", "fish"]).utf8), "dtaudit.fish", in: cli.directory)
        cli.environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        return cli
    }

    /// What fish offers for `line` (`complete -C`): each candidate with the description fish shows.
    static func fish(_ cli: CLI, _ line: String) throws -> [String] {
        let result = try Spawn.run(try RequiredTool.fish.location(), ["--no-config", "-c", "source ./dtaudit.fish; complete -C $argv[1]", line], in: cli.directory, environment: cli.environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "fish: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.requires(.fish))
    func eachItemShowsItsOwnTitleAndATitleRunsNothing() throws {
        let cli = try Self.audit()
        // fish sorts what it offers.
        #expect(try Self.fish(cli, "dtaudit record Checkout --item ").sorted() == [
            "all\tEvery item of the checklist",
            "focus-order\tFocus moves in reading order",
            "wrap-check\t" + Self.hostileTitle,
        ])
        // The title of the element being completed, after those already in the list.
        #expect(try Self.fish(cli, "dtaudit record Checkout --item wrap-check,f") == ["wrap-check,focus-order\tFocus moves in reading order"])
        #expect(try Self.fish(cli, "dtaudit record Checkout --item=fo") == ["--item=focus-order\tFocus moves in reading order"])
        let planted = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix("pwned") }
        #expect(planted.isEmpty, "a title ran a command, which made \(planted)")
    }

    @Test(.requires(.fish))
    func sizesShowTheirNamesAndGroupsWhatTheyHold() throws {
        let cli = try Self.audit()
        #expect(try Self.fish(cli, "dtaudit record Checkout --size x").sorted() == ["xl\txLarge", "xs\txSmall", "xxl\txxLarge", "xxxl\txxxLarge"])
        #expect(try Self.fish(cli, "dtaudit record Checkout --size l") == ["l\tLarge (the default)"])
        #expect(try Self.fish(cli, "dtaudit record Checkout --size st") == ["standard\tThe seven standard sizes, xs to xxxl"])
    }

    /// In a real terminal, fish's list beside the cursor shows each item's title, the hostile one as
    /// plain text; the completed line runs with the id only.
    @Test(.requires(.fish, .tmux))
    func fishsListShowsEachTitleInATerminal() throws {
        var cli = try Self.audit()
        cli.environment["HOME"] = cli.directory.path
        cli.environment["XDG_CONFIG_HOME"] = cli.directory.path
        cli.environment["XDG_DATA_HOME"] = cli.directory.path
        let terminal = try TmuxTerminal(cli, command: "fish --no-config -i", width: 200)
        try terminal.type("source ./dtaudit.fish; set -g fish_autosuggestion_enabled 0; function fish_prompt; echo -n 'ready> '; end", literal: true)
        try terminal.type("Enter")
        #expect(try terminal.waitFor(lastLine: "ready>"))
        try terminal.type("dtaudit record Checkout --item ", literal: true)
        try terminal.type("Tab")
        #expect(try terminal.waitFor("Focus moves in reading order"), "\((try? terminal.screen()) ?? "")")
        let screen = try terminal.screen()
        #expect(screen.contains("Wraps $(touch pwned-title) `touch pwned-tick`"), "\(screen)")
        #expect(screen.contains("Every item of the checklist"))
        #expect(!screen.contains("Checklist item ids, comma separated"), "\(screen)")
        let planted = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix("pwned") }
        #expect(planted.isEmpty, "a title ran a command, which made \(planted)")
    }

    /// The candidates command gives a description only when asked, as one line without tabs.
    @Test func theCandidatesCommandDescribesOnlyWhenAsked() throws {
        let cli = try Self.audit()
        #expect(try cli.ok(["__complete", "items", "--", "wr"]) == "wrap-check\n")
        #expect(try cli.ok(["__complete", "--described", "items", "--", "wr"]) == "wrap-check\t\(Self.hostileTitle)\n")
        #expect(try cli.ok(["__complete", "--described", "screens", "--", "Ch"]) == "Checkout\n")
    }
}
