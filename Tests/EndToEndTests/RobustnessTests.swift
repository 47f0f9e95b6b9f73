import Foundation
import Testing

/// Many writers at once and writers killed half-way never lose or tear a recording.
@Suite struct RobustnessTests {
    /// Counts rows with the sqlite3 tool, or nil when it is missing.
    func sqlite(_ database: URL, _ sql: String) throws -> String? {
        guard let path = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"].first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [database.path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
        let history = try #require(try cli.json(["history", "--all"]) as? [[String: Any]])
        #expect(history.count == 1600)
        if let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") { #expect(check == "ok") }
    }

    @Test func aRecordKilledAtAnyMomentLandsWholeOrNotAtAll() throws {
        let cli = try CLI().initialized()
        let perCommand = 24
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["record", "Checkout", "--size", "all", "--item", "all", "--pass"]
            process.currentDirectoryURL = cli.directory
            process.environment = cli.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...25_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        guard let count = try sqlite(cli.storeFile, "SELECT count(*) FROM recordings"),
              let check = try sqlite(cli.storeFile, "PRAGMA integrity_check") else { return }
        #expect(check == "ok")
        #expect((Int(count) ?? -1) % perCommand == 0, "\(count) recordings: a command landed in part")
        // The store still works after every kill.
        try cli.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        #expect(try sqlite(cli.storeFile, "SELECT count(*) FROM recordings") == String((Int(count) ?? 0) + perCommand))
    }
}
