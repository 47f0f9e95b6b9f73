import Foundation
import SQLite
import Testing
@testable import AuditStore
import DynamicType

/// Recorded scans: the migration that adds them, replacing a screen's latest scan, and reading
/// counts and findings back.
@Suite struct ScanStoreTests {
    func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-store-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func newStore() throws -> AuditStore {
        let location = StoreLocation(folder: try temporaryFolder() + "/.dtaudit")
        return try AuditStore.create(at: location, app: "Trailhead", checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
    }

    static let time = Timestamp(iso8601: "2026-10-13T09:00:00Z")!

    func run(_ time: Timestamp = ScanStoreTests.time, findings: Int = 0) -> ScanRun {
        ScanRun(at: time, by: "Tess", root: "/work/app", paths: ["."], files: 3, lines: 120, findings: findings, suppressed: 0,
                previews: 0, tool: "dtaudit test")
    }

    func finding(_ rule: String, _ file: String, _ line: Int, item: String = "text-scales", suppressed: String? = nil) -> StoredFinding {
        StoredFinding(rule: rule, severity: rule == "fixed-font-size" ? "critical" : "major", confidence: "high", file: file, line: line,
                      column: 5, message: "\(rule) at \(line)", item: item, suppression: suppressed == nil ? nil : .line,
                      suppressionReason: suppressed)
    }

    // MARK: Migration

    /// The position of the migration that adds scans: stores written before it have this version.
    static var scanMigration: Int {
        Schema.migrator.migrations.firstIndex { $0.name == "record static scans" } ?? -1
    }

    /// A store as a dtaudit of schema `version` wrote it: only the first `version` migrations, then
    /// a screen with its file pattern and a recording, written with plain SQL.
    func storeOfVersion(_ version: Int) throws -> StoreLocation {
        let location = StoreLocation(folder: try temporaryFolder() + "/.dtaudit")
        try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
        let db = try Database(path: location.databasePath, mode: .create)
        try db.setApplicationID(Schema.applicationID)
        for (index, migration) in Schema.migrator.migrations.prefix(version).enumerated() {
            try db.transaction(.immediate) {
                try migration.migrate(db)
                try db.setUserVersion(index + 1)
            }
        }
        try db.execute("""
            INSERT INTO meta (key, value) VALUES ('app', 'Old Trailhead'), ('checklist_name', 'dynamic-type'), ('checklist_version', '1');
            INSERT INTO items (id, position, title, how_to_check, sizes, severity, scaling, fix, wcag)
            VALUES ('text-scales', 0, 'Text follows the setting', 'Look.', 'l,ax5', 'critical', 1, 'text-style', '1.4.4');
            INSERT INTO screens (id, name, name_key, critical, created_at, created_by)
            VALUES (1, 'Map', 'map', 1, '2026-09-07T09:00:00.000Z', 'Mei');
            INSERT INTO screen_files (screen_id, pattern) VALUES (1, 'Trailhead/Map/*.swift');
            INSERT INTO recordings (uid, screen_id, item, size, status, note, recorded_by, recorded_at)
            VALUES ('r-1', 1, 'text-scales', 'ax5', 'fail', 'Labels stay at 11 pt', 'Mei', '2026-09-08T09:00:00.000Z');
            """)
        return location
    }

    @Test func olderStoresMigrateForwardAndKeepTheirData() throws {
        #expect(Self.scanMigration >= 1, "the scan migration is registered after the first")
        for version in Set([1, Self.scanMigration]).sorted() {
            let location = try storeOfVersion(version)
            let store = try AuditStore.open(location)
            #expect(try store.db.userVersion() == Schema.currentVersion, "from version \(version)")
            #expect(try store.appName() == "Old Trailhead")
            let map = try store.resolveScreen("Map")
            #expect(map.files == ["Trailhead/Map/*.swift"])
            #expect(map.critical)
            let state = try #require(try store.snapshot(detailed: true).screens.first)
            #expect(state.cell("text-scales", .ax5)?.status == .fail)
            #expect(state.cell("text-scales", .ax5)?.note == "Labels stay at 11 pt")
            #expect(state.category == .unsupported)
            #expect(state.scan == nil, "an old store has no scans yet")

            // The migrated store takes scans.
            try store.write {
                _ = try store.recordScan(run(findings: 1), screens: [
                    ScreenScanResult(screen: map, files: 1, lines: 40, findings: [finding("fixed-font-size", "Trailhead/Map/Label.swift", 8)],
                                     signs: ["text-style": 2]),
                ])
            }
            let scanned = try #require(try store.snapshot().screens.first?.scan)
            #expect(scanned.fixedFontSizes == 1)
            #expect(scanned.signs == ["text-style": 2])
        }
    }

    // MARK: Recording

    @Test func aNewScanReplacesTheScreensFindingsAndKeepsOtherScreens() throws {
        let store = try newStore()
        let (map, profile) = try store.write {
            (try store.addScreen(name: "Map", flow: nil, critical: false, owner: nil, notes: nil, files: ["Map/*.swift"], by: "Tess"),
             try store.addScreen(name: "Profile", flow: nil, critical: false, owner: nil, notes: nil, files: ["Profile/*.swift"], by: "Tess"))
        }
        try store.write {
            _ = try store.recordScan(run(findings: 3), screens: [
                ScreenScanResult(screen: map, files: 2, lines: 80, findings: [
                    finding("single-line", "Map/B.swift", 3, item: "no-truncation"),
                    finding("fixed-font-size", "Map/A.swift", 12),
                    finding("fixed-font-size", "Map/A.swift", 4),
                    finding("shrinks-text", "Map/A.swift", 20, item: "no-shrink", suppressed: "a badge"),
                ], signs: ["text-style": 1]),
                ScreenScanResult(screen: profile, files: 1, lines: 30, findings: [finding("fixed-font-size", "Profile/P.swift", 7)], signs: [:]),
            ])
        }
        var scans = try store.latestScans(detailed: true)
        let first = try #require(scans[map.id])
        #expect(first.active == 3)
        #expect(first.suppressed == 1)
        #expect(first.fixedFontSizes == 2)
        #expect(first.activeByRule == ["fixed-font-size": 2, "single-line": 1])
        #expect(first.rulesByCount.map(\.rule) == ["fixed-font-size", "single-line"])
        #expect(first.findings.map { "\($0.file):\($0.line)" } == ["Map/A.swift:4", "Map/A.swift:12", "Map/A.swift:20", "Map/B.swift:3"])
        #expect(first.findings[2].suppression == .line)
        #expect(first.findings[2].suppressionReason == "a badge")
        #expect(first.files == 2 && first.lines == 80)
        #expect(first.run.paths == ["."])
        // Without `detailed`, only the counts.
        #expect(try store.latestScans(screen: map)[map.id]?.findings.isEmpty == true)
        #expect(try store.latestScans(screen: map)[map.id]?.active == 3)

        // The next scan of Map only: Map's findings and signs are replaced, Profile keeps its own.
        try store.write {
            _ = try store.recordScan(run(Self.time.adding(days: 1)), screens: [
                ScreenScanResult(screen: map, files: 2, lines: 82, findings: [], signs: ["scaled-metric": 1]),
            ])
        }
        scans = try store.latestScans(detailed: true)
        let second = try #require(scans[map.id])
        #expect(second.active == 0 && second.suppressed == 0 && second.findings.isEmpty)
        #expect(second.signs == ["scaled-metric": 1])
        #expect(second.run.at == Self.time.adding(days: 1))
        #expect(scans[profile.id]?.fixedFontSizes == 1)
        #expect(scans[profile.id]?.run.at == Self.time)
        #expect(try store.db.integer("SELECT count(*) FROM scan_findings") == 1)
        #expect(try store.db.integer("SELECT count(*) FROM scans") == 2, "runs are kept")

        // A screen removed leaves the listings with its scan.
        try store.write { try store.removeScreen(profile, by: "Ana") }
        #expect(try store.snapshot().screens.map(\.screen.name) == ["Map"])
    }

    @Test func aFailedRecordingLeavesThePreviousScan() throws {
        let store = try newStore()
        let map = try store.write {
            try store.addScreen(name: "Map", flow: nil, critical: false, owner: nil, notes: nil, files: ["Map/*.swift"], by: "Tess")
        }
        try store.write {
            _ = try store.recordScan(run(), screens: [ScreenScanResult(screen: map, files: 1, lines: 10, findings: [finding("fixed-font-size", "Map/A.swift", 1)], signs: [:])])
        }
        // A severity the schema refuses makes the whole write fail.
        var bad = finding("single-line", "Map/A.swift", 2)
        bad.severity = "catastrophic"
        #expect(throws: (any Error).self) {
            try store.write {
                _ = try store.recordScan(run(Self.time.adding(days: 1)), screens: [ScreenScanResult(screen: map, files: 1, lines: 10, findings: [bad], signs: [:])])
            }
        }
        let kept = try #require(try store.latestScans(detailed: true)[map.id])
        #expect(kept.run.at == Self.time)
        #expect(kept.findings.map(\.rule) == ["fixed-font-size"])
        #expect(try store.db.integer("SELECT count(*) FROM scans") == 1)
    }

