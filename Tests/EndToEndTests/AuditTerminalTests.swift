import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal for `dtaudit audit` to run in: a detached tmux session on a private server.
final class TmuxTerminal {

    let cli: CLI
    let socket = "dtaudit-test-" + UUID().uuidString.prefix(8)

    /// Starts `command` (a shell command line) in a new session in the test's folder, 120×60 unless told.
    init(_ cli: CLI, command: String, width: Int = 120, height: Int = 60) throws {
        self.cli = cli
        _ = try tmux(["new-session", "-d", "-s", "audit", "-x", String(width), "-y", String(height), "-c", cli.directory.path, command])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs a tmux command against this session's server and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = cli.directory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = "1"
        let process = try Spawned([try RequiredTool.tmux.location(), "-L", socket, "-f", "/dev/null"] + arguments,
                                  in: cli.directory, environment: environment, output: output)
        _ = process.wait()
        defer { try? FileManager.default.removeItem(at: output) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// Types keys: tmux key names (`p`, `Enter`, `C-c`), or text typed as it is with `literal`.
    func type(_ keys: String, literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "audit"] + (literal ? ["-l"] : []) + [keys])
    }

    /// Everything the terminal shows, with its scroll-back.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "audit", "-S", "-500"])
    }

    /// Waits until the last line the terminal shows (its trailing spaces aside) is `line`.
    @discardableResult
    func waitFor(lastLine line: String, timeout: TimeInterval = 20) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = try tmux(["capture-pane", "-p", "-t", "audit"]).split(separator: "\n")
            let last = lines.last(where: { $0.contains { $0 != " " } }).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            if last == line { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Waits until the terminal shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try screen().contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}

/// `dtaudit audit` on a terminal: single keys without Enter, and the terminal put back as it was
/// on every way out. Skipped where tmux is not installed (CI installs the `tmux` package).
@Suite(.tags(.endToEnd), .requires(.tmux))
struct AuditTerminalTests {
    /// A pane command that runs the audit, then shows its exit status and the terminal's settings.
    static func command(_ arguments: String) -> String {
        "sh -c 'echo PID=$$; exec \(CLI.binary.path) \(arguments)'; echo EXIT=$?; stty -a; sleep 600"
    }

    /// The terminal is in its usual line mode again: `stty -a` lists icanon, echo and isig unnegated.
    static func restored(_ screen: String) -> Bool {
        guard let settings = screen.range(of: "EXIT=").map({ screen[$0.upperBound...] }) else { return false }
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return ["icanon", "echo", "isig"].allSatisfy { words.contains($0) && !words.contains("-" + $0) }
    }

    @Test func singleKeysAnswerAtOnceAndCtrlCRestoresTheTerminal() throws {
        let cli = try CLI().initialized()
        let terminal = try TmuxTerminal(cli, command: Self.command("audit Checkout"))
        #expect(try terminal.waitFor("[1/24]"))
        #expect(try terminal.waitFor("[q]uit [?] ›"))

        try terminal.type("p")
        #expect(try terminal.waitFor("[2/24]"))
        // Saved before the next key: another process sees it.
        #expect((try cli.history()).count == 1)

        try terminal.type("f")
        #expect(try terminal.waitFor("What broke?"))
        try terminal.type("Pay button clipped", literal: true)
        try terminal.type("Enter")
        #expect(try terminal.waitFor("Attach a screenshot or recording?"))
        try terminal.type("Enter")
        #expect(try terminal.waitFor("[3/24]"))

        try terminal.type("?")
        #expect(try terminal.waitFor("back: take back the last answer"))
        try terminal.type("x")
        #expect(try terminal.waitFor("'x' is not an answer"))
        try terminal.type("b")
        #expect(try terminal.waitFor("took back fail"))

        try terminal.type("C-c")
        #expect(try terminal.waitFor("EXIT=130"))
        let screen = try terminal.screen()
        #expect(screen.contains("Audit interrupted"))
        #expect(screen.contains("Checkout — 1 answered (1 pass), 1 taken back, 23 still to check"))
        #expect(Self.restored(screen), "\(screen)")

        let history = try cli.history()
        try #require(history.map { $0["status"] as? String ?? "" } == ["fail", "pass"])
        #expect(history.map { $0["retracted"] as? Bool } == [true, false])
        #expect(history[0]["note"] as? String == "Pay button clipped")
    }

