import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The merge driver killed at any moment, as git runs it: at the top of the work tree, with its
/// three versions there. Git's file is left as it was or merged whole, nothing is left in the work
/// tree for `git add -A` to take in, and the next run removes what killed runs left in the git folder.
@Suite(.tags(.endToEnd, .stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct MergeDriverKillTests {
    static var kills: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init).map { max(4, $0 / 10) } ?? 16 }

    func git(_ arguments: [String], _ cli: CLI) throws -> String {
        let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
        return result.stdout
    }

    /// An audit file of `screens` screens with `perScreen` recordings each (every `step`-th only),
    /// written as a store writes it, after the audit's own lines `head`.
    func file(_ head: [Substring], screens: Int, perScreen: Int, step: Int) -> Data {
        var text = head.joined(separator: "\n") + "\n"
        for s in 0..<screens {
            let screen = String(format: "screen-%04d", s)
            text += "{\"record\":\"screen\",\"id\":\"\(screen)\",\"name\":\"Screen \(s)\",\"critical\":false,\"files\":[],\"by\":\"Mei Chen\","
                + "\"at\":\"2026-01-01T00:\(String(format: "%02d", s % 60)):\(String(format: "%02d", s / 60)).000Z\"},\n"
            for r in stride(from: 0, to: perScreen, by: step) {
                text += "{\"record\":\"recording\",\"id\":\"\(screen)-\(String(format: "%05d", r))\",\"screen\":\"\(screen)\",\"item\":\"reachable\","
                    + "\"size\":\"ax5\",\"status\":\"pass\",\"note\":\"Checked on the device at the largest size, scrolling to the end.\","
                    + "\"by\":\"Mei Chen\",\"at\":\"2026-02-\(String(format: "%02d", 1 + r / 1440))T\(String(format: "%02d", r / 60 % 24)):\(String(format: "%02d", r % 60)):00.000Z\"},\n"
            }
        }
        return Data((text + "{\"record\":\"end\"}\n]}\n").utf8)
    }

    @Test func aKilledDriverLeavesGitsFileWholeAndNothingForGitAddToTakeIn() throws {
        let cli = try CLI()
        _ = try git(["init", "-q"], cli)
        try cli.ok(["init", "--app", "Trailhead"])
        try cli.ok(["sync"])
        let shared = cli.directory.appendingPathComponent("Exports/trailhead.json")
        let head = Array(try String(contentsOf: shared, encoding: .utf8).split(separator: "\n").prefix(3))
        // Every other recording in the base; ours has the rest, theirs four more screens.
        let versions = ["base": file(head, screens: 20, perScreen: 200, step: 2), "ours": file(head, screens: 20, perScreen: 200, step: 1),
                        "theirs": file(head, screens: 22, perScreen: 200, step: 2)]
        try versions["ours"]!.write(to: shared)
        _ = try git(["add", "-A"], cli)
        _ = try git(["-c", "user.name=Mei", "-c", "user.email=mei@example.com", "commit", "-q", "-m", "Audit"], cli)
        // Named as git names them, at the top of the work tree.
        let names = ["base": ".merge_file_Base01", "ours": ".merge_file_Ours01", "theirs": ".merge_file_Thrs01"]
        for (version, name) in names { try versions[version]!.write(to: cli.directory.appendingPathComponent(name)) }
        let ours = cli.directory.appendingPathComponent(names["ours"]!)
        let arguments = ["merge-driver", names["base"]!, names["ours"]!, names["theirs"]!, "Exports/trailhead.json"]

        // How long a whole run takes: the slower of two, as other processes share the machine.
        var duration = 0.0
        for _ in 0..<2 {
            try versions["ours"]!.write(to: ours)
            let started = Date()
            try cli.ok(arguments)
            duration = max(duration, Date().timeIntervalSince(started))
        }
        let merged = try Data(contentsOf: ours)
        #expect(merged.count > versions["ours"]!.count)

        var random = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for stretch in 0..<Self.kills {
            try versions["ours"]!.write(to: ours)
            let driver = try Spawn.start(CLI.binary.path, arguments, in: cli.directory, environment: cli.environment, input: nil)
            // A random moment in each stretch of the run, its last one too (where it writes, or renames).
            let moment = (Double(stretch) + Double.random(in: 0..<1, using: &random)) / Double(Self.kills) * duration * 1.2
            usleep(UInt32(moment * 1_000_000))
            kill(driver.pid, SIGKILL)
            _ = Spawn.wait(driver.pid)
            let left = try Data(contentsOf: ours)
            #expect(left == versions["ours"]! || left == merged, "git's file is neither ours nor the whole merge (\(left.count) bytes)")
            outcomes[left == merged ? "merged" : "killed", default: 0] += 1
            // What `git add -A` would take in: only git's own three versions.
            let untracked = try git(["status", "--porcelain", "--untracked-files=all"], cli).split(separator: "\n").map(String.init)
            #expect(Set(untracked) == Set(names.values.map { "?? " + $0 }), "\(untracked)")
        }
        print("merge drivers killed: \(outcomes)")
        // The next run merges as before and removes what the killed runs left in the git folder.
        try versions["ours"]!.write(to: ours)
        try cli.ok(arguments)
        #expect(try Data(contentsOf: ours) == merged)
        let gitFolder = try FileManager.default.contentsOfDirectory(atPath: cli.directory.appendingPathComponent(".git").path)
        #expect(gitFolder.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(gitFolder)")
    }
}
