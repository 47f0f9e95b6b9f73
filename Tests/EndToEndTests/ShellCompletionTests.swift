import Foundation
import Testing

/// `dtaudit completions`: each script in its shell, completing against a real store whose screen
/// names hold spaces and colons. zsh and fish are skipped where they are not installed (CI
/// installs both).
@Suite(.tags(.endToEnd)) struct ShellCompletionTests {

    static let sizes = ["accessibility", "all", "ax1", "ax2", "ax3", "ax4", "ax5"]
    static let screenSubcommands = ["add", "list", "show", "edit", "remove", "restore"]
    static let fixTypes = ["scroll", "stack-flip", "text-style", "custom"]

    /// A store with Checkout, "Checkout: cart" and Settings, the three scripts beside it, and the
    /// built dtaudit first on the PATH, as after `make install`.
    static func audit() throws -> CLI {
        var cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Checkout: cart"])
        try cli.ok(["screen", "add", "Settings"])
        for (shell, file) in [("bash", "dtaudit.bash"), ("zsh", "_dtaudit"), ("fish", "dtaudit.fish")] {
            try Fixture.write(Data(try cli.ok(["completions", shell]).utf8), file, in: cli.directory)
        }
        try Fixture.write(Data(zshDriver.utf8), "complete.zsh", in: cli.directory)
        cli.environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        return cli
    }

    // MARK: bash

    /// What bash offers for `line` with the cursor at its end, as its completion function leaves
    /// COMPREPLY: each word as it goes on the line, escaped or inside the quote the line opened.
    static func bash(_ cli: CLI, _ line: String, in folder: URL? = nil) throws -> (words: [String], quoted: Bool) {
        let driver = """
            source "$0"
            quoting=no
            compopt() { [[ $* == *filenames* ]] && quoting=yes; return 0; }
            COMP_LINE=$1 COMP_POINT=${#1}
            read -ra COMP_WORDS <<< "$1"
            COMP_CWORD=${#COMP_WORDS[@]}
            _dtaudit
            printf '%s\\n' "${COMPREPLY[@]}" "quoting:$quoting"
            """
        let result = try Spawn.run("/bin/bash", ["--norc", "--noprofile", "-c", driver, cli.directory.appendingPathComponent("dtaudit.bash").path, line],
                                   in: folder ?? cli.directory, environment: cli.environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "bash: \(result.stderr)")
        var words = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while words.last == "" { words.removeLast() }
        let quoting = words.popLast() == "quoting:yes"
        return (words.filter { !$0.isEmpty }, quoting)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let cli = try Self.audit()
        #expect(try Self.bash(cli, "dtaudit rec").words == ["record"])
        #expect(try Self.bash(cli, "dtaudit record --si").words == ["--size"])
        #expect(try Self.bash(cli, "dtaudit record Checkout --size a").words == Self.sizes)
        #expect(try Self.bash(cli, "dtaudit record Checkout --size l,ax").words == (1...5).map { "l,ax\($0)" })
        #expect(try Self.bash(cli, "dtaudit screen ").words == Self.screenSubcommands)
        #expect(try Self.bash(cli, "dtaudit fix X --type ").words == Self.fixTypes)
        #expect(try Self.bash(cli, "dtaudit fix X --type=s").words == ["scroll", "stack-flip"])
        #expect(try Self.bash(cli, "dtaudit record Checkout --item no-t").words == ["no-truncation"])
        // Neither the hidden command nor hidden options are offered.
        #expect(try Self.bash(cli, "dtaudit ").words.contains("completions"))
        #expect(try Self.bash(cli, "dtaudit __").words.isEmpty)
    }

    @Test func bashCompletesScreenNamesWithSpacesAndColonsAsOneWord() throws {
        let cli = try Self.audit()
        let all = try Self.bash(cli, "dtaudit record ")
        #expect(all.words == ["Checkout", #"Checkout:\ cart"#, "Settings"])
        // The script quotes the names itself: bash's quoting of file names leaves '$' and '`' bare.
        #expect(!all.quoted, "bash was asked to quote the names as file names")
        #expect(try Self.bash(cli, #"dtaudit screen show Checkout\:\ c"#).words == [#"Checkout:\ cart"#])
        #expect(try Self.bash(cli, #"dtaudit triage "Checkout: c"#).words == ["Checkout: cart"])
        // A bare colon splits the word for bash, which keeps what comes before it.
        #expect(try Self.bash(cli, "dtaudit status Checkout:").words == [#"\ cart"#])
        // A folder with no store: the store comes from --store, which the line passes on.
        let elsewhere = try CLI()
        let store = cli.directory.appendingPathComponent(".dtaudit").path
        #expect(try Self.bash(cli, "dtaudit record S", in: elsewhere.directory).words.isEmpty)
        #expect(try Self.bash(cli, "dtaudit --store \(store) record S", in: elsewhere.directory).words == ["Settings"])
        #expect(try Self.bash(cli, "dtaudit history --store=\(store) S", in: elsewhere.directory).words == ["Settings"])
    }

    /// Real readline in a terminal: what a completed name looks like on the line.
    @Test(.requires(.tmux))
    func bashPutsTheNameOnTheLineQuoted() throws {
        let cli = try Self.audit()
        let terminal = try TmuxTerminal(cli, command: "env INPUTRC=/dev/null PS1='$ ' bash --norc --noprofile -i")
        try terminal.type("source ./dtaudit.bash", literal: true)
        try terminal.type("Enter")
        try terminal.type("dtaudit record Checkout:", literal: true)
        try terminal.type("Tab")
        var completed = try terminal.waitFor(#"dtaudit record Checkout:\ cart"#)
        var screen = try terminal.screen()
        #expect(completed, "\(screen)")
        try terminal.type("C-c")
        // Keys that arrive while bash handles Ctrl-C may go with the old line: a new prompt first.
        try terminal.waitFor(lastLine: "$")
        try terminal.type(#"dtaudit fix "Checkout: c"#, literal: true)
        try terminal.type("Tab")
        completed = try terminal.waitFor(#"dtaudit fix "Checkout: cart""#)
        screen = try terminal.screen()
        #expect(completed, "\(screen)")
    }

    // MARK: zsh

    /// Types a line and Tab into an interactive zsh (through zsh/zpty) with the script loaded,
    /// and writes each match offered (`<match>`) and then the line as Tab left it (`<line>`).
    /// Each step waits for a mark the shell writes, not for a time.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 3
        script=$1 output=$2 typed=$3
        await() {
            local i
            for i in {1..400}; do [[ $(<$output) == *$1* ]] && return 0; sleep 0.05; done
            print -u2 "zsh did not answer: $(<$output)"; exit 4
        }
        : > $output
        zpty z zsh -f -i
        zpty -w z "PS1='' PS2=''; autoload -Uz compinit && compinit -u -D && source ${(q)script}"
        # Every match offered, one a line; calls that only filter arrays (-O, -A, -D) offer nothing.
        zpty -w z "compadd() { if [[ \${(j: :)@} == (|* )-[OAD]* ]]; then builtin compadd \"\$@\"; return; fi; local -a m; builtin compadd -O m \"\$@\"; (( \$#m )) && print -rl -- \${(@)m/#/<match>} >> ${(q)output}; builtin compadd \"\$@\"; }"
        zpty -w z "tab-and-tell() { zle expand-or-complete; print -r -- '<done>' >> ${(q)output}; }; zle -N tab-and-tell; bindkey '^I' tab-and-tell"
        zpty -w z "show-line() { print -r -- \"<line>\$BUFFER</line>\" >> ${(q)output}; }; zle -N show-line; bindkey '^X' show-line"
        zpty -w z "typed() { print -r -- '<typed>' >> ${(q)output}; }; zle -N typed; bindkey '^Y' typed"
        zpty -w -n z "$typed"$'\C-y'
        await '<typed>'
        zpty -w -n z $'\t'
        await '<done>'
        zpty -w -n z $'\C-x'
        await '</line>'
        zpty -d z
        """#

    /// The matches zsh offers for `line`, and the line after Tab.
    static func zsh(_ cli: CLI, _ line: String) throws -> (matches: [String], line: String) {
        let output = cli.directory.appendingPathComponent("zsh-\(UUID().uuidString).out")
        let result = try Spawn.run(try RequiredTool.zsh.location(), ["-f", "complete.zsh", "./_dtaudit", output.path, line], in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "zsh: \(result.stderr)")
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        var matches: [String] = []
        for entry in text.split(separator: "\n").map(String.init) where entry.hasPrefix("<match>") {
            let match = String(entry.dropFirst("<match>".count))
            if !matches.contains(match) { matches.append(match) }
        }
        let after = text.components(separatedBy: "<line>").last?.components(separatedBy: "</line>").first ?? ""
        return (matches, after)
    }

    @Test(.requires(.zsh))
    func zshCompletesCommandsOptionsAndValues() throws {
        let cli = try Self.audit()
        let check = try Spawn.run(try RequiredTool.zsh.location(), ["-f", "-c", "zsh -n ./_dtaudit && autoload -Uz compinit && compinit -u -D && source ./_dtaudit && whence -w _dtaudit"],
                                  in: cli.directory, environment: cli.environment)
        #expect(check.stdout == "_dtaudit: function\n", "\(check.stderr)")
        #expect(try Self.zsh(cli, "dtaudit rec").line == "dtaudit record ")
        #expect(try Self.zsh(cli, "dtaudit record --si").line == "dtaudit record --size=")
        #expect(try Self.zsh(cli, "dtaudit record Checkout --size a").matches == Self.sizes)
        #expect(try Self.zsh(cli, "dtaudit screen ").matches == Self.screenSubcommands)
        #expect(try Self.zsh(cli, "dtaudit fix X --type ").matches == Self.fixTypes)
        #expect(try Self.zsh(cli, "dtaudit __").matches.isEmpty)
    }

    @Test(.requires(.zsh))
    func zshCompletesScreenNamesWithSpacesAndColonsAsOneWord() throws {
        let cli = try Self.audit()
        #expect(try Self.zsh(cli, "dtaudit record ").matches == ["Checkout", "Checkout: cart", "Settings"])
        #expect(try Self.zsh(cli, "dtaudit record Checkout:").line == #"dtaudit record Checkout:\ cart "#)
        #expect(try Self.zsh(cli, #"dtaudit record "Checkout: c"#).line == #"dtaudit record "Checkout: cart" "#)
    }

    // MARK: fish

    /// What fish offers for `line` (`complete -C`), without the descriptions.
    static func fish(_ cli: CLI, _ line: String) throws -> [String] {
        let result = try Spawn.run(try RequiredTool.fish.location(), ["--no-config", "-c", "source ./dtaudit.fish; complete -C $argv[1]", line], in: cli.directory, environment: cli.environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "fish: \(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test(.requires(.fish))
    func fishCompletesCommandsOptionsValuesAndNames() throws {
        let cli = try Self.audit()
        #expect(try Self.fish(cli, "dtaudit rec") == ["record"])
        #expect(try Self.fish(cli, "dtaudit record --si") == ["--size"])
        #expect(try Self.fish(cli, "dtaudit record Checkout --size a") == Self.sizes)
        #expect(try Self.fish(cli, "dtaudit screen ").sorted() == Self.screenSubcommands.sorted())
        #expect(try Self.fish(cli, "dtaudit fix X --type ").sorted() == Self.fixTypes.sorted())
        #expect(try Self.fish(cli, "dtaudit record ") == ["Checkout", "Checkout: cart", "Settings"])
        #expect(try Self.fish(cli, #"dtaudit record Checkout\:\ c"#) == ["Checkout: cart"])
        #expect(try Self.fish(cli, #"dtaudit record "Checkout: c"#) == ["Checkout: cart"])
        // fish matches '_' with '-' and by substrings: "__comp" would show the hidden command only.
        #expect(try Self.fish(cli, "dtaudit __comp").isEmpty)
    }

    // MARK: The candidates command and the completions command

    @Test func candidatesNeverFailLoudlyAndLeaveTheStoreAsItWas() throws {
        let cli = try Self.audit()
        let before = try cli.storeBytes()
        let screens = try cli.run(["__complete", "screens", "--", "Check"])
        #expect(screens.status == 0 && screens.stderr.isEmpty)
        #expect(screens.stdout == "Checkout\nCheckout: cart\n")
        #expect(try cli.ok(["__complete", "items", "--", "no-truncation,no-o"]) == "no-truncation,no-overlap\n")
        #expect(try cli.ok(["__complete", "sizes", "--", "xxxl-ax"]).split(separator: "\n") == ["xxxl-ax1", "xxxl-ax2", "xxxl-ax3", "xxxl-ax4", "xxxl-ax5"])
        #expect(try cli.storeBytes() == before, "completing changed or added files in the store")

        let empty = try CLI()
        let nowhere = empty.directory
        for arguments in [["screens"], ["items", "--", "no"], ["no-such-source"], ["screens", "--store", "/no/such/folder"]] {
            let result = try cli.run(["__complete"] + arguments, in: nowhere)
            #expect(result.status == 0 && result.output.isEmpty, "\(arguments): \(result.output)")
        }
        let help = try cli.ok(["--help"])
        #expect(help.contains("completions") && !help.contains("__complete"))
    }

    @Test(.requires(.sqlite3))
    func namesWithControlCharactersInTheStoreAreNeverOffered() throws {
        let cli = try Self.audit()
        let edit = try Spawn.run(try RequiredTool.sqlite3.location(), [cli.storeFile.path, "UPDATE screens SET name = 'Settings' || char(27) || '[2J' WHERE name = 'Settings'"],
                                 in: cli.directory, environment: cli.environment)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try cli.ok(["__complete", "screens"]) == "Checkout\nCheckout: cart\n")
    }

    @Test func anUnknownShellIsAUsageErrorAndHelpSaysHowToInstall() throws {
        let cli = try CLI()
        let result = try cli.run(["completions", "bsh"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: 'bsh' is not one of bash, zsh, fish; did you mean 'bash'? (see 'dtaudit help completions')\n")
        let help = try cli.ok(["completions", "--help"])
        for place in ["bash-completion/completions/dtaudit", "fpath", "~/.config/fish/completions/dtaudit.fish", "make install"] {
            #expect(help.contains(place), "help does not mention \(place)")
        }
    }
}
