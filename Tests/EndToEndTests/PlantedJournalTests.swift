import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scan --fix` journals planted as an attacker would plant them, in the format Docs/scan.md gives
/// and with this system's boot session (which every local user can read): one naming a file outside
/// the scanned tree, one naming a file past a linked folder, one of another user, one that others
/// may write. Each is named and left alone, and nothing outside the tree (nor the file inside it a
/// journal names) is touched; a journal of the same shape that the user wrote is acted on.
@Suite(.tags(.endToEnd)) struct PlantedJournalTests {
    /// A scanned tree (`repo`, with a file `--fix` rewrites and `Data.txt`) beside a folder outside
    /// it (`outside`, with `victim.txt`).
    struct Scene {
        let cli: CLI
        var repo: URL { cli.directory.appendingPathComponent("repo") }
        var outside: URL { cli.directory.appendingPathComponent("outside") }
        /// A process that ran and is gone: the journals' writer.
        let process: Int32

        init() throws {
            cli = try CLI()
            try Fixture.write(Data("import SwiftUI\nlet t = Text(\"x\").font(.system(size: 12))\n".utf8), "repo/App.swift", in: cli.directory)
            try Fixture.write(Data("the tree's own text\n".utf8), "repo/Data.txt", in: cli.directory)
            try Fixture.write(Data("the victim's text\n".utf8), "outside/victim.txt", in: cli.directory)
            let started = try Spawn.start("/bin/sh", ["-c", "exit 0"], in: URL(fileURLWithPath: "/"), environment: [:], input: nil)
            _ = Spawn.wait(started.pid)
            try? FileManager.default.removeItem(at: started.output.deletingLastPathComponent())
            process = started.pid
        }

        var journal: URL { repo.appendingPathComponent(".dtaudit-fix.\(process)-planted.tmp") }

        /// Plants, beside `file`, the attacker's text under the name a killed fix stages it, and at
        /// the root a journal whose target `target` names `file`: it says `file` was already
        /// replaced by that text and that the old version lies under the staged name, so that a
        /// run which trusts it moves the attacker's text over `file` (or, with `done`, removes
        /// the temporary names beside `file`).
        func plant(target: String, file: URL, done: Bool = false) throws {
            let base = (target as NSString).lastPathComponent
            let staged = ".\(base).\(process)-a.tmp"
            try Data("the attacker's text\n".utf8).write(to: file.deletingLastPathComponent().appendingPathComponent(staged))
            let old = try identity(file.deletingLastPathComponent().appendingPathComponent(staged))
            let lines = [
                "dtaudit fix journal 2", "process \(process)", "boot \(try bootSession())",
                "file \(hex(target)) \(hex(staged)) \(hex(".\(base).\(process)-b.tmp")) \(old)", "end 1",
                "new \(try identity(file))", "placing 1",
            ] + (done ? ["done"] : [])
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: journal)
        }

        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

        /// A file's version as a journal writes it: device, inode, size, seconds, nanoseconds.
        func identity(_ file: URL) throws -> String {
            var info = stat()
            guard lstat(file.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return "\(UInt64(truncatingIfNeeded: info.st_dev)) \(UInt64(info.st_ino)) \(info.st_size) \(time.tv_sec) \(time.tv_nsec)"
        }

        func bootSession() throws -> String {
            #if canImport(Darwin)
            var size = 0
            sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0)
            var buffer = [CChar](repeating: 0, count: size)
            sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #else
            return try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #endif
        }

        /// Every name and its bytes under `folder` (links as links).
        func contents(of folder: URL) throws -> [String: Data] {
            var result: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                let path = folder.appendingPathComponent(name).path
                let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
                result[name] = type == .typeRegular ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data((type?.rawValue ?? "").utf8)
            }
            return result
        }

        /// Runs `scan --fix` in the tree; returns its warnings.
        func fix() throws -> String {
            let result = try cli.run(["scan", "--fix"], in: repo)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: repo.appendingPathComponent("App.swift"), encoding: .utf8).contains(".system(.caption)"),
                    "the scan's own rewrite goes ahead")
            return result.stderr
        }

        /// Plants the journal, runs `scan --fix`, and checks that the journal and everything outside
        /// the tree and in it (but the scan's own rewrite) are as they were, and that the journal is
        /// named with `reason`.
        func expectLeftAlone(target: String, file: URL, done: Bool = false, reason: String,
                             adjust: (URL) throws -> Void = { _ in }) throws {
            try plant(target: target, file: file, done: done)
            try adjust(journal)
            let outsideBefore = try contents(of: outside)
            var treeBefore = try contents(of: repo)
            let warnings = try fix()
            #expect(try contents(of: outside) == outsideBefore, "nothing outside the tree is touched")
            treeBefore["App.swift"] = nil
            var treeAfter = try contents(of: repo)
            treeAfter["App.swift"] = nil
            #expect(treeAfter == treeBefore, "the journal and what it names are left as they are")
            #expect(warnings.contains(".dtaudit-fix.\(process)-planted.tmp at the scanned folder") && warnings.contains(reason), "\(warnings)")
        }
    }

    @Test func aJournalTheUserWroteInsideTheTreeIsActedOn() throws {
        // The same planting, of a file inside the tree, by the user: what the tests below refuse is
        // the journal's origin or target, not its shape.
        let scene = try Scene()
        try scene.plant(target: "Data.txt", file: scene.repo.appendingPathComponent("Data.txt"))
        let warnings = try scene.fix()
        #expect(try String(contentsOf: scene.repo.appendingPathComponent("Data.txt"), encoding: .utf8) == "the attacker's text\n")
        #expect(warnings.contains("before it finished: put back 1 of its 1 file"), "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: scene.journal.path))
    }

    @Test func aJournalNamingAFileByItsAbsolutePathIsLeftAlone() throws {
        let scene = try Scene()
        let victim = scene.outside.appendingPathComponent("victim.txt")
        try scene.expectLeftAlone(target: victim.path, file: victim, reason: "names a file outside that folder or past a symbolic link")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the victim's text\n")
    }

    @Test func aFinishedJournalNamingAFileOutsideTheTreeRemovesNothingBesideIt() throws {
        // `done`: a trusted journal's run removes the temporary names beside each file it names.
        let scene = try Scene()
        let victim = scene.outside.appendingPathComponent("victim.txt")
        try scene.expectLeftAlone(target: victim.path, file: victim, done: true, reason: "names a file outside that folder")
        #expect(FileManager.default.fileExists(atPath: scene.outside.appendingPathComponent(".victim.txt.\(scene.process)-a.tmp").path))
    }

    @Test func aJournalNamingAFilePastALinkedFolderIsLeftAlone() throws {
        let scene = try Scene()
        try FileManager.default.createSymbolicLink(atPath: scene.repo.appendingPathComponent("Linked").path, withDestinationPath: "../outside")
        try scene.expectLeftAlone(target: "Linked/victim.txt", file: scene.outside.appendingPathComponent("victim.txt"),
                                  reason: "names a file outside that folder or past a symbolic link ('Linked/victim.txt')")
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func anotherUsersJournalIsLeftAlone() throws {
        let scene = try Scene()
        try scene.expectLeftAlone(target: "Data.txt", file: scene.repo.appendingPathComponent("Data.txt"),
                                  reason: "belongs to another user (id 4242)") { journal in
            #expect(chown(journal.path, 4242, 4242) == 0)
        }
    }

    @Test func aJournalOthersMayWriteIsLeftAlone() throws {
        let scene = try Scene()
        try scene.expectLeftAlone(target: "Data.txt", file: scene.repo.appendingPathComponent("Data.txt"),
                                  reason: "may be changed by other users (mode 666)") { journal in
            #expect(chmod(journal.path, 0o666) == 0)
        }
    }

    @Test func aFixWritesOnlyWhatTheNextRunCouldPutBack() throws {
        // A journal names only files inside the root reached without a link, so a fix rewrites no
        // other: a file named outside the folder it runs from, or past a linked folder, is left.
        let scene = try Scene()
        let code = "import SwiftUI\nlet t = Text(\"x\").font(.system(size: 12))\n"
        try Fixture.write(Data(code.utf8), "outside/Out.swift", in: scene.cli.directory)
        try FileManager.default.createSymbolicLink(atPath: scene.repo.appendingPathComponent("Linked").path, withDestinationPath: "../outside")
        for (named, reason) in [("../outside/Out.swift", "outside the folder the scan runs from"), ("Linked/Out.swift", "past a symbolic link to a folder")] {
            let result = try scene.cli.run(["scan", "--fix", named], in: scene.repo)
            #expect(try String(contentsOf: scene.outside.appendingPathComponent("Out.swift"), encoding: .utf8) == code, "\(named)")
            #expect(result.stdout.contains("Left for you (1):") && result.stdout.contains(reason), "\(named): \(result.stdout)")
        }
    }
}
