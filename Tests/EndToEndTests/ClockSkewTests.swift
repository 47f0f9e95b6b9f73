import Foundation
import Testing

/// A teammate whose clock runs two days ahead, in real git repositories: their records block
/// nobody, what others record in sight of them stands over them, they are told their clock is
/// wrong, and every clone ends with the same file. The clock is moved with libfaketime, which
/// the whole `dtaudit` process (and the merge driver git starts from it) runs under. Not under the
/// address sanitizer: libfaketime and the sanitizer both take over the clock functions, and a
/// binary built with one and loaded with the other waits on itself forever.
@Suite(.tags(.endToEnd), .requires(.libfaketime),
       .enabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil, "libfaketime cannot run under the address sanitizer"))
struct ClockSkewTests {

    /// `dtaudit` in `folder` as its owner, with the clock `offset` off (libfaketime's "+2d").
    @discardableResult
    func dtaudit(_ team: TeamTests.Team, _ arguments: [String], in folder: URL, clock offset: String? = nil) throws -> CLI.Result {
        var environment = ["DTAUDIT_USER": folder.lastPathComponent]
        if let offset {
            environment["LD_PRELOAD"] = try RequiredTool.libfaketime.location()
            environment["FAKETIME"] = offset
            environment["DONT_FAKE_MONOTONIC"] = "1"
        }
        return try team.cli.run(arguments, in: folder, environment: environment)
    }

    func cell(_ team: TeamTests.Team, in folder: URL) throws -> String? {
        let shown = try dtaudit(team, ["screen", "show", "Checkout", "--json"], in: folder)
        let screen = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let cells = screen?["cells"] as? [[String: Any]] ?? []
        return cells.first { $0["item"] as? String == "reachable" && $0["size"] as? String == "ax5" }?["status"] as? String
    }

    @Test func aTeammateTwoDaysFastBlocksNobodyIsToldAndIsSupersededByWhatOthersRecordAfterSeeingTheirWork() throws {
        let team = try TeamTests.Team()
        let (alice, bob) = try team.started()
        // Alice commits the merge setup; the others pull it before setting up their clones.
        try team.dtaudit(["git-setup"], in: alice)
        try team.share(alice, "Merge the audit file with dtaudit")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["git-setup"], in: bob)
        let sam = try team.clone("sam")
        try #require(dtaudit(team, ["sync"], in: sam, clock: "+2d").status == 0)
        try team.dtaudit(["git-setup"], in: sam)

        // Sam, two days fast, records a pass and shares it: nothing yet says the clock is wrong.
        let recorded = try dtaudit(team, ["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: sam, clock: "+2d")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try dtaudit(team, ["sync"], in: sam, clock: "+2d").status == 0)
        try team.git(["add", "-A"], in: sam)
        try team.git(["commit", "-q", "-m", "Checkout at AX5"], in: sam)
        try team.git(["push", "-q", "origin", "main"], in: sam)

        // Alice pulls: sync, import and export take the file, and say whose record is dated ahead.
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        let synced = try dtaudit(team, ["sync"], in: alice)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("warning: a record by sam is dated") && synced.stderr.contains("2 days after this machine's clock"), "\(synced.stderr)")
        #expect(synced.stderr.split(separator: "\n").count == 1)
        #expect(try dtaudit(team, ["import", "Exports/trailhead.json"], in: alice).status == 0)
        let exported = try dtaudit(team, ["export", "--format", "json"], in: alice)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try cell(team, in: alice) == "pass")

        // Alice, having seen the pass, finds the check failing: her failure stands, dated two days
        // before the pass, and she is told once why the times look so.
        let failed = try dtaudit(team, ["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button clipped"], in: alice)
        #expect(failed.status == 0, "\(failed.stderr)")
        #expect(failed.stderr.contains("a record by sam is dated"), "\(failed.stderr)")
        #expect(try cell(team, in: alice) == "fail")
        try team.share(alice, "Checkout fails at AX5")

        // Bob and Sam pull: the failure stands for them too, and Sam is told his clock runs ahead.
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        #expect(try cell(team, in: bob) == "fail")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: sam)
        let told = try dtaudit(team, ["sync"], in: sam, clock: "+2d")
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stderr.contains("warning: this machine's clock seems to run 2 days ahead: alice recorded Checkout reachable ax5 after seeing your recording"),
                "\(told.stderr)")
        #expect(try cell(team, in: sam) == "fail")
        let again = try dtaudit(team, ["record", "Checkout", "--size", "xxxl", "--item", "reachable", "--pass"], in: sam, clock: "+2d")
        #expect(again.stderr.contains("this machine's clock seems to run 2 days ahead"), "\(again.stderr)")
        // Sam fixes the clock: the warning stops, and his next recording of the cell stands, in sight of Alice's.
        let fixed = try dtaudit(team, ["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: sam)
        #expect(fixed.status == 0 && !fixed.stderr.contains("clock"), "\(fixed.stderr)")
        #expect(try cell(team, in: sam) == "pass")
        try team.share(sam, "Checkout passes again")

        // Everyone pulls and syncs until the files agree: byte for byte, in every clone.
        for folder in [alice, bob, sam, alice] {
            try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: folder)
            #expect(try dtaudit(team, ["sync"], in: folder, clock: folder == sam ? "+2d" : nil).status == 0)
            try team.git(["add", "-A"], in: folder)
            try team.git(["commit", "-q", "-m", "Sync"], in: folder, allowFailure: true)
            try team.git(["push", "-q", "origin", "main"], in: folder)
        }
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: sam)
        let files = try [alice, bob, sam].map { try team.file($0) }
        #expect(files[0] == files[1] && files[1] == files[2])
        for folder in [alice, bob, sam] { #expect(try cell(team, in: folder) == "pass") }
    }
}
