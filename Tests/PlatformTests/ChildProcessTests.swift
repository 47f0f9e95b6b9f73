import Foundation
import Testing
@testable import Platform

/// Programs started with arguments only, their output in files made for them alone; the private
/// folder those files live in.
@Suite struct ChildProcessTests {
    @Test func aPrivateFolderIsNewEachTimeAndOnlyItsUserMayEnterIt() throws {
        let first = try Files.makePrivateTemporaryDirectory("test")
        let second = try Files.makePrivateTemporaryDirectory("test")
        defer { Files.removeFlatDirectory(first); Files.removeFlatDirectory(second) }
        #expect(first != second)
        let mode = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        _ = FileManager.default.createFile(atPath: first + "/a", contents: Data("x".utf8))
        Files.removeFlatDirectory(first)
        #expect(Files.status(first) == nil)
    }

    @Test func argumentsReachTheProgramAsTheyAreAndItsOutputGoesToNewFiles() throws {
        let folder = try Files.makePrivateTemporaryDirectory("test")
        defer { Files.removeFlatDirectory(folder) }
        let odd = "a b; $(touch \(folder)/owned) 'q' \"x\""
        let child = try ChildProcess.start("/bin/sh", ["-c", "printf '%s' \"$1\"; printf '%s' \"$EXTRA\" >&2; exit 4", "sh", odd],
                                           environment: ["EXTRA": "set"], output: folder + "/out", errors: folder + "/err")
        #expect(child.wait() == .exited(4))
        #expect(try String(contentsOfFile: folder + "/out", encoding: .utf8) == odd)
        #expect(try String(contentsOfFile: folder + "/err", encoding: .utf8) == "set")
        #expect(Files.status(folder + "/owned") == nil)
        // A file already there is never written through.
        #expect(throws: SystemError.self) {
            try ChildProcess.start("/bin/true", [], output: folder + "/out", errors: folder + "/err2")
        }
        #expect(try String(contentsOfFile: folder + "/out", encoding: .utf8) == odd)
    }

    @Test func aRunningChildIsToldFromAFinishedOneAndCanBeStopped() throws {
        let folder = try Files.makePrivateTemporaryDirectory("test")
        defer { Files.removeFlatDirectory(folder) }
        let child = try ChildProcess.start("/bin/sleep", ["30"], output: folder + "/out", errors: folder + "/err")
        #expect(child.ending() == nil)
        child.stop()
        #expect(throws: SystemError.self) {
            try ChildProcess.start(folder + "/missing", [], output: folder + "/o", errors: folder + "/e")
        }
    }
}
