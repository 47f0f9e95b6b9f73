import Foundation
import Testing
import TestSupport

/// One cause, one problem: a cell that keeps its height while its label grows is the problem, and
/// what other judges find inside it (the icon beside the label that stayed small) is told with it.
@Suite(.tags(.endToEnd)) struct ProblemsByCauseTests {
    @Test(arguments: PageShape.allCases) func whatFailsInsideAFixedCellIsThatCellsProblem(shape: PageShape) throws {
        let cli = try CLI().initialized()
        let root = cli.directory.appendingPathComponent("run")
        for (size, height) in [("l", 20.0), ("ax3", 48), ("ax5", 128)] {
            let cell = Node("Cell", "delivery.row", 0, 200, 390, 44, [Node("Image", "truck", 16, 210, 24, 24), .text("Standard delivery", 48, 210, 300, height)])
            try Fixture.write(Data(PageSource.screen([.text("Order total", 16, 100, 200, min(height, 90)), cell], shape: shape).utf8), "Checkout_\(size).xml", in: root)
        }
        try cli.ok(["evidence", "import-xcresult", "run"])
        let next = try cli.run(["next"], environment: ["COLUMNS": ""]).stdout
        #expect(next.contains("Waiting for a fix  (1 problem, 1 found by runs:"), "\(next)")
        let line = try #require(next.split(separator: "\n").first { $0.contains("cells-resize") }, "\(next)")
        // The worst size's figures, and the icon told inside the cell's problem.
        #expect(line.contains("grew from 20 to 128 pt") && line.contains("inside it, icons-scale"), "\(line)")
        // status counts the same problems as next.
        let status = try cli.run(["status"], environment: ["COLUMNS": ""]).stdout
        #expect(status.contains("Problems  1 open, one per cause: 1 waits for a fix; 1 found by runs"), "\(status)")
        let json = try #require(try cli.json(["status"]) as? [String: Any])
        #expect(json["problemsFromRuns"] as? Int == 1 && (json["problems"] as? [String: Any])?["open"] as? Int == 1)
        // next's JSON gives it with the worst size's figure and who decides.
        let problems = try #require((try cli.json(["next"]) as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["worstSize"] as? String == "ax5" && problems.first?["figure"] is Double
                && problems.first?["decidedBy"] as? String == "machine" && (problems.first?["within"] as? [Any])?.count == 1, "\(problems)")
    }
}
