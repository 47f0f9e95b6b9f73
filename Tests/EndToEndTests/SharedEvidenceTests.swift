import Foundation
import Testing

/// Evidence files arrive in the shared evidence folder from other people: a bad one is named and
/// left out, unread, while the records sync; an error leaves the store as it was.
@Suite(.tags(.endToEnd)) struct SharedEvidenceTests {
    typealias Team = TeamTests.Team

    /// `dtaudit arguments` in `folder` as its owner, within 30 s of processor time and files of at
    /// most 100 MB where Linux's prlimit can say so: reading or copying a 10 GB file breaks both.
    func bounded(_ team: Team, _ arguments: [String], in folder: URL) throws -> Spawn.Result {
        let prlimit = "/usr/bin/prlimit"
        let environment = team.cli.environment.merging(["DTAUDIT_USER": folder.lastPathComponent]) { $1 }
        if FileManager.default.isExecutableFile(atPath: prlimit) {
            return try Spawn.run(prlimit, ["--cpu=30", "--fsize=\(100 << 20)", CLI.binary.path] + arguments, in: folder, environment: environment)
        }
        return try Spawn.run(CLI.binary.path, arguments, in: folder, environment: environment)
    }

    /// Alice attaches a screenshot and shares it; the name it is shared under.
    func sharedScreenshot(_ team: Team, _ alice: URL) throws -> String {
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "pay-ax5.png"], in: alice)
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        try team.share(alice, "Evidence")
        return try #require(try FileManager.default.contentsOfDirectory(atPath: alice.appendingPathComponent("Exports/trailhead-evidence").path).first)
    }

    /// Records something new, syncs, then lets `plant` change the shared folder, and pushes it all.
    func pushPlanted(_ team: Team, _ alice: URL, _ plant: () throws -> Void) throws {
        try team.dtaudit(["record", "Checkout", "--size", "ax3", "--item", "reachable", "--fail", "--note", "Pay hidden"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        try plant()
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "Planted"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
    }

    /// The limit a message cites: the figure and unit after "may be up to ".
    func citedLimit(_ text: String) -> String? {
        guard let start = text.range(of: "may be up to ") else { return nil }
        let words = text[start.upperBound...].split(separator: " ").prefix(2)
        return words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,;()")) }.joined(separator: " ")
    }

    /// Replaces the file at `path` with one of `size` bytes that takes no room: a file with a hole.
    func sparse(_ path: URL, size: UInt64) throws {
        try FileManager.default.removeItem(at: path)
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    @Test func aHugeSparseEvidenceFileIsLeftOutUnreadWhileTheRecordsSync() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let stored = try sharedScreenshot(team, alice)
        try pushPlanted(team, alice) {}
        let shown = "Exports/trailhead-evidence/" + stored
        // A fresh clone, and Bob, whose store lacks the file, each find ten gigabytes under its name
        // (made here rather than pushed: git would write every byte of the hole).
        let carol = try team.clone("carol")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        for clone in [carol, bob] {
            let huge = clone.appendingPathComponent(shown)
            try sparse(huge, size: 10 << 30)
            let synced = try bounded(team, ["sync"], in: clone)
            #expect(synced.status == 0, "\(clone.lastPathComponent): \(synced.output)")
            #expect(synced.stdout.contains("\(shown) is 11 GB; evidence files may be up to 50 MB (change it with 'dtaudit evidence limit'); it was not taken in"),
                    "\(clone.lastPathComponent): \(synced.stdout)")
            let limit = try team.dtaudit(["evidence", "limit"], in: clone)
            #expect(citedLimit(limit) == citedLimit(synced.stdout) && citedLimit(limit) != nil, "\(limit) against \(synced.stdout)")
            #expect(try team.dtaudit(["history", "Checkout"], in: clone).contains("Pay hidden"), "the records synced")
            let evidence = clone.appendingPathComponent(".git/dtaudit/root/evidence")
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: evidence.path)) ?? []
            #expect(kept.filter { $0 != ".gitignore" }.isEmpty, "\(clone.lastPathComponent): nothing of it was stored: \(kept)")
            #expect(try FileManager.default.attributesOfItem(atPath: huge.path)[.size] as? UInt64 == 10 << 30, "the shared file was left as it is")
        }
        // Within a higher limit, the size its records give refuses it, still unread.
        try team.dtaudit(["evidence", "limit", "4GB"], in: carol)
        try sparse(carol.appendingPathComponent(shown), size: 2 << 30)
        let again = try bounded(team, ["sync", "--json"], in: carol)
        #expect(again.status == 0, "\(again.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        let refused = try #require(report["evidenceRefused"] as? [[String: String]])
        #expect(refused == [["file": shown, "reason": "does not hold the bytes its name says (it is 2.1 GB, its records say \(Fixture.png("pay").count) bytes)"]])
    }

    @Test func aLinkedEvidenceFolderIsRefusedAndLeavesTheStoreAsItWas() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let stored = try sharedScreenshot(team, alice)
        // The folder's files, moved outside the repository and linked back.
        let outside = team.cli.directory.appendingPathComponent("elsewhere")
        try pushPlanted(team, alice) {
            try FileManager.default.moveItem(at: alice.appendingPathComponent("Exports/trailhead-evidence"), to: outside)
            try FileManager.default.createSymbolicLink(atPath: alice.appendingPathComponent("Exports/trailhead-evidence").path, withDestinationPath: outside.path)
        }
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let before = try PlantedLinkTests.bytes(under: bob.appendingPathComponent(".git/dtaudit/root"))
        let carol = try team.clone("carol")
        for clone in [bob, carol] {
            let result = try team.cli.run(["sync"], in: clone, environment: ["DTAUDIT_USER": clone.lastPathComponent])
            #expect(result.status == 65, "\(clone.lastPathComponent): \(result.output)")
            #expect(result.stderr.contains("Exports/trailhead-evidence is a symbolic link (to \(outside.path))"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try PlantedLinkTests.bytes(under: bob.appendingPathComponent(".git/dtaudit/root")) == before, "Bob's store is as it was")
        #expect(!FileManager.default.fileExists(atPath: carol.appendingPathComponent(".git/dtaudit/root/audit.sqlite").path), "no store was set up")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [stored])
    }

    @Test func aFreshCloneWhoseEvidenceCannotBeStoredIsLeftWithoutAStore() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        try team.dtaudit(["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(["screen", "add", "Checkout"], in: alice)
        _ = try sharedScreenshot(team, alice)
        let carol = try team.clone("carol")
        // A file where the store's evidence folder goes.
        try Fixture.write(Data("not a folder".utf8), ".git/dtaudit/root/evidence", in: carol)
        let result = try team.cli.run(["sync"], in: carol)
        #expect(result.status == 73, "\(result.output)")
        #expect(result.stderr.contains("cannot store the evidence") && result.stderr.contains("nothing was changed"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: carol.appendingPathComponent(".git/dtaudit/root").path) == ["evidence"], "no store was left")
        #expect(try team.git(["status", "--porcelain"], in: carol).stdout.isEmpty)
    }
}
