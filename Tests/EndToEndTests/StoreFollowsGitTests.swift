import Foundation
import Testing

/// The store follows the checkout as git sees it: the git folder git's environment names, an audit
/// folder renamed in a commit, the work trees an earlier release kept stores in, and refuses in one
/// line where git cannot be run, rather than taking the checkout for a plain folder.
@Suite(.tags(.endToEnd)) struct StoreFollowsGitTests {
    typealias Team = TeamTests.Team

    func exists(_ path: String, in folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    /// A checkout kept apart from its repository (`GIT_DIR=repo.git GIT_WORK_TREE=work`), as a
    /// script or a dotfiles setup has it: the store goes under that git folder, where `git clean`
    /// of the work tree does not reach it.
    @Test func withGitsEnvironmentTheStoreLivesInTheGitFolderItNames() throws {
        let team = try Team()
        let work = team.cli.directory.appendingPathComponent("work")
        let repository = team.cli.directory.appendingPathComponent("repo.git")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let environment = ["GIT_DIR": repository.path, "GIT_WORK_TREE": work.path, "DTAUDIT_USER": "alice"]
        func git(_ arguments: [String]) throws {
            let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: work, environment: team.cli.environment.merging(environment) { $1 })
            #expect(result.status == 0, "git \(arguments): \(result.output)")
        }
        func dtaudit(_ arguments: [String]) throws -> CLI.Result {
            let result = try team.cli.run(arguments, in: work, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        try git(["init", "-q", "-b", "main"])
        try git(["config", "user.name", "alice"])
        try git(["config", "user.email", "alice@example.com"])
        _ = try dtaudit(["init", "--app", "Trailhead"])
        _ = try dtaudit(["screen", "add", "Checkout"])
        _ = try dtaudit(["sync"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "Start"])
        _ = try dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet"])
        #expect(!exists(".dtaudit", in: work))
        #expect(exists("dtaudit/root/audit.sqlite", in: repository))

        try git(["clean", "-fdx"])
        #expect(try dtaudit(["history", "Checkout"]).stdout.contains("Not synced yet"))
    }

    /// git missing from the PATH, or a `git` that fails: sync in a checkout cannot know whether
    /// the file is unmerged, so it refuses in one line (exit 69) and writes nothing.
    @Test func withoutARunnableGitSyncInACheckoutRefusesAndWritesNothing() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet"], in: alice)
        let before = try team.file(alice)
        let failing = team.cli.directory.appendingPathComponent("failing-git")
        try FileManager.default.createDirectory(at: failing, withIntermediateDirectories: true)
        try Fixture.program("#!/bin/sh\necho 'fatal: cannot start' >&2\nexit 128\n", at: failing.appendingPathComponent("git"))
        for (path, why) in [("/nonexistent", "git is not installed or not on the PATH"), (failing.path, "it said: fatal: cannot start")] {
            let synced = try team.cli.run(["sync"], in: alice, environment: ["PATH": path, "DTAUDIT_USER": "alice"])
            #expect(synced.status == 69, "\(path): \(synced.output)")
            let said = synced.stderr.split(separator: "\n")
            #expect(said.count == 1 && said[0].hasPrefix("error: Exports/trailhead.json lies in the git checkout \(alice.path), but git could not be run there (\(why))"),
                    "\(synced.stderr)")
            #expect(try team.file(alice) == before)
        }
        #expect(try team.cli.run(["sync"], in: alice, environment: ["DTAUDIT_USER": "alice"]).status == 0)
        #expect(try team.file(alice).contains("Not synced yet"))
    }

    /// `git mv ios app-ios`: the store of `ios/` follows the audit to its new folder, with the
    /// records not yet synced.
    @Test func renamingTheAuditsFolderKeepsEveryRecord() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        let ios = alice.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
        try team.dtaudit(["init", "--app", "Trailhead"], in: ios)
        try team.dtaudit(["screen", "add", "Checkout"], in: ios)
        try team.dtaudit(["sync"], in: ios)
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "Start"], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Not synced yet"], in: ios)
        try team.git(["mv", "ios", "app-ios"], in: alice)
        try team.git(["commit", "-q", "-m", "Rename"], in: alice)

        let moved = try team.cli.run(["history", "Checkout"], in: alice.appendingPathComponent("app-ios"))
        #expect(moved.status == 0 && moved.stdout.contains("Not synced yet"), "\(moved.output)")
        #expect(moved.stderr.contains("note: moved the audit store of ios/"), "\(moved.stderr)")
        try team.dtaudit(["sync"], in: alice.appendingPathComponent("app-ios"))
        #expect(try String(contentsOf: alice.appendingPathComponent("app-ios/Exports/trailhead.json"), encoding: .utf8).contains("Not synced yet"))
    }

    /// An earlier release kept a store in `.dtaudit/` of each work tree: the first command of
    /// this release, wherever it runs, moves a linked work tree's too, so that `git worktree
    /// remove` no longer takes its records.
    @Test func theFirstCommandMovesTheStoresOfEveryWorkTree() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        let old = ["--store", ".dtaudit"]
        try team.dtaudit(old + ["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(old + ["screen", "add", "Checkout"], in: alice)
        try team.dtaudit(old + ["sync"], in: alice)
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "Start"], in: alice)
        let review = team.cli.directory.appendingPathComponent("alice-review")
        try team.git(["worktree", "add", "-q", "-b", "review", review.path], in: alice)
        try team.dtaudit(old + ["sync"], in: review)
        try team.dtaudit(old + ["record", "Checkout", "--size", "ax3", "--item", "all", "--fail", "--note", "Recorded in the review tree"], in: review)

        let first = try team.cli.run(["status"], in: alice, environment: ["DTAUDIT_USER": "alice"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("note: moved the audit store an earlier dtaudit kept in \(review.path)/.dtaudit"), "\(first.stderr)")
        #expect(!exists(".dtaudit", in: review))
        try team.git(["worktree", "remove", review.path], in: alice)
        #expect(try team.dtaudit(["history", "Checkout"], in: alice).contains("Recorded in the review tree"))
    }

    /// At the top of a repository whose audits are in folders below, a command names them.
    @Test func atAMonoreposTopTheAuditsBelowAreNamed() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        for app in ["ios", "web"] {
            let folder = alice.appendingPathComponent(app)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try team.dtaudit(["init", "--app", "Trailhead " + app], in: folder)
        }
        let status = try team.cli.run(["status"], in: alice)
        #expect(status.status == 66)
        #expect(status.stderr.split(separator: "\n").count == 1)
        #expect(status.stderr.contains("but the audits of this repository are in ios/, web/: run dtaudit there (cd ios)"), "\(status.stderr)")
    }

    /// Two work trees share one store, each with its own copy of the file: a sync in one is not
    /// taken for a change of the other's file.
    @Test func aSyncInOneWorkTreeIsNotNewsInAnother() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let review = team.cli.directory.appendingPathComponent("alice-review")
        try team.git(["worktree", "add", "-q", "-b", "review", review.path], in: alice)
        try team.dtaudit(["sync"], in: review)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        let shown = try team.cli.run(["screen", "list"], in: review, environment: ["DTAUDIT_USER": "alice"])
        #expect(shown.status == 0 && !shown.stderr.contains("note:"), "\(shown.stderr)")
    }

    /// The store lives in `.git`: with `.git` gone, a command says the store went with it and that
    /// `sync` sets one up from the shared file, which holds every record synced.
    @Test func withGitGoneACommandSaysWhereTheRecordsAre() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try FileManager.default.removeItem(at: alice.appendingPathComponent(".git"))
        let status = try team.cli.run(["status"], in: alice)
        #expect(status.status == 66)
        #expect(status.stderr == "error: no audit store here yet, but this folder shares an audit in Exports/trailhead.json (and is not in a git checkout: "
                + "a store kept in a .git folder that is gone went with it, records not yet synced included); run 'dtaudit sync' to set up a store from it\n",
                "\(status.stderr)")
        try team.dtaudit(["sync"], in: alice)
        #expect(try team.dtaudit(["screen", "list"], in: alice).contains("Checkout"))
    }
}
