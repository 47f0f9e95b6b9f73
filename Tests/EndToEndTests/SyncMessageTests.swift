import Foundation
import Testing

/// What `sync` says is what it did: what it took into the store, then what it wrote into the file.
@Suite(.tags(.endToEnd)) struct SyncMessageTests {
    typealias Team = TeamTests.Team

    /// Alice's store holds 4 records after `started()`: the app's naming, the checklist, two screens.
    @Test func recordsOnlyThisStoreHoldsAreCountedIntoTheFileAndNothingIsSaidToBeTakenIn() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: alice)
        try team.dtaudit(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"], in: alice)
        let sync = try team.dtaudit(["sync"], in: alice)
        #expect(sync.hasPrefix("Exports/trailhead.json held nothing this store lacks; wrote into it the 2 records it lacked (6 in all).\n"), "\(sync)")
        #expect(try team.dtaudit(["sync"], in: alice).hasPrefix("Up to date with Exports/trailhead.json (6 records)."))
    }

    @Test func recordsATeammateSharedAreTakenInAndAFileThatHoldsEverythingIsNotSaidToBeWritten() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: alice)
        try team.share(alice, "Checkout fails at ax5")
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let sync = try team.dtaudit(["sync"], in: bob)
        #expect(sync.hasPrefix("Took in 1 recording from Exports/trailhead.json; it holds all 5 records now.\n"), "\(sync)")
        #expect(!sync.contains("wrote"), "\(sync)")
        #expect(!sync.contains("Commit "), "the file is as git has it: nothing to commit\n\(sync)")
    }

    @Test func bothSidesNewSaysWhatCameInAndWhatWentOut() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: alice)
        try team.share(alice, "Checkout fails at ax5")
        try team.dtaudit(["record", "Settings", "--size", "ax5", "--item", "reachable", "--fail"], in: bob)
        try team.dtaudit(["fix", "Settings", "--type", "scroll", "--item", "reachable"], in: bob)
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let sync = try team.dtaudit(["sync"], in: bob)
        #expect(sync.hasPrefix("Took in 1 recording from Exports/trailhead.json; wrote into it the 2 records it lacked (7 in all).\n"), "\(sync)")
        let json = try team.cli.run(["sync", "--json"], in: bob)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["upToDate"] as? Bool == true && object?["recordsInFileBefore"] as? Int == 7)
    }

    @Test func aFileWrittenAgainWithTheSameRecordsIsNotCalledNew() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        // The same records in another order, as a hand merge might leave them: the two screens swapped.
        let path = alice.appendingPathComponent("Exports/trailhead.json")
        var lines = try String(contentsOf: path, encoding: .utf8).components(separatedBy: "\n")
        let screens = lines.indices.filter { lines[$0].hasPrefix("{\"record\":\"screen\"") }
        try #require(screens.count == 2)
        lines.swapAt(screens[0], screens[1])
        try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
        let sync = try team.cli.run(["sync"], in: alice)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("Exports/trailhead.json held nothing this store lacks; wrote it again with the same 4 records, in the order every store writes them.\n"),
                "\(sync.stdout)")
    }

    /// A file named outside the audit's folder is named as it was typed, whole.
    @Test func aFileOutsideTheAuditIsNamedByItsWholePath() throws {
        let team = try Team()
        let (alice, _) = try team.started()
        let synced = try team.cli.run(["sync", "/dev/null"], in: alice)
        #expect(synced.status == 66, "\(synced.output)")
        #expect(synced.stderr == "error: cannot read /dev/null: it is not a regular file\n", "\(synced.stderr)")
    }
}
