import Foundation
import Testing

/// `dtaudit --help`: the commands listed in groups, in the order an audit goes.
@Suite(.tags(.endToEnd)) struct RootHelpTests {
    /// Each heading of the root help that lists commands, with the commands under it.
    static func sections(_ help: String) -> [(heading: String, commands: [String])] {
        var sections: [(heading: String, commands: [String])] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("SUBCOMMANDS:") {
                sections.append((String(line.dropLast(":".count)), []))
            } else if line.isEmpty {
                continue
            } else if !sections.isEmpty, line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  See "),
                      let word = line.split(separator: " ").first {
                sections[sections.count - 1].commands.append(String(word))
            }
        }
        return sections
    }

    @Test func everyCommandIsListedOnceUnderTheGroupAUserLooksIn() throws {
        let help = try CLI().ok(["--help"])
        let sections = Self.sections(help)
        #expect(sections.map(\.heading) == ["GETTING STARTED SUBCOMMANDS", "RECORDING SUBCOMMANDS", "FIXING SUBCOMMANDS", "SHARING SUBCOMMANDS",
                                            "CI SUBCOMMANDS", "REPORTS SUBCOMMANDS", "TOOLS SUBCOMMANDS"])
        let listed = sections.flatMap(\.commands)
        #expect(listed.count == 31)
        #expect(Set(listed).count == listed.count, "a command listed twice: \(listed)")
        #expect(sections.first { $0.heading == "GETTING STARTED SUBCOMMANDS" }?.commands == ["init", "demo", "screen", "triage"])
        #expect(sections.first { $0.heading == "CI SUBCOMMANDS" }?.commands.contains("gate") == true)
        #expect(sections.first { $0.heading == "RECORDING SUBCOMMANDS" }.map { $0.commands.contains("confirm") && $0.commands.contains("waive") } == true)
        #expect(!listed.contains("__complete"))
        #expect(help.hasSuffix("\n  See 'dtaudit help <subcommand>' for detailed help.\n"))
    }

    @Test func everyListedCommandRunsItsHelpAndTheManualHasASectionPerGroup() throws {
        let cli = try CLI()
        let help = try cli.ok(["--help"])
        for command in Self.sections(help).flatMap(\.commands) {
            #expect(try cli.ok([command, "--help"]).contains("USAGE: dtaudit \(command)"), "\(command)")
        }
        let page = try cli.ok(["manual"])
        let headings = page.split(separator: "\n").map(String.init).filter { $0.hasPrefix(".Sh ") && $0.hasSuffix(" COMMANDS") }
        #expect(headings == Self.sections(help).map { ".Sh " + $0.heading.replacingOccurrences(of: "SUBCOMMANDS", with: "COMMANDS") })
    }

    /// A help text's source lines join into paragraphs: no line of any command's help ends in a
    /// stray backslash left by an escaped line continuation.
    @Test func everyCommandsHelpReadsAsProse() throws {
        let cli = try CLI()
        for command in Self.sections(try cli.ok(["--help"])).flatMap(\.commands) {
            let help = try cli.ok([command, "--help"])
            let stray = help.split(separator: "\n").filter { $0.hasSuffix("\\") }
            #expect(stray.isEmpty, "\(command): \(stray)")
        }
    }
}
