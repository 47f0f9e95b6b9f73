import AuditStore
import DynamicType
import Output
import Foundation
import Testing
@testable import Interchange

/// A store in a temporary folder with reproducible ids, removed when released.
final class TemporaryStore {
    let folder: URL
    let store: AuditStore
    var counter = 0

    init(app: String = "Trailhead") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("interchange-" + UUID().uuidString)
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        store = try AuditStore.create(at: location, app: app, checklist: try ShippedChecklists.defaultChecklist(), by: "Mei Chen",
                                      at: Timestamp(iso8601: "2026-09-07T09:00:00Z")!, id: "test-store")
        store.makeID = { [unowned self] in
            counter += 1
            return "id-\(counter < 10 ? "0" : "")\(counter)"
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static func time(_ day: Int, _ minute: Int = 0) -> Timestamp {
        Timestamp(iso8601: "2026-09-07T09:00:00Z")!.adding(days: day, minutes: minute)
    }

    /// Checkout (critical) and Settings, with a few recordings and a fix.
    func fillIn() throws {
        try store.write {
            let checkout = try store.addScreen(name: "Checkout", flow: "checkout", critical: true, owner: "Sam", notes: "Pay | now",
                                               files: ["App/Checkout/*.swift"], by: "Mei Chen", at: Self.time(0, 1))
            let settings = try store.addScreen(name: "Settings", flow: nil, critical: false, owner: nil, notes: nil, files: [],
                                               by: "Mei Chen", at: Self.time(0, 2))
            try store.setTriage(.broken, for: settings)
            try store.record(screen: checkout, cells: [("reachable", .ax5), ("no-truncation", .ax5)], status: .pass, note: nil, by: "Ana", at: Self.time(1))
            try store.record(screen: checkout, cells: [("no-overlap", .ax3)], status: .fail, note: "Badge \"over\" price\nsecond line", by: "Ana", at: Self.time(1, 5))
            try store.addFix(screen: checkout, type: .stackFlip, items: ["no-overlap"], note: "AnyLayout", ref: "PR 7", by: "Sam", at: Self.time(2))
            try store.record(screen: checkout, cells: [("no-overlap", .ax3)], status: .pass, note: nil, by: "Ana", at: Self.time(3))
            try store.record(screen: settings, cells: [("text-scales", .ax5)], status: .fail, note: nil, by: "Mei Chen", at: Self.time(3, 1))
        }
    }
}

@Suite struct InterchangeTests {
    @Test func writingThenReadingGivesTheSameDocumentAndBytes() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        let document = try AuditDocument(store: temporary.store)
        let text = InterchangeWriter.text(document)
        let read = try InterchangeReader.read(text)
        #expect(InterchangeWriter.text(read) == text)
        #expect(read.screens == document.screens)
        #expect(read.recordings == document.recordings)
        #expect(read.fixes == document.fixes)
        #expect(read.checklist == document.checklist)
        #expect(read.latestActivity == TemporaryStore.time(3, 1))
        #expect(read.auditors.map(\.name) == ["Ana", "Mei Chen"])
    }

