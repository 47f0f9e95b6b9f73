import Foundation
import Testing

/// People are typed as teammates call them: `--by Ben` finds Ben Okafor's records and `--mine`
/// finds the screens of the owner whose name is the signer's, by whole words or their starts; a
/// name that could be two people, or nobody, is said so with the names there are.
@Suite(.tags(.endToEnd)) struct PeopleByNameTests {
    /// Checkout owned by Ben Okafor, Search by Mei Chen, and a recording by each of them.
    static func team() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "edit", "Checkout", "--owner", "Ben Okafor"])
        try cli.ok(["screen", "add", "Search", "--owner", "Mei Chen"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--by", "Ben Okafor"])
        try cli.ok(["record", "Search", "--size", "ax5", "--item", "reachable", "--pass", "--by", "Mei Chen"])
        return cli
    }

    @Test func historyByAFirstNameOrTheStartOfOneFindsThatPerson() throws {
        let cli = try Self.team()
        for typed in ["Ben", "ben", "okafor", "Ben O", "b okaf", "BEN OKAFOR"] {
            let result = try cli.run(["history", "--by", typed])
            #expect(result.status == 0, "\(typed): \(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("Checkout  fail  ax5: reachable") && lines[0].contains("by Ben Okafor"), "\(typed): \(result.stdout)")
        }
        let json = try #require(try cli.json(["history", "--by", "mei"]) as? [[String: Any]])
        #expect(json.map { $0["by"] as? String } == ["Mei Chen"])
    }

    @Test func aNameThatCouldBeTwoPeopleOrNobodyIsSaidSo() throws {
        let cli = try Self.team()
        try cli.ok(["record", "Search", "--size", "ax3", "--item", "no-truncation", "--pass", "--by", "Ben Smith"])
        let both = try cli.run(["history", "--by", "Ben"])
        #expect(both.status == 64)
        #expect(both.stderr == "error: --by 'Ben' could be 'Ben Okafor' or 'Ben Smith'; give more of the name\n", "\(both.stderr)")
        let typo = try cli.run(["history", "--by", "Bne Okafor"])
        #expect(typo.status == 0)
        #expect(typo.stdout == "Nothing recorded by Bne Okafor; did you mean 'Ben Okafor'?\n", "\(typo.stdout)")
    }

    @Test func mineFindsTheScreensOfTheOwnerTheSignerNames() throws {
        let cli = try Self.team()
        for signer in ["Ben", "ben okafor", "Okafor"] {
            let result = try cli.run(["next", "--mine", "--json"], environment: ["DTAUDIT_USER": signer])
            let rows = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["screens"] as? [[String: Any]], "\(signer): \(result.stderr)")
            #expect(rows.map { $0["screen"] as? String } == ["Checkout"], "\(signer)")
        }
        let status = try cli.run(["status", "--mine"], environment: ["DTAUDIT_USER": "Mei"])
        #expect(status.stdout.contains("1 screen owned by Mei Chen"), "\(status.stdout)")
    }

    @Test func mineThatFindsNothingNamesTheOwners() throws {
        let cli = try Self.team()
        let nobody = ["DTAUDIT_USER": "Tess Tester"]
        let owners = "Owners in the audit: 'Ben Okafor', 'Mei Chen' (--mine is you as recordings are signed: DTAUDIT_USER, --by or git's user.name)"
        for arguments in [["next", "--mine"], ["status", "--mine"], ["screen", "list", "--mine"], ["audit", "--mine"]] {
            let result = try cli.run(arguments, input: "", environment: nobody)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("No screen is owned by Tess Tester."), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains(owners), "\(arguments): \(result.stdout)")
        }
    }
}
