import Foundation
import Testing

/// A record that somebody else committed, dated 9999 and signed with your own name, following your
/// failure: it stands (records are what they say), but every record a file brings is looked at, so
/// `sync` and `import` say so, and point at the take-back.
@Suite(.tags(.endToEnd)) struct ForgedTimeTests {
    typealias Team = TeamTests.Team

    @Test func aRecordSignedWithYourNameAndDatedAheadIsNamedWhenItArrives() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        try team.dtaudit(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button clipped"], in: bob)
        try team.share(bob, "Bob's failure")

        // Alice's commit adds a pass over it in Bob's name, dated 9999.
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        var lines = try team.file(alice).components(separatedBy: "\n")
        let failure = try #require(lines.firstIndex { $0.contains("Pay button clipped") })
        let record = try #require(try JSONSerialization.jsonObject(with: Data(lines[failure].dropLast().utf8)) as? [String: Any])
        let failureID = try #require(record["id"] as? String)
        let screen = try #require(record["screen"] as? String)
        lines.insert(#"{"record":"recording","id":"7e57f04e-0000-4000-8000-000000000001","screen":"\#(screen)","item":"reachable","size":"ax5","status":"pass","follows":"\#(failureID)","round":1,"by":"bob","at":"9999-12-31T00:00:00.000Z"},"#,
                     at: failure + 1)
        try Data(lines.joined(separator: "\n").utf8).write(to: alice.appendingPathComponent("Exports/trailhead.json"))
        try team.git(["commit", "-q", "-am", "Tidy the audit file"], in: alice)
        try team.git(["push", "-q", "origin", "main"], in: alice)
        let copy = team.cli.directory.appendingPathComponent("forged.json")
        try Data(lines.joined(separator: "\n").utf8).write(to: copy)

        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: bob)
        let synced = try team.cli.run(["sync"], in: bob, environment: ["DTAUDIT_USER": "bob"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("warning: a recording signed with your name (bob) that this store did not make is dated 9999-12-31")
                && synced.stderr.contains("somebody signed it for you") && synced.stderr.contains("'dtaudit retract 7e57f04e' takes it back everywhere"),
                "\(synced.stderr)")
        #expect(synced.stderr.split(separator: "\n").count == 1, "\(synced.stderr)")
        // As said: taking it back shows Bob's failure again.
        try team.dtaudit(["retract", "7e57f04e", "--note", "not mine"], in: bob)
        let shown = try team.dtaudit(["screen", "show", "Checkout", "--json"], in: bob)
        let cells = (try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])?["cells"] as? [[String: Any]] ?? []
        #expect(cells.first { $0["item"] as? String == "reachable" && $0["size"] as? String == "ax5" }?["status"] as? String == "fail")

        // The same file imported into another clone: the record is named there too, as somebody else's.
        let carol = try team.clone("carol")
        try team.git(["checkout", "-q", "HEAD~1"], in: carol)
        try team.dtaudit(["sync"], in: carol)
        let imported = try team.cli.run(["import", copy.path], in: carol, environment: ["DTAUDIT_USER": "carol"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("warning: a record by bob is dated 9999-12-31"), "\(imported.stderr)")
    }
}
