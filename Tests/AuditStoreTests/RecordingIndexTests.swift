import Foundation
import SQLite
import Testing
@testable import AuditStore
import DynamicType
import TestSupport

/// A store of the schema before the indexes a recording reads gains them when it is opened, and
/// answers what a recording asks (the screen's latest times, the clock check) as it did before,
/// now from those indexes.
@Suite struct RecordingIndexTests {
    static let added = ["log_screen_times", "recordings_following"]
    /// The migrations before the one that adds the indexes.
    static var before: ArraySlice<Migrator.Migration> {
        Schema.migrator.migrations.prefix { $0.name != "index what a new recording reads" }
    }

    func indexes(_ db: Database) throws -> [String] {
        try db.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name", []) { $0.string(0) }
    }

    func plan(_ db: Database, _ sql: String, _ values: [any SQLBindable]) throws -> String {
        try db.rows("EXPLAIN QUERY PLAN " + sql, values) { $0.string("detail") }.joined(separator: "\n")
    }

    @Test func theSchemaBeforeLacksTheIndexes() throws {
        let db = try Database(path: ":memory:", mode: .create)
        var earlier = Migrator()
        for migration in Self.before { earlier.register(migration.name, migration.migrate) }
        try earlier.migrate(db)
        let before = try indexes(db)
        #expect(before.contains("log_screen"))
        #expect(Self.added.allSatisfy { !before.contains($0) })
    }

    @Test(arguments: [5, 23, 71])
    func aStoreFromBeforeAnswersTheSameFromItsNewIndexes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = StoreLocation(folder: folder.path + "/.dtaudit")
        let authors = ["Ana", "Ben", "Cho"]
        var screens: [Screen] = []
        func answers(_ store: AuditStore) throws -> [String] {
            let now = Timestamp(iso8601: "2026-09-01T10:00:00Z")!
            return try [String(describing: store.clockEdges())] + (authors + ["Dee"]).flatMap { author in
                try [String(describing: store.clockFinding(for: author, now: now))]
                    + screens.map { screen in
                        let times = try store.read { try store.latestTimes(onScreen: screen.id, besides: author) }
                        return "\(times.all ?? "-") \(times.others ?? "-") \(String(describing: try store.clockFinding(for: author, screen: screen, now: now)))"
                    }
            }
        }
        let expected: [String]
        do {
            let store = try AuditStore.create(at: location, app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
            let start = Timestamp(iso8601: "2026-10-01T10:00:00Z")!
            try store.write {
                screens = try ["Checkout", "Settings", "Map", "Search"].map {
                    try store.addScreen(name: $0, flow: nil, critical: false, owner: nil, notes: nil, files: [], by: authors[Int(random.next() % 3)])
                }
                let items = ["reachable", "no-truncation", "text-scales"]
                let sizes: [Size] = [.l, .ax3, .ax5]
                for _ in 0..<Int(200 + random.next() % 400) {
                    let time = start.adding(minutes: Int(random.next() % 3000) - (random.next() % 5 == 0 ? 2 * 24 * 60 : 0))
                    try store.record(screen: screens[Int(random.next() % 3)], cells: [(items[Int(random.next() % 3)], sizes[Int(random.next() % 3)])],
                                     status: random.next() % 4 == 0 ? .fail : .pass, note: nil, by: authors[Int(random.next() % 3)], at: time)
                }
            }
            // Back to the schema before: what the earlier migrations leave, as the test above shows.
            try store.db.execute("""
                DROP INDEX log_screen_times;
                DROP INDEX recordings_following;
                CREATE INDEX log_screen ON log (screen);
                DROP INDEX scan_findings_capped;
                ALTER TABLE scan_findings DROP COLUMN cap;
                ALTER TABLE recordings DROP COLUMN findings;
                DROP INDEX recordings_made_by_runs;
                ALTER TABLE evidence_links DROP COLUMN run;
                """)
            try store.db.setUserVersion(Self.before.count)
            expected = try answers(store)
        }
        let store = try AuditStore.open(location)
        #expect(try store.db.userVersion() == Schema.currentVersion)
        let names = try indexes(store.db)
        #expect(Self.added.allSatisfy(names.contains))
        #expect(!names.contains("log_screen"))
        #expect(try answers(store) == expected)
        // The two ends of the index give what one pass over every record of the screen gives.
        for screen in screens {
            for author in authors + ["Dee"] {
                let times = try store.read { try store.latestTimes(onScreen: screen.id, besides: author) }
                let pass = try store.db.first("SELECT max(at) AS latest, max(CASE WHEN by != ? THEN at END) AS others FROM log WHERE screen = ?",
                                              [author, screen.id]) { "\($0.optionalString("latest") ?? "-") \($0.optionalString("others") ?? "-")" }
                #expect("\(times.all ?? "-") \(times.others ?? "-")" == pass)
            }
        }
        let timesPlan = try plan(store.db, AuditStore.latestTimesQuery, [screens[0].id, "Ana"])
        #expect(timesPlan.contains("COVERING INDEX log_screen_times") && !timesPlan.contains("TEMP B-TREE"))
        #expect(try plan(store.db, AuditStore.clockEdgesQuery, []).contains("recordings_following"))
    }
}
