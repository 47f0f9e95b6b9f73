import Foundation
import Testing

/// `git-setup --hook`: a pre-commit hook that syncs the audit file into every commit, so that a
/// commit made after `record` without a `sync` still carries the record.
@Suite(.tags(.endToEnd)) struct CommitHookTests {
    typealias Team = TeamTests.Team

    @Test func aCommitAfterARecordCarriesTheRecordAndATeammateGetsIt() throws {
        let team = try Team()
        let mei = try team.clone("mei")
        try team.dtaudit(["init", "--app", "Trailhead"], in: mei)
        try team.dtaudit(["screen", "add", "Checkout", "--critical"], in: mei)
        let setup = try team.dtaudit(["git-setup", "--hook"], in: mei)
        #expect(setup.contains("Each commit now syncs Exports/trailhead.json and carries it (.git/hooks/pre-commit;"), "\(setup)")
        // No sync and no 'git add Exports': the hook does both.
        try team.git(["add", ".gitattributes"], in: mei)
        try team.git(["commit", "-q", "-m", "Start the Dynamic Type audit"], in: mei)
        #expect(try team.git(["show", "HEAD:Exports/trailhead.json"], in: mei).stdout.contains(#""name":"Checkout""#))

        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button below the fold"], in: mei)
        try Data("Notes\n".utf8).write(to: mei.appendingPathComponent("NOTES.md"))
        try team.git(["add", "NOTES.md"], in: mei)
        try team.git(["commit", "-q", "-m", "Notes"], in: mei)
        #expect(try team.git(["show", "HEAD:Exports/trailhead.json"], in: mei).stdout.contains("Pay button below the fold"))
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: mei).stdout.isEmpty)
        try team.git(["push", "-q", "origin", "main"], in: mei)

        let ana = try team.clone("ana")
        try team.dtaudit(["sync"], in: ana)
        #expect(try team.dtaudit(["history", "Checkout"], in: ana).contains("Pay button below the fold"))
        #expect(try team.dtaudit(["git-setup", "--hook"], in: mei).contains("already syncs Exports/trailhead.json; nothing to change"))
    }

    @Test func aHookOfYourOwnIsNeverReplaced() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let hook = alice.appendingPathComponent(".git/hooks/pre-commit")
        let own = "#!/bin/sh\nexec ./lint\n"
        try Data(own.utf8).write(to: hook)
        let result = try team.cli.run(["git-setup", "--hook"], in: alice)
        #expect(result.status == 73)
        let said = result.stderr.split(separator: "\n")
        #expect(said.count == 1 && said[0].hasPrefix("error: .git/hooks/pre-commit is a pre-commit hook of your own, left as it is; "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("add to it the line: dtaudit sync --pre-commit 'Exports/trailhead.json' || exit 1\n")
                || result.stderr.hasSuffix("/dtaudit sync --pre-commit 'Exports/trailhead.json' || exit 1\n"), "\(result.stderr)")
        #expect(try String(contentsOf: hook, encoding: .utf8) == own)
    }

    @Test func aSyncThatFailsStopsTheCommitWithOneLine() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["git-setup", "--hook"], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], in: alice)
        let file = alice.appendingPathComponent("Exports/trailhead.json")
        try Data("{\"format\":2,\"records\":[\n{\"record\":\"nonsense\"},\n".utf8).write(to: file)
        let commit = try team.git(["commit", "-q", "-am", "Broken"], in: alice, allowFailure: true)
        #expect(commit.status != 0)
        let said = commit.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(said.count == 1 && said[0].hasSuffix("; so the commit stops ('git commit --no-verify' commits without the audit file)"), "\(commit.output)")
        #expect(try team.git(["log", "--format=%s", "-1"], in: alice).stdout == "Start the audit\n")
    }

    /// The hook's text in `clone`.
    func hook(_ clone: URL) throws -> String {
        try String(contentsOf: clone.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8)
    }

    /// A commit of a code change alone, from the repository's top; its exit status and output.
    func commitCode(_ team: Team, in folder: URL, _ message: String) throws -> Spawn.Result {
        try Data("// \(message)\n".utf8).write(to: folder.appendingPathComponent(message.replacingOccurrences(of: " ", with: "-") + ".swift"))
        try team.git(["add", "-A"], in: folder)
        return try team.git(["commit", "-q", "-m", message], in: folder, allowFailure: true)
    }

    /// Apps below the repository's top (`ios/`, `android/` of a monorepo): each adds its own line,
    /// and every commit made from the top carries both apps' records.
    @Test func appsBelowTheTopEachAddTheirLineAndEveryCommitCarriesThem() throws {
        let team = try Team()
        let mei = try team.clone("mei")
        for (folder, app) in [("ios", "Trailhead"), ("android", "Trailhead Android")] {
            let audit = mei.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: audit, withIntermediateDirectories: true)
            try team.dtaudit(["init", "--app", app], in: audit)
            try team.dtaudit(["screen", "add", "Checkout"], in: audit)
            let setup = try team.dtaudit(["git-setup", "--hook"], in: audit)
            #expect(setup.contains("Each commit now syncs \(folder)/Exports/"), "\(setup)")
            try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Seen in \(folder)"], in: audit)
        }
        let lines = try hook(mei).split(separator: "\n").filter { $0.contains(" sync --pre-commit ") }
        #expect(lines.count == 2 && lines[0].contains("'ios/Exports/trailhead.json'") && lines[1].contains("'android/Exports/trailhead-android.json'"), "\(lines)")
        #expect(try team.dtaudit(["git-setup", "--hook"], in: mei.appendingPathComponent("ios")).contains("already syncs ios/Exports/trailhead.json"))

        let commit = try commitCode(team, in: mei, "Start")
        #expect(commit.status == 0, "\(commit.output)")
        #expect(try team.git(["show", "HEAD:ios/Exports/trailhead.json"], in: mei).stdout.contains("Seen in ios"))
        #expect(try team.git(["show", "HEAD:android/Exports/trailhead-android.json"], in: mei).stdout.contains("Seen in android"))
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: mei).stdout.isEmpty)
    }

    /// A linked work tree shares the clone's store and its hook: what is recorded there is in its commit.
    @Test func aLinkedWorkTreeCommitsWhatWasRecordedInIt() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["git-setup", "--hook"], in: alice)
        let review = team.cli.directory.appendingPathComponent("alice-review")
        try team.git(["worktree", "add", "-q", "-b", "review", review.path], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax3", "--item", "reachable", "--fail", "--note", "Seen in review"], in: review)
        let commit = try commitCode(team, in: review, "Review")
        #expect(commit.status == 0, "\(commit.output)")
        #expect(try team.git(["show", "HEAD:Exports/trailhead.json"], in: review).stdout.contains("Seen in review"))
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: review).stdout.isEmpty)
    }

    /// A work tree without the audit's folder (a branch from before the app), and a clone without
    /// a store that runs the team's committed hook, commit untouched.
    @Test func aWorkTreeOrCloneWithoutTheStoreCommitsUntouched() throws {
        let team = try Team()
        let mei = try team.clone("mei")
        try Data("# Trailhead\n".utf8).write(to: mei.appendingPathComponent("README.md"))
        try team.git(["add", "README.md"], in: mei)
        try team.git(["commit", "-q", "-m", "Readme"], in: mei)
        try team.git(["config", "core.hooksPath", ".githooks"], in: mei)
        let ios = mei.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
        try team.dtaudit(["init", "--app", "Trailhead"], in: ios)
        try team.dtaudit(["screen", "add", "Checkout"], in: ios)
        try team.dtaudit(["git-setup", "--hook"], in: ios)
        #expect(try commitCode(team, in: mei, "Start").status == 0)
        try team.git(["push", "-q", "origin", "main"], in: mei)

        let docs = team.cli.directory.appendingPathComponent("mei-docs")
        try team.git(["worktree", "add", "-q", "-b", "docs", docs.path, "HEAD~1"], in: mei)
        let inDocs = try commitCode(team, in: docs, "Docs")
        #expect(inDocs.status == 0, "\(inDocs.output)")
        #expect(!FileManager.default.fileExists(atPath: docs.appendingPathComponent("ios").path))

        let bob = try team.clone("bob")
        try team.git(["config", "core.hooksPath", ".githooks"], in: bob)
        let file = try team.git(["show", "HEAD:ios/Exports/trailhead.json"], in: bob).stdout
        let inBob = try commitCode(team, in: bob, "Bob")
        #expect(inBob.status == 0, "\(inBob.output)")
        #expect(!FileManager.default.fileExists(atPath: bob.appendingPathComponent(".git/dtaudit").path), "no store was set up")
        #expect(try team.git(["show", "HEAD:ios/Exports/trailhead.json"], in: bob).stdout == file)
    }

    /// Git decides whether a commit holds anything before its pre-commit hook runs: a commit of
    /// nothing but a recording stops with the hook's own line, and the same commit again carries it.
    @Test func aCommitOfARecordingAloneSaysToCommitAgainAndTheNextCarriesIt() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["git-setup", "--hook"], in: alice)
        for (note, arguments) in [("First look", ["commit", "-q", "-m", "Audit"]), ("Second look", ["commit", "-q", "-a", "-m", "Audit"])] {
            try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", note], in: alice)
            let first = try team.git(arguments, in: alice, allowFailure: true)
            #expect(first.status != 0)
            #expect(!first.output.contains("nothing to commit, working tree clean") && !first.output.contains("no changes added to commit"), "\(first.output)")
            #expect(first.output.contains("error: Exports/trailhead.json lacked records this clone holds, so the hook synced it and staged it; "
                                          + "git had found nothing to commit before its hook ran, so run the same 'git commit' again to commit it"),
                    "\(first.output)")
            let again = try team.git(arguments, in: alice, allowFailure: true)
            #expect(again.status == 0, "\(again.output)")
            #expect(try team.git(["show", "HEAD:Exports/trailhead.json"], in: alice).stdout.contains(note))
        }
    }

    @Test func anEarlierReleasesHookIsRewrittenKeepingItsFile() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let earlier = """
            #!/bin/sh
            # dtaudit git-setup --hook: every commit carries the audit records this clone holds.
            # 'git commit --no-verify' skips it once; deleting this file stops it.
            dtaudit sync >/dev/null && git add -- 'Exports/trailhead.json' && { [ ! -d 'Exports/trailhead-evidence' ] || git add -- 'Exports/trailhead-evidence'; } || { echo 'dtaudit: the audit file could not be synced (above), so the commit stops; git commit --no-verify commits without it' >&2; exit 1; }

            """
        try Data(earlier.utf8).write(to: alice.appendingPathComponent(".git/hooks/pre-commit"))
        #expect(try team.dtaudit(["git-setup", "--hook"], in: alice).contains("Each commit now syncs Exports/trailhead.json"))
        let lines = try hook(alice).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 1 && lines[0].hasSuffix(" sync --pre-commit 'Exports/trailhead.json' || exit 1"), "\(lines)")
    }

    /// A branch made before the audit started does not track its file: its commits stay without it.
    @Test func onABranchThatDoesNotTrackTheFileTheHookLeavesTheCommitAlone() throws {
        let team = try Team()
        let alice = try team.clone("alice")
        try Data("Readme\n".utf8).write(to: alice.appendingPathComponent("README.md"))
        try team.git(["add", "README.md"], in: alice)
        try team.git(["commit", "-q", "-m", "Readme"], in: alice)
        try team.git(["branch", "docs"], in: alice)
        try team.dtaudit(["init", "--app", "Trailhead"], in: alice)
        try team.dtaudit(["screen", "add", "Checkout"], in: alice)
        try team.dtaudit(["git-setup", "--hook"], in: alice)
        try team.git(["add", "-A"], in: alice)
        try team.git(["commit", "-q", "-m", "Start the audit"], in: alice)

        try team.git(["checkout", "-q", "docs"], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: alice)
        try Data("Readme, longer\n".utf8).write(to: alice.appendingPathComponent("README.md"))
        try team.git(["commit", "-q", "-am", "Longer readme"], in: alice)
        #expect(try team.git(["show", "--name-only", "--format=", "HEAD"], in: alice).stdout == "README.md\n")
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: alice).stdout.isEmpty)
    }

    /// `git commit FILE` commits from an index of its own: the synced audit file goes into the
    /// commit and into the index git keeps after it, so that nothing is left looking changed.
    @Test func aPartialCommitLeavesTheIndexAsTheCommit() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["git-setup", "--hook"], in: alice)
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button below the fold"], in: alice)
        try Data("Notes\n".utf8).write(to: alice.appendingPathComponent("NOTES.md"))
        try team.git(["add", "NOTES.md"], in: alice)
        try Data("Notes, more\n".utf8).write(to: alice.appendingPathComponent("NOTES.md"))
        try team.git(["commit", "-q", "-m", "Notes", "NOTES.md"], in: alice)
        #expect(try team.git(["show", "HEAD:Exports/trailhead.json"], in: alice).stdout.contains("Pay button below the fold"))
        #expect(try team.git(["status", "--porcelain", "--untracked-files=all"], in: alice).stdout.isEmpty)
    }
}
