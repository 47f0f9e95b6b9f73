import Foundation
import Testing

/// A walk left open while a `git pull` and `dtaudit sync` bring a teammate's failures: the walk
/// shows them before it saves another answer, asks again for a check it had answered without
/// seeing them, and saves no answer given to a check whose result changed under it.
@Suite(.tags(.endToEnd)) struct AuditMeanwhileTests {
    typealias Team = TeamTests.Team

    @Test func whatASyncBringsDuringAWalkIsShownAndAskedAgain() throws {
        let team = try Team()
        let (alice, bob) = try team.started()
        let next = try #require((try JSONSerialization.jsonObject(with: Data(team.dtaudit(["next", "Checkout", "--json"], in: alice).utf8)) as? [String: Any])?["screens"] as? [[String: Any]])
        let order = (next.first?["checks"] as? [[String: Any]] ?? []).map { ($0["item"] as? String ?? "", $0["size"] as? String ?? "") }
        try #require(order.count > 3)

        // Bob fails the first two checks of the walk and shares it; Alice has not pulled yet.
        for (item, size) in order.prefix(2) {
            try team.dtaudit(["record", "Checkout", "--size", size, "--item", item, "--fail", "--note", "Bob saw \(item)"], in: bob)
        }
        try team.share(bob, "Checkout fails")

        let walk = try LiveProcess([CLI.binary.path, "audit", "Checkout"], in: alice,
                                   environment: team.cli.environment.merging(["DTAUDIT_USER": "alice"]) { $1 })
        #expect(walk.waitFor("[1/"), "\(walk.stdout)")
        walk.send("p\n")
        #expect(walk.waitFor("[2/"), "\(walk.stdout)")
        // In another terminal, Alice pulls and syncs: Bob's failures arrive while check 2 is shown.
        try team.git(["pull", "-q", "--no-rebase", "origin", "main"], in: alice)
        try team.dtaudit(["sync"], in: alice)
        walk.send("p\n")
        #expect(walk.waitFor("the answer was not saved: answer this check again"), "\(walk.stdout)")
        let (first, second) = (order[0], order[1])
        #expect(walk.stdout.contains("Meanwhile bob recorded fail for \(second.1) \(second.0): Bob saw \(second.0)"), "\(walk.stdout)")
        #expect(walk.stdout.contains("Meanwhile bob recorded fail for \(first.1) \(first.0): Bob saw \(first.0); your pass did not see it: asking again"),
                "\(walk.stdout)")
        // Having seen Bob's failure, Alice passes the check; then the check she had passed comes back, and she fails it.
        walk.send("p\n")
        #expect(walk.waitFor("[3/"), "\(walk.stdout)")
        walk.send("f\nClipped here too\n\nq\n")
        #expect(walk.finish() == 0, "\(walk.stdout)")

        let mine = try team.cli.history(in: alice).filter { $0["by"] as? String == "alice" }
        #expect(mine.count == 3, "the answer given before the news was not saved: \(mine)")
        let shown = try team.dtaudit(["screen", "show", "Checkout", "--json"], in: alice)
        let cells = (try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])?["cells"] as? [[String: Any]] ?? []
        func status(_ cell: (String, String)) -> String? {
            cells.first { $0["item"] as? String == cell.0 && $0["size"] as? String == cell.1 }?["status"] as? String
        }
        #expect(status(first) == "fail" && status(second) == "pass")
    }
}
