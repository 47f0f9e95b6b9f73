import Foundation
import Testing

/// `dtaudit manual`: the page `make install` installs, linted as `man` will read it.
@Suite(.tags(.endToEnd)) struct ManualPageEndToEndTests {
    @Test func thePageCoversEveryCommandAndOption() throws {
        let cli = try CLI()
        let page = try cli.ok(["manual"])
        // Every command help lists, and every option of one of them.
        let help = try cli.ok(["--help"])
        // Commands are listed in groups, each under its own heading (`RECORDING SUBCOMMANDS:`).
        var commands: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("SUBCOMMANDS:") { inSection = true; continue }
            if line.isEmpty { inSection = false; continue }
            // A command's line starts at the third column; wrapped abstracts are indented further.
            guard inSection, line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first else { continue }
            if word.first?.isLowercase == true { commands.append(String(word)) }
        }
        #expect(commands.count > 20)
        for command in commands where command != "screen" && command != "evidence" && command != "checklist" {
            #expect(page.contains(".Ss \(command)\n"), "\(command)")
        }
        #expect(page.contains(".Ss screen add\n") && page.contains(".Ss evidence import\n"))
        for option in ["-size", "-item", "-note", "-evidence", "-by"] {
            #expect(page.contains("Fl \(option)"), "\(option)")
        }
        #expect(page.contains(".Sh EXIT STATUS") && page.contains("65: A file or store given is malformed"))
        #expect(try cli.ok(["manual"]) == page)
    }

    @Test(.requires(.mandoc))
    func mandocFindsNothingToWarnAbout() throws {
        let cli = try CLI()
        let file = cli.directory.appendingPathComponent("dtaudit.1")
        try Data(try cli.ok(["manual"]).utf8).write(to: file)
        let mandoc = try RequiredTool.mandoc.location()
        let lint = try Spawn.run(mandoc, ["-T", "lint", "-W", "warning", file.path], in: cli.directory, environment: [:])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
    }
}
