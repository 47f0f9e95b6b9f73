import Foundation
import Testing

/// In a git checkout the store lives under git's common directory, where the git commands that
/// delete or stash ignored files never reach it: each scenario records without syncing, runs the
/// git command the way people run it, and finds every record still there.
@Suite(.tags(.endToEnd)) struct StoreHomeTests {
    typealias Team = TeamTests.Team

    func exists(_ path: String, in folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    /// Alice's clone with a recording and a screenshot that no sync has written into the file yet.
    func unsynced(_ team: Team) throws -> URL {
        let (alice, _) = try team.started()
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet",
                          "--evidence", "pay-ax5.png"], in: alice)
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        #expect(try team.dtaudit(["status"], in: alice).contains("not in Exports/trailhead.json yet"))
        return alice
    }

    /// The recording is in the store, its screenshot stored, and a sync shares both.
    func stillThere(_ team: Team, _ clone: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try team.dtaudit(["history", "Checkout"], in: clone).contains("Not synced yet"), sourceLocation: sourceLocation)
        #expect(try team.dtaudit(["evidence", "list"], in: clone).contains(".git/dtaudit/root/evidence/"), sourceLocation: sourceLocation)
        try team.dtaudit(["sync"], in: clone)
        #expect(try team.file(clone).contains("Not synced yet"), sourceLocation: sourceLocation)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: clone.appendingPathComponent("Exports/trailhead-evidence").path).isEmpty,
                sourceLocation: sourceLocation)
    }

    @Test func gitCleanOfEverythingIgnoredLeavesTheStore() throws {
        let team = try Team()
        let alice = try unsynced(team)
        let cleaned = try team.git(["clean", "-fdx"], in: alice)
        #expect(!cleaned.stdout.contains("dtaudit"), "\(cleaned.stdout)")
        try stillThere(team, alice)
    }

    @Test func gitStashAllThenPopLeavesTheStoreAndPops() throws {
        let team = try Team()
        let alice = try unsynced(team)
        try Data("Half-written notes\n".utf8).write(to: alice.appendingPathComponent("NOTES.md"))
        try team.git(["stash", "--all"], in: alice)
        #expect(!exists("NOTES.md", in: alice))
        // The next command finds the same store, not a call to set one up.
        #expect(try team.dtaudit(["history", "Checkout"], in: alice).contains("Not synced yet"))
        let popped = try team.git(["stash", "pop"], in: alice, allowFailure: true)
        #expect(popped.status == 0, "\(popped.output)")
        #expect(exists("NOTES.md", in: alice))
        #expect(try team.git(["stash", "list"], in: alice).stdout.isEmpty)
        try stillThere(team, alice)
    }

    @Test func removingALinkedWorkTreeLeavesWhatWasRecordedInIt() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let review = team.cli.directory.appendingPathComponent("alice-review")
        try team.git(["worktree", "add", "-q", "-b", "review", review.path], in: alice)
        // The linked work tree shares the clone's store: nothing to set up.
        #expect(try team.dtaudit(["screen", "list"], in: review).contains("Checkout"))
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: review)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet",
                          "--evidence", "pay-ax5.png"], in: review)
        try FileManager.default.removeItem(at: review.appendingPathComponent("pay-ax5.png"))
        let removed = try team.git(["worktree", "remove", review.path], in: alice, allowFailure: true)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(!FileManager.default.fileExists(atPath: review.path))
        try stillThere(team, alice)
    }

    @Test func theStoreIsFoundFromAnyFolderOfTheCheckoutAndNotShownToGit() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let sources = alice.appendingPathComponent("App/Checkout")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        #expect(try team.dtaudit(["screen", "list"], in: sources).contains("Checkout"))
        #expect(!exists(".dtaudit", in: alice))
        #expect(try team.git(["status", "--porcelain", "--ignored", "--untracked-files=all"], in: alice).stdout.isEmpty)
        // Named on purpose, it serves the audit it belongs to: the report goes to that audit's Exports/.
        let named = try team.dtaudit(["--store", alice.appendingPathComponent(".git/dtaudit/root").path, "export", "--summary"], in: sources)
        #expect(named.hasPrefix("Wrote \(alice.path)/Exports/trailhead-"), "\(named)")
        #expect(!exists("App/Checkout/Exports", in: alice))
    }

    /// What an earlier release did: the store in `.dtaudit/` among the files, which `--store`
    /// makes the same way (database, evidence, the copy of the shared file, a `.gitignore`).
    static let earlierLayout = ["--store", ".dtaudit"]

    /// Alice's clone, where an earlier release started the audit and committed its shared file.
    func startedTheEarlierWay(_ team: Team) throws -> URL {
        let alice = try team.clone("alice")
        let old = Self.earlierLayout
        try team.dtaudit(old + ["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(old + ["screen", "add", "Checkout"], in: alice)
        try team.dtaudit(old + ["sync"], in: alice)
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "Start"], in: alice)
        return alice
    }

    @Test func aStoreAnEarlierReleaseKeptInTheWorkTreeMovesUnderGitWithNothingLost() throws {
        let team = try Team()
        let alice = try startedTheEarlierWay(team)
        let old = Self.earlierLayout
        try Fixture.write(Fixture.png("pay"), "pay-ax5.png", in: alice)
        try team.dtaudit(old + ["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet",
                                "--evidence", "pay-ax5.png"], in: alice)
        try FileManager.default.removeItem(at: alice.appendingPathComponent("pay-ax5.png"))
        #expect(exists(".dtaudit/audit.sqlite", in: alice) && exists(".dtaudit/shared-copy", in: alice) && exists(".dtaudit/evidence", in: alice))

        // The first command of this release moves it; the old folder goes, nothing of it is left to git.
        try stillThere(team, alice)
        #expect(!exists(".dtaudit", in: alice))
        #expect(exists(".git/dtaudit/root/audit.sqlite", in: alice))
        let status = try team.git(["status", "--porcelain", "--ignored"], in: alice).stdout
        #expect(!status.contains(".dtaudit") && !status.contains("!!"), "\(status)")
    }

    @Test func twoWorkTreesWithStoresOfTheirOwnAreJoined() throws {
        let team = try Team()
        let alice = try startedTheEarlierWay(team)
        let old = Self.earlierLayout
        let review = team.cli.directory.appendingPathComponent("alice-review")
        try team.git(["worktree", "add", "-q", "-b", "review", review.path], in: alice)
        try team.dtaudit(old + ["sync"], in: review)
        try team.dtaudit(old + ["record", "Checkout", "--size", "ax3", "--item", "all", "--fail", "--note", "Recorded in the review tree"], in: review)
        try team.dtaudit(old + ["record", "Checkout", "--size", "ax5", "--item", "all", "--fail", "--note", "Recorded in the main tree"], in: alice)
        let recorded = try team.cli.history(old, in: alice).count + team.cli.history(old, in: review).count

        // Each work tree's first command of this release moves its store into the one they share.
        #expect(try team.dtaudit(["history", "Checkout"], in: review).contains("Recorded in the review tree"))
        for tree in [alice, review] {
            let history = try team.dtaudit(["history", "Checkout"], in: tree)
            #expect(history.contains("Recorded in the review tree") && history.contains("Recorded in the main tree"), "\(tree.lastPathComponent): \(history)")
            #expect(!exists(".dtaudit", in: tree))
        }
        #expect(try team.cli.history(in: alice).count == recorded, "each recording once")
    }

    /// A team whose earliest release's `.dtaudit/.gitignore` (it ignored only the database) was
    /// committed: that release left `.dtaudit/shared-copy` untracked, one teammate's `git add -A`
    /// committed it, and every other clone's pull then aborted on its own untracked copy.
    @Test func upgradingFromACommittedEarliestGitignoreLeavesNothingUntrackedAndPullsWork() throws {
        let team = try Team()
        let old = Self.earlierLayout
        let earliest = "# The store stays local; the audit is shared through `dtaudit sync` (Exports/<app>.json).\naudit.sqlite\naudit.sqlite-*\n"
        let alice = try team.clone("alice")
        try team.dtaudit(old + ["init", "--app", "Trailhead"], in: alice)
        try Data(earliest.utf8).write(to: alice.appendingPathComponent(".dtaudit/.gitignore"))
        try team.dtaudit(old + ["screen", "add", "Checkout"], in: alice)
        try team.dtaudit(old + ["sync"], in: alice)
        try team.git(["add", "Exports", ".dtaudit/.gitignore"], in: alice)
        try team.git(["commit", "-q", "-m", "Start"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: alice).stdout.contains("?? .dtaudit/shared-copy"))
        let bob = try team.clone("bob")
        try team.dtaudit(old + ["sync"], in: bob)
        try team.dtaudit(old + ["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], in: bob)
        try team.dtaudit(old + ["sync"], in: bob)
        try team.git(["add", "-A"], in: bob)
        try team.git(["commit", "-q", "-m", "Bob's results"], in: bob)
        try team.git(["push", "-q", "origin", "main"], in: bob)

        // Alice upgrades: her first sync moves the store and leaves nothing untracked behind.
        try team.dtaudit(["sync"], in: alice)
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: alice).stdout.isEmpty)
        let pulled = try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice, allowFailure: true)
        #expect(pulled.status == 0, "\(pulled.output)")
        try team.dtaudit(["sync"], in: alice)
        #expect(try team.dtaudit(["history", "Checkout"], in: alice).contains("pass"))
        // Bob upgrades too: the copy he committed stays the team's to remove, nothing else shows.
        try team.dtaudit(["sync"], in: bob)
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: bob).stdout.isEmpty)
        #expect(try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob, allowFailure: true).status == 0)
        #expect(!exists(".dtaudit/audit.sqlite", in: alice) && !exists(".dtaudit/audit.sqlite", in: bob))
    }
}
