import Foundation
import Testing

/// A sync killed at any moment leaves temporary files of its own (a database being set up, the
/// copy of the shared file, evidence being taken in); the next sync removes them, and nothing of
/// anybody else's.
@Suite(.tags(.endToEnd, .stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct SyncLeftoverTests {
    typealias Team = TeamTests.Team

    /// DTAUDIT_PROPERTY_RUNS sets the number of kills (4 by default).
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 4 }

    /// Where an earlier release kept the store.
    enum StoreFolder {
        static let earlier = ".dtaudit"
    }

    /// Every file under `folder` that a writer left half-made.
    func leftovers(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter {
            let name = ($0 as NSString).lastPathComponent
            return name.hasSuffix(".tmp") || name.hasPrefix(".incoming-")
        }
    }

    @Test func aSyncKilledAtAnyMomentLeavesNothingAfterTheNextSync() throws {
        // The demo's audit, shared in a repository: screens, recordings and screenshots enough
        // that a fresh clone's sync takes a while.
        let source = try CLI()
        try source.ok(["demo", "--quiet"])
        let team = try Team()
        let alice = try team.clone("alice")
        try source.ok(["export", "--format", "json", "--output", alice.appendingPathComponent("Exports/trailhead.json").path],
                      in: source.directory.appendingPathComponent("dtaudit-demo"))
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "The audit"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        let bob = try team.clone("bob")
        try team.dtaudit(["sync"], in: bob)
        // What a sync killed at the worst moments leaves, named for a writer that has ended; and a
        // file of the same form whose writer still runs (this test), which is never touched.
        let store = try #require([".git/dtaudit/root", StoreFolder.earlier].map(bob.appendingPathComponent).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("audit.sqlite").path)
        })
        let ended = try Spawn.start("/bin/sh", ["-c", "exit 0"], in: bob, environment: [:], input: nil)
        _ = Spawn.wait(ended.pid)
        let killed = [".audit.sqlite.\(ended.pid)-k1.tmp", ".shared-copy.\(ended.pid)-k2.tmp", ".shared-copy.index.\(ended.pid)-k3.tmp",
                      "evidence/.incoming-p\(ended.pid)-0f5c8a2e-9a51-4d0e-8e44-2b7d0c1a9e11"]
        for name in killed { try Data("half".utf8).write(to: store.appendingPathComponent(name)) }
        let running = ".audit.sqlite.\(getpid())-live.tmp"
        try Data().write(to: store.appendingPathComponent(running))
        try team.dtaudit(["sync"], in: bob)
        #expect(leftovers(under: store) == [running])

        var random = SystemRandomNumberGenerator()
        var killedWith = 0
        for round in 0..<Self.runs {
            // Even rounds set the store up from the file; odd ones sync a recording into it.
            if round % 2 == 0 {
                for name in try FileManager.default.contentsOfDirectory(atPath: store.path) where name != running {
                    try FileManager.default.removeItem(at: store.appendingPathComponent(name))
                }
            } else {
                try team.dtaudit(["record", "Elevation chart", "--size", "ax5", "--item", "all", round % 4 == 1 ? "--fail" : "--pass"], in: bob)
            }
            let started = try Spawn.start(CLI.binary.path, ["sync"], in: bob, environment: team.cli.environment, input: nil)
            usleep(UInt32.random(in: 0...600_000, using: &random))
            kill(started.pid, SIGKILL)
            _ = Spawn.wait(started.pid)
            let places = [bob.appendingPathComponent("Exports")]
            killedWith += leftovers(under: store).count - 1 + places.map { leftovers(under: $0).count }.reduce(0, +)
            try team.dtaudit(["sync"], in: bob)
            #expect(leftovers(under: store) == [running], "round \(round)")
            for place in places { #expect(leftovers(under: place).isEmpty, "round \(round): \(place.lastPathComponent)") }
        }
        print("temporary files left by \(Self.runs) killed syncs: \(killedWith)")
        #expect(try team.dtaudit(["history", "Elevation chart"], in: bob).contains("pass"))
    }
}
