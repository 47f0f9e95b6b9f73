import Foundation
import Testing

/// A pull that leaves the audit file unmerged with our side only and no conflict markers: git's
/// `-merge` attribute, a merge driver git cannot start, a driver that cannot read the other side.
/// `sync` reads both sides from git's index (stages 2 and 3), or refuses and names the side it
/// could not read; it never says it took in a side it did not read.
@Suite(.tags(.endToEnd)) struct UnmergedSideTests {
    typealias Team = TeamTests.Team

    enum Merge: CaseIterable, Sendable {
        /// `Exports/trailhead.json -merge`: git merges no line of it.
        case noLineMerge
        /// The driver `git-setup` wrote names a dtaudit that has moved since (an upgrade elsewhere):
        /// git cannot start it.
        case driverGone
    }

    /// Bob's CI run records a failure and pushes it; Alice records one too and pulls: git leaves the
    /// file unmerged, holding her side only. `bobsFile` changes what Bob commits.
    func unmergedPull(_ team: Team, setUp: (URL) throws -> Void, bobsFile: (String) -> String = { $0 }) throws -> (alice: URL, ours: String) {
        let (alice, bob) = try team.started()
        try setUp(alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Bob's CI run"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        let file = bob.appendingPathComponent("Exports/trailhead.json")
        try Data(bobsFile(try team.file(bob)).utf8).write(to: file)
        try team.git(["commit", "-q", "-am", "CI results"], in: bob)
        try team.git(["push", "-q", "origin", "main"], in: bob)

        try team.dtaudit(["record", "Checkout", "--size", "ax3", "--item", "reachable", "--fail", "--note", "Alice saw it"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        try team.git(["commit", "-q", "-am", "Alice's results"], in: alice)
        let ours = try team.file(alice)
        let pull = try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice, allowFailure: true)
        #expect(pull.status != 0)
        #expect(try team.git(["status", "--porcelain"], in: alice).stdout.contains("UU Exports/trailhead.json"))
        // Our side only, no markers: nothing in the file says the other side exists.
        #expect(try team.file(alice) == ours)
        return (alice, ours)
    }

    @Test(arguments: Merge.allCases) func syncTakesTheOtherSideFromGitsIndexAndTheMergeKeepsIt(merge: Merge) throws {
        let team = try Team()
        let (alice, _) = try unmergedPull(team, setUp: { alice in
            switch merge {
            case .noLineMerge:
                try Data("Exports/trailhead.json -merge\n".utf8).write(to: alice.appendingPathComponent(".git/info/attributes"))
            case .driverGone:
                try team.dtaudit(["git-setup"], in: alice)
                try team.git(["config", "merge.dtaudit.driver", "/opt/moved/dtaudit merge-driver %O %A %B %P"], in: alice)
            }
        })
        let synced = try team.cli.run(["sync"], in: alice, environment: ["DTAUDIT_USER": "alice"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sync took in both sides' records and wrote them into it in order"), "\(synced.stdout)")
        #expect(try team.file(alice).contains("Bob's CI run") && team.file(alice).contains("Alice saw it"))

        try team.git(["add", "Exports/trailhead.json"], in: alice)
        try team.git(["commit", "-q", "--no-edit"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        let notes = try team.cli.history(in: alice).compactMap { $0["note"] as? String }
        #expect(notes.contains("Bob's CI run") && notes.contains("Alice saw it"))
        // What main holds now: a fresh clone reads both recordings from it.
        let carol = try team.clone("carol")
        try team.dtaudit(["sync"], in: carol)
        let fromMain = try team.cli.history(in: carol).compactMap { $0["note"] as? String }
        #expect(fromMain.contains("Bob's CI run") && fromMain.contains("Alice saw it"))
    }

    @Test func aSideTheDriverCannotReadIsNamedAndNothingIsSaidToBeMergedUntilItIsMended() throws {
        let team = try Team()
        // One line of Bob's file holds a field no release writes: the driver refuses it, exit 65.
        let (alice, ours) = try unmergedPull(team, setUp: { try team.dtaudit(["git-setup"], in: $0) }, bobsFile: { file in
            file.replacingOccurrences(of: #""note":"Bob's CI run""#, with: #""note":"Bob's CI run","colour":"red""#)
        })
        let refused = try team.cli.run(["sync"], in: alice, environment: ["DTAUDIT_USER": "alice"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("Exports/trailhead.json is unmerged in git, and their side of it ('git show :3:Exports/trailhead.json') cannot be read: line ")
                && refused.stderr.contains("the recording record has an unknown field 'colour'; nothing was taken in or written"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("both sides"), "\(refused.stdout)")
        #expect(try team.file(alice) == ours)

        // The steps the line names: their side, mended and imported; the merge concluded; a sync.
        let theirs = try team.git(["show", ":3:Exports/trailhead.json"], in: alice).stdout
        let mended = team.cli.directory.appendingPathComponent("theirs.json")
        try Data(theirs.replacingOccurrences(of: #","colour":"red""#, with: "").utf8).write(to: mended)
        try team.dtaudit(["import", mended.path], in: alice)
        try team.git(["add", "Exports/trailhead.json"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        try team.git(["commit", "-q", "-am", "Merge"], in: alice)
        let file = try team.file(alice)
        #expect(file.contains("Bob's CI run") && file.contains("Alice saw it") && !file.contains("colour"))
        let notes = try team.cli.history(in: alice).compactMap { $0["note"] as? String }
        #expect(notes.contains("Bob's CI run"))
        #expect(try team.git(["status", "--porcelain"], in: alice).stdout.isEmpty)
    }

    @Test func aSideANewerReleaseWroteAsksForThatRelease() throws {
        let team = try Team()
        let (alice, ours) = try unmergedPull(team, setUp: { try team.dtaudit(["git-setup"], in: $0) }, bobsFile: { file in
            let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
            return ([#"{"format":3,"needs":"9.1.0","records":["#] + lines.dropFirst()).joined(separator: "\n")
        })
        let refused = try team.cli.run(["sync"], in: alice, environment: ["DTAUDIT_USER": "alice"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("their side of it ('git show :3:Exports/trailhead.json') cannot be read: line 1: the file needs dtaudit 9.1.0 or later")
                && refused.stderr.contains("upgrade to 9.1.0") && refused.stderr.hasSuffix("upgrade dtaudit, then run 'dtaudit sync' again\n"), "\(refused.stderr)")
        #expect(try team.file(alice) == ours)
    }
}
