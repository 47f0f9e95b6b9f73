import AuditLog
import AuditStore
import Foundation
import Testing
@testable import Interchange

/// A write of one screen says what it did, and the store, not the caller, chooses its time.
@Suite struct WriteOutcomeTests {
    @Test func aRecordingReportsItsCellsItsTimeAndTheStandingBeforeAndAfter() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let settings = try audit.screen("Settings")
        let outcome = try audit.store.record(RecordingRequest(screen: settings, items: ["text-scales"], sizes: [.ax5], status: .pass,
                                                              note: nil, by: "Ana"))
        #expect(outcome.plan.cells == [CellKey(item: "text-scales", size: .ax5)])
        #expect(outcome.plan.replacedFailures == [CellKey(item: "text-scales", size: .ax5)])
        #expect(outcome.recordings.map(\.at) == [outcome.at])
        #expect(outcome.before.stage == .failing)
        #expect(outcome.after == (try audit.store.snapshot(only: settings).screens.first?.standing))
        #expect(outcome.before != outcome.after)
    }

    @Test func theStoreTimesAWriteAfterEverythingItHoldsForTheScreen() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        // A teammate's clock runs half an hour fast: the file's latest record of Settings is ahead
        // of ours, by less than the clock check's tolerance.
        let ahead = Timestamp.now().adding(minutes: 30)
        let bytes = String(decoding: try source.file, as: UTF8.self).replacingOccurrences(of: TemporaryStore.time(3, 1).iso8601, with: ahead.iso8601)
        let target = try TemporaryStore(joining: Array(bytes.utf8), prefix: "t")
        let settings = try target.screen("Settings")
        let recorded = try target.store.record(RecordingRequest(screen: settings, items: ["text-scales"], sizes: [.ax5], status: .pass,
                                                                note: nil, by: "Ana"))
        #expect(recorded.at.milliseconds == ahead.milliseconds + 1)
        #expect(recorded.after.category != .unsupported)
        let triaged = try target.store.triage(settings, as: .supported, by: "Ana")
        #expect(triaged.after == recorded.after)
        let edits = try target.store.records(kinds: [.edit], screen: settings)
        #expect(edits.last?.at.milliseconds == ahead.milliseconds + 2)
    }

    @Test func aFixReportsItsItemsInChecklistOrderAndTheChecksItOpens() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let checkout = try audit.screen("Checkout")
        _ = try audit.store.record(RecordingRequest(screen: checkout, items: ["no-truncation", "reachable"], sizes: [.ax5], status: .fail,
                                                    note: nil, by: "Ana"))
        let outcome = try audit.store.fix(FixRequest(screen: checkout, type: .scroll, items: ["reachable", "no-truncation"], note: nil,
                                                     ref: nil, by: "Sam"))
        let order = try audit.store.checklist().items.map(\.id)
        #expect(outcome.fix.items == order.filter { ["reachable", "no-truncation"].contains($0) })
        #expect(outcome.after.pending.filter { if case .retest = $0.reason { true } else { false } }.count == 2)
        #expect(throws: FixPlan.Problem.self) {
            try audit.store.fix(FixRequest(screen: checkout, type: .scroll, items: ["text-scales"], note: nil, ref: nil, by: "Sam"))
        }
    }

    @Test func aRecordingThatPlansNoCellWritesNothing() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let before = try audit.store.recordCount()
        let settings = try audit.screen("Settings")
        #expect(throws: RecordingPlan.Problem.self) {
            try audit.store.record(RecordingRequest(screen: settings, items: nil, sizes: [], status: .pass, note: nil, by: "Ana"))
        }
        #expect(try audit.store.recordCount() == before)
    }
}

/// Every command finds its store, and hears about its shared file, through `StoreQuery`.
@Suite struct StoreQueryTests {
    @Test func aRepositoryThatSharesAnAuditButHasNoStoreSaysToSync() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("clone-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: clone) }
        try FileManager.default.createDirectory(at: clone.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: clone.appendingPathComponent("Exports"), withIntermediateDirectories: true)
        try Data(try audit.file).write(to: clone.appendingPathComponent("Exports/trailhead.json"))
        let query = StoreQuery(explicit: nil, environment: nil, workingDirectory: clone.path)
        #expect {
            try query.open()
        } throws: { error in
            (error as? StoreDiscoveryError)?.description.contains("this repository shares an audit in Exports/trailhead.json") == true
        }
        #expect(try query.openIfPresent() == nil)
    }

    @Test func anOpenedStoreNoticesASharedFileChangedSinceItsLastSync() throws {
        let audit = try TemporaryStore()
        try audit.fillIn()
        let query = StoreQuery(explicit: audit.store.location.folder, environment: nil, workingDirectory: audit.folder.path)
        #expect(try query.open().notice == nil)
        try FileManager.default.createDirectory(at: audit.folder.appendingPathComponent("Exports"), withIntermediateDirectories: true)
        try Data(try audit.file).write(to: audit.folder.appendingPathComponent("Exports/trailhead.json"))
        let opened = try query.open()
        #expect(opened.changedSharedFile?.relativePath == "Exports/trailhead.json")
        #expect(opened.notice == "Exports/trailhead.json changed since this store last synced with it; 'dtaudit sync' takes in what it brought")
        #expect(try query.open(noticing: false).notice == nil)
    }
}
