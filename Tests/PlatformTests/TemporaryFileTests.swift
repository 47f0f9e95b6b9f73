import Foundation
import Testing
@testable import Platform

/// Writers never write through a file or link planted where their temporary file goes, and clear
/// what killed writers left.
@Suite struct TemporaryFileTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aNewFileIsNeverOpenedThroughALinkOrOverAFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let victim = root + "/victim.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/nowhere")
        for planted in ["/link", "/dangling", "/victim.txt"] {
            #expect(throws: SystemError.self) { try BufferedOutput.createNew(path: root + planted) }
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(!FileManager.default.fileExists(atPath: root + "/nowhere"))
    }

    @Test func temporaryNamesCarryTheProcessAndCannotBeGuessed() {
        let first = TemporaryFile.path(for: "/a/b/out.json"), second = TemporaryFile.path(for: "/a/b/out.json")
        #expect(first != second)
        #expect(first.hasPrefix("/a/b/.out.json.\(getpid())-") && first.hasSuffix(".tmp"))
        #expect(TemporaryFile.writer(of: String(first.dropFirst(5)), for: "out.json") == getpid())
        #expect(TemporaryFile.writer(of: ".out.json.tmp", for: "out.json") == nil)
        #expect(TemporaryFile.writer(of: ".other.json.12-x.tmp", for: "out.json") == nil)
    }

    @Test func aWriteReplacesALinkAtThePathAndRemovesWhatKilledWritersLeft() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let victim = root + "/victim.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        let target = root + "/out.json"
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: victim)
        // A writer killed long ago (no process has that id), and one that runs now (this one's parent).
        let dead = root + "/.out.json.2147483646-k1ll3d.tmp", running = root + "/.out.json.\(getppid())-w0rk1ng.tmp"
        try Data("half".utf8).write(to: URL(fileURLWithPath: dead))
        try Data("half".utf8).write(to: URL(fileURLWithPath: running))
        try Files.writeAtomically(target) { $0.write("new") }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(Files.status(target, followLinks: false)?.kind == .regular)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [".out.json.\(getppid())-w0rk1ng.tmp", "out.json", "victim.txt"])
    }

    /// A process number is given again once its process is gone: a temporary file unchanged for
    /// more than a day was left by a writer killed long ago, whatever runs under that number now.
    @Test func aLeftoverWhoseProcessNumberWasGivenAgainGoesOnceADayOld() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/out.json"
        let old = root + "/.out.json.\(getppid())-0ld.tmp", fresh = root + "/.out.json.\(getppid())-fr3sh.tmp"
        try Data("half".utf8).write(to: URL(fileURLWithPath: old))
        try Data("half".utf8).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 24 * 3600)], ofItemAtPath: old)
        Files.removeLeftovers(of: target)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: fresh), "a writer of that number may be writing it now")
    }
}
