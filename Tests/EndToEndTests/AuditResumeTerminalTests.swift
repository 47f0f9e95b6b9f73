import Foundation
import Testing

/// The guided audit on a terminal, across runs: `b` goes back into what an earlier run recorded,
/// and `r` passes every check still to do at the current size in one go. Skipped where tmux is not
/// installed (CI installs the `tmux` package).
@Suite(.tags(.endToEnd), .requires(.tmux))
struct AuditResumeTerminalTests {
    static let prompt = "[q]uit [?] ›"

    /// One run that passes text-scales and fails no-truncation at ax5, then quits.
    static func earlierRun(_ cli: CLI) throws {
        let terminal = try TmuxTerminal(cli, command: AuditTerminalTests.command("audit Checkout"))
        #expect(try terminal.waitFor(Self.prompt))
        try terminal.type("p")
        #expect(try terminal.waitFor("[2/24]"))
        try terminal.type("f")
        #expect(try terminal.waitFor("What broke?"))
        try terminal.type("Total cut", literal: true)
        try terminal.type("Enter")
        #expect(try terminal.waitFor("Attach a screenshot or recording?"))
        try terminal.type("Enter")
        #expect(try terminal.waitFor("[3/24]"))
        try terminal.type("q")
        #expect(try terminal.waitFor("EXIT=0"))
    }

    @Test func backAfterResumingTakesBackTheEarlierRunsAnswersOneByOne() throws {
        let cli = try CLI().initialized()
        try Self.earlierRun(cli)

        let terminal = try TmuxTerminal(cli, command: AuditTerminalTests.command("audit Checkout"))
        #expect(try terminal.waitFor("[1/22]"))
        #expect(try terminal.waitFor(Self.prompt))
        try terminal.type("b")
        #expect(try terminal.waitFor("took back fail for ax5 no-truncation"), "\((try? terminal.screen()) ?? "")")
        // The failure is asked again, first.
        #expect(try terminal.waitFor("[1/23] ax5"))
        try terminal.type("b")
        #expect(try terminal.waitFor("took back pass for ax5 text-scales"))
        #expect(try terminal.waitFor("[1/24] ax5"))
        try terminal.type("b")
        #expect(try terminal.waitFor("nothing of Tess Tester's to take back on this screen"))
        try terminal.type("p")
        #expect(try terminal.waitFor("[2/24]"))
        try terminal.type("q")
        #expect(try terminal.waitFor("EXIT=0"))
        #expect(try terminal.screen().contains("Checkout — 1 answered (1 pass), 2 taken back, 23 still to check"))

        // As `undo` takes back: the earlier recordings are retracted, and the history keeps them.
        let history = try cli.history()
        try #require(history.count == 3)
        #expect(history.map { $0["status"] as? String ?? "" } == ["pass", "fail", "pass"])
        #expect(history.map { $0["retracted"] as? Bool } == [false, true, true])
    }

    @Test func restPassesEveryCheckLeftAtTheSizeAsOneRecordingAndBackTakesItBack() throws {
        let cli = try CLI().initialized()
        let terminal = try TmuxTerminal(cli, command: AuditTerminalTests.command("audit Checkout"))
        #expect(try terminal.waitFor(Self.prompt))
        try terminal.type("?")
        #expect(try terminal.waitFor("r  rest: pass every check still to do at this size"))
        try terminal.type("f")
        #expect(try terminal.waitFor("What broke?"))
        try terminal.type("Enter")
        #expect(try terminal.waitFor("Attach a screenshot or recording?"))
        try terminal.type("Enter")
        #expect(try terminal.waitFor("[2/24]"))
        try terminal.type("r")
        #expect(try terminal.waitFor("Recorded 9 cells of Checkout as pass: ax5: no-truncation, no-overlap"), "\((try? terminal.screen()) ?? "")")
        // The walk goes on at the next size.
        #expect(try terminal.waitFor("[11/24] ax3"))
        let passed = try cli.history().filter { $0["status"] as? String == "pass" }
        #expect(passed.count == 9 && Set(passed.compactMap { $0["size"] as? String }) == ["ax5"])
        // One recording command: the nine cells share one time, as a 'record --item all' would.
        #expect(Set(passed.compactMap { $0["at"] as? String }).count == 1)

        try terminal.type("b")
        #expect(try terminal.waitFor("took back the 9 passes at ax5"))
        #expect(try terminal.waitFor("[2/24] ax5"))
        try terminal.type("q")
        #expect(try terminal.waitFor("EXIT=0"))
        #expect(try cli.history().filter { $0["retracted"] as? Bool == true }.count == 9)
    }
}
