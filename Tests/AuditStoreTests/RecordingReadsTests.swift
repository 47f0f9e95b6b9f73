import Foundation
import Testing
@testable import AuditStore
import DynamicType
import TestSupport

/// `record` reads what it needs once, as the command runs it (the checklist and the screen found
/// first): the screen's row comes with the screen, its cells are read before the recording and
/// not after, and nothing asks whether a new record was taken back. Where the screen stands after
/// is its cells before with the new recordings in them, which is what the `cells` table then holds.
@Suite struct RecordingReadsTests {
    static func newStore() throws -> AuditStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-reads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try AuditStore.create(at: StoreLocation(folder: folder.path + "/.dtaudit"), app: "Trailhead",
                                          checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        try store.write { _ = try store.addScreen(name: "Checkout", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess") }
        return store
    }

    @Test func aRecordingReadsTheScreensRowAndItsCellsOnce() throws {
        let made = try Self.newStore()
        try made.write { _ = try made.record(screen: try made.resolveScreen("Checkout"), cells: [("reachable", .ax3)], status: .fail, note: nil, by: "Ana") }
        // A command's own store: the screen's row is not known yet.
        let store = try AuditStore.open(made.location)
        _ = try store.checklist()
        let screen = try store.resolveScreen("Checkout")
        var traced: [String] = []
        store.db.traceStatements { traced.append($0) }
        _ = try store.record(RecordingRequest(screen: screen, items: ["reachable"], sizes: [.ax5], status: .pass, note: nil, by: "Tess"))
        store.db.traceStatements(nil)
        // Statements that read the table itself (joins to it from another table read no row of their own).
        func reading(_ table: String) -> [String] {
            traced.filter { $0.range(of: "FROM \(table)( |$)", options: .regularExpression) != nil }
        }
        #expect(reading("screens").isEmpty, "\(reading("screens"))")
        #expect(reading("cells").count == 1, "\(reading("cells"))")
        #expect(reading("items").isEmpty, "\(reading("items"))")
        #expect(!traced.contains { $0.contains("'\(LogRecord.Kind.retract)'") }, "\(traced)")
    }

    @Test(arguments: [3, 17, 40])
    func whereAScreenStandsAfterARecordingIsWhatItsCellsThenSay(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let store = try Self.newStore()
        let screen = try store.resolveScreen("Checkout")
        let items = try store.checklist().items
        for step in 0..<40 {
            if step % 9 == 8, let failing = try store.snapshot(only: screen).screens.first?.failedCells.first {
                _ = try store.fix(FixRequest(screen: screen, type: .scroll, items: [failing.item], note: nil, ref: nil, by: "Bo"))
                continue
            }
            let item = items[Int(random.next() % UInt64(items.count))]
            let sizes = Array(item.sizes.prefix(Int(random.next() % 3) + 1))
            let status = [ResultStatus.pass, .fail, .na][Int(random.next() % 3)]
            let outcome = try store.record(RecordingRequest(screen: screen, items: random.next() % 5 == 0 ? nil : [item.id], sizes: sizes,
                                                            status: status, note: nil, by: ["Ana", "Bo"][Int(random.next() % 2)]))
            #expect(try outcome.after == store.snapshot(only: screen).screens.first?.standing, "step \(step)")
        }
    }

    @Test func aRecordingThatTiesAtTheLastRoundLeavesTheCellToItsStamp() throws {
        let store = try Self.newStore()
        let screen = try store.resolveScreen("Checkout")
        // A failure from a clock far ahead, at the last round: a pass made now ties its round and,
        // being earlier, leaves the failure standing.
        let ahead = Recording(id: "ahead", screen: screen.id, item: "reachable", size: .ax5, status: .fail, note: nil, follows: nil,
                              round: Recording.maximumRound, by: "Kim", at: Timestamp(iso8601: "9999-12-31T12:00:00.000Z")!)
        try store.write { _ = try store.merge([(.recording(ahead), 0)]) }
        let before = try #require(try store.snapshot(only: screen).screens.first?.standing)
        let outcome = try store.record(RecordingRequest(screen: screen, items: ["reachable"], sizes: [.ax5], status: .pass, note: nil, by: "Tess"))
        #expect(outcome.recordings.first?.round == Recording.maximumRound)
        #expect(outcome.after == before)
        #expect(try outcome.after == store.snapshot(only: screen).screens.first?.standing)
    }
}
