import Foundation
import Testing
@testable import Platform

/// The calls a rewrite stands on: a version of a file told from another, two names swapped in one
/// step, a second name, and a file read whole only when it did not change meanwhile.
@Suite struct ReplacementTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func anIdentityChangesWithEveryWriteAndNotWithAReadOrARename() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("one", root + "/a")
        let first = try #require(Files.identity(root + "/a"))
        #expect(first.byteCount == 3)
        _ = try read(root + "/a")
        #expect(Files.identity(root + "/a") == first)
        try Files.rename(root + "/a", to: root + "/b")
        #expect(Files.identity(root + "/b") == first, "a rename keeps the file")
        let handle = try #require(FileHandle(forWritingAtPath: root + "/b"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("!".utf8))
        try handle.close()
        #expect(Files.identity(root + "/b") != first)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/b")
        #expect(Files.identity(root + "/link") == nil, "a link is not followed")
        #expect(Files.identity(root + "/missing") == nil)
    }

    @Test func aSwapExchangesTwoFilesInOneStep() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("old", root + "/file")
        try write("new", root + "/.file.staged")
        let old = try #require(Files.identity(root + "/file"))
        let new = try #require(Files.identity(root + "/.file.staged"))
        guard try Files.exchange(root + "/.file.staged", root + "/file") else { return }  // a file system that cannot
        #expect(try read(root + "/file") == "new")
        #expect(try read(root + "/.file.staged") == "old")
        #expect(Files.identity(root + "/file") == new && Files.identity(root + "/.file.staged") == old)
        #expect(throws: SystemError.self) { try Files.exchange(root + "/nothing", root + "/file") }
    }

    @Test func aSecondNameKeepsTheFileWhenTheFirstIsReplaced() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("old", root + "/file")
        try write("new", root + "/staged")
        let old = try #require(Files.identity(root + "/file"))
        guard try Files.link(root + "/file", as: root + "/kept") else { return }
        try Files.rename(root + "/staged", to: root + "/file")
        #expect(try read(root + "/file") == "new")
        #expect(try read(root + "/kept") == "old")
        #expect(Files.identity(root + "/kept") == old)
        #expect(throws: SystemError.self) { try Files.link(root + "/file", as: root + "/kept") }
    }

    @Test func aFileIsFoundHoldingBytesOnlyWhenItHoldsExactlyThemThroughItsOwnName() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Over several of the blocks it is compared in.
        let text = Array(String(repeating: "0123456789", count: 20_000).utf8)
        try write(String(decoding: text, as: UTF8.self), root + "/big")
        #expect(Files.identity(root + "/big", holding: text) == Files.identity(root + "/big"))
        var changed = text
        changed[150_000] = UInt8(ascii: "x")
        #expect(Files.identity(root + "/big", holding: changed) == nil)
        #expect(Files.identity(root + "/big", holding: Array(text.dropLast())) == nil)
        #expect(Files.identity(root + "/big", holding: text + [0x0A]) == nil)
        try write("", root + "/empty")
        #expect(Files.identity(root + "/empty", holding: []) == Files.identity(root + "/empty"))
        #expect(Files.identity(root + "/empty", holding: [0x0A]) == nil)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/big")
        #expect(Files.identity(root + "/link", holding: text) == nil)
        try FileManager.default.createDirectory(atPath: root + "/folder", withIntermediateDirectories: false)
        #expect(Files.identity(root + "/folder", holding: []) == nil)
    }

    @Test func aFileIsReadWholeOnlyThroughItsOwnNameAndNeverThroughALink() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let text = String(repeating: "0123456789", count: 100_000)
        try write(text, root + "/big")
        let read = try #require(Files.readUnchanged(root + "/big"))
        #expect(read.bytes == Array(text.utf8))
        #expect(read.identity == Files.identity(root + "/big"))
        try write("", root + "/empty")
        #expect(Files.readUnchanged(root + "/empty")?.bytes == [])
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/big")
        #expect(Files.readUnchanged(root + "/link") == nil)
        try FileManager.default.createDirectory(atPath: root + "/folder", withIntermediateDirectories: false)
        #expect(Files.readUnchanged(root + "/folder") == nil)
    }

    @Test func theBootSessionIsTheSameAllAlongAndLooksLikeAnID() throws {
        let id = try #require(System.bootSessionID)
        #expect(id == System.bootSessionID)
        #expect(id.count >= 16 && id.allSatisfy { $0.isHexDigit || $0 == "-" }, "\(id)")
    }
}
