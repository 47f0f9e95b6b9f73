import Foundation
import Testing
@testable import AuditStore
import DynamicType
import TestSupport

/// The clock check reads only the latest recordings: on random histories larger than its window,
/// with ties in time and recordings made in sight of others by several people, it finds the same
/// recordings dated before the one they followed as the plain statement of what it looks for.
@Suite struct ClockWindowTests {
    /// The check as first written: the window copied aside whole, then searched.
    static let reference = """
        SELECT a.recorded_by AS seen, b.recorded_by AS follower, a.recorded_at AS yours, b.recorded_at AS theirs, s.name AS screen, b.item, b.size
        FROM (SELECT * FROM recordings ORDER BY recorded_at DESC, uid DESC LIMIT \(ClockFinding.window)) b
        JOIN recordings a ON a.uid = b.follows JOIN screens s ON s.id = b.screen_id
        WHERE b.follows IS NOT NULL AND a.recorded_by != b.recorded_by AND a.recorded_at > b.recorded_at
        ORDER BY b.recorded_at, b.uid
        """

    func newStore() throws -> AuditStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clock-window-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try AuditStore.create(at: StoreLocation(folder: folder + "/.dtaudit"), app: "Trailhead",
                                     checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
    }

    @Test(arguments: [0, 1, 2, 3])
    func theRecordingsDatedBeforeTheOnesTheyFollowedAreFoundAsTheWholeWindowWouldFindThem(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let store = try newStore()
        let authors = ["Ana", "Ben", "Cho"]
        let start = Timestamp(iso8601: "2026-10-01T10:00:00Z")!
        try store.write {
            let screens = try ["Checkout", "Settings", "Map"].map {
                try store.addScreen(name: $0, flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess")
            }
            let items = ["reachable", "no-truncation", "text-scales"]
            let sizes: [Size] = [.l, .ax3, .ax5]
            // Past the window, so that some recordings made in sight of others fall out of it; and,
            // with the first seed, an audit smaller than the window.
            for _ in 0..<(seed == 0 ? ClockFinding.window / 3 : ClockFinding.window + Int(seed) * 150) {
                // Few distinct minutes, so that many recordings share a time and the ids decide.
                let time = start.adding(minutes: Int(random.next() % 3000) - (random.next() % 5 == 0 ? 2 * 24 * 60 : 0))
                try store.record(screen: screens[Int(random.next() % 3)], cells: [(items[Int(random.next() % 3)], sizes[Int(random.next() % 3)])],
                                 status: .pass, note: nil, by: authors[Int(random.next() % 3)], at: time)
            }
        }
        let expected = try store.db.rows(Self.reference, []) { try ClockEdge(row: $0) }.compactMap { $0 }
        #expect(try store.clockEdges() == expected, "seed \(seed)")
        // Every author has recordings a teammate followed with an earlier date in the window.
        #expect(Set(expected.map(\.seen)) == Set(authors), "seed \(seed)")
    }
}
