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
        #expect(try team.dtaudit(["git-setup", "--hook"], in: mei).contains("already syncs the audit file; nothing to change"))
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
        #expect(result.stderr.contains("add to it the line: ") && result.stderr.contains(" sync >/dev/null && git add -- 'Exports/trailhead.json'"))
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
        #expect(commit.output.contains("dtaudit: the audit file could not be synced (above), so the commit stops"), "\(commit.output)")
        #expect(try team.git(["log", "--format=%s", "-1"], in: alice).stdout == "Start the audit\n")
    }
}
