import Foundation
import Testing
import AuditLog
import AuditStore
import AuditWorkflows
import DynamicType

/// The guided walk of one screen, driven as `dtaudit audit` drives it, without a terminal: what it
/// asks, what each answer saves, what `back` takes back, and what a teammate's recording meanwhile
/// changes.
@Suite struct GuidedWalkTests {
    let store: AuditStore
    let screen: Screen

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-walk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try AuditStore.create(at: StoreLocation(folder: folder + "/.dtaudit"), app: "Trailhead",
                                          checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        screen = try store.write { try store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Tess") }
        self.store = store
    }

    func walk(as author: String = "Tess", sizes: Set<Size>? = nil, everything: Bool = false) throws -> GuidedWalk {
        try #require(try GuidedWalk(store: store, screen: screen, author: author, checklist: try store.checklist(), sizes: sizes, everything: everything))
    }

    /// The cell's status as the store holds it now.
    func stored(_ step: AuditPlan.Step) throws -> ResultStatus? {
        try store.snapshot(only: screen, detailed: true).screens.first?.cell(step.item, step.size)?.status
    }

    @Test func aWalkAsksEveryOpenCheckLargestSizeFirstAndSavesEachAnswerAtOnce() throws {
        let walk = try walk()
        let planned = try store.checklist().plannedCells.count
        #expect(walk.steps.count == planned)
        #expect(walk.steps.first?.size == .ax5)
        #expect(walk.steps.last?.size == .default)
        let first = try #require(walk.current)
        let outcome = try walk.answer(.fail, note: "Pay button clipped", evidence: [])
        #expect(outcome.recordings.map(\.item) == [first.item])
        #expect(try stored(first) == .fail)
        #expect(walk.shown(first)?.note == "Pay button clipped")
        walk.skip()
        #expect(walk.index == 2)
        #expect(walk.tally == GuidedWalk.Tally(passed: 0, failed: 1, notApplicable: 0, skipped: 1, takenBack: 0))
    }

    @Test func backTakesTheLastAnswerBackAndTheCellShowsWhatItHeldBefore() throws {
        // Ben failed the first check before this walk opened: a full re-audit asks it again.
        let first = try #require(try walk().current)
        try store.record(screen: screen, cells: [(first.item, first.size)], status: .fail, note: "clipped", by: "Ben")
        let walk = try walk(sizes: [first.size], everything: true)
        #expect(walk.current == AuditPlan.Step(item: first.item, size: first.size, reason: walk.current?.reason))
        _ = try walk.answer(.pass, note: nil, evidence: [])
        #expect(try stored(first) == .pass)
        let back = try walk.back()
        guard case .answer(let step, let status, let count, let restored) = back else {
            Issue.record("back took back \(back)")
            return
        }
        #expect(step.item == first.item && status == .pass && count == 1)
        #expect(restored?.status == .fail && restored?.by == "Ben")
        #expect(try stored(first) == .fail)
        #expect(walk.index == 0 && walk.current?.item == first.item)
        #expect(walk.tally.passed == 0 && walk.tally.takenBack == 1)
    }

    @Test func passingTheRestRecordsEveryCheckAtTheSizeAndOneBackTakesThemAll() throws {
        let walk = try walk()
        let rest = Array(walk.restAtSize)
        #expect(rest.count > 1 && Set(rest.map(\.size)) == [.ax5])
        let outcome = try walk.passRest(note: nil, evidence: [])
        #expect(outcome.recordings.count == rest.count)
        #expect(Set(outcome.recordings.map(\.at)).count == 1)
        #expect(walk.current?.size != .ax5)
        for step in rest { #expect(try stored(step) == .pass) }
        guard case .answer(_, .pass, let count, _) = try walk.back() else { Issue.record("back did not take the passes back"); return }
        #expect(count == rest.count)
        for step in rest { #expect(try stored(step) == nil) }
        #expect(walk.current == rest.first)
    }

    @Test func backBeforeAnyAnswerTakesBackTheAuditorsEarlierAnswersAndAsksThemAgain() throws {
        let planned = try walk().steps
        // Tess answered two ax5 checks in one command before this walk, and nothing else.
        try store.record(screen: screen, cells: planned.prefix(2).map { ($0.item, $0.size) }, status: .pass, note: nil, by: "Tess")
        let walk = try walk()
        #expect(walk.steps.count == planned.count - 2)
        guard case .earlier(let earlier) = try walk.back() else { Issue.record("nothing was taken back"); return }
        #expect(earlier.count == 2)
        #expect(Array(walk.steps.prefix(2)).map(\.item) == planned.prefix(2).map(\.item))
        #expect(walk.steps.count == planned.count)
        for step in planned.prefix(2) { #expect(try stored(step) == nil) }
        // Only Tess's own answers are hers to take back, and a second back finds none left.
        #expect(try walk.back() == .nothing)
        #expect(walk.tally.takenBack == 2)
    }

    @Test func aTeammatesRecordingMeanwhileIsNewsAndAnAnswerThatDidNotSeeItIsAskedAgain() throws {
        let walk = try walk()
        let first = try #require(walk.current)
        _ = try walk.answer(.pass, note: nil, evidence: [])
        let current = try #require(walk.current)
        #expect(try walk.takeNews(shown: true).news.isEmpty)

        // Ben fails the check Tess just passed, and the check shown to her now.
        try store.record(screen: screen, cells: [(first.item, first.size)], status: .fail, note: "clipped at ax5", by: "Ben")
        try store.record(screen: screen, cells: [(current.item, current.size)], status: .fail, note: nil, by: "Ben")
        let news = try walk.takeNews(shown: true)
        #expect(news.news.map(\.recording.item) == [first.item, current.item])
        #expect(news.news.map(\.askedAgain) == [.pass, nil])
        #expect(news.currentChanged)
        #expect(walk.shown(current)?.status == .fail && walk.shown(current)?.by == "Ben")
        // Her pass is asked again right after the current check.
        #expect(walk.steps[walk.index + 1].item == first.item && walk.steps[walk.index + 1].size == first.size)
        // Seen once, the news is not told again.
        #expect(try walk.takeNews(shown: true).news.isEmpty)
    }

    @Test func aRecordingOnACheckTheWalkDoesNotHoldIsNotNews() throws {
        let walk = try walk(sizes: [.ax5])
        let outside = try #require(try store.checklist().plannedCells.first { $0.1 == .default })
        try store.record(screen: screen, cells: [(outside.0.id, .default)], status: .fail, note: nil, by: "Ben")
        let news = try walk.takeNews(shown: true)
        #expect(news.news.isEmpty && !news.currentChanged)
    }
}
