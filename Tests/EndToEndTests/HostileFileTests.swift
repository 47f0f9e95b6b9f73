import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shared files and working folders an attacker or a full disk shapes: each refused with one line,
/// nothing stored changed, nothing written anywhere but where the user asked.
@Suite(.tags(.endToEnd)) struct HostileFileTests {
    /// A store with one recording of Checkout's reachable check at AX5, exported to `good.json`;
    /// returns the file's lines.
    func exported(_ cli: CLI, status: String = "--fail") throws -> [String] {
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", status])
        try cli.ok(["export", "--format", "json", "--output", "good.json"])
        return try String(contentsOf: cli.directory.appendingPathComponent("good.json"), encoding: .utf8).components(separatedBy: "\n")
    }

    /// `lines` with the recording's time replaced by `time`, written to `name` in `folder`.
    func dated(_ lines: [String], _ time: String, to file: URL) throws {
        var lines = lines
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") })
        let old = try #require(lines[index].range(of: #""at":"[^"]*""#, options: .regularExpression))
        lines[index].replaceSubrange(old, with: "\"at\":\"\(time)\"")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }

    func status(_ cli: CLI, in folder: URL) throws -> String? {
        let text = try cli.ok(["screen", "show", "Checkout", "--json"], in: folder)
        let screen = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let cells = screen?["cells"] as? [[String: Any]] ?? []
        return cells.first { $0["item"] as? String == "reachable" && $0["size"] as? String == "ax5" }?["status"] as? String
    }

    @Test func aRecordingFromTheFarFutureIsTakenAndCannotPinACell() throws {
        let cli = try CLI().initialized()
        let lines = try exported(cli, status: "--pass")
        // A teammate's clone, in a folder of its own.
        let teammate = try CLI()
        let mine = teammate.directory
        let future = cli.directory.appendingPathComponent("future.json")
        try dated(lines, "9999-12-31T23:59:59.999Z", to: future)
        let taken = try teammate.run(["import", future.path])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(try status(teammate, in: mine) == "pass")
        // Recorded in sight of it, a failure stands over it, and the clock that dated it is named.
        let failed = try teammate.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--by", "Ana Lima"])
        #expect(failed.status == 0)
        #expect(failed.stderr.contains("warning: a record by Tess Tester is dated 9999-12-31 23:59"), "\(failed.stderr)")
        #expect(try status(teammate, in: mine) == "fail")
    }

    @Test func aTeammatesClockTwelveHoursFastIsFollowed() throws {
        let cli = try CLI().initialized()
        let lines = try exported(cli, status: "--pass")
        let teammate = try CLI()
        let mine = teammate.directory
        // A teammate's clock twelve hours fast is taken, and what is recorded here still comes after it.
        let ahead = ISO8601DateFormatter().string(from: Date().addingTimeInterval(12 * 3600)).replacingOccurrences(of: "Z", with: ".000Z")
        let soon = cli.directory.appendingPathComponent("soon.json")
        try dated(lines, ahead, to: soon)
        try teammate.ok(["import", soon.path])
        #expect(try status(teammate, in: mine) == "pass")
        try teammate.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        #expect(try status(teammate, in: mine) == "fail")
        try teammate.ok(["fix", "Checkout", "--type", "scroll"])
        let state = try teammate.ok(["next", "Checkout"])
        #expect(state.contains("reachable"), "the fix must reopen the failure recorded after the teammate's pass: \(state)")
    }

    @Test func whatAUITestRunFindsComesAfterATeammatesClockThatRanAhead() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--pass"])
        try cli.ok(["export", "--format", "json", "--output", "good.json"])
        var lines = try String(contentsOf: cli.directory.appendingPathComponent("good.json"), encoding: .utf8).components(separatedBy: "\n")
        // The teammate's pass is dated twelve hours ahead of this machine's clock.
        let ahead = ISO8601DateFormatter().string(from: Date().addingTimeInterval(12 * 3600)).replacingOccurrences(of: "Z", with: ".000Z")
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") && $0.contains("no-truncation") })
        let old = try #require(lines[index].range(of: #""at":"[^"]*""#, options: .regularExpression))
        lines[index].replaceSubrange(old, with: "\"at\":\"\(ahead)\"")
        let teammate = try CLI()
        try Data(lines.joined(separator: "\n").utf8).write(to: teammate.directory.appendingPathComponent("soon.json"))
        try teammate.ok(["import", "soon.json"])
        #expect(try RunImportTests.cells(teammate, "Checkout")["no-truncation ax5"] == "pass")

        // A UI-test run here then finds the text clipped: its failure is the cell's latest.
        try RunImportTests.exportedRun(teammate, [("AppUITests/DynamicTypeAuditTests/test_ax5()", [
            ("dtaudit-audit Checkout_ax5", RunImportTests.json(RunFixtures.harnessAudit(screen: "Checkout", size: "ax5", issues: [
                ("textClipped", "Text clipped", "payButton Pay"),
            ]))),
        ])])
        try teammate.ok(["evidence", "import-xcresult", "R-attachments"])
        #expect(try RunImportTests.cells(teammate, "Checkout")["no-truncation ax5"] == "fail")
    }

    /// Another program (here the sqlite3 tool) holds the store's write lock past the busy timeout:
    /// one line that says so and does not blame another dtaudit, exit 75, and nothing recorded.
    @Test(.requires(.sqlite3))
    func aStoreLockedByAnotherProgramIsNamedSoAndNothingIsRecorded() throws {
        let cli = try CLI().initialized()
        let database = cli.directory.appendingPathComponent(".dtaudit/audit.sqlite").path
        let holder = try Spawn.start("/bin/sh", ["-c", "(echo 'BEGIN EXCLUSIVE;'; echo 'SELECT 1;'; sleep 14) | \"$1\" \"$0\"", database, try RequiredTool.sqlite3.location()],
                                     in: cli.directory, environment: cli.environment, input: nil)
        defer { _ = Spawn.wait(holder.pid) }
        // The lock is held once the tool has answered its first statement.
        var held = false
        for _ in 0..<100 where !held {
            held = ((try? String(contentsOf: holder.output, encoding: .utf8)) ?? "").contains("1")
            if !held { Thread.sleep(forTimeInterval: 0.05) }
        }
        try #require(held, "the sqlite3 tool never took the lock")
        let result = try cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("another program"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        _ = Spawn.wait(holder.pid)
        #expect(try cli.history().isEmpty, "nothing was recorded")
    }

    @Test func timesOutsideTheFourDigitYearsAndBadOffsetsAreRefusedWhole() throws {
        let cli = try CLI().initialized()
        let lines = try exported(cli)
        let before = try cli.storeBytes()
        for time in ["0000-01-01T00:00:00.000+23:59", "2026-09-07T09:00:00+99:99", "9999-12-31T23:59:59.999-00:01", "10000-01-01T00:00:00Z"] {
            let file = cli.directory.appendingPathComponent("bad.json")
            try dated(lines, time, to: file)
            let result = try cli.run(["import", "bad.json"])
            #expect(result.status == 65, "\(time): \(result.stderr)")
            #expect(result.stderr.contains("field 'at' of the recording record must be a time"), "\(time): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try cli.storeBytes() == before)
        // The earliest moment the form holds travels and comes back.
        let other = try CLI()
        let fresh = other.directory
        let early = cli.directory.appendingPathComponent("early.json")
        try dated(lines, "0000-01-01T00:00:00.000Z", to: early)
        try other.ok(["import", early.path])
        try other.ok(["export", "--format", "json", "--output", "again.json"])
        let again = try String(contentsOf: fresh.appendingPathComponent("again.json"), encoding: .utf8)
        #expect(again.contains("\"at\":\"0000-01-01T00:00:00.000Z\""))
        #expect(try other.ok(["import", "again.json"]).contains("Nothing new"))
    }

    @Test func anExportNeverWritesThroughAPlantedLinkAndClearsWhatAKilledExportLeft() throws {
        let cli = try CLI().initialized()
        let victim = cli.directory.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let exports = cli.directory.appendingPathComponent("Exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        // What a clone can carry: links where the file and its temporary files go.
        for name in ["trailhead.json", "trailhead.csv"] + (1..<400).map({ ".trailhead.json.\($0).tmp" }) {
            try FileManager.default.createSymbolicLink(atPath: exports.appendingPathComponent(name).path, withDestinationPath: victim.path)
        }
        let leftover = exports.appendingPathComponent(".trailhead.json.2147483646-k1ll3d.tmp")
        try Data("half an export".utf8).write(to: leftover)
        try cli.ok(["export", "--format", "json", "--force"])
        try cli.ok(["export", "--format", "csv", "--output", "Exports/trailhead.csv"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        for name in ["trailhead.json", "trailhead.csv"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: exports.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test func noExportOrBaselineIsWrittenInsideTheStoreFolder() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        try FileManager.default.createSymbolicLink(atPath: cli.directory.appendingPathComponent("alias").path, withDestinationPath: ".dtaudit")
        let cases: [[String]] = [
            ["export", "--format", "json", "--output", ".dtaudit/audit.sqlite"],
            ["export", "--format", "csv", "--output", ".dtaudit/audit.sqlite"],
            ["export", "--output", ".dtaudit/report.md"],
            ["export", "--format", "json", "--output", "alias/audit.sqlite"],
            ["export", "--format", "json", "--output", "./.dtaudit/../.dtaudit/audit.sqlite-wal"],
            ["sync", ".dtaudit/audit.sqlite"],
            ["scan", "--write-baseline", "alias/audit.sqlite"],
            ["export", "--summary", "--output", ".dtaudit/audit.sqlite"],
            ["export", "--format", "openacr", "--author-email", "tess@example.com", "--output", "alias/audit.sqlite"],
            ["export", "--format", "vpat", "--output", ".dtaudit/audit.sqlite"],
        ]
        // Failures on both criteria, so that the conformance exports can judge and reach their output.
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "text-scales,reachable", "--fail", "--note", "clipped"])
        let before = try cli.storeBytes()
        for arguments in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is inside the store's folder"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try cli.storeBytes() == before)
        #expect(try cli.ok(["status"]).contains("Checkout"))
    }

    @Test func checklistTextsFromAFileAreRefusedWithControlCharactersAndShownSafely() throws {
        let cli = try CLI().initialized()
        let lines = try exported(cli)
        let checklist = try #require(lines.firstIndex { $0.contains("\"record\":\"checklist\"") })
        let teammate = try CLI()
        for (old, new, field) in [("\"title\":\"Text follows the text size setting\"", "\"title\":\"Text\\u001b[2J follows\"", "field 'title' of the item"),
                                  ("\"summary\":\"The checks", "\"summary\":\"\\u001b]0;owned\\u0007The checks", "field 'summary' of the checklist record"),
                                  ("\"howToCheck\":\"Compare", "\"howToCheck\":\"\\u009b2JCompare", "field 'howToCheck' of the item"),
                                  ("\"source\":\"# Dynamic Type", "\"source\":\"\\u001b[2J# Dynamic Type", "field 'source' of the checklist record")] {
            var copy = lines
            #expect(copy[checklist].contains(old), "\(old)")
            copy[checklist] = copy[checklist].replacingOccurrences(of: old, with: new)
            let file = teammate.directory.appendingPathComponent("hostile.json")
            try Data(copy.joined(separator: "\n").utf8).write(to: file)
            let result = try teammate.run(["import", "hostile.json"])
            #expect(result.status == 65, "\(field): \(result.stderr)")
            #expect(result.stderr.contains(field) && result.stderr.contains("control character"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: teammate.directory.appendingPathComponent(".dtaudit").path))
        }

        // A checklist file from a pull request (its reader refuses control characters), with a
        // right-to-left override and mark in its texts.
        let evil = """
            # Ours \u{202E}tsil

            - version: 1

            ## text-scales: Text \u{202E}selacs
            - sizes: ax5
            - severity: critical
            - scaling: yes

            Look at it \u{200F}here.
            """
        let own = try CLI()
        try Data(evil.utf8).write(to: own.directory.appendingPathComponent("ours.md"))
        for arguments in [["checklist", "show", "ours.md"], ["checklist", "validate", "ours.md"]] {
            let output = try own.run(arguments).stdout
            #expect(!output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" || $0 == "\u{200F}" }, "\(arguments): \(output)")
            #expect(output.contains("\\u{202e}"), "\(arguments): \(output)")
        }
    }

    /// Runs `dtaudit arguments` through the shell after `setup` (which ends in the folder to run in).
    func shell(_ cli: CLI, _ setup: String, _ arguments: [String]) throws -> CLI.Result {
        try Spawn.run("/bin/sh", ["-c", setup + " && exec \"$0\" \"$@\"", CLI.binary.path] + arguments, in: cli.directory,
                      environment: cli.environment)
    }

    @Test func aWorkingFolderDtauditCannotNameIsRefusedNotReplacedByAnother() throws {
        let cli = try CLI()
        // Deeper than PATH_MAX (4096 bytes on Linux, 1024 on macOS): 25 folders of 200 letters.
        let name = String(repeating: "d", count: 200)
        let deep = (0..<25).map { _ in "mkdir \(name) && cd -P \(name)" }.joined(separator: " && ")
        for arguments in [["init", "--app", "Deep"], ["status"], ["export", "--format", "json"]] {
            let result = try shell(cli, deep, arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: the working folder's path is longer than this system's limit of "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            _ = try shell(cli, "rm -rf \(name)", ["--version"])
        }
        // A folder whose name is Latin-1, not UTF-8 (where the file system takes such a name: APFS does not).
        guard try shell(cli, "mkdir -p \"$(printf 'caf\\351')/app\"", ["--version"]).status == 0 else { return }
        let latin = "cd \"$(printf 'caf\\351')/app\""
        let result = try shell(cli, latin, ["init", "--app", "Cafe"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("the working folder's path is not valid UTF-8"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
        #expect(left.count == 1, "only the folder made for the test: \(left)")
        #expect(!FileManager.default.fileExists(atPath: "/.dtaudit"))
        // Commands that need no folder still run there.
        #expect(try shell(cli, latin, ["sizes"]).status == 0)
    }

    @Test func messagesNameWhatIsWrong() throws {
        let cli = try CLI()
        // A folder where the database should be is neither a read-only store nor a store that exists.
        try FileManager.default.createDirectory(at: cli.storeFile, withIntermediateDirectories: true)
        for arguments in [["status"], ["init", "--app", "X"], ["--store", ".dtaudit", "next"], ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasSuffix("/.dtaudit/audit.sqlite is a folder, not a store's database file; move it out of the way. Nothing was changed\n"), "\(arguments): \(result.stderr)")
        }
        try FileManager.default.removeItem(at: cli.storeFile)
        _ = try cli.initialized()
        // What is not a regular file is refused before a byte of it is read.
        for arguments in [["export", "--since", "/dev/zero"], ["gate", "--no-regressions", "--since", "/dev/zero"], ["import", "/dev/zero"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "error: cannot read /dev/zero: it is not a regular file\n", "\(arguments): \(result.stderr)")
        }
    }

    @Test func aDeviceOrAPipeWhereAFileShouldBeIsRefusedWithTheTablesStatus() throws {
        // Robustness's table: a device or a pipe where a file should be exits 66, read nowhere, waited on never.
        let cli = try CLI()
        _ = try cli.initialized()
        #expect(mkfifo(cli.directory.appendingPathComponent("pipe").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: cli.directory.appendingPathComponent("Device.swift").path, withDestinationPath: "/dev/zero")
        let device = cli.directory.appendingPathComponent("Device.swift").path
        // A link to a device in the scanned tree is passed over, as a device there is.
        #expect(try cli.run(["scan"]).status == 0)
        for (arguments, shown) in [(["scan", "--baseline", "/dev/zero"], "/dev/zero"), (["scan", "--config", "/dev/null"], "/dev/null"),
                                   (["scan", "--baseline", "pipe"], "pipe"), (["scan", "Device.swift"], device),
                                   (["checklist", "show", "/dev/zero"], "/dev/zero"), (["checklist", "show", "./pipe"], "./pipe"),
                                   (["checklist", "upgrade", "/dev/zero"], "/dev/zero")] {
            let result = try cli.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "error: cannot read \(shown): it is not a regular file\n", "\(arguments): \(result.stderr)")
        }
    }
}