    /// Every answer is saved: Ctrl-C while typing a failure's note keeps the failure, with the note
    /// as far as it was typed, and ends the walk as Ctrl-C at the answer prompt does.
    @Test func ctrlCWhileTypingAFailuresNoteKeepsTheFailure() throws {
        let cli = try CLI().initialized()
        let terminal = try TmuxTerminal(cli, command: Self.command("audit Checkout"))
        #expect(try terminal.waitFor("[q]uit [?] ›"))
        try terminal.type("f")
        #expect(try terminal.waitFor("What broke?"))
        try terminal.type("Total cut at the", literal: true)
        try terminal.type("C-c")
        #expect(try terminal.waitFor("EXIT=130"))
        let screen = try terminal.screen()
        #expect(screen.contains("the failure is saved with its note as typed"), "\(screen)")
        #expect(Self.restored(screen), "\(screen)")
        let history = try cli.history()
        try #require(history.count == 1)
        #expect(history[0]["status"] as? String == "fail" && history[0]["note"] as? String == "Total cut at the")

        // At the file prompt too, with no note.
        let again = try TmuxTerminal(cli, command: Self.command("audit Checkout"))
        #expect(try again.waitFor("[q]uit [?] ›"))
        try again.type("f")
        #expect(try again.waitFor("What broke?"))
        try again.type("Enter")
        #expect(try again.waitFor("Attach a screenshot or recording?"))
        try again.type("C-c")
        #expect(try again.waitFor("EXIT=130"))
        #expect(try cli.history().filter { $0["status"] as? String == "fail" }.count == 2)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalRestoresTheTerminalAndKeepsTheAnswers(signal: Int32) throws {
        let cli = try CLI().initialized()
        let terminal = try TmuxTerminal(cli, command: Self.command("audit Checkout"))
        #expect(try terminal.waitFor("[1/24]"))
        let screen = try terminal.screen()
        let pidLine = try #require(screen.split(separator: "\n").first { $0.hasPrefix("PID=") })
        let pid = try #require(pid_t(pidLine.dropFirst(4)))
        try terminal.type("p")
        #expect(try terminal.waitFor("[2/24]"))
        kill(pid, signal)
        #expect(try terminal.waitFor("EXIT=\(128 + signal)"))
        #expect(Self.restored(try terminal.screen()))
        #expect((try cli.history()).count == 1)
    }

    @Test func quitEndsNormallyAndTheNextRunCarriesOn() throws {
        let cli = try CLI().initialized()
        let terminal = try TmuxTerminal(cli, command: Self.command("audit Checkout --size ax5"))
        #expect(try terminal.waitFor("[1/10]"))
        try terminal.type("a")
        #expect(try terminal.waitFor("[2/10]"))
        try terminal.type("s")
        #expect(try terminal.waitFor("[3/10]"))
        try terminal.type("q")
        #expect(try terminal.waitFor("EXIT=0"))
        let screen = try terminal.screen()
        #expect(screen.contains("Checkout — 1 answered (1 n/a), 1 skipped, 9 still to check"))
        #expect(Self.restored(screen))

        let again = try TmuxTerminal(cli, command: Self.command("audit Checkout --size ax5"))
        #expect(try again.waitFor("9 checks to do"))
        #expect(try again.waitFor("[1/9]"))
        try again.type("q")
        #expect(try again.waitFor("EXIT=0"))
    }
}
