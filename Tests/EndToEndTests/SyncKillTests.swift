import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sync` killed at any moment while it writes the shared file: the file is left as it was or
/// written whole, and nothing is left beside it in `Exports/` for `git add Exports` to take in.
@Suite(.tags(.endToEnd, .stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct SyncKillTests {
    static var kills: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init).map { max(4, $0 / 10) } ?? 12 }

    func git(_ arguments: [String], _ cli: CLI) throws -> String {
        let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
        return result.stdout
    }

    @Test func aKilledSyncLeavesNothingInExportsForGitAddToTakeIn() throws {
        let cli = try CLI()
        _ = try git(["init", "-q"], cli)
        try cli.ok(["init", "--app", "Trailhead"])
        try cli.ok(["sync"])
        let shared = cli.directory.appendingPathComponent("Exports/trailhead.json")
        let lines = try String(contentsOf: shared, encoding: .utf8).split(separator: "\n")
        let head = lines.prefix(3).joined(separator: "\n") + "\n"
        let end = "{\"record\":\"end\"}\n]}\n"
        // Many recordings, so that writing the file takes a while.
        var text = head
        for r in 0..<6000 {
            text += "{\"record\":\"recording\",\"id\":\"r-\(String(format: "%05d", r))\",\"screen\":\"s-\(r / 300)\",\"item\":\"reachable\",\"size\":\"ax5\","
                + "\"status\":\"pass\",\"note\":\"Checked on the device at the largest size.\",\"by\":\"Mei Chen\","
                + "\"at\":\"2026-02-\(String(format: "%02d", 1 + r / 1440))T\(String(format: "%02d", r / 60 % 24)):\(String(format: "%02d", r % 60)):00.000Z\"},\n"
        }
        for s in 0..<20 {
            text = text.replacingOccurrences(of: head, with: head + "{\"record\":\"screen\",\"id\":\"s-\(s)\",\"name\":\"Screen \(s)\",\"critical\":false,"
                                                + "\"files\":[],\"by\":\"Mei Chen\",\"at\":\"2026-01-01T00:00:\(String(format: "%02d", s)).000Z\"},\n")
        }
        try Data((text + end).utf8).write(to: shared)
        try cli.ok(["sync"])
        let whole = try Data(contentsOf: shared)
        _ = try git(["add", "-A"], cli)
        _ = try git(["-c", "user.name=Mei", "-c", "user.email=mei@example.com", "commit", "-q", "-m", "Audit"], cli)
        // A file that lacks every record: sync writes it whole.
        let bare = Data((head + end).utf8)

        var duration = 0.0
        for _ in 0..<2 {
            try bare.write(to: shared)
            let started = Date()
            try cli.ok(["sync"])
            duration = max(duration, Date().timeIntervalSince(started))
        }
        #expect(try Data(contentsOf: shared) == whole)
        var random = SystemRandomNumberGenerator()
        for stretch in 0..<Self.kills {
            try bare.write(to: shared)
            let sync = try Spawn.start(CLI.binary.path, ["sync"], in: cli.directory, environment: cli.environment, input: nil)
            let moment = (Double(stretch) + Double.random(in: 0..<1, using: &random)) / Double(Self.kills) * duration * 1.2
            usleep(UInt32(moment * 1_000_000))
            kill(sync.pid, SIGKILL)
            _ = Spawn.wait(sync.pid)
            let left = try Data(contentsOf: shared)
            #expect(left == bare || left == whole, "the file is neither as it was nor whole (\(left.count) bytes)")
            let untracked = try git(["status", "--porcelain", "--untracked-files=all", "--", "Exports"], cli).split(separator: "\n").filter { $0.hasPrefix("??") }
            #expect(untracked.isEmpty, "\(untracked)")
        }
        try cli.ok(["sync"])
        #expect(try Data(contentsOf: shared) == whole)
    }
}
