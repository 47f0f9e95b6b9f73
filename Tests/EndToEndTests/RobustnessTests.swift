import Foundation
import Testing

/// Many writers at once and writers killed half-way never lose or tear a recording.
@Suite(.tags(.endToEnd, .stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set"), .requires(.sqlite3)) struct RobustnessTests {
    /// Counts rows with the sqlite3 tool.
    func sqlite(_ database: URL, _ sql: String) throws -> String? {
        let result = try Spawn.run(try RequiredTool.sqlite3.location(), [database.path, sql], in: database.deletingLastPathComponent(), environment: [:])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func eightWritersRecordingTwoHundredCellsEachAllLand() throws {
        let cli = try CLI().initialized()
        for worker in 1...8 { try cli.ok(["screen", "add", "Screen \(worker)"]) }
        let items = ["text-scales", "no-truncation", "no-overlap", "reachable", "layout-adapts", "default-unchanged", "xsmall",
                     "live-update", "custom-fonts", "icons-scale", "cells-resize", "large-content-viewer", "no-shrink",
                     "errors-near-fields", "long-translations", "landscape", "readable-over-background"]
        let sizes = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        let cells = items.flatMap { item in sizes.map { (item, $0) } }.prefix(200)
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (item, size) in cells {
                let result = try? cli.run(["record", "Screen \(worker + 1)", "--size", size, "--item", item, "--pass"])
                if result?.status != 0 {
                    lock.lock()
                    failures.append(result?.stderr ?? "could not start")
                    lock.unlock()
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(!failures.contains { $0.contains("locked") })
        let history = try cli.history()
        #expect(history.count == 1600)
        if let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") { #expect(check == "ok") }
    }

    @Test func aRecordKilledAtAnyMomentLandsWholeOrNotAtAll() throws {
        let cli = try CLI().initialized()
        let perCommand = 24
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let started = try Spawn.start(CLI.binary.path, ["record", "Checkout", "--size", "all", "--item", "all", "--pass"],
                                          in: cli.directory, environment: cli.environment, input: nil)
            usleep(UInt32.random(in: 0...40_000, using: &random))
            kill(started.pid, SIGKILL)
            _ = Spawn.wait(started.pid)
        }
        guard let count = try sqlite(cli.storeFile, "SELECT count(*) FROM recordings"),
              let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") else { return }
        #expect(check == "ok")
        #expect((Int(count) ?? -1) % perCommand == 0, "\(count) recordings: a command landed in part")
        // The store still works after every kill.
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM recordings") == String((Int(count) ?? 0) + perCommand))
    }

    @Test func anImportKilledAtAnyMomentLandsWholeOrNotAtAll() throws {
        let source = try CLI()
        try source.ok(["demo", "--quiet"])
        let demo = source.directory.appendingPathComponent("dtaudit-demo")
        let exported = source.directory.appendingPathComponent("demo.json")
        try source.ok(["export", "--format", "json", "--output", exported.path], in: demo)
        let total = try #require(try sqlite(demo.appendingPathComponent(".dtaudit/audit.sqlite"), "SELECT count(*) FROM recordings"))

        var random = SystemRandomNumberGenerator()
        var landed = 0
        for _ in 0..<50 {
            let cli = try CLI()
            try cli.ok(["init", "--app", "Trailhead"])
            let started = try Spawn.start(CLI.binary.path, ["import", exported.path], in: cli.directory, environment: cli.environment, input: nil)
            usleep(UInt32.random(in: 0...80_000, using: &random))
            kill(started.pid, SIGKILL)
            _ = Spawn.wait(started.pid)
            guard let count = try sqlite(cli.storeFile, "SELECT count(*) FROM recordings"),
                  let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") else { return }
            #expect(check == "ok")
            #expect(count == "0" || count == total, "\(count) of \(total) recordings: an import landed in part")
            if count == total { landed += 1 }
            // Whatever happened, importing again completes the store.
            try cli.ok(["import", exported.path])
            #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM recordings") == total)
        }
        print("imports that finished before the kill: \(landed) of 50")
    }

    /// An import that creates the store, killed at any moment, leaves no store or the whole one,
    /// never a store with the checklist and none of the records; the next import clears what it left.
    @Test func anImportThatCreatesTheStoreKilledAtAnyMomentLeavesAllOrNothing() throws {
        let source = try CLI()
        try source.ok(["demo", "--quiet"])
        let demo = source.directory.appendingPathComponent("dtaudit-demo")
        let exported = source.directory.appendingPathComponent("demo.json")
        try source.ok(["export", "--format", "json", "--output", exported.path], in: demo)
        let total = try #require(try sqlite(demo.appendingPathComponent(".dtaudit/audit.sqlite"), "SELECT count(*) FROM log"))

        var random = SystemRandomNumberGenerator()
        var landed = 0
        for _ in 0..<30 {
            let cli = try CLI()
            let started = try Spawn.start(CLI.binary.path, ["import", exported.path], in: cli.directory, environment: cli.environment, input: nil)
            usleep(UInt32.random(in: 0...300_000, using: &random))
            kill(started.pid, SIGKILL)
            _ = Spawn.wait(started.pid)
            if FileManager.default.fileExists(atPath: cli.storeFile.path) {
                #expect(try sqlite(cli.storeFile, "PRAGMA integrity_check") == "ok")
                #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM log") == total, "a store made in part")
                landed += 1
            } else {
                // No store: the next import makes it whole and clears what the killed one left.
                try cli.ok(["import", exported.path])
                #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM log") == total)
                let left = try FileManager.default.contentsOfDirectory(atPath: cli.directory.appendingPathComponent(".dtaudit").path)
                #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
            }
        }
        print("store-creating imports that finished before the kill: \(landed) of 30")
    }

    /// A sync or a JSON export killed at any moment leaves the store and the shared file each
    /// whole: the store holds the file's records all or none, the file is the old one or the new one.
    @Test func aSyncOrExportKilledAtAnyMomentLeavesStoreAndFileWhole() throws {
        let source = try CLI()
        try source.ok(["demo", "--quiet"])
        let demo = source.directory.appendingPathComponent("dtaudit-demo")
        let teammates = source.directory.appendingPathComponent("teammates.json")
        try source.ok(["export", "--format", "json", "--output", teammates.path], in: demo)
        let theirs = try Data(contentsOf: teammates)

        var random = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<30 {
            let cli = try CLI()
            try cli.ok(["init", "--app", "Trailhead"])
            try cli.ok(["screen", "add", "Mine"])
            try cli.ok(["sync"])
            let shared = cli.directory.appendingPathComponent("Exports/trailhead.json")
            let mine = try Data(contentsOf: shared)
            let before = try #require(try sqlite(cli.storeFile, "SELECT count(*) FROM log"))
            // A pull brings the teammates' file, then sync (or, every third round, an export) is killed.
            try theirs.write(to: shared)
            let command = round % 3 == 2 ? ["export", "--format", "json", "--force"] : ["sync"]
            let started = try Spawn.start(CLI.binary.path, command, in: cli.directory, environment: cli.environment, input: nil)
            usleep(UInt32.random(in: 0...400_000, using: &random))
            kill(started.pid, SIGKILL)
            _ = Spawn.wait(started.pid)
            guard let count = try sqlite(cli.storeFile, "SELECT count(*) FROM log"),
                  let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") else { return }
            #expect(check == "ok")
            let file = try Data(contentsOf: shared)
            #expect(file == theirs || file == mine || file.count > theirs.count, "the shared file is a part of one")
            #expect(try cli.run(["import", "--dry-run", "Exports/trailhead.json"]).status == 0, "the shared file no longer reads")
            #expect(count == before || Int(count) == (Int(before) ?? 0) + 393, "\(count) records: a sync landed in part")
            outcomes[command[0] + (count == before ? " killed" : " landed"), default: 0] += 1
            // Whatever happened, a sync completes both; only a finished --force export dropped theirs.
            try cli.ok(["sync"])
            let expected = file == mine ? Int(count) ?? 0 : (Int(before) ?? 0) + 393
            #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM log") == String(expected))
        }
        print("sync and export outcomes: \(outcomes)")
    }
}
