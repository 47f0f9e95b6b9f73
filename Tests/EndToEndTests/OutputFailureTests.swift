import Foundation
import Testing

/// Output that does not arrive is a failure: every command checks its writes to standard output
/// and its final flush, and ends with one line and a status that is not 0.
@Suite(.tags(.endToEnd)) struct OutputFailureTests {
    static let shippedChecklist = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Checklists/dynamic-type.md").path

    /// Every command, in a form that prints to standard output, run in the demo's folder.
    static let commands: [[String]] = [
        ["--version"], ["help"], ["help", "record"], ["record", "--help"], ["sizes"], ["manual"], ["completions", "bash"],
        ["status"], ["status", "--json"], ["next"], ["next", "--all"], ["screen", "list"], ["screen", "show", "Checkout: cart"],
        ["history", "--all"], ["checklist", "list"], ["checklist", "show"], ["checklist", "validate", shippedChecklist],
        ["evidence", "list"], ["evidence", "limit"], ["evidence", "gc"], ["capture-script", "Checkout: cart"],
        ["scan"], ["scan", "--format", "json"], ["gate"], ["gate", "--json"],
        ["export", "--output", "-"], ["export", "--format", "json", "--output", "-"], ["export", "--format", "csv", "--output", "-"],
        ["export", "--output", "report.md"], ["export", "--format", "json", "--output", "audit-copy.json", "--force"],
        ["screen", "add", "Paywall: trial"], ["screen", "edit", "Paywall: trial", "--owner", "ana"], ["triage", "Paywall: trial", "broken"],
        ["record", "Paywall: trial", "--size", "ax5", "--item", "reachable", "--fail"], ["fix", "Paywall: trial", "--type", "scroll"],
        ["undo"], ["screen", "remove", "Paywall: trial", "--force"], ["screen", "restore", "Paywall: trial"],
        ["sync"], ["import", "audit-copy.json"], ["import", "audit-copy.json", "--dry-run"], ["git-setup"],
        ["audit", "Checkout: cart"], ["checklist", "upgrade"], ["demo", "--path", "second-demo"], ["init", "--store", "fresh/.dtaudit", "--app", "Fresh"],
        ["__complete", "screens"],
    ]

    /// Runs `dtaudit arguments` with standard output sent where `redirection` says (a shell redirection).
    func run(_ cli: CLI, _ arguments: [String], redirection: String, in folder: URL) throws -> CLI.Result {
        try Spawn.run("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", CLI.binary.path] + arguments, in: folder,
                      environment: cli.environment, input: "q\n")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"))) func everyCommandFailsWithOneLineWhenTheDiskIsFull() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        try cli.ok(["export", "--format", "json", "--output", "audit-copy.json"], in: demo)
        #expect(try Spawn.run("/usr/bin/env", ["git", "init", "-q"], in: demo, environment: cli.environment).status == 0)
        // A recording's id, for the commands that take one.
        let recording = try #require(try cli.history(in: demo).first?["id"] as? String)
        let withIDs = Self.commands + [["amend", recording, "--note", "Checked again"], ["retract", recording, "--note", "Wrong screen"]]
        for arguments in withIDs {
            let result = try run(cli, arguments, redirection: ">/dev/full", in: demo)
            let lines = result.stderr.split(separator: "\n")
            #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
            #expect(lines.last == "error: cannot write to standard output: the disk is full", "\(arguments): \(result.stderr)")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        }
    }

    @Test func aClosedStandardOutputFailsAndNothingPrintedLandsInTheStore() throws {
        let cli = try CLI().initialized()
        for arguments in [["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], ["status"], ["export", "--format", "json", "--output", "-"]] {
            let result = try run(cli, arguments, redirection: ">&-", in: cli.directory)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "error: cannot write to standard output: it is closed\n", "\(arguments)")
        }
        // The recording was made; only its report was lost. The store is whole.
        #expect(try cli.ok(["status"]).contains("Checkout"))
        #expect(try cli.history().count == 1)
    }
}
