import AuditStore
import DynamicType
import Testing
@testable import Reports

/// Judged failures told as problems: shared UI once, read back from the recordings' notes.
@Suite struct JudgedProblemsTests {
    /// A judged note as the import writes it: the reason, then a line per finding with its frames.
    static let cart = """
        1 of 2 labels do not grow from Large to ax5: StaticText "Cart" is 12 pt tall at ax5 and 12 pt at Large
        - StaticText "Cart" {x 310, y 820, 40 x 12} (Large {x 310, y 820, 40 x 12}): is 12 pt tall at ax5 and 12 pt at Large
        """
    static let title = "- StaticText \"Title\" {x 16, y 100, 200 x 20} (Large {x 16, y 100, 200 x 20}): is 20 pt tall at ax5 and 20 pt at Large"

    func failure(_ screen: String, note: String, run: String? = "UI tests #1", fix: Fix? = nil) -> JudgedProblems.Failure {
        JudgedProblems.Failure(screen: screen, cell: CellState(item: "text-scales", size: .ax5, status: .fail, at: Fixture.time(1), recordingID: 1,
                                                               note: note, by: "Sam", run: run), fix: fix)
    }

    @Test func sharedUIIsOneProblemAndACellWithAFindingOfItsOwnKeepsItsRow() {
        let problems = JudgedProblems([
            failure("Home", note: Self.cart),
            failure("Orders", note: Self.cart + "\n" + Self.title),
            failure("Search", note: Self.cart),
            failure("Profile", note: Self.cart, run: nil),
        ])
        #expect(problems.shared.map(\.screens) == [["Home", "Orders", "Search"]], "a person's failure is no judged one")
        #expect(problems.problems.map(\.screens) == [["Home", "Orders", "Search"], ["Orders"]])
        #expect(problems.toldByShared(screen: "Home", item: "text-scales", size: .ax5))
        #expect(!problems.toldByShared(screen: "Orders", item: "text-scales", size: .ax5), "its own label still needs its row")
        #expect(problems.shared(on: "Search").count == 1 && problems.shared(on: "Profile").isEmpty)
    }

    @Test func failuresUnderAFixStayApartFromThoseThatWaitForOne() {
        let fix = Fix(id: "fix-1", screen: "screen-2", type: .textStyle, items: ["text-scales"], note: nil, ref: nil, by: "Sam", at: Fixture.time(2))
        let problems = JudgedProblems([failure("Home", note: Self.cart), failure("Search", note: Self.cart, fix: fix), failure("Orders", note: Self.cart, fix: fix)])
        #expect(problems.problems.map(\.screens) == [["Home"], ["Search", "Orders"]])
        #expect(problems.waitingForFix(on: ["Search"]).isEmpty, "Search's is a retest")
        #expect(problems.waitingForFix(on: ["Home"]).map(\.screens) == [["Home"]])
    }

    @Test func aNoteThatListsOnlySomeOfItsFindingsIsNotToldByTheSharedRow() {
        let problems = JudgedProblems([failure("Home", note: Self.cart + "\n- and 3 more"), failure("Search", note: Self.cart)])
        #expect(problems.shared.count == 1)
        #expect(!problems.toldByShared(screen: "Home", item: "text-scales", size: .ax5), "the 3 it only counts need the screen's row")
        #expect(problems.toldByShared(screen: "Search", item: "text-scales", size: .ax5))
    }
}
