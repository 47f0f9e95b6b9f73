import Foundation
import Testing

/// Work recorded on a screen that a teammate removed leaves every list and report; its author is
/// told where it went and how to bring it back, and nothing recorded is lost.
@Suite(.tags(.endToEnd)) struct RemovedWorkTests {
    typealias Team = TeamTests.Team

    /// Bob records Settings while Alice, not having pulled, removes it.
    func removedUnderBob() throws -> (team: Team, alice: URL, bob: URL) {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["git-setup"], in: bob)
        try team.dtaudit(["record", "Settings", "--size", "ax5", "--item", "all", "--pass"], in: bob)
        try team.dtaudit(["sync"], in: bob)
        try team.git(["commit", "-q", "-am", "Settings at AX5"], in: bob)
        try team.dtaudit(["screen", "remove", "Settings"], in: alice)
        try team.share(alice, "Settings is gone from the app")
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
        return (team, alice, bob)
    }

    @Test func theAuthorIsToldBySyncAndStatusAndRestoreBringsTheWorkBack() throws {
        let (team, alice, bob) = try removedUnderBob()
        let told = "10 of your recordings are on Settings, which alice removed on "
        let synced = try team.dtaudit(["sync"], in: bob)
        #expect(synced.contains(told) && synced.contains("'dtaudit screen restore Settings' brings them back"), "\(synced)")
        let status = try team.dtaudit(["status"], in: bob)
        #expect(status.contains("Removed   " + told), "\(status)")
        #expect(!(try team.dtaudit(["screen", "list"], in: bob)).contains("Settings"))
        // The one who removed it hears nothing of it: the work is not theirs.
        try team.git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: alice)
        #expect(!(try team.dtaudit(["status"], in: alice)).contains("of your recordings"))

        try team.dtaudit(["screen", "restore", "Settings"], in: bob)
        #expect(!(try team.dtaudit(["status"], in: bob)).contains("of your recordings"))
        let back = try team.cli.history(in: bob).filter { $0["screen"] as? String == "Settings" }
        #expect(back.count == 10)
    }

    @Test func recordingOrAuditingARemovedScreenSaysWhoRemovedItAndHowToBringItBack() throws {
        let (team, _, bob) = try removedUnderBob()
        try team.dtaudit(["sync"], in: bob)
        for command in [["record", "Settings", "--size", "ax3", "--item", "all", "--pass"], ["audit", "settings"]] {
            let result = try team.cli.run(command, in: bob, environment: ["DTAUDIT_USER": "bob"])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("error: 'Settings' was removed by alice on "), "\(result.stderr)")
            #expect(result.stderr.contains("; 'dtaudit screen restore Settings' brings it back with everything recorded on it\n"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        // A name no screen ever had is still just unknown.
        let unknown = try team.cli.run(["record", "Nowhere", "--size", "ax3", "--item", "all", "--pass"], in: bob)
        #expect(unknown.stderr.contains("no screen named 'Nowhere'"))
    }
}
