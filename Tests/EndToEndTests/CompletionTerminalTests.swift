import Foundation
import Testing

/// Screen names come from teammates' shared files. In a real terminal, with each shell's completion
/// script loaded, a user types `dtaudit screen show` and the start of a name (plain, after an
/// opening quote, or with backslashes), presses Tab and then Enter: dtaudit must get exactly that
/// name as one argument, and nothing in the name may run. Skipped where tmux or the shell is not
/// installed (CI installs them).
@Suite(.tags(.endToEnd), .requires(.tmux))
struct CompletionTerminalTests {
    /// Names holding every character the shells treat specially, each with the starts a user may
    /// type, written as typed. A name that would run something leaves a `pwned-*` file behind.
    static let names: [(name: String, typed: [String])] = [
        ("Home `touch pwned-backtick`", ["Ho", #""Ho"#, #"Home\ \`"#]),
        ("Wide screen `./.dt`", ["Wi"]),
        ("A$(touch pwned-dollar)", ["A", "'A$("]),
        ("M${IFS}x;touch pwned-ifs", ["M"]),
        ("Bang!! !-1 !x!", ["Ba", #""Ba"#]),
        (#"Quotes ' " \ ` $"#, ["Qu", #""Qu"#, "'Qu"]),
        ("Operators & | ; < >pwned-redirect ( ) { } [ ] * ? a,b % ^ #", ["Op"]),
        ("Single end'", ["'Si"]),
        (#"Double end""#, [#""Do"#]),
        (#"Last backslash\"#, [#""La"#]),
        ("x:y=$(touch pwned-colon)", ["x:y="]),
        ("~root", [#"\~"#]),
        ("#comment", ["\\#"]),
        ("=ls", [#"\="#]),
        ("-rf", ["-- -"]),
        ("Ünïcode 日本 ✓", ["Ün"]),
        ("$HOME", [#"\$H"#]),
        ("@host", ["@"]),
    ]

    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        var executable: String? {
            ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + rawValue }.first(where: FileManager.default.isExecutableFile)
        }

        /// The shell, interactive, without the user's configuration.
        var command: String {
            switch self {
            case .bash: return "env INPUTRC=/dev/null PS1='$ ' bash --norc --noprofile -i"
            case .zsh: return "zsh -f -i"
            case .fish: return "fish --no-config -i"
            }
        }

        /// Loads the completion script and counts each prompt in `prompts`: a prompt means the
        /// line before it has been run (or refused).
        var setup: String {
            switch self {
            case .bash: return "source ./dtaudit.bash; PROMPT_COMMAND='echo >> prompts'"
            case .zsh: return "autoload -Uz compinit && compinit -u -D && source ./_dtaudit; PS1='$ '; precmd() { print >> prompts }"
            case .fish:
                return "source ./dtaudit.fish; set -g fish_autosuggestion_enabled 0; function fish_prompt; echo -n '$ '; end; "
                    + "function count_prompt --on-event fish_prompt; echo >> prompts; end"
            }
        }

        var script: String {
            switch self {
            case .bash: return "dtaudit.bash"
            case .zsh: return "_dtaudit"
            case .fish: return "dtaudit.fish"
            }
        }
    }

    /// A store holding the names; the shell's script; and `dtaudit` on the PATH as a wrapper that
    /// writes each command's arguments, one a line, and its exit status to `runs`, then runs the
    /// built binary (the script's calls for candidates go straight through).
    static func audit(for shell: Shell) throws -> CLI {
        var cli = try CLI()
        try cli.ok(["init", "--app", "Trailhead"])
        for (name, _) in names {
            try cli.ok(["screen", "add", "--", name])
        }
        try Fixture.write(Data(try cli.ok(["completions", shell.rawValue]).utf8), shell.script, in: cli.directory)
        let runs = cli.directory.appendingPathComponent("runs").path
        let wrapper = """
            #!/bin/sh
            if [ "$1" = __complete ]; then exec \(quoted(CLI.binary.path)) "$@"; fi
            { echo '<run>'; printf '%s\\n' "$@"; } >> \(quoted(runs))
            \(quoted(CLI.binary.path)) "$@"
            echo "<status $?>" >> \(quoted(runs))
            """
        let bin = try Fixture.program(wrapper, at: cli.directory.appendingPathComponent("bin/dtaudit"))
        try Fixture.program("#!/bin/sh\ntouch pwned-dt\n", at: cli.directory.appendingPathComponent(".dt"))
        try Fixture.write(Data(), "runs", in: cli.directory)
        try Fixture.write(Data(), "prompts", in: cli.directory)
        cli.environment["PATH"] = bin.deletingLastPathComponent().path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        // History and settings stay in the test's folder; names are read as UTF-8.
        cli.environment["HOME"] = cli.directory.path
        cli.environment["XDG_CONFIG_HOME"] = cli.directory.path
        cli.environment["XDG_DATA_HOME"] = cli.directory.path
        cli.environment["HISTFILE"] = cli.directory.appendingPathComponent("history").path
        #if os(Linux)
        cli.environment["LC_ALL"] = "C.UTF-8"
        #else
        cli.environment["LC_ALL"] = "en_US.UTF-8"
        #endif
        return cli
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// Types each line in `shell`, Tab, then Enter, and returns what each line ran: the arguments
    /// dtaudit got and its exit status, one entry per run.
    static func type(_ lines: [String], in shell: Shell, cli: CLI) throws -> [[String]] {
        let terminal = try TmuxTerminal(cli, command: shell.command, width: 250)
        let prompts = cli.directory.appendingPathComponent("prompts")
        let runs = cli.directory.appendingPathComponent("runs")
        func promptCount() -> Int { ((try? String(contentsOf: prompts, encoding: .utf8)) ?? "").filter { $0 == "\n" }.count }
        func waitForPrompts(_ count: Int, timeout: TimeInterval) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if promptCount() >= count { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }
        /// Whether the wrapper has logged the start of a run for line `index`.
        func runStarted(_ index: Int) -> Bool {
            let log = (try? String(contentsOf: runs, encoding: .utf8)) ?? ""
            guard let mark = log.range(of: "<line \(index)>\n") else { return false }
            return log[mark.upperBound...].contains("<run>")
        }
        func lastLine() throws -> String {
            let screen = try terminal.tmux(["capture-pane", "-p", "-J", "-t", "audit"])
            return screen.split(separator: "\n").last.map(String.init) ?? ""
        }
        func waitForLine(_ test: (String) -> Bool, timeout: TimeInterval) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline, try !test(lastLine()) { Thread.sleep(forTimeInterval: 0.02) }
        }
        try terminal.type(shell.setup, literal: true)
        try terminal.type("Enter")
        let started = waitForPrompts(1, timeout: 20)
        #expect(started, "\(shell) did not start: \((try? terminal.screen()) ?? "")")
        for (index, line) in lines.enumerated() {
            let handle = try FileHandle(forWritingTo: runs)
            handle.seekToEndOfFile()
            handle.write(Data("<line \(index)>\n".utf8))
            try handle.close()
            try terminal.type(line, literal: true)
            try waitForLine({ $0.hasSuffix(line) }, timeout: 5)
            let typed = try lastLine()
            // Enter only once Tab has changed the line: a shell may drop a completion that keys
            // are already waiting behind.
            try terminal.type("Tab")
            try waitForLine({ $0 != typed }, timeout: 20)
            try terminal.type("Enter")
            // On a loaded machine a run can take seconds: once it has started, wait for it. A line
            // that started nothing was left waiting for more (an open quote): Ctrl-C gives the
            // prompt back.
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, promptCount() < index + 2, !runStarted(index) { Thread.sleep(forTimeInterval: 0.02) }
            if promptCount() < index + 2 && !runStarted(index) { try terminal.type("C-c") }
            let back = waitForPrompts(index + 2, timeout: 60)
            #expect(back, "\(shell) is stuck after \(line): \((try? terminal.screen()) ?? "")")
        }
        let log = try String(contentsOf: runs, encoding: .utf8)
        var result = Array(repeating: [String](), count: lines.count)
        var current = -1
        for entry in log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if entry.hasPrefix("<line "), let number = Int(entry.dropFirst(6).dropLast()) {
                current = number
            } else if current >= 0 && !entry.isEmpty {
                result[current].append(entry)
            }
        }
        return result
    }

    static func check(_ shell: Shell) throws {
        let cli = try audit(for: shell)
        let lines = names.flatMap { name, typed in typed.map { "dtaudit screen show " + $0 } }
        let expected = names.flatMap { name, typed in
            typed.map { ["<run>", "screen", "show"] + ($0.hasPrefix("-- ") ? ["--"] : []) + [name, "<status 0>"] }
        }
        let runs = try type(lines, in: shell, cli: cli)
        for (index, line) in lines.enumerated() {
            #expect(runs[index] == expected[index], "\(shell): \(line) + Tab + Enter ran \(runs[index])")
        }
        let planted = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix("pwned") }
        #expect(planted.isEmpty, "\(shell): a completed name ran a command, which made \(planted)")
    }

    @Test(.enabled(if: Shell.bash.executable != nil, "bash is not installed"))
    func bashCompletesEveryNameAsOneWordThatRunsNothing() throws {
        try Self.check(.bash)
    }

    @Test(.requires(.zsh))
    func zshCompletesEveryNameAsOneWordThatRunsNothing() throws {
        try Self.check(.zsh)
    }

    @Test(.requires(.fish))
    func fishCompletesEveryNameAsOneWordThatRunsNothing() throws {
        try Self.check(.fish)
    }
}
