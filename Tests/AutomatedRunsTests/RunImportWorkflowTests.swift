import AuditLog
import AuditStore
import AutomatedRuns
import DynamicType
import Foundation
import Testing
import TestSupport

/// The import of a UI-test run through its library, as `evidence import-xcresult` takes it: a
/// harness run read from its folder, planned against a store, applied; then what a person would
/// look at: whose result stands in each cell, under which name and time, and what the run said
/// beside a person's result.
@Suite struct RunImportWorkflowTests {
    /// A store with one screen, Checkout, in a temporary folder that also holds the runs.
    struct Audit {
        let root: URL
        let store: AuditStore
        let checkout: Screen

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-runs-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            store = try AuditStore.create(at: StoreLocation(folder: root.path + "/.dtaudit"), app: "Trailhead",
                                          checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
            let store = self.store
            checkout = try store.write { try store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Tess") }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// Writes a run's folder the way the harness leaves it, `Checkout_<size>.xml` (and a
        /// screenshot of each size when asked), and reads it back.
        func run(_ name: String, pages: (String) -> String, screenshots: Bool = false) throws -> RunReader.Result {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, size) in CheckoutPages.sizes.enumerated() {
                try Data(pages(size).utf8).write(to: folder.appendingPathComponent("Checkout_\(size).xml"))
                if screenshots { try Data(Screenshot.png(seed: index + name.utf8.count * 10)).write(to: folder.appendingPathComponent("Checkout_\(size).png")) }
            }
            return try RunReader.read(path: folder.path, shownAs: name)
        }

        /// What importing the run would do; labels are not read back, so no-truncation stays with people.
        func plan(_ run: RunReader.Result) throws -> RunPlan {
            try RunImport.plan(run, store: store, map: ScreenMap(), hashFiles: false)
        }

        /// Plans the run and applies the plan, as the command does.
        @discardableResult
        func importRun(_ run: RunReader.Result) throws -> RunPlan {
            let plan = try plan(run)
            _ = try RunImport.apply(plan, store: store, by: "CI")
            return plan
        }

        /// The recording that stands in each of Checkout's cells, by "item size".
        func standing() throws -> [String: Recording] {
            let cells = CellRule.standings(try store.recordings(of: checkout))[checkout.id] ?? [:]
            return Dictionary(uniqueKeysWithValues: cells.map { ("\($0.key.item) \($0.key.size.id)", $0.value) })
        }

        /// A person's result, recorded as `dtaudit record` does.
        @discardableResult
        func record(_ item: String, _ size: Size, _ status: ResultStatus, by person: String, at time: Timestamp? = nil) throws -> Recording {
            try #require(try store.write { try store.record(screen: checkout, cells: [(item, size)], status: status, note: nil, by: person, at: time) }.first)
        }
    }

    static func payBelow(_ widen: Double) -> (String) -> String { { CheckoutPages.payBelowAtAX5($0, shape: .harness, widen: widen) } }

    /// The run's failures and passes are recorded under its name, and so are its screenshots, all
    /// at the store's own time: after a teammate's record dated minutes ahead on the screen.
    @Test func aRunsVerdictsAreRecordedUnderItsNameAfterWhatTheScreenHolds() throws {
        let audit = try Audit()
        defer { audit.remove() }
        let ahead = Timestamp(milliseconds: Timestamp.now().milliseconds + 10 * 60 * 1000)
        let teammate = try audit.record("no-overlap", .xxxl, .pass, by: "Ben", at: ahead)

        let plan = try audit.importRun(try audit.run("run1", pages: Self.payBelow(0), screenshots: true))
        #expect(plan.run.hasPrefix("run1 #"), "\(plan.run)")
        let cells = try audit.standing()
        #expect(cells["text-scales ax5"]?.status == .pass && cells["text-scales xs"]?.status == .pass)
        #expect(cells["reachable ax5"]?.status == .fail && cells["no-overlap ax5"]?.status == .pass, "\(cells.mapValues(\.status.rawValue))")
        let byRun = try audit.store.recordings(of: audit.checkout).filter { $0.by == "CI" }
        #expect(byRun.count == plan.cells.count && byRun.count >= 4)
        #expect(byRun.allSatisfy { $0.run == plan.run }, "\(byRun.map(\.run))")
        #expect(byRun.allSatisfy { $0.at.milliseconds == teammate.at.milliseconds + 1 }, "\(byRun.map(\.at.iso8601)) after \(teammate.at.iso8601)")

        let attached = try audit.store.history(of: audit.checkout).compactMap { entry -> EvidenceAttachment? in
            if case .evidence(let attachment) = entry.record, attachment.recording == nil { attachment } else { nil }
        }
        #expect(Set(attached.map(\.size)) == [.l, .ax5, .xs])
        #expect(attached.allSatisfy { $0.run == plan.run && $0.at.milliseconds == teammate.at.milliseconds + 1 })
    }

