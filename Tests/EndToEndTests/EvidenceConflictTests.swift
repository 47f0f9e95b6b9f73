import Foundation
import Testing

/// A screenshot one teammate changed (an image optimiser rewrote it) and another removed: git
/// stops the merge with a modify/delete conflict in the shared evidence folder. `evidence list` and
/// `sync` say what git still waits for, and never call a file stored that this store lacks.
@Suite(.tags(.endToEnd)) struct EvidenceConflictTests {
    typealias Team = TeamTests.Team

    /// Alice attaches a screenshot and shares it; Bob's clone rewrites its bytes and commits, Alice
    /// removes it from git and pushes; Bob pulls into the conflict. The shared file's path.
    func conflicted() throws -> (team: Team, alice: URL, bob: URL, path: String) {
        let team = try Team()
        let (alice, bob) = try team.started()
        for clone in [alice, bob] { try team.dtaudit(["git-setup"], in: clone) }
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "pay-ax5.png"], in: alice)
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        try team.share(alice, "Evidence")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: alice.appendingPathComponent("Exports/trailhead-evidence").path).first)
        let path = "Exports/trailhead-evidence/" + name

        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        let handle = try FileHandle(forWritingTo: bob.appendingPathComponent(path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("optimised".utf8))
        try handle.close()
        try team.git(["commit", "-q", "-am", "Optimise the screenshots"], in: bob)
        try team.git(["rm", "-q", path], in: alice)
        try team.git(["commit", "-q", "-m", "Drop a screenshot"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        let pull = try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob, allowFailure: true)
        #expect(pull.status != 0 && pull.output.contains("CONFLICT (modify/delete)"), "\(pull.output)")
        return (team, alice, bob, path)
    }

    @Test func evidenceListAndSyncSayWhichGitAddIsStillNeededAndDoingItSettlesTheMerge() throws {
        let (team, alice, bob, path) = try conflicted()
        let listed = try team.dtaudit(["evidence", "list"], in: bob)
        #expect(listed.contains("\(path) is unmerged in git (changed on one side, removed on the other): the audit uses it: "
                                + "run 'dtaudit sync', which writes its stored bytes back, then 'git add \(path)' and commit"), "\(listed)")
        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains("the audit uses it, and sync wrote its stored bytes back; 'git add \(path)' and commit"), "\(synced)")
        try team.git(["add", path], in: bob)
        try team.git(["commit", "-q", "--no-edit"], in: bob)
        #expect(!(try team.dtaudit(["evidence", "list"], in: bob)).contains("unmerged"))
        try team.git(["push", "-q", "origin", "main"], in: bob)

        // The file in git is the one the records name again: a fresh clone stores it.
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        let carol = try team.clone("carol")
        try team.dtaudit(["sync"], in: carol)
        let stored = try team.dtaudit(["evidence", "list"], in: carol)
        #expect(stored.contains(".git/dtaudit/root/evidence/") && stored.contains("1 attachment of 1 stored file"), "\(stored)")
    }

    @Test func aFileTheRecordsNameButTheStoreLacksIsNeverListedAsStored() throws {
        let (team, _, _, _) = try conflicted()
        // Alice's push removed the file from git: a fresh clone has the record and not the file.
        let carol = try team.clone("carol")
        try team.dtaudit(["sync"], in: carol)
        let listed = try team.dtaudit(["evidence", "list"], in: carol)
        #expect(listed.contains("missing from this store") && !listed.contains("dtaudit/root/evidence/"), "\(listed)")
        #expect(listed.contains("1 attachment of 0 stored files, 0 bytes"))
        #expect(listed.contains("1 file the records name is not in this store: 'dtaudit sync' takes it in once whoever attached it has shared it"))
        let json = try JSONSerialization.jsonObject(with: Data(try team.dtaudit(["evidence", "list", "--json"], in: carol).utf8)) as? [[String: Any]]
        #expect(json?.first?["stored"] as? Bool == false)
    }
}
