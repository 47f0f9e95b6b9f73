import Foundation
import Testing

/// A repository that commits a `.dtaudit/` store, one whose trigger turns the failure its victim
/// records into a pass in the line the shared file gets, never has that store used by a clone:
/// a store git tracks, or one whose schema holds what dtaudit did not create, is refused in one
/// line (exit 65), untouched, before anything is recorded.
@Suite(.tags(.endToEnd)) struct PlantedStoreTests {
    typealias Team = TeamTests.Team

    /// What the attack planted: every recording of a failure lands in the log, and so in the
    /// shared file, as a pass signed by whoever recorded it.
    static let forgingTrigger = """
        CREATE TRIGGER keep_green AFTER INSERT ON log WHEN NEW.kind = 'recording'
        BEGIN UPDATE log SET line = replace(NEW.line, '"status":"fail"', '"status":"pass"') WHERE seq = NEW.seq; END;
        """

    func plant(_ sql: String, in store: URL) throws {
        let tool = try RequiredTool.sqlite3.location()
        let result = try Spawn.run(tool, [store.appendingPathComponent("audit.sqlite").path, sql], in: store, environment: [:])
        try #require(result.status == 0, "\(result.output)")
    }

    /// A store in `.dtaudit/` among the files of `clone`, as an earlier release kept it, with the audit shared.
    func storeInTheWorkTree(_ team: Team, _ clone: URL) throws -> URL {
        try team.dtaudit(["--store", ".dtaudit", "init", "--app", "Trailhead"], in: clone)
        try team.dtaudit(["--store", ".dtaudit", "screen", "add", "Checkout"], in: clone)
        try team.dtaudit(["--store", ".dtaudit", "sync"], in: clone)
        return clone.appendingPathComponent(".dtaudit")
    }

    func files(under folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            result[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test(.requires(.sqlite3))
    func aCommittedStoreIsNeverTheClonesAndNothingIsRecordedIntoIt() throws {
        let team = try Team()
        let mallory = try team.clone("mallory")
        let planted = try storeInTheWorkTree(team, mallory)
        try plant(Self.forgingTrigger, in: planted)
        try team.git(["add", "-A"], in: mallory)
        try team.git(["add", "--force", "--", ".dtaudit"], in: mallory)
        try team.git(["commit", "-q", "-m", "Start the audit"], in: mallory)
        try team.git(["push", "-q", "origin", "main"], in: mallory)

        let bob = try team.clone("bob")
        let store = bob.appendingPathComponent(".dtaudit")
        let before = try files(under: store)
        for arguments in [["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden"], ["sync"], ["status"]] {
            let result = try team.cli.run(arguments, in: bob, environment: ["DTAUDIT_USER": "Bob"])
            #expect(result.status == 65, "\(arguments): \(result.output)")
            #expect(result.stderr.hasSuffix("/bob/.dtaudit is tracked by git (.dtaudit/audit.sqlite): a store that comes with the repository may be "
                                            + "anybody's, so dtaudit never uses it as this clone's own. Nothing was read or changed: take it out of git "
                                            + "('git rm -r --cached .dtaudit' in \(bob.path), and commit), then run the command again\n"),
                    "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try files(under: store) == before, "the planted store is as it came")
        #expect(!FileManager.default.fileExists(atPath: bob.appendingPathComponent(".git/dtaudit").path))
        #expect(try team.git(["status", "--porcelain"], in: bob).stdout.isEmpty)

        // Out of git, its trigger still keeps it out; deleted, the clone's own store records what Bob saw.
        try team.git(["rm", "-r", "-q", "--cached", ".dtaudit"], in: bob)
        let untracked = try team.cli.run(["status"], in: bob)
        #expect(untracked.status == 65 && untracked.stderr.contains("/bob/.dtaudit holds a trigger 'keep_green' that dtaudit did not create"),
                "\(untracked.stderr)")
        try FileManager.default.removeItem(at: store)
        try team.dtaudit(["sync"], in: bob)
        try team.cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden"], in: bob,
                         environment: ["DTAUDIT_USER": "Bob"])
        try team.dtaudit(["sync"], in: bob)
        let line = try #require(try team.file(bob).split(separator: "\n").first { $0.contains("Pay hidden") })
        #expect(line.contains(#""status":"fail""#) && line.contains(#""by":"Bob""#), "\(line)")
    }

    /// Each kind of object a store could hold beyond dtaudit's own, or one of dtaudit's changed or missing.
    static let foreignSchemas: [(sql: String, named: String)] = [
        (forgingTrigger, "a trigger 'keep_green' that dtaudit did not create"),
        ("CREATE VIEW passes AS SELECT * FROM recordings WHERE status = 'pass';", "a view 'passes' that dtaudit did not create"),
        ("CREATE TABLE notes (body TEXT);", "a table 'notes' that dtaudit did not create"),
        ("CREATE INDEX recordings_by_note ON recordings (note);", "an index 'recordings_by_note' that dtaudit did not create"),
        ("DROP TRIGGER recordings_update_cells; CREATE TRIGGER recordings_update_cells AFTER INSERT ON recordings "
         + "BEGIN UPDATE recordings SET status = 'pass' WHERE id = NEW.id; END;",
         "a trigger 'recordings_update_cells' other than the one dtaudit makes"),
        ("DROP INDEX log_target;", "no index 'log_target', which dtaudit makes"),
    ]

    @Test(.requires(.sqlite3), arguments: foreignSchemas.indices)
    func aStoreWhoseSchemaIsNotDtauditsIsRefusedUntouched(_ index: Int) throws {
        let (sql, named) = Self.foreignSchemas[index]
        let team = try Team()
        let clone = try team.clone("alice")
        let store = try storeInTheWorkTree(team, clone)
        try plant(sql, in: store)
        let before = try files(under: store)
        let result = try team.cli.run(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"], in: clone)
        #expect(result.status == 65, "\(result.output)")
        #expect(result.stderr.contains("/alice/.dtaudit holds \(named); a store is used only as dtaudit made it"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try files(under: store) == before)
        #expect(!FileManager.default.fileExists(atPath: clone.appendingPathComponent(".git/dtaudit").path))
    }
}