    /// A person's failure on a cell the run passes stands, with the run's pass kept beside it; a
    /// run's failure stands over a person's pass.
    @Test func aPersonsFailureStandsOverARunsPassWhichIsKeptBeside() throws {
        let audit = try Audit()
        defer { audit.remove() }
        let failed = try audit.record("text-scales", .ax5, .fail, by: "Ben")
        let passed = try audit.record("reachable", .ax5, .pass, by: "Ben")

        let plan = try audit.importRun(try audit.run("run1", pages: Self.payBelow(0)))
        let cells = try audit.standing()
        #expect(cells["text-scales ax5"]?.id == failed.id, "the run's pass took Ben's failure: \(String(describing: cells["text-scales ax5"]))")
        #expect(cells["text-scales xs"]?.status == .pass && cells["text-scales xs"]?.run == plan.run)
        #expect(cells["reachable ax5"]?.status == .fail && cells["reachable ax5"]?.run == plan.run, "\(String(describing: cells["reachable ax5"]))")
        #expect(cells["reachable ax5"]?.id != passed.id)

        let dissents = try audit.store.dissents(of: audit.checkout)
        #expect(dissents.count == 1)
        let dissent = try #require(dissents.first)
        #expect(dissent.item == "text-scales" && dissent.size == .ax5 && dissent.status == .pass)
        #expect(dissent.run == plan.run && dissent.kept == failed.id)
        // The run's failure over Ben's pass is a disagreement told, not a verdict kept aside.
        #expect(plan.disagreements.map { "\($0.cell.item) \($0.kept)" }.sorted() == ["reachable false", "text-scales true"])

        // A later run is no retest of Ben's failure: still his, kept beside again under its own name.
        let later = try audit.importRun(try audit.run("run2", pages: Self.payBelow(4)))
        #expect(try audit.standing()["text-scales ax5"]?.id == failed.id)
        #expect(try audit.store.dissents(of: audit.checkout).map(\.run) == [plan.run, later.run])
    }

    /// A fix of the item recorded after the person's failure makes the next run its retest.
    @Test func aFixAfterThePersonsFailureLetsTheRunsPassStand() throws {
        let audit = try Audit()
        defer { audit.remove() }
        try audit.record("text-scales", .ax5, .fail, by: "Ben")
        let store = audit.store
        _ = try store.write { try store.addFix(screen: audit.checkout, type: .textStyle, items: ["text-scales"], note: nil, ref: nil, by: "Ben") }

        let plan = try audit.importRun(try audit.run("run1", pages: Self.payBelow(0)))
        let cell = try #require(try audit.standing()["text-scales ax5"])
        #expect(cell.status == .pass && cell.run == plan.run)
        #expect(plan.keptTheirs.isEmpty)
        #expect(try store.dissents(of: audit.checkout).isEmpty)
    }

    /// A fix of another item is no retest of this one.
    @Test func aFixOfAnotherItemLeavesThePersonsFailureStanding() throws {
        let audit = try Audit()
        defer { audit.remove() }
        let failed = try audit.record("text-scales", .ax5, .fail, by: "Ben")
        let store = audit.store
        _ = try store.write { try store.addFix(screen: audit.checkout, type: .textStyle, items: ["no-overlap"], note: nil, ref: nil, by: "Ben") }

        try audit.importRun(try audit.run("run1", pages: Self.payBelow(0)))
        #expect(try audit.standing()["text-scales ax5"]?.id == failed.id)
        #expect(try store.dissents(of: audit.checkout).count == 1)
    }

    /// A waiver leaves the waived element out of the next run's judging: the cell it failed passes.
    @Test func aWaivedElementIsLeftOutOfTheNextRunsJudging() throws {
        let audit = try Audit()
        defer { audit.remove() }
        let fixedTab: (Double) -> (String) -> String = { widen in { CheckoutPages.fixedTab($0, shape: .harness, widen: widen) } }
        try audit.importRun(try audit.run("run1", pages: fixedTab(0)))
        #expect(try audit.standing()["text-scales ax5"]?.status == .fail)

        let store = audit.store
        try store.write {
            try store.append([.waive(Waiver(id: store.makeID(), screen: audit.checkout.id, item: "text-scales", element: "tab.home", type: nil,
                                            reason: "Large Content Viewer", everywhere: false, by: "Lead", at: try store.ownTime(on: audit.checkout)))])
        }
        let plan = try audit.importRun(try audit.run("run2", pages: fixedTab(4)))
        let verdict = try #require(plan.judgments.first { $0.verdict.item == "text-scales" && $0.verdict.size == .ax5 }?.verdict)
        #expect(verdict.outcome == .pass && verdict.reason.hasSuffix("(1 waived element left out)"), "\(verdict)")
        let cell = try #require(try audit.standing()["text-scales ax5"])
        #expect(cell.status == .pass && cell.run == plan.run)
    }

    /// The same plan applied twice, as two imports of one run that overlap would: the second
    /// records no verdict, keeps no verdict beside and attaches no screenshot again.
    @Test func applyingAPlanTwiceRecordsNothingTwice() throws {
        let audit = try Audit()
        defer { audit.remove() }
        try audit.record("text-scales", .ax5, .fail, by: "Ben")
        let plan = try audit.plan(try audit.run("run1", pages: Self.payBelow(0), screenshots: true))
        #expect(!plan.cells.isEmpty && plan.keptTheirs.count == 1 && plan.attachments.count == 3)

        let first = try RunImport.apply(plan, store: audit.store, by: "CI")
        let log = try audit.store.history(of: audit.checkout).count
        let second = try RunImport.apply(plan, store: audit.store, by: "CI")
        #expect(first.recorded.count == plan.cells.count && first.attached == 3)
        #expect(second.recorded.isEmpty && second.attached == 0 && second.alreadyAttached == 3)
        #expect(try audit.store.history(of: audit.checkout).count == log)
        #expect(try audit.store.dissents(of: audit.checkout).count == 1)

        // Planned again, the run finds every cell it decides recorded already.
        let again = try audit.plan(try audit.run("run1", pages: Self.payBelow(0), screenshots: true))
        #expect(again.cells.isEmpty && again.disagreements.isEmpty && !again.alreadyRecorded.isEmpty)
    }
}
