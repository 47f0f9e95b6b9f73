import Foundation
import Testing

/// `git-setup` in the orders a team runs it: before the first `sync`, and in several clones at
/// once, never leaving git a reason to refuse a pull.
@Suite(.tags(.endToEnd)) struct GitSetupTests {
    typealias Team = TeamTests.Team

    /// The sharing guide's first run: `git-setup` comes before the first `sync`, when Exports/
    /// does not exist yet.
    @Test func theGuidesFirstRunSetsGitUpBeforeTheFirstSync() throws {
        let team = try Team()
        let mei = try team.clone("mei")
        try team.dtaudit(["init", "--app", "Trailhead"], in: mei)
        try team.dtaudit(["screen", "add", "Checkout", "--critical"], in: mei)
        #expect(!FileManager.default.fileExists(atPath: mei.appendingPathComponent("Exports").path))
        let setup = try team.dtaudit(["git-setup"], in: mei)
        #expect(setup.contains("Git now merges Exports/trailhead.json with dtaudit's merge driver"))
        #expect(setup.contains("Commit .gitattributes with the audit file"))
        try team.dtaudit(["sync"], in: mei)
        try team.git(["add", ".gitattributes", "Exports"], in: mei)
        try team.git(["commit", "-q", "-m", "Start the Dynamic Type audit"], in: mei)
        try team.git(["push", "-q", "origin", "main"], in: mei)
        let afterGuide = try team.git(["status", "--porcelain", "--untracked-files=all"], in: mei).stdout
        #expect(afterGuide.isEmpty, "the guide's 'git add' leaves nothing of the audit behind: \(afterGuide)")
        #expect(try team.git(["check-attr", "merge", "--", "Exports/trailhead.json"], in: mei).stdout
                == "Exports/trailhead.json: merge: dtaudit\n")

        let ana = try team.clone("ana")
        try team.dtaudit(["sync"], in: ana)
        let again = try team.dtaudit(["git-setup"], in: ana)
        #expect(!again.contains(".gitattributes"), "the committed line is there already: \(again)")
        let left = try team.git(["status", "--porcelain"], in: ana).stdout
        #expect(!left.contains(".gitattributes") && !left.contains("Exports"), "\(left)")
        #expect(try team.git(["check-attr", "merge", "--", "Exports/trailhead.json"], in: ana).stdout
                == "Exports/trailhead.json: merge: dtaudit\n")
    }

    /// A team that shared the file before anybody ran `git-setup`: each clone runs it, one commits
    /// the shared line, and the others' pulls bring it in.
    @Test func gitSetupInTwoClonesLeavesEveryPullFree() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let aliceSetup = try team.dtaudit(["git-setup"], in: alice)
        let bobSetup = try team.dtaudit(["git-setup"], in: bob)
        for said in [aliceSetup, bobSetup] {
            #expect(said.contains("add the line 'Exports/trailhead.json merge=union' to .gitattributes and commit it"), "\(said)")
        }
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
        // Alice does what it said; Bob, who changed nothing git tracks, pulls it.
        try Data("Exports/trailhead.json merge=union\n".utf8).write(to: alice.appendingPathComponent(".gitattributes"))
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "all", "--pass"], in: alice)
        try team.share(alice, "Merge the audit file as a union")
        try team.dtaudit(["record", "Settings", "--size", "xs", "--item", "all", "--pass"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Settings at XS"], in: bob)
        let pull = try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob, allowFailure: true)
        #expect(pull.status == 0, "\(pull.output)")
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)
        #expect(try team.dtaudit(["git-setup"], in: bob).contains("nothing to change"))
        try team.dtaudit(["sync"], in: bob)
        let recorded = Set(try team.cli.history(in: bob).map { "\($0["screen"] ?? "") \($0["size"] ?? "")" })
        #expect(recorded == ["Checkout ax5", "Settings xs"])
    }
}