    @Test func aCapIsKeptWithItsFindingAndReadWithEveryScan() throws {
        let store = try newStore()
        let map = try store.write {
            try store.addScreen(name: "Map", flow: nil, critical: true, owner: nil, notes: nil, files: ["Map/*.swift"], by: "Tess")
        }
        var capped = finding("clamped-type-size", "Map/A.swift", 9)
        capped.cap = "xxxLarge"
        var waived = finding("clamped-type-size", "Map/A.swift", 11, suppressed: "a badge with the Large Content Viewer")
        waived.cap = "AX1"
        try store.write {
            _ = try store.recordScan(run(findings: 2), screens: [
                ScreenScanResult(screen: map, files: 1, lines: 20, findings: [finding("fixed-font-size", "Map/A.swift", 3), capped, waived], signs: [:]),
            ])
        }
        // Detailed: each finding with its cap; counts only: the caps that count, for the Larger Text verdict.
        let detailed = try #require(try store.latestScans(detailed: true)[map.id])
        #expect(detailed.findings.map { $0.cap ?? "-" } == ["-", "xxxLarge", "AX1"])
        let counted = try #require(try store.latestScans()[map.id])
        #expect(counted.findings.isEmpty)
        #expect(counted.caps == [StoredCap(file: "Map/A.swift", line: 9, cap: "xxxLarge")])
        #expect(try store.latestScans(screen: map)[map.id]?.caps.map(\.cap) == ["xxxLarge"])
    }
}
