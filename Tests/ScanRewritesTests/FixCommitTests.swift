import Foundation
@testable import ScanRewrites
import Platform
import Testing
import TestSupport

/// How `--fix` writes its files: all or none through a journal, never over a change made since the
/// scan, and what a killed run left put back (or finished) by the next one.
@Suite("Writing rewritten files")
struct FixCommitTests {
    /// A folder with files, removed when the test ends.
    final class Folder {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-commit-" + UUID().uuidString).resolvingSymlinksInPath().path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ text: String, to name: String) throws {
            let url = URL(fileURLWithPath: path + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func read(_ name: String) throws -> String { try String(contentsOfFile: path + "/" + name, encoding: .utf8) }

        /// Every name in the folder and the folders under it, relative to it.
        func names() throws -> [String] {
            try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
        }
    }

    static let files = ["A.swift", "Sub/B.swift", "C.swift"]
    func old(_ name: String) -> String { "let \(name.count) = \"\(name)\" // old\n" }
    func new(_ name: String) -> String { "let \(name.count) = \"\(name)\" // new, and longer\n" }

    func commit(in folder: Folder) throws -> FixCommit {
        for name in Self.files { try folder.write(old(name), to: name) }
        return FixCommit(root: folder.path, files: Self.files.map { name in
            FixCommit.File(path: name, old: Array(old(name).utf8), new: Array(new(name).utf8), scanned: Files.identity(folder.path + "/" + name))
        })
    }

    /// A process id that ran and is gone.
    func deadProcess() throws -> Int32 {
        let started = try Spawn.start("/bin/sh", ["-c", "exit 0"], in: URL(fileURLWithPath: "/"), environment: [:], input: nil)
        _ = Spawn.wait(started.pid)
        try? FileManager.default.removeItem(at: started.output.deletingLastPathComponent())
        return started.pid
    }