    @Test func eachRecordIsOneLineAndEveryRecordLineEndsWithAComma() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        let lines = InterchangeWriter.text(try AuditDocument(store: temporary.store)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("{\"format\":1,\"app\":\"Trailhead\",") == true)
        #expect(lines.first?.hasSuffix("\"records\":[") == true)
        #expect(Array(lines.suffix(3)) == ["{\"record\":\"end\"}", "]}", ""])
        let records = lines.dropFirst().dropLast(3)
        #expect(records.allSatisfy { $0.hasPrefix("{\"record\":\"") && $0.hasSuffix("},") })
        // 1 checklist, 17 items, 2 screens, 5 recordings, 1 fix.
        #expect(records.count == 26)
        // Each screen's line is followed by its own story, oldest first.
        let kinds = records.dropFirst(18).map { line in String(line.split(separator: "\"")[3]) }
        #expect(kinds == ["screen", "recording", "recording", "recording", "fix", "recording", "screen", "recording"])
    }

    @Test func recordsInAnyOrderAndRepeatedIdenticalLinesReadTheSame() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        let text = InterchangeWriter.text(try AuditDocument(store: temporary.store))
        // The checklist's lines keep their order (they give the items theirs); the rest may move.
        var lines = text.split(separator: "\n").map(String.init)
        let body = Array(lines[19..<(lines.count - 2)])
        lines.replaceSubrange(19..<(lines.count - 2), with: body.reversed() + body.prefix(5))
        let shuffled = try InterchangeReader.read(lines.joined(separator: "\n"))
        #expect(InterchangeWriter.text(shuffled) == text)
    }

    @Test func aScreenDescribedTwiceDifferentlyNamesBothLines() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        var lines = InterchangeWriter.text(try AuditDocument(store: temporary.store)).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"screen\",\"name\":\"Settings\"") })
        lines.insert(lines[index].replacingOccurrences(of: "\"critical\":false", with: "\"critical\":false,\"owner\":\"Jo\""), at: index + 1)
        #expect(throws: InterchangeError(line: index + 2, "the screen 'Settings' appears again but differs in owner (first on line \(index + 1)); keep one of the two lines")) {
            try InterchangeReader.read(lines.joined(separator: "\n"))
        }
    }

    @Test func evidenceIsReservedOnRecordings() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        let text = InterchangeWriter.text(try AuditDocument(store: temporary.store))
        let withEvidence = text.replacingOccurrences(of: "\"status\":\"fail\",", with: "\"status\":\"fail\",\"evidence\":[{\"path\":\"shots/a.png\"}],")
        #expect(InterchangeWriter.text(try InterchangeReader.read(withEvidence)) == text)
        let wrong = text.replacingOccurrences(of: "\"status\":\"fail\",", with: "\"status\":\"fail\",\"evidence\":\"a.png\",")
        #expect(throws: InterchangeError.self) { try InterchangeReader.read(wrong) }
    }

    @Test func importingIsAUnionThatNeverOverwrites() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        let document = try AuditDocument(store: source.store)

        let target = try TemporaryStore()
        try target.store.write {
            _ = try target.store.addScreen(name: "settings", flow: "prefs", critical: false, owner: "Kim", notes: nil, files: ["S.swift"],
                                           by: "Kim", at: TemporaryStore.time(5))
        }
        let first = try target.store.write { try Importer.merge(document, into: target.store) }
        #expect(first.newScreens == ["Checkout"])
        #expect(first.addedRecordings == 5)
        #expect(first.addedFixes == 1)
        #expect(first.filledDetails.map(\.screen) == ["settings"])
        #expect(first.filledDetails.first?.fields == ["triage"])
        #expect(first.keptDetails.isEmpty)

        let second = try target.store.write { try Importer.merge(document, into: target.store) }
        #expect(!second.changedAnything)
        #expect(second.knownRecordings == 5)
        #expect(second.knownFixes == 1)

        let merged = try AuditDocument(store: target.store)
        #expect(merged.recordings == document.recordings)
        #expect(merged.fixes == document.fixes)
        let settings = try #require(merged.screens.first { $0.key == "settings" })
        #expect(settings.owner == "Kim")
        #expect(settings.flow == "prefs")
        #expect(settings.triage == .broken)
    }

    @Test func readingInChunksOfAnySizeGivesWhatReadingAtOnceGives() throws {
        let temporary = try TemporaryStore()
        try temporary.fillIn()
        let text = InterchangeWriter.text(try AuditDocument(store: temporary.store))
        // Sound, and broken in ways found at different moments: syntax, a record, the header, a reference.
        let variants = [
            text,
            "\u{FEFF}" + text.replacingOccurrences(of: "Pay | now", with: "Pay \\u00e9 \\ud83d\\ude00 \\\" é😀 now"),
            String(text.dropLast(40)),
            text.replacingOccurrences(of: "\"status\":\"fail\"", with: "\"status\":\"failed\""),
            text.replacingOccurrences(of: "\"format\":1,", with: "").replacingOccurrences(of: "]}\n", with: "],\"format\":2}\n"),
            text.replacingOccurrences(of: "\"screen\":\"Settings\"", with: "\"screen\":\"Setings\""),
            text.replacingOccurrences(of: "\"by\":\"Sam\"", with: "\"by\":\"Sam\",\"by\":1"),
            text.replacingOccurrences(of: "\"records\":[", with: "\"records\":{"),
            text.replacingOccurrences(of: "2026-09-08T09:05:00.000Z", with: "2026-09-08T09:05:00.0000000000000000000000000000000000000000000Z"),
            text + " x",
        ]
        func outcome(_ result: () throws(InterchangeError) -> AuditDocument) -> String {
            do {
                return InterchangeWriter.text(try result())
            } catch {
                return error.description
            }
        }
        for variant in variants {
            let bytes = Array(variant.utf8)
            let atOnce = outcome { () throws(InterchangeError) in try InterchangeReader.read(bytes) }
            for size in [1, 2, 3, 5, 64, 4096] {
                var offset = 0
                let chunked = outcome { () throws(InterchangeError) in
                    try InterchangeReader.read(chunks: { buffer in
                        guard offset < bytes.count else { return false }
                        let end = min(bytes.count, offset + size)
                        buffer.append(contentsOf: bytes[offset..<end])
                        offset = end
                        return true
                    })
                }
                #expect(chunked == atOnce, "chunks of \(size): \(atOnce.prefix(80))")
            }
        }
    }

    @Test func aChecklistMismatchListsTheUnknownItems() throws {
        let source = try TemporaryStore()
        try source.fillIn()
        var document = try AuditDocument(store: source.store)
        document.recordings[0].item = "zz-new-check"
        let target = try TemporaryStore()
        #expect(throws: ChecklistMismatch.self) {
            try target.store.write { try Importer.merge(document, into: target.store) }
        }
        #expect(try target.store.screens().isEmpty)
    }
}

@Suite struct RecordLineTests {
    /// Recording lines are written byte by byte; they must be what serializing the record gives.
    @Test func recordingLinesAreTheSerializedRecords() throws {
        var texts = ["", "plain", "\"quoted\" \\ back", "caf\u{e9} \u{1F600} \u{e2}\u{80}", "\u{2027}\u{2028}\u{2029}\u{202A}", "\u{7F}\u{80}\u{9F}"]
        texts.append(String((0..<32).map { Character(Unicode.Scalar($0)!) }))
        for (index, text) in texts.enumerated() {
            let recording = RecordingRecord(id: "id-\(index)", screen: text.isEmpty ? "S" : text, item: "reachable", size: .ax5, status: .fail,
                                            note: index % 2 == 0 ? text : nil, by: text + "by", at: TemporaryStore.time(index))
            var lines = InterchangeWriter.Lines()
            lines.recording(recording)
            let expected = InterchangeWriter.recordingRecord(recording).serialized(pretty: false) + ",\n"
            #expect(String(decoding: lines.text.bytes, as: UTF8.self) == expected)
            var quoted = ByteText()
            quoted.appendQuoted(text)
            #expect(String(decoding: quoted.bytes, as: UTF8.self) == JSON.quoted(text))
        }
    }
}
