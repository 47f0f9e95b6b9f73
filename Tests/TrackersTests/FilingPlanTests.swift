import AuditLog
import DynamicType
import Testing
@testable import Trackers

/// What filing decides from the problems, the tracker's issues and the filing records, without a tracker.
@Suite struct FilingPlanTests {
    static let at = Timestamp(iso8601: "2026-10-01T09:00:00Z")!

    static func problem(_ screen: String = "s1", item: String = "no-truncation", sizes: [Size] = [.ax5]) -> TrackerProblem {
        TrackerProblem(identity: ProblemIdentity.screen(screen, item: item), item: item, itemTitle: "Text is not cut", places: [.init(screen: screen, name: "Checkout")],
                       sizes: sizes, cells: sizes.map { Cell(screen: screen, size: $0) })
    }

    static func issue(_ number: Int, for problem: TrackerProblem, open: Bool = true, reason: String? = nil, labels: [String] = ["dtaudit"]) -> TrackedIssue {
        TrackedIssue(number: number, id: Int64(100 + number), title: problem.title, body: IssueText.body(problem, links: nil), url: "u/\(number)",
                     isOpen: open, stateReason: reason, labels: labels, closedAt: open ? nil : at)
    }

    static func filing(_ problem: TrackerProblem, issue: Int, state: Filing.State, digest: String? = nil) -> Filing {
        Filing(id: "f\(issue)\(state)", problem: problem.identity, tracker: "github:acme/app", issue: issue, url: nil, state: state, item: problem.item,
               cells: problem.cells, digest: digest, by: "Ana", at: at)
    }

    @Test func theMarkerNamesTheProblemAndTextFromTheAuditCannotForgeOne() {
        let problem = Self.problem()
        let body = IssueText.body(problem, links: nil)
        #expect(IssueText.readMarker(body) == Marker(problem: problem.identity, item: "no-truncation", cells: [Cell(screen: "s1", size: .ax5)]))
        #expect(IssueText.escaped("<!-- dtaudit:problem=p-000000000000000000000000 --> @ana #3") == "\\<\\!-- dtaudit:problem=p-000000000000000000000000 --\\> \\@ana \\#3")
        #expect(IssueText.readMarker("text\n" + body) == nil, "only a first line counts")
        #expect(ProblemIdentity.screen("s1", item: "a") != ProblemIdentity.screen("s1", item: "b"))
    }

    @Test func aTitleKeepsTheItemAndSizesWithinGitHubsLimitAndNoHiddenCharacter() {
        var problem = Self.problem(sizes: Size.allCases.reversed())
        problem.places = [.init(screen: "s1", name: String(repeating: "é", count: 200) + "\u{202E}"), .init(screen: "s2", name: "Cart\u{200B}")]
        let title = problem.title
        #expect(title.count == TrackerProblem.maximumTitle)
        #expect(title.hasSuffix("…: no-truncation fails at " + Size.allCases.reversed().map(\.id).joined(separator: ", ")))
        #expect(!title.unicodeScalars.contains { $0.properties.generalCategory == .format })
        problem.places = [.init(screen: "s1", name: "Check\u{202E}out")]
        #expect(problem.title == "Check out: no-truncation fails at " + Size.allCases.reversed().map(\.id).joined(separator: ", "))
    }

    @Test func aProblemIsCreatedOnceThenFoundByItsMarkerThenLeftAlone() {
        let problem = Self.problem()
        let audit = AuditProblems(problems: [problem])
        #expect(FilingPlan(audit: audit, issues: [], filings: [], links: nil).steps.map(\.action) == [.create])
        let issue = Self.issue(4, for: problem)
        #expect(FilingPlan(audit: audit, issues: [issue], filings: [], links: nil).steps.map(\.action) == [.adopt])
        let digest = IssueText.digest(title: problem.title, body: issue.body!)
        #expect(FilingPlan(audit: audit, issues: [issue], filings: [Self.filing(problem, issue: 4, state: .open, digest: digest)], links: nil).steps.isEmpty)
        // A change of the problem rewrites the issue; a person's edit alone does not.
        let grown = Self.problem(sizes: [.ax5, .ax3])
        #expect(FilingPlan(audit: AuditProblems(problems: [grown]), issues: [issue], filings: [Self.filing(problem, issue: 4, state: .open, digest: digest)],
                           links: nil).steps.map(\.action) == [.update])
        var edited = issue
        edited.body! += "\nedited by a person"
        #expect(FilingPlan(audit: audit, issues: [edited], filings: [Self.filing(problem, issue: 4, state: .open, digest: digest)], links: nil).steps.isEmpty)
    }

    @Test func aTriagedIssueIsNeverReopenedAndTwoIssuesOfOneProblemKeepTheLower() {
        let problem = Self.problem()
        let audit = AuditProblems(problems: [problem])
        for issue in [Self.issue(4, for: problem, open: false, reason: "not_planned"), Self.issue(4, for: problem, labels: ["dtaudit", "wontfix"])] {
            #expect(FilingPlan(audit: audit, issues: [issue], filings: [], links: nil).steps.map(\.action) == [.triage])
            #expect(FilingPlan(audit: audit, issues: [issue], filings: [Self.filing(problem, issue: 4, state: .triaged)], links: nil).steps.isEmpty)
        }
        let plan = FilingPlan(audit: audit, issues: [Self.issue(9, for: problem), Self.issue(4, for: problem)], filings: [], links: nil)
        #expect(plan.steps.map(\.action) == [.closeDuplicate, .adopt])
        #expect(plan.steps.first?.issue?.number == 9)
        #expect(plan.steps.first?.duplicateOf?.number == 4)
    }

    @Test func aPassingRetestClosesAndAFailureAfterItReopens() {
        let problem = Self.problem()
        let issue = Self.issue(4, for: problem)
        let passed = AuditProblems(problems: [], results: ["s1": [CellKey(item: "no-truncation", size: .ax5): .init(status: .pass, by: "Bo", at: Self.at)]],
                                   screenNames: ["s1": "Checkout"])
        let close = FilingPlan(audit: passed, issues: [issue], filings: [], links: nil)
        #expect(close.steps.map(\.action) == [.close])
        #expect(IssueText.closing(close.steps[0].retests).contains("Checkout at ax5: pass, recorded by Bo on 2026-10-01"))
        let untested = AuditProblems(problems: [], screenNames: ["s1": "Checkout"])
        #expect(FilingPlan(audit: untested, issues: [issue], filings: [], links: nil).steps.isEmpty, "closed without a retest")
        let closed = Self.issue(4, for: problem, open: false, reason: "completed")
        let failing = AuditProblems(problems: [problem])
        #expect(FilingPlan(audit: failing, issues: [closed], filings: [Self.filing(problem, issue: 4, state: .closed)], links: nil).steps.map(\.action) == [.reopen])
    }

    @Test func theBudgetWaitsForTheMinuteAndStopsAtTheHour() {
        final class Clock: @unchecked Sendable { var now = 0.0 }
        let clock = Clock()
        var budget = WriteBudget(perMinute: 2, perHour: 3, clock: { clock.now }, pause: { clock.now += $0 })
        var waits: [Int] = []
        for _ in 0..<3 {
            let taken = budget.take { waits.append($0) }
            #expect(taken)
        }
        #expect(waits == [60])
        let fourth = budget.take()
        #expect(!fourth)
    }
}
