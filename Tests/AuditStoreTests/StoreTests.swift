import Foundation
import Testing
@testable import AuditStore
import DynamicType

@Suite struct StoreTests {
    func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func newStore() throws -> AuditStore {
        let location = StoreLocation(folder: try temporaryFolder() + "/.dtaudit")
        return try AuditStore.create(at: location, app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
    }

    @Test func theStoreIsFoundByWalkingUp() throws {
        let store = try newStore()
        let deep = store.location.root + "/App/Sources/Checkout"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let found = try StoreLocation.find(explicit: nil, environment: nil, workingDirectory: deep)
        #expect(found == store.location)
        let explicit = try StoreLocation.find(explicit: "../../../.dtaudit", environment: "/nowhere", workingDirectory: deep)
        #expect(explicit == store.location)
        #expect(throws: StoreError.self) { try StoreLocation.find(explicit: nil, environment: nil, workingDirectory: try temporaryFolder()) }
    }

    @Test func aNewStoreHoldsTheChecklistAndIsWAL() throws {
        let store = try newStore()
        #expect(try store.appName() == "Trailhead")
        #expect(try store.checklist().items.count == 17)
        #expect(try store.db.first("PRAGMA journal_mode") { $0.string(0) } == "wal")
        #expect(try store.db.integer("PRAGMA foreign_keys") == 1)
        let reopened = try AuditStore.open(store.location, access: .read)
        #expect(try reopened.checklist() == store.checklist())
        #expect(throws: StoreError.self) {
            try AuditStore.create(at: store.location, app: "Again", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        }
    }

    @Test func aNameInAnotherUnicodeSpellingIsTheSameScreen() throws {
        let store = try newStore()
        let composed = try store.addScreen(name: "Caf\u{E9}", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess")
        let decomposed = "CAFE\u{301}"
        #expect(Array(decomposed.lowercased().utf8) != Array(composed.name.lowercased().utf8))
        #expect(throws: InputError.self) {
            try store.addScreen(name: decomposed, flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess")
        }
        #expect(try store.resolveScreen(decomposed).id == composed.id)
        let other = try store.addScreen(name: "Menu", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess")
        var rename = AuditStore.ScreenChanges()
        rename.name = "cafe\u{301}"
        #expect(throws: InputError.self) { try store.updateScreen(other, rename, by: "Tess") }
        #expect(try store.screens().map(\.name) == ["Caf\u{E9}", "Menu"])
    }

    @Test func ofTwoRecordingsNeitherAuthorSawTheLaterStandsWhateverOrderTheyArriveIn() throws {
        let early = Timestamp(iso8601: "2026-10-01T10:00:00Z")!
        let late = early.adding(minutes: 5)
        for order in [[late, early], [early, late]] {
            let store = try newStore()
            let screen = try store.write { try store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Tess") }
            // Made on two machines, neither in sight of the other: both round 0, as a file brings them.
            let recordings = order.map { time in
                Recording(id: store.makeID(), screen: screen.id, item: "reachable", size: .ax5, status: time == late ? .pass : .fail,
                          note: nil, by: "Tess", at: time)
            }
            for recording in recordings { _ = try store.write { try store.merge([(.recording(recording), 0)]) } }
            let state = try #require(try store.snapshot(only: screen).screens.first)
            #expect(state.cells[CellKey(item: "reachable", size: .ax5)]?.status == .pass)
            #expect(try store.history(of: screen).filter { $0.record.kind == .recording }.count == 2)
        }
    }

    @Test func aRecordingMadeInSightOfAnotherStandsOverItWhateverTheClocksSay() throws {
        let store = try newStore()
        let screen = try store.write { try store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Tess") }
        let ahead = Timestamp(iso8601: "2026-10-03T10:00:00Z")!
        let first = try store.write { try store.record(screen: screen, cells: [("reachable", .ax5)], status: .pass, note: nil, by: "Sam", at: ahead) }
        // Two days earlier by a right clock, but made with the first in the store.
        let second = try store.write {
            try store.record(screen: screen, cells: [("reachable", .ax5)], status: .fail, note: "older", by: "Tess", at: ahead.adding(days: -2))
        }
        #expect(first[0].round == 0 && first[0].follows == nil)
        #expect(second[0].round == 1 && second[0].follows == first[0].id)
        var state = try #require(try store.snapshot(only: screen).screens.first)
        #expect(state.cells[CellKey(item: "reachable", size: .ax5)]?.status == .fail)
        // Taking it back shows the one before it again.
        _ = try store.write { try store.retract([.recording(second[0])], note: nil, by: "Tess") }
        state = try #require(try store.snapshot(only: screen).screens.first)
        #expect(state.cells[CellKey(item: "reachable", size: .ax5)]?.status == .pass)
        // The next recording follows the one taken back too: it ranked highest in the store.
        let third = try store.write { try store.record(screen: screen, cells: [("reachable", .ax5)], status: .na, note: nil, by: "Tess", at: ahead.adding(days: -2)) }
        #expect(third[0].round == 2 && third[0].follows == second[0].id)
    }

    @Test func pendingChecksComeInAuditOrder() throws {
        let store = try newStore()
        let screen = try store.write { try store.addScreen(name: "Home", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess") }
        let start = Timestamp(iso8601: "2026-10-01T10:00:00Z")!
        let all = try store.checklist().plannedCells.map { ($0.item.id, $0.size) }
        try store.write {
            try store.record(screen: screen, cells: all, status: .pass, note: nil, by: "Tess", at: start)
            try store.record(screen: screen, cells: [("no-overlap", .ax3), ("no-overlap", .ax5)], status: .fail, note: nil, by: "Tess", at: start.adding(minutes: 1))
            try store.addFix(screen: screen, type: .stackFlip, items: ["no-overlap"], note: nil, ref: nil, by: "Sam", at: start.adding(minutes: 2))
        }
        let state = try #require(try store.snapshot(only: screen).screens.first)
        #expect(state.category == .broken)
        let listed = state.pending.map { "\($0.reason.label) \($0.size.id) \($0.item)" }
        #expect(listed == ["retest ax5 no-overlap", "retest ax3 no-overlap",
                           "re-check default l text-scales", "re-check default l default-unchanged"])
        #expect(state.awaitingFix.isEmpty)
    }

    @Test func aFailureWithoutALaterFixWaitsForOne() throws {
        let store = try newStore()
        let screen = try store.write { try store.addScreen(name: "Map", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess") }
        let start = Timestamp(iso8601: "2026-10-01T10:00:00Z")!
        try store.write {
            try store.addFix(screen: screen, type: .custom, items: ["text-scales"], note: nil, ref: nil, by: "Sam", at: start)
            try store.record(screen: screen, cells: [("text-scales", .ax5)], status: .fail, note: nil, by: "Tess", at: start.adding(minutes: 1))
        }
        let state = try #require(try store.snapshot(only: screen).screens.first)
        #expect(state.category == .unsupported)
        #expect(state.awaitingFix.map(\.item) == ["text-scales"])
        #expect(!state.pending.contains { $0.reason.label == "retest" })
    }

    @Test func timestampsRoundTrip() {
        let samples = ["2026-11-29T18:45:08.123Z", "1970-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z", "1969-12-31T23:59:59.500Z"]
        for text in samples { #expect(Timestamp(iso8601: text)?.iso8601 == text) }
        #expect(Timestamp(iso8601: "2026-11-29")?.iso8601 == "2026-11-29T00:00:00.000Z")
        #expect(Timestamp(iso8601: "2026-11-29T20:45:08+02:00")?.iso8601 == "2026-11-29T18:45:08.000Z")
        #expect(Timestamp(iso8601: "2026-02-30") == nil)
        #expect(Timestamp(iso8601: "2026-11-29T25:00Z") == nil)
        #expect(Timestamp(iso8601: "yesterday") == nil)
        #expect(Timestamp(iso8601: "2026-11-29T18:45:08.123Zjunk") == nil)
        #expect(Timestamp(milliseconds: 0).day == "1970-01-01")
    }

    @Test func uniqueIDsLookLikeVersionFourUUIDs() {
        let ids = (0..<100).map { _ in UniqueID.make() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 36 && $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] && $0.dropFirst(14).first == "4" })
    }
}

@Suite struct StoredTimestampTests {
    @Test func theByteReaderAgreesWithTheParser() {
        let samples = ["2026-11-29T18:45:08.123Z", "1970-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z", "2100-12-31T00:00:00.001Z"]
        for text in samples {
            let fast = Array(text.utf8).withUnsafeBufferPointer { Timestamp(storedBytes: $0) }
            #expect(fast == Timestamp(iso8601: text), "\(text)")
        }
        // Other forms fall back to the full parser; nonsense reads as the epoch.
        #expect(Array("2026-11-29".utf8).withUnsafeBufferPointer { Timestamp(storedBytes: $0) } == Timestamp(iso8601: "2026-11-29"))
        #expect(Array("2026-1x-29T18:45:08.123Z".utf8).withUnsafeBufferPointer { Timestamp(storedBytes: $0) } == Timestamp(milliseconds: 0))
    }
}
