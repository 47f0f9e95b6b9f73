import DynamicType
import Foundation
import SQLite
import Testing
@testable import AuditStore
@testable import Interchange

/// Stores made before the log (schema 3) become logs when a newer dtaudit opens them, the way a
/// format 1 file is read: two teammates who upgrade apart, one from their store and one from the
/// committed file, end up with the same records.
@Suite struct MigrationTests {
    static let created = "2026-09-07T09:00:00.000Z"

    /// A schema 3 store, as dtaudit wrote them: Checkout (critical, owned, triaged, with a file
    /// pattern), Settings, three recordings, a fix and, when asked, a screenshot of a recording.
    func schemaThreeStore(in folder: URL, evidence: Bool) throws -> StoreLocation {
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
        let db = try Database(path: location.databasePath, mode: .create)
        try db.setApplicationID(Schema.applicationID)
        for (index, migration) in Schema.migrator.migrations.prefix(3).enumerated() {
            try db.transaction {
                try migration.migrate(db)
                try db.setUserVersion(index + 1)
            }
        }
        let checklist = try ShippedChecklists.defaultChecklist()
        try db.transaction {
            for (key, value) in [("app", "Trailhead"), ("created_at", Self.created), ("created_by", "Mei Chen"), ("store_id", "old"),
                                 ("checklist_name", checklist.name), ("checklist_title", checklist.title), ("checklist_version", checklist.version),
                                 ("checklist_summary", checklist.summary), ("checklist_source", checklist.source)] {
                try db.run("INSERT INTO meta (key, value) VALUES (?, ?)", [key, value])
            }
            for (position, item) in checklist.items.enumerated() {
                try db.run("INSERT INTO items (id, position, title, how_to_check, sizes, severity, scaling, fix, wcag) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [item.id, position, item.title, item.howToCheck, item.sizes.map(\.id).joined(separator: ","), item.severity.rawValue,
                            item.scaling, item.fix?.rawValue, item.wcag.joined(separator: ",")])
            }
            try db.run("""
                INSERT INTO screens (id, name, name_key, flow, critical, owner, notes, triage, created_at, created_by) VALUES
                (1, 'Checkout', 'checkout', 'checkout', 1, 'Sam', NULL, 'broken', '2026-09-07T09:01:00.000Z', 'Mei Chen'),
                (2, 'Settings', 'settings', NULL, 0, NULL, NULL, NULL, '2026-09-07T09:02:00.000Z', 'Mei Chen')
                """)
            try db.run("INSERT INTO screen_files (screen_id, pattern) VALUES (1, 'App/Checkout/*.swift')")
            try db.run("""
                INSERT INTO recordings (id, uid, screen_id, item, size, status, note, recorded_by, recorded_at) VALUES
                (1, '0b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a', 1, 'reachable', 'ax5', 'fail', 'Pay button hidden', 'Ana', '2026-09-08T09:00:00.000Z'),
                (2, '1b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a', 1, 'reachable', 'ax5', 'pass', NULL, 'Ana', '2026-09-09T09:00:00.000Z'),
                (3, '2b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a', 2, 'text-scales', 'ax5', 'fail', NULL, 'Mei Chen', '2026-09-08T10:00:00.000Z')
                """)
            try db.run("""
                INSERT INTO fixes (id, uid, screen_id, type, note, ref, fixed_by, fixed_at) VALUES
                (1, '5d7e9f10-2a3b-4c5d-8e9f-0a1b2c3d4e5f', 1, 'scroll', 'ScrollViewIfNeeded', 'PR 412', 'Sam', '2026-09-08T12:00:00.000Z')
                """)
            try db.run("INSERT INTO fix_items (fix_id, item) VALUES (1, 'reachable')")
            if evidence {
                try db.run("""
                    INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by)
                    VALUES ('\(String(repeating: "ab", count: 32))', 'png', 120, 'pay.png', '2026-09-08T09:00:00.000Z', 'Ana')
                    """)
                try db.run("""
                    INSERT INTO evidence_links (hash, screen_id, size, item, recording_id, name, attached_by, attached_at)
                    VALUES ('\(String(repeating: "ab", count: 32))', 1, 'ax5', 'reachable', 1, 'pay.png', 'Ana', '2026-09-08T09:00:00.000Z')
                    """)
            }
        }
        return location
    }

    /// The format 1 file such a store exported.
    func formatOneFile() throws -> [UInt8] {
        let checklist = try ShippedChecklists.defaultChecklist()
        var lines = [#"{"format":1,"app":"Trailhead","createdAt":"\#(Self.created)","createdBy":"Mei Chen","records":["#]
        func quoted(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        lines.append(#"{"record":"checklist","name":"\#(checklist.name)","title":\#(quoted(checklist.title)),"version":"\#(checklist.version)","summary":\#(quoted(checklist.summary)),"source":\#(quoted(checklist.source))},"#)
        for item in checklist.items {
            let fix = item.fix.map { #","fix":"\#($0.rawValue)""# } ?? ""
            lines.append(#"{"record":"item","id":"\#(item.id)","title":\#(quoted(item.title)),"sizes":[\#(item.sizes.map { "\"\($0.id)\"" }.joined(separator: ","))],"severity":"\#(item.severity.rawValue)","scaling":\#(item.scaling)\#(fix),"wcag":[\#(item.wcag.map { "\"\($0)\"" }.joined(separator: ","))],"howToCheck":\#(quoted(item.howToCheck))},"#)
        }
        lines += [
            #"{"record":"screen","name":"Checkout","flow":"checkout","critical":true,"owner":"Sam","triage":"broken","files":["App/Checkout/*.swift"],"createdAt":"2026-09-07T09:01:00.000Z","createdBy":"Mei Chen"},"#,
            #"{"record":"recording","id":"0b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a","screen":"Checkout","item":"reachable","size":"ax5","status":"fail","note":"Pay button hidden","by":"Ana","at":"2026-09-08T09:00:00.000Z"},"#,
            #"{"record":"fix","id":"5d7e9f10-2a3b-4c5d-8e9f-0a1b2c3d4e5f","screen":"Checkout","type":"scroll","items":["reachable"],"note":"ScrollViewIfNeeded","ref":"PR 412","by":"Sam","at":"2026-09-08T12:00:00.000Z"},"#,
            #"{"record":"recording","id":"1b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a","screen":"Checkout","item":"reachable","size":"ax5","status":"pass","by":"Ana","at":"2026-09-09T09:00:00.000Z"},"#,
            #"{"record":"screen","name":"Settings","critical":false,"files":[],"createdAt":"2026-09-07T09:02:00.000Z","createdBy":"Mei Chen"},"#,
            #"{"record":"recording","id":"2b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a","screen":"Settings","item":"text-scales","size":"ax5","status":"fail","by":"Mei Chen","at":"2026-09-08T10:00:00.000Z"},"#,
            #"{"record":"end"}"#, "]}", "",
        ]
        return Array(lines.joined(separator: "\n").utf8)
    }

    func file(of store: AuditStore) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try AuditFileWriter.write(store: store) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func aSchemaThreeStoreBecomesTheLogItsFormatOneFileStandsFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migration-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try AuditStore.open(try schemaThreeStore(in: folder.appendingPathComponent("old"), evidence: false))
        let fromFile = try AuditStore.create(at: StoreLocation(folder: folder.appendingPathComponent("new/.dtaudit").path)) { store in
            _ = try Importer.merge(try AuditFile.read(try formatOneFile()), into: store)
        }
        #expect(try file(of: migrated) == (try file(of: fromFile)))
        // What the tables show is what they showed before the upgrade.
        let checkout = try migrated.resolveScreen("Checkout")
        #expect(checkout.id == FormatOne.screenID(name: "Checkout"))
        #expect(checkout.owner == "Sam" && checkout.critical && checkout.triage == .broken && checkout.files == ["App/Checkout/*.swift"])
        let states = try migrated.snapshot().screens
        #expect(states.map(\.screen.name) == ["Checkout", "Settings"])
        // Checkout's triage guess gives way to its recordings, which fail nothing yet.
        #expect(states.map(\.standing.label) == ["in progress", "unsupported"])
        #expect(try migrated.fixes().map(\.id) == ["5d7e9f10-2a3b-4c5d-8e9f-0a1b2c3d4e5f"])
        #expect(try migrated.concurrentEdits(of: checkout).isEmpty)
        // And it keeps working as a log.
        _ = try migrated.write { try migrated.record(screen: checkout, cells: [("no-overlap", .ax3)], status: .pass, note: nil, by: "Ana") }
        #expect(try migrated.recordCount() == (try fromFile.recordCount()) + 1)
    }

    @Test func evidenceLinksBecomeEvidenceRecords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migration-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try AuditStore.open(try schemaThreeStore(in: folder, evidence: true))
        let links = try migrated.evidenceLinks()
        #expect(links.count == 1)
        #expect(links.first?.recording == "0b6f3c9e-7c1d-4e55-9a4b-1f2e3d4c5b6a")
        #expect(links.first?.id.hasPrefix("v1-evidence-") == true)
        #expect(try migrated.records(kinds: [.evidence]).count == 1)
    }
}
