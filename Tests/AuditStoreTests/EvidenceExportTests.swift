@testable import AuditStore
import DynamicType
import Evidence
import Foundation
import Platform
import Testing

/// Copying the files a report links into the folder beside it.
@Suite struct EvidenceExportTests {
    /// A store with three stored files, and the folder an export of it would fill.
    struct Setup {
        let temporary: TemporaryStore
        let files: [EvidenceFile]
        let folder: String

        init() throws {
            temporary = try TemporaryStore()
            let store = temporary.store
            let screen = temporary.screen
            files = try store.write {
                try ["a", "b", "c"].map { seed in
                    let file = try store.storeEvidence(bytes: TemporaryStore.png(seed, padding: 3000), name: seed + ".png", by: "Ana")
                    try store.attach(file, name: seed + ".png", to: screen, size: .ax5, by: "Ana")
                    return file
                }
            }
            folder = temporary.root.path + "/Exports/review-evidence"
            try FileManager.default.createDirectory(atPath: temporary.root.path + "/Exports", withIntermediateDirectories: true)
        }

        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

        func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }

        func stored(_ file: EvidenceFile) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: temporary.store.location.path(of: file))) }
    }

    @Test func aReportLinksOnlyTheFilesTheEvidenceFolderStillHas() throws {
        let setup = try Setup()
        let store = setup.temporary.store
        let screen = setup.temporary.screen
        let failed = Timestamp.now()
        let old = try store.write {
            // b also shows a failed cell; d only an earlier recording of a cell checked again since.
            try store.record(screen: screen, cells: [("reachable", .ax5), ("reachable", .ax3)], status: .fail, note: nil, by: "Ana", at: failed)
            try store.attach(setup.files[1], name: "b.png", toLatestOf: screen, cells: [("reachable", .ax5)], by: "Ana", at: failed)
            let old = try store.storeEvidence(bytes: TemporaryStore.png("d"), name: "d.png", by: "Ana", at: failed)
            try store.attach(old, name: "d.png", toLatestOf: screen, cells: [("reachable", .ax3)], by: "Ana", at: failed)
            try store.record(screen: screen, cells: [("reachable", .ax3)], status: .pass, note: nil, by: "Ana", at: failed.adding(minutes: 5))
            return old
        }
        let location = store.location
        let everything = try store.evidenceByScreen()
        let untouched = ExportedEvidence.present(in: everything, location: location)
        #expect(untouched.missing == 0)
        #expect(untouched.screens[screen.id]?.all.count == 5)

        try FileManager.default.removeItem(atPath: location.path(of: setup.files[1]))
        try FileManager.default.removeItem(atPath: location.path(of: old))
        let present = ExportedEvidence.present(in: everything, location: location)
        let shown = try #require(present.screens[screen.id])
        #expect(shown.screenshots[.ax5]?.map(\.name) == ["a.png", "c.png"])
        // A cell whose only file is gone shows no evidence at all.
        #expect(shown.cells[CellKey(item: "reachable", size: .ax5)] == nil)
        #expect(Set(shown.all.map(\.name)) == ["a.png", "c.png"])
        // Only b counts as missing: d belongs to no recording the report shows.
        #expect(present.missing == 1)
    }

    @Test func theLinkedFilesAreCopiedByteForByteUnderTheirHash() throws {
        let setup = try Setup()
        let outcome = try EvidenceExport.sync([setup.files[1], setup.files[0], setup.files[1]], from: setup.temporary.store.location, into: setup.folder)
        #expect(outcome.copied == 2 && outcome.kept == 0 && outcome.removed == 0)
        #expect(outcome.bytes == setup.files[0].byteCount + setup.files[1].byteCount)
        #expect(setup.names == [setup.files[0].storedName, setup.files[1].storedName].sorted())
        for file in setup.files.prefix(2) {
            let copy = try setup.bytes(file.storedName)
            #expect(copy == (try setup.stored(file)))
            #expect(SHA256.hex(of: Array(copy)) == file.hash)
        }

        // Again: nothing to copy, nothing changes.
        let again = try EvidenceExport.sync([setup.files[0], setup.files[1]], from: setup.temporary.store.location, into: setup.folder)
        #expect(again.copied == 0 && again.kept == 2 && again.removed == 0)
    }

    @Test func anEarlierExportsFilesAreRemovedAndOnlyThose() throws {
        let setup = try Setup()
        let location = setup.temporary.store.location
        _ = try EvidenceExport.sync(setup.files, from: location, into: setup.folder)
        // A copy someone edited (same size, other bytes), a note of the team's, a half-written copy.
        var edited = try setup.bytes(setup.files[0].storedName)
        edited[edited.count - 1] ^= 0xFF
        try edited.write(to: URL(fileURLWithPath: setup.folder + "/" + setup.files[0].storedName))
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: setup.folder + "/README.txt"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: setup.folder + "/.incoming-123-x.png.tmp"))

        let outcome = try EvidenceExport.sync([setup.files[0]], from: location, into: setup.folder)
        #expect(outcome.copied == 1 && outcome.kept == 0 && outcome.removed == 2)
        #expect(outcome.foreign == ["README.txt"])
        #expect(setup.names == ["README.txt", setup.files[0].storedName])
        #expect(try setup.bytes(setup.files[0].storedName) == (try setup.stored(setup.files[0])))

        // No files: the evidence goes, the team's note stays, and so does the folder that holds it.
        let empty = try EvidenceExport.sync([], from: location, into: setup.folder)
        #expect(empty.removed == 1)
        #expect(setup.names == ["README.txt"])
        try FileManager.default.removeItem(atPath: setup.folder + "/README.txt")
        _ = try EvidenceExport.sync([setup.files[2]], from: location, into: setup.folder)
        _ = try EvidenceExport.sync([], from: location, into: setup.folder)
        #expect(!FileManager.default.fileExists(atPath: setup.folder))
        // Nothing to show and no earlier folder: none is made.
        _ = try EvidenceExport.sync([], from: location, into: setup.folder)
        #expect(!FileManager.default.fileExists(atPath: setup.folder))
    }

    @Test func copiesCarryTheStoredFilesTimeSoThatExportingAgainReadsNothing() throws {
        let setup = try Setup()
        let location = setup.temporary.store.location
        let file = setup.files[0]
        let copy = setup.folder + "/" + file.storedName
        _ = try EvidenceExport.sync([file], from: location, into: setup.folder)
        let stored = try #require(Files.status(location.path(of: file)))
        #expect(Files.status(copy)?.modifiedMilliseconds == stored.modifiedMilliseconds)

        // A copy with the stored file's size and time is trusted without reading it, as rsync does.
        let right = try setup.bytes(file.storedName)
        var wrong = right
        wrong[wrong.count - 1] ^= 0xFF
        try wrong.write(to: URL(fileURLWithPath: copy))
        try Files.setModified(copy, milliseconds: stored.modifiedMilliseconds)
        #expect(try EvidenceExport.sync([file], from: location, into: setup.folder).kept == 1)
        #expect(try setup.bytes(file.storedName) == wrong)

        // Another time (a git checkout, an edit): read, kept when right and given the stored time...
        try right.write(to: URL(fileURLWithPath: copy))
        try Files.setModified(copy, milliseconds: 1_000)
        #expect(try EvidenceExport.sync([file], from: location, into: setup.folder).kept == 1)
        #expect(Files.status(copy)?.modifiedMilliseconds == stored.modifiedMilliseconds)
        // ...and copied again when wrong.
        try wrong.write(to: URL(fileURLWithPath: copy))
        #expect(try EvidenceExport.sync([file], from: location, into: setup.folder).copied == 1)
        #expect(try setup.bytes(file.storedName) == right)
    }

    @Test func aStoredFileChangedSinceItWasAttachedIsCopiedAndReported() throws {
        let setup = try Setup()
        let path = setup.temporary.store.location.path(of: setup.files[0])
        try Data("%PDF-1.4 not what was attached".utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try EvidenceExport.sync([setup.files[0]], from: setup.temporary.store.location, into: setup.folder)
        #expect(outcome.changed == [setup.files[0]])
        #expect(outcome.copied == 1)
    }

    @Test func problemsAreOneLineErrors() throws {
        let setup = try Setup()
        let location = setup.temporary.store.location
        try Data().write(to: URL(fileURLWithPath: setup.folder))
        #expect {
            _ = try EvidenceExport.sync(setup.files, from: location, into: setup.folder)
        } throws: { error in
            "\(error)" == "cannot write the evidence folder \(setup.folder): a file of that name is in the way"
        }
        try FileManager.default.removeItem(atPath: setup.folder)
        try FileManager.default.removeItem(atPath: location.path(of: setup.files[1]))
        #expect {
            _ = try EvidenceExport.sync(setup.files, from: location, into: setup.folder)
        } throws: { error in
            "\(error)".hasPrefix("cannot read the stored evidence file \(location.path(of: setup.files[1])): ") && !"\(error)".contains("\n")
        }
    }

    @Test func onlyNamesDtauditGivesCountAsEvidence() {
        let hash = String(repeating: "ab", count: 32)
        #expect(EvidenceExport.isEvidenceName(hash + ".png"))
        #expect(EvidenceExport.isEvidenceName(hash + ".mov"))
        #expect(!EvidenceExport.isEvidenceName(hash.uppercased() + ".png"))
        #expect(!EvidenceExport.isEvidenceName(hash + ".gif"))
        #expect(!EvidenceExport.isEvidenceName(hash + ".png.tmp"))
        #expect(!EvidenceExport.isEvidenceName(String(hash.dropFirst()) + ".png"))
        #expect(!EvidenceExport.isEvidenceName("README.txt"))
    }
}

/// The file streams evidence is copied through.
@Suite struct StreamTests {
    @Test func aClosedStreamNeverClosesItsDescriptorAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-streams-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("hello".utf8).write(to: folder.appendingPathComponent("b"))

        var stream: BufferedOutput? = try BufferedOutput.create(path: folder.appendingPathComponent("a").path)
        stream?.write("x")
        #expect(stream?.close() == true)
        #expect(stream?.close() == true)
        // The system hands out the lowest free descriptor: usually the one the stream had.
        let reader = try FileReader(path: folder.appendingPathComponent("b").path)
        stream?.write("written after close")
        stream?.flush()
        #expect(stream?.failed == true)
        stream = nil
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try reader.read(into: &buffer) == 5)
        #expect(try String(contentsOf: folder.appendingPathComponent("a"), encoding: .utf8) == "x")
        #expect(try String(contentsOf: folder.appendingPathComponent("b"), encoding: .utf8) == "hello")
    }
}
