@testable import AuditStore
import DynamicType
import Evidence
import Foundation
import SQLite
import Testing
import TestSupport

/// A store in a temporary folder, with the shipped checklist and one screen.
struct TemporaryStore {
    let root: URL
    let store: AuditStore
    let screen: Screen

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-store-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = try AuditStore.create(at: StoreLocation(folder: root.path + "/.dtaudit"), app: "Trailhead",
                                      checklist: try ShippedChecklists.defaultChecklist(), by: "Tess")
        let store = self.store
        screen = try store.write { try store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Tess") }
    }

    /// Writes a file under the temporary folder and returns its path.
    @discardableResult
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = root.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    var evidenceNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.location.evidenceFolder)) ?? []).filter { $0 != ".gitignore" }.sorted()
    }

    static func png(_ seed: String, padding: Int = 100) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + Array(seed.utf8)
            + [UInt8](repeating: 7, count: padding)
    }
}

@Suite struct EvidenceStoreTests {
    @Test func newStoresHaveTheEvidenceSchema() throws {
        let temporary = try TemporaryStore()
        #expect(try temporary.store.db.userVersion() == Schema.currentVersion)
        #expect(Schema.migrator.migrations.map(\.name) == ["create the audit store", "record static scans", "store evidence files and what they show", "keep the audit as a log of records",
                                                               "mark recordings that an automated run made",
                                                               "order each cell by what its recordings' authors had seen", "keep element hierarchies as evidence",
                                                               "index what a new recording reads", "keep how far a capped text size still grows",
                                                               "keep what runs' judges saw fail as data", "index the recordings runs made",
                                                               "keep which run attached each piece of evidence"])
        let tables = try temporary.store.db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'evidence%' ORDER BY name", [], { $0.string(0) })
        #expect(tables == ["evidence_files", "evidence_links"])
    }

    @Test func aStoreMadeBeforeEvidenceGainsItWhenOpened() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-v1-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".dtaudit"), withIntermediateDirectories: true)
        let location = StoreLocation(folder: root.path + "/.dtaudit")
        do {
            let db = try Database(path: location.databasePath, mode: .create)
            try db.setApplicationID(Schema.applicationID)
            var first = Migrator()
            let migration = Schema.migrator.migrations[0]
            first.register(migration.name, migration.migrate)
            try first.migrate(db)
            #expect(try db.userVersion() == 1)
        }
        let store = try AuditStore.open(location)
        #expect(try store.db.userVersion() == Schema.currentVersion)
        #expect(try store.evidenceFiles().isEmpty)
    }

    /// Keeping hierarchies remakes the files table (SQLite cannot change a CHECK): every row a
    /// store held before, of random kinds, sizes, names, authors and times, is there after, and
    /// hierarchies can be stored.
    @Test(arguments: [3, 17, 41]) func keepingHierarchiesLosesNoStoredFile(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-v5-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".dtaudit"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let location = StoreLocation(folder: root.path + "/.dtaudit")
        var before: [EvidenceFile] = []
        do {
            let db = try Database(path: location.databasePath, mode: .create)
            try db.setApplicationID(Schema.applicationID)
            var earlier = Migrator()
            for migration in Schema.migrator.migrations.prefix(while: { $0.name != "keep element hierarchies as evidence" }) {
                earlier.register(migration.name, migration.migrate)
            }
            try earlier.migrate(db)
            let kinds: [MediaKind] = [.png, .jpeg, .heic, .pdf, .mov, .mp4]
            for index in 0..<Int.random(in: 1...300, using: &random) {
                let hash = (0..<64).map { _ in String(Int.random(in: 0..<16, using: &random), radix: 16) }.joined()
                let name = "shot \(index) " + String((0..<Int.random(in: 0...12, using: &random)).map { _ in "aé✓'\"_".randomElement(using: &random)! })
                let file = EvidenceFile(hash: hash, kind: kinds.randomElement(using: &random)!, byteCount: Int64.random(in: 0...(1 << 40), using: &random),
                                        firstName: name, addedAt: Timestamp(milliseconds: Int64.random(in: 0...4_000_000_000_000, using: &random)),
                                        addedBy: ["Ana", "Ben", "Tess Tester"].randomElement(using: &random)!)
                try db.run("INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)",
                           [file.hash, file.kind.rawValue, file.byteCount, file.firstName, file.addedAt.iso8601, file.addedBy])
                before.append(file)
            }
        }
        let store = try AuditStore.open(location)
        #expect(try store.db.userVersion() == Schema.currentVersion)
        let after = try store.evidenceFiles()
        #expect(Set(after.map(\.hash)) == Set(before.map(\.hash)))
        #expect(after.sorted { $0.hash < $1.hash } == before.sorted { $0.hash < $1.hash })
        try store.db.run("INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, 'xml', 1, 'Checkout_l.xml', ?, 'Ana')",
                         [String(repeating: "f", count: 64), Timestamp(milliseconds: 0).iso8601])
    }

    @Test func aFileIsStoredOnceUnderTheHashOfItsBytes() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let bytes = TemporaryStore.png("one")
        let first = try EvidenceCandidate.check(path: try temporary.file("first.png", bytes), limit: 1000)
        let second = try EvidenceCandidate.check(path: try temporary.file("second.png", bytes), limit: 1000)
        #expect(first.kind == .png && first.byteCount == Int64(bytes.count))

        let stored = try store.write { try store.storeEvidence(first, by: "Ana") }
        let again = try store.write { try store.storeEvidence(second, by: "Ben") }
        #expect(stored.hash == SHA256.hex(of: bytes))
        #expect(again == stored)
        #expect(stored.firstName == "first.png")
        #expect(stored.addedBy == "Ana")
        #expect(temporary.evidenceNames == [stored.hash + ".png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.location.path(of: stored))) == Data(bytes))
        #expect(try store.evidenceFiles() == [stored])
    }

    @Test func aFileThatGrowsPastTheLimitWhileCopiedIsNotStored() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try store.write { try store.setEvidenceLimit(500) }
        let path = try temporary.file("growing.png", TemporaryStore.png("grow"))
        let candidate = try EvidenceCandidate.check(path: path, limit: try store.evidenceLimit())
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 1, count: 1000))
        try handle.close()
        #expect(throws: EvidenceError.tooLarge(path: path, bytes: 1120, limit: 500)) {
            try store.write { try store.storeEvidence(candidate, by: "Ana") }
        }
        #expect(temporary.evidenceNames.isEmpty)
        #expect(try store.evidenceFiles().isEmpty)
    }

    @Test func aFileThatStopsBeingAnImageWhileCopiedIsNotStored() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let path = try temporary.file("swapped.png", TemporaryStore.png("swap"))
        let candidate = try EvidenceCandidate.check(path: path, limit: 1000)
        try temporary.file("swapped.png", Array("now I am text".utf8))
        #expect(throws: EvidenceError.changed(path: path)) {
            try store.write { try store.storeEvidence(candidate, by: "Ana") }
        }
        #expect(temporary.evidenceNames.isEmpty)
    }

    @Test func screenEvidenceShowsTheLatestRecordingsFilesAndTheScreenshots() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let screen = temporary.screen
        let failure = try EvidenceCandidate.check(path: try temporary.file("pay.png", TemporaryStore.png("pay")), limit: 1000)
        let shot = try EvidenceCandidate.check(path: try temporary.file("Checkout_ax5.png", TemporaryStore.png("shot")), limit: 1000)
        let item = try EvidenceCandidate.check(path: try temporary.file("overlap.png", TemporaryStore.png("overlap")), limit: 1000)
        let start = Timestamp(iso8601: "2026-11-01T10:00:00Z")!

        let ids = try store.write {
            try store.record(screen: screen, cells: [("reachable", .ax5), ("no-truncation", .ax5)], status: .fail, note: "Pay hidden",
                             evidence: [failure], by: "Ana", at: start)
        }
        try #require(ids.count == 2)
        try store.write {
            let file = try store.storeEvidence(shot, by: "Ana", at: start)
            #expect(try store.attach(file, name: shot.name, to: screen, size: .ax5, by: "Ana", at: start))
            #expect(try !store.attach(file, name: shot.name, to: screen, size: .ax5, by: "Ana", at: start))
            let overlap = try store.storeEvidence(item, by: "Ana", at: start)
            try store.attach(overlap, name: item.name, to: screen, size: .ax3, item: "no-overlap", by: "Ana", at: start)
        }
        var evidence = try store.evidence(of: screen)
        #expect(evidence.cells[CellKey(item: "reachable", size: .ax5)]?.map(\.name) == ["pay.png"])
        #expect(evidence.cells[CellKey(item: "no-overlap", size: .ax3)]?.map(\.name) == ["overlap.png"])
        #expect(evidence.screenshots[.ax5]?.map(\.name) == ["Checkout_ax5.png"])
        #expect(evidence.sizes == [.ax5, .ax3])
        #expect(evidence.images(at: .ax5, itemOrder: ["no-truncation", "reachable"]).map(\.name) == ["Checkout_ax5.png", "pay.png"])
        #expect(try store.evidence(forRecording: ids[0].id).map(\.file.hash) == [SHA256.hex(of: TemporaryStore.png("pay"))])
        #expect(try store.isAttached(hash: SHA256.hex(of: TemporaryStore.png("pay")), to: screen, size: .ax5))
        let byRecording = try store.evidenceByRecording()
        #expect(byRecording.count == 2)
        for (uid, links) in byRecording {
            #expect(links.map(\.name) == ["pay.png"])
            #expect(try store.evidence(forRecording: uid) == links)
        }

        // A newer recording of the cell takes over; the older file stays in the screen's history.
        _ = try store.write {
            try store.record(screen: screen, cells: [("reachable", .ax5)], status: .pass, note: nil, by: "Ana", at: start.adding(minutes: 5))
        }
        evidence = try store.evidence(of: screen)
        #expect(evidence.cells[CellKey(item: "reachable", size: .ax5)] == nil)
        #expect(evidence.all.count == 4)
    }

    @Test func bytesMadeInMemoryAreStoredLikeAFileAndAttachedToTheLatestRecording() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let screen = temporary.screen
        let picture = IndexedImage(width: 3, height: 5, palette: [.init(hex: 0xFFFFFF), .init(hex: 0)]).png()
        let start = Timestamp(iso8601: "2026-11-01T10:00:00Z")!
        let file = try store.write { () -> EvidenceFile in
            try store.record(screen: screen, cells: [("reachable", .ax5), ("no-overlap", .ax5)], status: .fail, note: nil, by: "Ana", at: start)
            let file = try store.storeEvidence(bytes: picture, name: "pay.png", by: "Ana", at: start)
            #expect(try store.storeEvidence(bytes: picture, name: "again.png", by: "Ana", at: start) == file)
            #expect(try store.attach(file, name: "pay.png", toLatestOf: screen, cells: [("reachable", .ax5), ("layout-adapts", .ax5)],
                                     by: "Ana", at: start) == 1)
            return file
        }
        #expect(file.hash == SHA256.hex(of: picture))
        #expect(file.kind == .png && file.firstName == "pay.png")
        #expect(temporary.evidenceNames == [file.storedName])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.location.path(of: file))) == Data(picture))
        #expect(try store.evidence(of: screen).cells[CellKey(item: "reachable", size: .ax5)]?.map(\.recording) != [nil])

        // Bytes that are not evidence are refused like a file would be.
        #expect(throws: EvidenceError.notAccepted(path: "notes.png", looksLike: "text")) {
            try store.write { try store.storeEvidence(bytes: Array("just text".utf8), name: "notes.png", by: "Ana") }
        }
        try store.setEvidenceLimit(10)
        #expect(throws: EvidenceError.tooLarge(path: "big.png", bytes: Int64(picture.count), limit: 10)) {
            try store.write { try store.storeEvidence(bytes: picture, name: "big.png", by: "Ana") }
        }
    }

    @Test func everyScreensEvidenceAtOnceIsWhatEachScreenGivesAlone() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let start = Timestamp(iso8601: "2026-11-01T10:00:00Z")!
        let screens = try store.write {
            [temporary.screen] + (try (1...3).map { try store.addScreen(name: "Screen \($0)", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Tess") })
        }
        try store.write {
            for (index, screen) in screens.enumerated() where index != 2 {
                let time = start.adding(minutes: index)
                try store.record(screen: screen, cells: [("reachable", .ax5)], status: .fail, note: nil, by: "Ana", at: time)
                let failure = try store.storeEvidence(bytes: TemporaryStore.png("failure \(index)"), name: "f\(index).png", by: "Ana", at: time)
                try store.attach(failure, name: "f\(index).png", toLatestOf: screen, cells: [("reachable", .ax5)], by: "Ana", at: time)
                let shot = try store.storeEvidence(bytes: TemporaryStore.png("shot \(index % 2)"), name: "s\(index).png", by: "Ana", at: time)
                try store.attach(shot, name: "s\(index).png", to: screen, size: index == 0 ? .l : .ax3, by: "Ana", at: time)
                if index == 1 {
                    // Retested: the failure's file is history now.
                    try store.record(screen: screen, cells: [("reachable", .ax5)], status: .pass, note: nil, by: "Ana", at: time.adding(minutes: 30))
                }
            }
        }
        let all = try store.evidenceByScreen()
        #expect(Set(all.keys) == Set([screens[0].id, screens[1].id, screens[3].id]))
        for screen in screens {
            let alone = try store.evidence(of: screen)
            let together = all[screen.id]
            #expect(together?.all ?? [] == alone.all)
            #expect(together?.cells ?? [:] == alone.cells)
            #expect(together?.screenshots ?? [:] == alone.screenshots)
        }
        #expect(all[screens[1].id]?.cells.isEmpty == true)
        #expect(all[screens[1].id]?.all.count == 2)
    }

    @Test func garbageIsOnlyWhatNothingRefersTo() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let kept = try EvidenceCandidate.check(path: try temporary.file("kept.png", TemporaryStore.png("kept")), limit: 1000)
        let loose = try EvidenceCandidate.check(path: try temporary.file("loose.png", TemporaryStore.png("loose")), limit: 1000)
        let keptFile = try store.write { () -> EvidenceFile in
            let file = try store.storeEvidence(kept, by: "Ana")
            try store.attach(file, name: kept.name, to: temporary.screen, size: .l, by: "Ana")
            return file
        }
        // Stored without a link, as when a command dies between the copy and its recording.
        let looseFile = try store.write { try store.storeEvidence(loose, by: "Ana") }
        let garbage = try store.evidenceGarbage()
        #expect(garbage.unreferenced.map(\.storedName) == [looseFile.storedName])
        #expect(garbage.unreferenced.first?.firstName == "loose.png")
        #expect(garbage.missing.isEmpty)
        #expect(temporary.evidenceNames.count == 2)

        _ = try store.collectEvidenceGarbage()
        #expect(temporary.evidenceNames == [keptFile.storedName])
        #expect(try store.evidenceFiles().map(\.hash) == [keptFile.hash])

        // A referenced file that went missing is reported, never "collected".
        try FileManager.default.removeItem(atPath: store.location.path(of: keptFile))
        #expect(try store.evidenceGarbage().missing.map(\.hash) == [keptFile.hash])

        // Removing the screen hides its evidence with it; its files stay for a restore.
        try store.write { try store.removeScreen(temporary.screen, by: "Ana") }
        #expect(try store.evidenceLinks().isEmpty)
        #expect(try store.evidenceGarbage().unreferenced.isEmpty)
    }
}

