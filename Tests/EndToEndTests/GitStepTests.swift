import Foundation
import Testing

/// `sync` in the middle of a git step: it tells what git waits for on an unmerged file, and it
/// leaves the file alone where writing it would make `git stash pop` abort or dirty an old
/// checkout, losing nothing the store holds.
@Suite(.tags(.endToEnd)) struct GitStepTests {
    typealias Team = TeamTests.Team

    @Test func anUnmergedFileIsMergedBySyncWhichNamesTheGitAddStillNeeded() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--fail", "--note", "Alice saw it"], in: alice)
        try team.share(alice, "Alice's results")
        try team.dtaudit(["record", "Checkout", "--size", "ax3", "--item", "all", "--fail", "--note", "Bob saw it"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Bob's results"], in: bob)
        // No driver, no union line: a plain merge leaves the file unmerged, with conflict markers.
        let pull = try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob, allowFailure: true)
        let conflicted = try team.file(bob)
        #expect(pull.status != 0 && conflicted.contains("<<<<<<<"))
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.contains("UU Exports/trailhead.json"))

        let told = "Exports/trailhead.json is unmerged in git: sync took in both sides' records and wrote them into it in order; "
            + "'git add Exports/trailhead.json' concludes the merge"
        let first = try team.dtaudit(["sync"], in: bob)
        #expect(first.contains(told), "\(first)")
        let merged = try team.file(bob)
        #expect(!merged.contains("<<<<<<<") && merged.contains("Alice saw it") && merged.contains("Bob saw it"))
        // A second sync has nothing to take in, and still says what git waits for instead of only "Up to date".
        let second = try team.dtaudit(["sync"], in: bob)
        #expect(second.contains("Up to date") && second.contains(told), "\(second)")

        try team.git(["add", "Exports/trailhead.json"], in: bob)
        try team.git(["commit", "-q", "--no-edit"], in: bob)
        #expect(!(try team.dtaudit(["sync"], in: bob)).contains("unmerged"))
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
    }

    @Test func syncAfterAStashLeavesTheFileSoThatPopSucceedsAndLosesNothing() throws {
        let team = try Team()
        let (_, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--fail", "--note", "Stashed work"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["stash", "-q"], in: bob)
        // Recorded after the stash and never shared: it must survive too.
        try team.dtaudit(["record", "Settings", "--size", "ax3", "--item", "all", "--fail", "--note", "Unshared work"], in: bob)
        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains("Left Exports/trailhead.json as git has it: a stash entry changes it")
                && synced.contains("run 'git stash pop', then 'dtaudit sync'"), "\(synced)")
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
        let json = try team.dtaudit(["sync", "--json"], in: bob)
        #expect(json.contains(#""leftAlone": "stash""#), "\(json)")

        let pop = try team.git(["stash", "pop", "-q"], in: bob, allowFailure: true)
        #expect(pop.status == 0, "\(pop.output)")
        try team.dtaudit(["sync"], in: bob)
        let file = try team.file(bob)
        #expect(file.contains("Stashed work") && file.contains("Unshared work"))
        #expect(try team.git(["stash", "list"], in: bob).stdout.isEmpty)
    }

    /// `git stash -u` takes the new screenshot too: sync leaves it to the stash, so that the pop,
    /// which puts it back, does not meet a copy in its way.
    @Test func aScreenshotAStashHoldsIsLeftToItAndPopSucceeds() throws {
        let team = try Team()
        let (_, bob) = try team.started()
        try Fixture.write(Fixture.png("stashed"), "pay-ax5.png", in: team.cli.directory)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--evidence", "../pay-ax5.png"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        let evidence = bob.appendingPathComponent("Exports/trailhead-evidence")
        let shot = try #require(try FileManager.default.contentsOfDirectory(atPath: evidence.path).first)
        try team.git(["stash", "-q", "-u"], in: bob)
        #expect(!FileManager.default.fileExists(atPath: evidence.appendingPathComponent(shot).path))

        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains("left 1 evidence file out of Exports/trailhead-evidence/: a stash entry holds it, and 'git stash pop' brings it back"),
                "\(synced)")
        #expect(!FileManager.default.fileExists(atPath: evidence.appendingPathComponent(shot).path))
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
        let pop = try team.git(["stash", "pop", "-q"], in: bob, allowFailure: true)
        #expect(pop.status == 0, "\(pop.output)")
        #expect(FileManager.default.fileExists(atPath: evidence.appendingPathComponent(shot).path))
        let after = try team.dtaudit(["sync"], in: bob)
        #expect(!after.contains("left "), "\(after)")
        #expect(try team.git(["stash", "list"], in: bob).stdout.isEmpty)
    }

    /// `git revert` of an audit commit takes no record back: sync puts them in the file again, in
    /// the clone that reverted and in the clones that pull it, and says so, pointing at `undo`.
    @Test func aRevertedAuditCommitIsNamedAndUndoTakesItsRecordsBack() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5,ax3", "--item", "reachable", "--fail", "--note", "Wrong build"], in: alice)
        try team.share(alice, "Checkout fails")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.dtaudit(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"], in: bob)
        try team.share(bob, "Settings passes")

        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        try team.git(["revert", "--no-edit", "HEAD~1"], in: alice)
        #expect(!(try team.file(alice)).contains("Wrong build"))
        let told = "removed 2 records from Exports/trailhead.json: a record is taken back only by another record, so the file holds them again. "
            + "To take them back in every clone, 'dtaudit undo' takes back your last command's records"
        let synced = try team.dtaudit(["sync"], in: alice)
        #expect(synced.contains("(Revert \"Checkout fails\") " + told), "\(synced)")
        #expect(try team.file(alice).contains("Wrong build"))
        #expect(!(try team.dtaudit(["sync"], in: alice)).contains("removed"), "said once")
        try team.git(["commit", "-q", "-am", "Sync"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)

        // Bob has work of his own, so the pull merges: the driver keeps the records, and sync names the revert.
        try team.dtaudit(["git-setup"], in: bob)
        try team.dtaudit(["record", "Settings", "--size", "ax3", "--item", "reachable", "--pass"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Settings at AX3"], in: bob)
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
        let pulled = try team.dtaudit(["sync"], in: bob)
        #expect(pulled.contains(told), "\(pulled)")

        // As said: undo takes them back, and the take-back travels.
        try team.dtaudit(["undo"], in: alice)
        try team.share(alice, "Take back the wrong build's failures")
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        let wrong = try team.cli.history(in: bob).filter { $0["note"] as? String == "Wrong build" }
        #expect(wrong.count == 2 && wrong.allSatisfy { $0["retracted"] as? Bool == true })
    }

    @Test func syncOnAnOlderCommitLeavesTheCheckoutCleanAndWritesBackOnTheBranch() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--fail", "--note", "Newer work"], in: alice)
        try team.share(alice, "Newer results")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.dtaudit(["record", "Settings", "--size", "ax3", "--item", "all", "--fail", "--note", "Unshared work"], in: bob)

        try team.git(["checkout", "-q", "HEAD~1"], in: bob)
        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains("Left Exports/trailhead.json as this commit has it: HEAD is detached"), "\(synced)")
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
        #expect(!(try team.file(bob)).contains("Newer work"))
        // The store still reads everything: the older file took nothing away.
        #expect(try team.cli.history(in: bob).contains { $0["note"] as? String == "Unshared work" })

        try team.git(["checkout", "-q", "main"], in: bob)
        let back = try team.dtaudit(["sync"], in: bob)
        #expect(!back.contains("Left "))
        let file = try team.file(bob)
        #expect(file.contains("Newer work") && file.contains("Unshared work"))
    }
}
