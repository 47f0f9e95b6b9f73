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

    /// Records a result and shares it (sync, commit, push), with the clock `offset` off.
    func share(_ team: TeamTests.Team, _ folder: URL, record arguments: [String], clock offset: String? = nil) throws -> CLI.Result {
        let recorded = try dtaudit(team, ["record"] + arguments, in: folder, clock: offset)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try dtaudit(team, ["sync"], in: folder, clock: offset).status == 0)
        try team.git(["add", "-A"], in: folder)
        try team.git(["commit", "-q", "-m", "Results"], in: folder, allowFailure: true)
        try team.git(["push", "-q", "origin", "main"], in: folder)
        return recorded
    }

    /// Pulls and syncs with the clock `offset` off; returns what sync said on standard error.
    func pull(_ team: TeamTests.Team, _ folder: URL, clock offset: String? = nil) throws -> String {
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: folder)
        let synced = try dtaudit(team, ["sync"], in: folder, clock: offset)
        #expect(synced.status == 0, "\(synced.stderr)")
        return synced.stderr
    }

    /// Alice, Bob and Sam, each with a store, the driver set up.
    func team() throws -> (TeamTests.Team, alice: URL, bob: URL, sam: URL) {
        let team = try TeamTests.Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["git-setup"], in: alice)
        try team.share(alice, "Merge the audit file with dtaudit")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        try team.dtaudit(["git-setup"], in: bob)
        let sam = try team.clone("sam")
        try #require(dtaudit(team, ["sync"], in: sam).status == 0)
        try team.dtaudit(["git-setup"], in: sam)
        return (team, alice, bob, sam)
    }

    @Test func aTeammateTwoDaysFastBlocksNobodyIsToldOnceAndIsSupersededByWhatOthersRecordAfterSeeingTheirWork() throws {
        let (team, alice, bob, sam) = try team()
        // Sam, two days fast, records two passes and shares them: nothing yet says the clock is wrong.
        let recorded = try share(team, sam, record: ["Checkout", "--size", "ax5,ax3", "--item", "reachable", "--pass"], clock: "+2d")
        #expect(!recorded.stderr.contains("clock"), "\(recorded.stderr)")

        // Alice pulls: sync says whose record is dated ahead, once; import and export take the file.
        let synced = try pull(team, alice)
        #expect(synced.contains("warning: a record by sam is dated") && synced.contains("2 days after this machine's clock"), "\(synced)")
        #expect(synced.split(separator: "\n").count == 1)
        #expect(try dtaudit(team, ["import", "Exports/trailhead.json"], in: alice).status == 0)
        let exported = try dtaudit(team, ["export", "--format", "json"], in: alice)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try cell(team, in: alice) == "pass")

        // Alice, having seen the pass, finds the check failing: her failure stands, dated two days
        // before the pass; she was told already.
        let failed = try share(team, alice, record: ["Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button clipped"])
        #expect(!failed.stderr.contains("clock"), "\(failed.stderr)")
        #expect(try cell(team, in: alice) == "fail")

        // Sam pulls: only Alice's clock disagrees with his, so both are named, not one.
        let first = try pull(team, sam, clock: "+2d")
        #expect(first.contains("warning: this machine's clock and alice's are 2 days apart: alice recorded Checkout reachable ax5 after seeing your recording")
                && first.contains("only a third clock can tell which"), "\(first)")
        #expect(try cell(team, in: sam) == "fail")
        // Bob, whose clock agrees with Alice's, re-checks the other pass: two clocks now say Sam's runs ahead.
        _ = try pull(team, bob)
        _ = try share(team, bob, record: ["Checkout", "--size", "ax3", "--item", "reachable", "--fail"])
        let told = try pull(team, sam, clock: "+2d")
        #expect(told.contains("warning: this machine's clock seems to run 2 days ahead: ") && told.contains("and 1 more teammate did the same; set the clock right"),
                "\(told)")
        // Told once: the next command says nothing of it.
        let again = try dtaudit(team, ["record", "Checkout", "--size", "xxxl", "--item", "reachable", "--pass"], in: sam, clock: "+2d")
        #expect(again.status == 0 && !again.stderr.contains("clock"), "\(again.stderr)")
        // Sam fixes the clock: his next recording of the cell stands, in sight of Alice's.
        let fixed = try dtaudit(team, ["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"], in: sam)
        #expect(fixed.status == 0 && !fixed.stderr.contains("clock"), "\(fixed.stderr)")
        #expect(try cell(team, in: sam) == "pass")
        try team.share(sam, "Checkout passes again")

        // Everyone pulls and syncs until the files agree: byte for byte, in every clone.
        for folder in [alice, bob, sam, alice] {
            try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: folder)
            #expect(try dtaudit(team, ["sync"], in: folder).status == 0)
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

    /// A teammate two days slow: whoever's clock is right is never told to set it, on any command;
    /// the slow one is told, once, as soon as two clocks say so.
    @Test func aTeammateTwoDaysSlowIsToldAndNobodyWhoseClockIsRightIs() throws {
        let (team, alice, bob, sam) = try team()
        _ = try share(team, alice, record: ["Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        _ = try pull(team, bob)
        _ = try share(team, bob, record: ["Checkout", "--size", "ax3", "--item", "reachable", "--pass"])

        let told = try pull(team, sam, clock: "-2d")
        #expect(told.contains("warning: this machine's clock seems to run 2 days behind: records by ") && told.contains("set the clock right"), "\(told)")
        let recorded = try share(team, sam, record: ["Checkout", "--size", "ax5,ax3", "--item", "reachable", "--fail", "--note", "Clipped"], clock: "-2d")
        #expect(!recorded.stderr.contains("clock"), "told once: \(recorded.stderr)")

        // Alice's clock is right: she hears whose clock is behind, once, and is never asked to set hers.
        let synced = try pull(team, alice)
        #expect(synced.contains("warning: sam's clock seems to run 2 days behind: sam recorded Checkout reachable ax5 after seeing your recording"), "\(synced)")
        for arguments in [["record", "Checkout", "--size", "xxxl", "--item", "reachable", "--pass"], ["sync"], ["status"],
                          ["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--pass"]] {
            let result = try dtaudit(team, arguments, in: alice)
            #expect(result.status == 0 && !result.stderr.contains("clock"), "\(arguments): \(result.stderr)")
        }
        #expect(try cell(team, in: alice) == "fail")
    }

    /// A clock hours fast, less than a day: what others record in sight of its work is dated by their
    /// own clocks, so its owner hears of it.
    @Test func aTeammateHoursFastIsTold() throws {
        let (team, alice, _, sam) = try team()
        _ = try share(team, sam, record: ["Checkout", "--size", "ax5", "--item", "reachable", "--pass"], clock: "+5h")
        let synced = try pull(team, alice)
        #expect(synced.contains("warning: a record by sam is dated") && synced.contains("5 hours after this machine's clock"), "\(synced)")
        _ = try share(team, alice, record: ["Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        let told = try pull(team, sam, clock: "+5h")
        #expect(told.contains("warning: this machine's clock and alice's are 5 hours apart: alice recorded Checkout reachable ax5 after seeing your recording"),
                "\(told)")
        #expect(try cell(team, in: sam) == "fail")
    }
}