    @Test("every file is written, swapped in or replaced after a second name for its old text, and nothing is left", arguments: [true, false])
    func writesAll(swapping: Bool) throws {
        let folder = try Folder()
        var commit = try commit(in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: folder.path + "/A.swift")
        commit.swaps = swapping
        try commit.run()
        for name in Self.files { #expect(try folder.read(name) == new(name)) }
        #expect(try folder.names() == ["A.swift", "C.swift", "Sub", "Sub/B.swift"], "no temporary file or journal is left")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/A.swift")[.posixPermissions] as? Int
        #expect(mode == 0o750, "the rewritten file keeps its permissions")
    }

    @Test("a file changed or replaced since the scan read it stops the rewrite, names it, and every file stays as it is", arguments: [true, false])
    func changedFileStops(swapping: Bool) throws {
        for change in ["appended", "same bytes, another file", "overwritten in place, same size"] {
            let folder = try Folder()
            var commit = try commit(in: folder)
            commit.swaps = swapping
            let target = folder.path + "/C.swift"
            switch change {
            case "appended":
                try folder.write(old("C.swift") + "// mine\n", to: "C.swift")
            case "same bytes, another file":
                // An editor saving the same text through a new file: not the version the scan opened.
                try folder.write(old("C.swift"), to: "C.swift.saved")
                try FileManager.default.removeItem(atPath: target)
                try FileManager.default.moveItem(atPath: target + ".saved", toPath: target)
            default:
                // Overwritten in place with the same size: the bytes differ.
                try folder.write(old("C.swift").replacingOccurrences(of: "old", with: "OLD"), to: "C.swift")
            }
            let now = try folder.read("C.swift")
            #expect(throws: FixWriteError.self) { try commit.run() }
            #expect(try folder.read("A.swift") == old("A.swift"), "\(change): all or none")
            #expect(try folder.read("Sub/B.swift") == old("Sub/B.swift"), "\(change)")
            #expect(try folder.read("C.swift") == now, "\(change): the change is kept")
            #expect(try folder.names() == ["A.swift", "C.swift", "Sub", "Sub/B.swift"], "\(change)")
        }
        let folder = try Folder()
        var commit = try commit(in: folder)
        try folder.write(old("C.swift") + "// mine\n", to: "C.swift")
        do {
            try commit.run()
        } catch {
            #expect(error.description == "C.swift changed while the scan ran; nothing was rewritten: run --fix again")
        }
    }

    @Test("a symbolic link in a file's place is not written through or replaced")
    func linkIsRefused() throws {
        let folder = try Folder()
        var commit = try commit(in: folder)
        try folder.write(old("A.swift"), to: "Elsewhere.swift")
        try FileManager.default.removeItem(atPath: folder.path + "/A.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/A.swift", withDestinationPath: folder.path + "/Elsewhere.swift")
        #expect(throws: FixWriteError.self) { try commit.run() }
        #expect(try folder.read("Elsewhere.swift") == old("A.swift"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/A.swift") == folder.path + "/Elsewhere.swift")
    }

    @Test("a journal reads back as written, whatever the file names; cut off anywhere it never reads as complete")
    func journalRoundTrip() throws {
        let names = ["App/Plain.swift", "App/with space.swift", "App/new\nline.swift", "/absolute/Ünïcödé 🙂.swift", "a/b/c/d.xib"]
        let version = { (k: Int) in FileIdentity(device: UInt64.max - UInt64(k), inode: 77 + UInt64(k), byteCount: Int64(k) * 1000, modifiedSeconds: 1_800_000_000,
                                                 modifiedNanoseconds: 999_999_999 - Int64(k)) }
        var journal = FixJournal(process: 4242, boot: "1f0e-9a", entries: names.enumerated().map { k, name in
            FixJournal.Entry(target: name, staged: ".x.4242-abc.tmp", backup: ".x.4242-def.tmp", old: version(k))
        })
        let listed = journal.listing
        #expect(FixJournal.parse(listed, process: 4242) == journal)
        #expect(FixJournal.parse(listed, process: 4243) == nil, "the process in the name and in the journal agree")
        for k in journal.entries.indices { journal.entries[k].new = version(k + 10) }
        journal.placing = true
        let staged = journal.rendered
        #expect(FixJournal.parse(staged, process: 4242) == journal)
        journal.done = true
        let full = journal.rendered
        #expect(FixJournal.parse(full, process: 4242) == journal)
        // Cut off anywhere, a journal reads as the steps that were whole.
        for length in 0..<full.count {
            let read = try #require(FixJournal.parse(Array(full.prefix(length)), process: 4242), "\(length)")
            #expect(!read.done, "\(length)")
            #expect(!read.placing || length >= staged.count, "\(length)")
            #expect(!read.complete || length >= listed.count, "\(length)")
            #expect(read.entries.allSatisfy { entry in names.contains(entry.target) && (entry.new == nil || read.placing) }, "\(length)")
        }
    }

    /// What a commit killed after placing `placed` of its files leaves, made by running its steps.
    func killedCommit(in folder: Folder, placed: Int, done: Bool = false) throws -> (journal: String, process: Int32) {
        let process = try deadProcess()
        // The files as the killed process staged and swapped them: staged names carry its id.
        var entries: [FixJournal.Entry] = []
        for (k, name) in Self.files.enumerated() {
            let (dir, base) = TemporaryFile.split(name)
            let staged = ".\(base).\(process)-s\(k).tmp"
            let backup = ".\(base).\(process)-b\(k).tmp"
            try folder.write(old(name), to: name)
            try folder.write(new(name), to: dir + staged)
            entries.append(FixJournal.Entry(target: name, staged: staged, backup: backup, old: try #require(Files.identity(folder.path + "/" + name)),
                                            new: Files.identity(folder.path + "/" + dir + staged)))
            if k < placed { #expect(try Files.exchange(folder.path + "/" + dir + staged, folder.path + "/" + name)) }
        }
        var journal = FixJournal(process: process, boot: System.bootSessionID ?? "-", entries: entries)
        journal.placing = true
        journal.done = done
        let path = folder.path + "/.dtaudit-fix.\(process)-j.tmp"
        try Data(journal.rendered).write(to: URL(fileURLWithPath: path))
        return (path, process)
    }

    @Test("a fix killed amid putting its files in place is put back by the next run: every file old, nothing left")
    func killedMidwayIsPutBack() throws {
        for placed in 0...Self.files.count {
            let folder = try Folder()
            let (_, process) = try killedCommit(in: folder, placed: placed)
            let lines = FixRecovery.recover(root: folder.path)
            for name in Self.files { #expect(try folder.read(name) == old(name), "\(placed) placed: \(name)") }
            #expect(try folder.names() == ["A.swift", "C.swift", "Sub", "Sub/B.swift"], "\(placed) placed")
            let expected = placed == 0 ? "none of its 3 files had been replaced" : "put back \(placed) of its 3 files"
            #expect(lines == ["a 'scan --fix' was stopped (process \(process)) before it finished: \(expected); removed the temporary files it left"])
            #expect(FixRecovery.recover(root: folder.path).isEmpty, "settled once")
        }
    }

    @Test("a fix killed after it wrote done is finished by the next run: every file new, nothing left")
    func killedAfterDoneIsFinished() throws {
        let folder = try Folder()
        _ = try killedCommit(in: folder, placed: Self.files.count, done: true)
        let lines = FixRecovery.recover(root: folder.path)
        for name in Self.files { #expect(try folder.read(name) == new(name)) }
        #expect(try folder.names() == ["A.swift", "C.swift", "Sub", "Sub/B.swift"])
        #expect(lines.count == 1 && lines[0].hasSuffix("after it had rewritten all its 3 files: removed the temporary files it left"))
    }

    @Test("a file edited after the fix was killed keeps the edit and is named; the others are put back")
    func editedAfterTheKillIsKept() throws {
        let folder = try Folder()
        _ = try killedCommit(in: folder, placed: 2)
        try folder.write(new("A.swift") + "// edited since\n", to: "A.swift")
        let lines = FixRecovery.recover(root: folder.path)
        #expect(try folder.read("A.swift") == new("A.swift") + "// edited since\n")
        #expect(try folder.read("Sub/B.swift") == old("Sub/B.swift"))
        #expect(lines.contains("A.swift changed while or after the fix ran: left as it is"), "\(lines)")
    }

    @Test("a journal not written since this system started (planted in a repository) is named and left alone, and so is every file")
    func foreignJournalIsLeftAlone() throws {
        let folder = try Folder()
        let (path, process) = try killedCommit(in: folder, placed: 2)
        var journal = try #require(FixJournal.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), process: process))
        journal.boot = "another-boot"
        try Data(journal.rendered).write(to: URL(fileURLWithPath: path))
        let before = try folder.names().map { ($0, try? folder.read($0)) }
        let lines = FixRecovery.recover(root: folder.path)
        #expect(lines.count == 1 && lines[0].contains("left as it is; check the files it names (A.swift, Sub/B.swift, C.swift) and remove it"), "\(lines)")
        #expect(try folder.names().map { ($0, try? folder.read($0)) }.elementsEqual(before) { $0 == $1 }, "nothing is touched")
        #expect(FixRecovery.pending(root: folder.path) == lines)
    }

    @Test("a journal cut off while it was written is removed, and nothing else")
    func cutOffJournalIsRemoved() throws {
        let folder = try Folder()
        let process = try deadProcess()
        for name in Self.files { try folder.write(old(name), to: name) }
        let path = folder.path + "/.dtaudit-fix.\(process)-j.tmp"
        try Data("dtaudit fix jour".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FixRecovery.pending(root: folder.path).count == 1)
        let lines = FixRecovery.recover(root: folder.path)
        #expect(lines == ["a 'scan --fix' was stopped (process \(process)) before it changed any file: removed its journal"])
        #expect(try folder.names() == ["A.swift", "C.swift", "Sub", "Sub/B.swift"])
    }
}
