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
        ["export", "--summary", "--output", "-"], ["export", "--format", "vpat", "--draft", "--output", "-"],
        ["export", "--format", "openacr", "--draft", "--author-email", "ana@example.com", "--output", "-"],
        ["xctest-template"], ["evidence", "import-xcresult", "run", "--dry-run"], ["evidence", "import-xcresult", "run"],
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
        // A UI-test run's exported attachments, for the command that imports one.
        try RunImportTests.exportedRun(cli, folder: "dtaudit-demo/run", [("AppUITests/DynamicTypeAuditTests/test_ax5()", [
            ("Checkout: cart_ax5", Screenshot.png(seed: 7)),
            ("dtaudit-audit Checkout: cart_ax5", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout: cart", size: "ax5"))),
        ])])
        // A recording's id, for the commands that take one.
        let recording = try #require(try cli.history(in: demo).first?["id"] as? String)
        let withIDs = Self.commands + [["amend", recording, "--note", "Checked again"], ["retract", recording, "--note", "Wrong screen"]]
        for arguments in withIDs {
            let result = try run(cli, arguments, redirection: ">/dev/full", in: demo)
            // The first command that signs records in the store says once whose name they carry:
            // a note, not a second error.
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("note: recording as ") }
            #expect(result.status == 74, "\(arguments): \(result.status) \(result.stderr)")
            #expect(lines.last == "error: cannot write to standard output: the disk is full", "\(arguments): \(result.stderr)")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        }
    }

    /// A store on a disk that fills up (a 4 MB tmpfs, which needs Linux and root): a write says the
    /// disk is full in one line, exits 74 and leaves the store as it was.
    @Test(.enabled(if: Self.canMountTmpfs)) func aWriteToAFullDiskSaysSoAndChangesNothing() throws {
        let cli = try CLI()
        let disk = cli.directory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(try Spawn.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk.path], in: cli.directory, environment: cli.environment).status == 0)
        defer { _ = try? Spawn.run("/bin/umount", [disk.path], in: cli.directory, environment: cli.environment) }
        try cli.ok(["init", "--app", "Full"], in: disk)
        try cli.ok(["screen", "add", "Checkout"], in: disk)
        let filler = disk.appendingPathComponent("filler")
        _ = try Spawn.run("/bin/sh", ["-c", "dd if=/dev/zero of=\"$0\" bs=65536 2>/dev/null; true", filler.path], in: disk, environment: cli.environment)
        for arguments in [["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], ["export", "--format", "json", "--output", "audit.json"]] {
            let result = try cli.run(arguments, in: disk)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is full"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        try FileManager.default.removeItem(at: filler)
        #expect(try cli.history(in: disk).isEmpty, "nothing was recorded")
        #expect(!FileManager.default.fileExists(atPath: disk.appendingPathComponent("audit.json").path))
        #expect(try cli.ok(["screen", "list"], in: disk).contains("Checkout"))
        #expect(try cli.ok(["status"], in: disk).contains("0 of 24 checks recorded"))
    }

    /// Whether this machine lets the tests mount a small tmpfs (Linux, as root, outside a container
    /// that forbids it): tried once on a folder of its own.
    static let canMountTmpfs: Bool = {
        #if os(Linux)
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-mount-" + UUID().uuidString)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ProcessInfo.processInfo.environment
        guard let mounted = try? Spawn.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path], in: folder.deletingLastPathComponent(),
                                           environment: environment), mounted.status == 0 else { return false }
        _ = try? Spawn.run("/bin/umount", [folder.path], in: folder.deletingLastPathComponent(), environment: environment)
        return true
        #else
        return false
        #endif
    }()

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
