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
