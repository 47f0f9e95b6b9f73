import AuditStore
import DynamicType
import Evidence
import Foundation
import Testing
@testable import Interchange

/// A store in a temporary folder with reproducible ids, removed when released.
final class TemporaryStore {
    let folder: URL
    let store: AuditStore
    var counter = 0

    static let start = Timestamp(iso8601: "2026-09-07T09:00:00Z")!

    init(app: String = "Trailhead", prefix: String = "id") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("interchange-" + UUID().uuidString)
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        store = try AuditStore.create(at: location, app: app, checklist: try ShippedChecklists.defaultChecklist(), by: "Mei Chen",
                                      at: Self.start, id: "test-store")
        identify(prefix)
    }

    /// A store made from a shared file, as a teammate's clone makes one.
    init(joining bytes: [UInt8], prefix: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("interchange-" + UUID().uuidString)
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try AuditStore.create(at: location) { store in _ = try Importer.merge(try AuditFile.read(bytes), into: store) }
        identify(prefix)
    }

    private func identify(_ prefix: String) {
        store.makeID = { [unowned self] in
            counter += 1
            return "\(prefix)-\(counter < 10 ? "0" : "")\(counter)"
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static func time(_ day: Int, _ minute: Int = 0) -> Timestamp {
        start.adding(days: day, minutes: minute)
    }

    /// The store's shared file, as `export --format json` writes it.
    var file: [UInt8] {
        get throws {
            var bytes: [UInt8] = []
            _ = try AuditFileWriter.write(store: store) { bytes.append(contentsOf: $0) }
            return bytes
        }
    }

    var shared: SharedAudit { SharedAudit(root: store.location.root, relativePath: "Exports/trailhead.json") }

    func screen(_ name: String) throws -> Screen { try store.resolveScreen(name) }

    /// Checkout (critical) and Settings, with a few recordings and a fix.
    func fillIn() throws {
        try store.write {
            let checkout = try store.addScreen(name: "Checkout", flow: "checkout", critical: true, owner: "Sam", notes: "Pay | now",
                                               files: ["App/Checkout/*.swift"], by: "Mei Chen", at: Self.time(0, 1))
            let settings = try store.addScreen(name: "Settings", flow: nil, critical: false, owner: nil, notes: nil, files: [],
                                               by: "Mei Chen", at: Self.time(0, 2))
            try store.setTriage(.broken, for: settings, by: "Mei Chen", at: Self.time(0, 3))
            try store.record(screen: checkout, cells: [("reachable", .ax5), ("no-truncation", .ax5)], status: .pass, note: nil, by: "Ana", at: Self.time(1))
            try store.record(screen: checkout, cells: [("no-overlap", .ax3)], status: .fail, note: "Badge \"over\" price\nsecond line", by: "Ana", at: Self.time(1, 5))
            try store.addFix(screen: checkout, type: .stackFlip, items: ["no-overlap"], note: "AnyLayout", ref: "PR 7", by: "Sam", at: Self.time(2))
            try store.record(screen: checkout, cells: [("no-overlap", .ax3)], status: .pass, note: nil, by: "Ana", at: Self.time(3))
            try store.record(screen: settings, cells: [("text-scales", .ax5)], status: .fail, note: nil, by: "Mei Chen", at: Self.time(3, 1))
        }
    }

    @discardableResult
    func take(_ bytes: [UInt8]) throws -> ImportReport {
        let file = try AuditFile.read(bytes, known: try store.lineDigests())
        return try store.write { try Importer.merge(file, into: store) }
    }
}

@Suite struct InterchangeTests {
    @Test func aStoreMadeFromTheFileWritesTheSameBytes() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let bytes = try source.file
        let copy = try TemporaryStore(joining: bytes, prefix: "b")
        #expect(try copy.file == bytes)
        #expect(try AuditDocument(store: copy.store).recordings == AuditDocument(store: source.store).recordings)
        // The file read without a store folds to what the store holds.
        let folded = try AuditDocument(records: try AuditFile.read(bytes).records.map(\.record))
        let stored = try AuditDocument(store: source.store)
        #expect(folded.screens == stored.screens)
        #expect(folded.recordings == stored.recordings)
        #expect(folded.fixes == stored.fixes)
        #expect(folded.checklist == stored.checklist)
        #expect(folded.app == "Trailhead")
    }

    @Test func theFileIsOneRecordALineEachEndingWithACommaInScreenBlocks() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let lines = String(decoding: try source.file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "{\"format\":3,\"needs\":\"0.3.0\",\"records\":[")
        #expect(Array(lines.suffix(3)) == ["{\"record\":\"end\"}", "]}", ""])
        let records = lines.dropFirst().dropLast(3)
        #expect(records.allSatisfy { $0.hasPrefix("{\"record\":\"") && $0.hasSuffix("},") })
        let kinds = records.map { String($0.split(separator: "\"")[3]) }
        #expect(kinds == ["audit", "checklist", "screen", "recording", "recording", "recording", "fix", "recording", "screen", "edit", "recording"])
    }

    @Test func unionMergesConflictMarkersAndRepeatedLinesReadTheSame() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let text = String(decoding: try source.file, as: UTF8.self)
        var lines = text.split(separator: "\n").map(String.init)
        let body = Array(lines[1..<(lines.count - 2)])
        lines.replaceSubrange(1..<(lines.count - 2), with: ["<<<<<<< ours"] + body.reversed() + ["||||||| base", "======="] + body.prefix(5) + [">>>>>>> theirs"])
        let merged = try AuditFile.read(Array(lines.joined(separator: "\n").utf8))
        #expect(merged.conflictMarkers == 4)
        #expect(merged.records.count == body.count)
        let target = try TemporaryStore(joining: Array(lines.joined(separator: "\n").utf8), prefix: "b")
        #expect(String(decoding: try target.file, as: UTF8.self) == text)
    }

    @Test func importingIsAUnionThatTakesEveryRecordOnce() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let target = try TemporaryStore(joining: try TemporaryStore().file, prefix: "t")
        try target.store.write {
            _ = try target.store.addScreen(name: "Map", flow: nil, critical: false, owner: nil, notes: nil, files: [], by: "Kim", at: TemporaryStore.time(5))
        }
        let first = try target.take(try source.file)
        #expect(first.newScreens == ["Checkout", "Settings"])
        #expect(first.outcome.added[.recording] == 5)
        #expect(first.outcome.added[.fix] == 1)
        let second = try target.take(try source.file)
        #expect(!second.changedAnything)
        #expect(second.outcome.known == first.outcome.addedCount + first.outcome.known)
        // The source takes the target's file back: both now write the same bytes.
        try source.take(try target.file)
        #expect(try source.file == target.file)
    }

    @Test func aRecordThatRefersToWhatNobodyHasIsRefusedWithItsLine() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        var lines = String(decoding: try source.file, as: UTF8.self).split(separator: "\n").map(String.init)
        lines.insert(#"{"record":"edit","id":"x-1","screen":"no-such-screen","owner":"Kim","by":"Kim","at":"2026-09-09T09:00:00.000Z"},"#, at: 3)
        let target = try TemporaryStore()
        let before = try target.file
        #expect(throws: DanglingReference.self) { try target.take(Array(lines.joined(separator: "\n").utf8)) }
        #expect(try target.file == before)
        do {
            try target.take(Array(lines.joined(separator: "\n").utf8))
        } catch let error as DanglingReference {
            #expect(error.line == 4)
        }
    }

    @Test func aTruncatedFileIsRefusedWhole() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let bytes = try source.file
        let cut = Array(bytes.prefix(bytes.count - 30))
        #expect(throws: InterchangeError.self) { try AuditFile.read(cut) }
    }

    @Test func theFormatOneExampleImportsAndConvertsTheSameWayTwice() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/format1-trailhead.json")
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = try AuditFile.read(bytes)
        #expect(file.format == 1)
        let first = try TemporaryStore(joining: bytes, prefix: "a")
        let second = try TemporaryStore(joining: bytes, prefix: "b")
        #expect(try first.file == second.file)
        let document = try AuditDocument(store: first.store)
        #expect(document.screens.count == 18)
        #expect(document.app == "Trailhead")
        #expect(document.screens.first { $0.name == "Checkout: cart" }?.owner == "Sam Okafor")
        // The format 2 file it becomes reads back to the same audit.
        let again = try TemporaryStore(joining: try first.file, prefix: "c")
        #expect(try again.file == first.file)
        // Importing the old file into the converted store brings nothing new.
        #expect(!(try first.take(bytes)).changedAnything)
    }

    /// A format 1 checklist becomes the log's checklist record, so it is held to that record's
    /// rules: a control character anywhere in it is refused on its line, not accepted into a
    /// store whose shared file would then not read.
    @Test func aFormatOneChecklistWithAControlCharacterIsRefusedWithItsLine() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/format1-trailhead.json")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        for (field, from, to) in [("source", "- version: 1", "- version: 1 \u{7F}"), ("summary", "from xSmall", #"from \u001b[31mxSmall"#),
                                  ("version", #""version":"1""#, #""version":"1\n2""#)] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let changed = lines[1].replacingOccurrences(of: from, with: to)
            #expect(changed != lines[1], "the fixture has \(from) on its checklist line")
            lines[1] = changed
            do {
                _ = try AuditFile.read(Array(lines.joined(separator: "\n").utf8))
                Issue.record("a checklist whose \(field) holds a control character was accepted")
            } catch {
                #expect(error.line == 2)
                #expect(error.message.hasPrefix("field '\(field)' of the checklist"), "\(error.message)")
            }
        }
    }

    @Test func twoVersionsThatClashAreRefusedWithoutALineOfNeither() throws {
        // A clash between the two versions lies on no one line: the refusal names none, never "line 0".
        let ours = try TemporaryStore()
        try ours.fillIn()
        let text = String(decoding: try ours.file, as: UTF8.self)
        let screen = try #require(text.split(separator: "\n").first { $0.contains("\"record\":\"screen\"") && $0.contains("\"name\":\"") })
        let theirs = text.replacingOccurrences(of: String(screen), with: screen.replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"Edited "))
        let error = try #require(throws: InterchangeError.self) { try MergeDriver.merge(base: [], ours: try ours.file, theirs: Array(theirs.utf8)) }
        #expect(error.description == error.message && error.message.contains("with other content"), "\(error)")
        #expect(InterchangeError(line: 3, "a record").description == "line 3: a record")
    }

    @Test func theMergeDriverGivesWhatImportingBothGives() throws {
        let base = try TemporaryStore()
        let start = try base.file
        let ours = try TemporaryStore(joining: start, prefix: "o")
        let theirs = try TemporaryStore(joining: start, prefix: "t")
        try ours.fillIn()
        try theirs.store.write {
            let map = try theirs.store.addScreen(name: "Map", flow: "explore", critical: false, owner: nil, notes: nil, files: [], by: "Kim", at: TemporaryStore.time(4))
            try theirs.store.record(screen: map, cells: [("text-scales", .ax5)], status: .fail, note: nil, by: "Kim", at: TemporaryStore.time(4, 1))
        }
        let merged = try MergeDriver.merge(base: start, ours: try ours.file, theirs: try theirs.file)
        try ours.take(try theirs.file)
        #expect(Array(merged.utf8) == (try ours.file))
        #expect(try MergeDriver.merge(base: [], ours: try ours.file, theirs: try ours.file) == merged)
    }

    @Test func exportRefusesToDropRecordsTheFileHasAndTheStoreLacks() throws {
        let alice = try TemporaryStore(prefix: "a")
        try alice.fillIn()
        let bob = try TemporaryStore(joining: try TemporaryStore().file, prefix: "b")
        try FileManager.default.createDirectory(atPath: bob.store.location.root + "/Exports", withIntermediateDirectories: true)
        try Data(try alice.file).write(to: URL(fileURLWithPath: bob.shared.path))
        #expect(throws: SharedFileProblem.self) { try Sync.export(bob.store, to: bob.shared, force: false) }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: bob.shared.path))) == (try alice.file))
        let synced = try Sync.run(bob.store, with: bob.shared)
        #expect(synced.imported?.outcome.addedCount == 9)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: bob.shared.path))) == (try bob.file))
        #expect(try Sync.run(bob.store, with: bob.shared).upToDate)
        #expect(try Sync.export(bob.store, to: bob.shared, force: false).wroteFile == false)
    }

    @Test func evidenceTravelsBesideTheFileAndIsCheckedAgainstItsName() throws {
        let alice = try TemporaryStore(prefix: "a")
        try alice.fillIn()
        let png = IndexedImage(width: 4, height: 4, palette: [.init(200, 10, 10)]).png()
        try alice.store.write {
            let file = try alice.store.storeEvidence(bytes: png, name: "checkout ax5.png", by: "Ana", at: TemporaryStore.time(4))
            try alice.store.attach(file, name: "checkout ax5.png", toLatestOf: try alice.screen("Checkout"), cells: [("reachable", .ax5)], by: "Ana", at: TemporaryStore.time(4))
        }
        let report = try Sync.run(alice.store, with: alice.shared)
        #expect(report.evidenceShared == 1)
        let stored = SHA256.hex(of: png) + ".png"
        #expect(FileManager.default.fileExists(atPath: alice.shared.evidenceFolder + "/" + stored))

        // A clone: the file and its evidence folder arrive through git.
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("clone-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: clone) }
        try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: alice.store.location.root + "/Exports", toPath: clone.path + "/Exports")
        let shared = SharedAudit(root: clone.path, relativePath: "Exports/trailhead.json")
        let (bob, joined) = try Sync.createStore(at: StoreLocation(folder: clone.path + "/.dtaudit"), from: shared)
        #expect(joined.evidenceTaken == 1)
        #expect(try bob.evidenceLinks().map(\.file.hash) == [SHA256.hex(of: png)])
        #expect(FileManager.default.fileExists(atPath: bob.location.evidenceFolder + "/" + stored))

        // A file in the shared folder whose bytes don't match its name is never taken in.
        try FileManager.default.removeItem(atPath: bob.location.evidenceFolder + "/" + stored)
        try Data(IndexedImage(width: 4, height: 4, palette: [.init(0, 0, 0)]).png()).write(to: URL(fileURLWithPath: shared.evidenceFolder + "/" + stored))
        let again = try Sync.run(bob, with: shared)
        #expect(again.evidenceRefused.map(\.file) == ["Exports/trailhead-evidence/" + stored])
        #expect(again.evidenceRefused.first?.reason.hasPrefix("does not hold the bytes its name says") == true)
        #expect(!FileManager.default.fileExists(atPath: bob.location.evidenceFolder + "/" + stored))
    }
}
