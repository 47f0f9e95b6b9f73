import Foundation
import Testing

/// What a teammate is told about work that git has not carried yet.
@Suite(.tags(.endToEnd)) struct SharingNoticeTests {
    typealias Team = TeamTests.Team

    /// Recording and committing without `sync` leaves the records in the store only: `status` says
    /// how many, until a sync writes them into the file.
    @Test func statusSaysWhenTheStoreHoldsRecordsTheSharedFileLacks() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        #expect(!(try team.dtaudit(["status"], in: alice)).contains("not in Exports/trailhead.json yet"))
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: alice)
        try team.dtaudit(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"], in: alice)
        // The commit a teammate makes without syncing: git sees nothing to commit.
        let commit = try team.git(["commit", "-q", "-am", "Results"], in: alice, allowFailure: true)
        #expect(commit.status != 0)
        // Piped without COLUMNS, the line is whole.
        let status = try team.cli.run(["status"], in: alice, environment: ["DTAUDIT_USER": "alice", "COLUMNS": ""]).stdout
        #expect(status.contains("Shared    2 records in this store are not in Exports/trailhead.json yet: 'dtaudit sync' writes them there, then commit the file"),
                "\(status)")
        try team.dtaudit(["sync"], in: alice)
        #expect(!(try team.dtaudit(["status"], in: alice)).contains("not in Exports/trailhead.json yet"))
    }

    @Test func beforeTheFirstSyncStatusSaysTheFileIsStillToWrite() throws {
        let team = try Team()
        let mei = try team.clone("mei")
        try team.dtaudit(["init", "--app", "Trailhead"], in: mei)
        try team.dtaudit(["screen", "add", "Checkout"], in: mei)
        #expect(try team.dtaudit(["status"], in: mei).contains("records in this store are not in Exports/trailhead.json yet"))
        try team.dtaudit(["sync"], in: mei)
        #expect(!(try team.dtaudit(["status"], in: mei)).contains("not in Exports/trailhead.json yet"))
    }
}
