import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scan --fix` raced by an editor and killed at random moments, over a tree of many files: an edit
/// made while it runs is never lost and stops the rewrite, naming the file; a killed run leaves no
/// temporary file once the next `--fix` has run, and the tree is all old or all new after it.
@Suite(.tags(.endToEnd, .stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct ScanFixSafetyTests {
    /// A tree of `count` SwiftUI files, each with one fixed font size that `--fix` rewrites, after
    /// `padding` bytes of comments.
    struct Tree {
        let cli: CLI
        let count: Int
        let padding: String

        var folder: URL { cli.directory.appendingPathComponent("App") }
        func name(_ k: Int) -> String { String(format: "F%04d.swift", k) }
        func url(_ k: Int) -> URL { folder.appendingPathComponent(name(k)) }
        func old(_ k: Int) -> String {
            "import SwiftUI\n\n" + padding + "struct Row\(k): View {\n    var body: some View {\n        Text(\"Row \(k)\").font(.system(size: 13))\n    }\n}\n"
        }
        func new(_ k: Int) -> String { old(k).replacingOccurrences(of: ".system(size: 13)", with: ".system(.footnote)") }

        init(count: Int, padding: Int = 0) throws {
            cli = try CLI()
            self.count = count
            self.padding = String(repeating: "// " + String(repeating: "-", count: 76) + "\n", count: padding / 80)
            try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("App"), withIntermediateDirectories: true)
            try reset()
        }

        func reset() throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            for k in 0..<count { try Data(old(k).utf8).write(to: url(k)) }
        }

        func text(_ k: Int) throws -> String { String(decoding: try Data(contentsOf: url(k)), as: UTF8.self) }

        /// The names dtaudit's temporary files and journals have, anywhere in the tree.
        func temporaries() throws -> [String] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                + FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
            return names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
        }

        func inode(_ k: Int) -> UInt64? {
            var info = stat()
            return stat(url(k).path, &info) == 0 ? UInt64(info.st_ino) : nil
        }
    }

    /// `dtaudit` started in the tree, waited for on a thread of its own, so that the test can watch
    /// the tree meanwhile and know when the process ends.
    final class Run: @unchecked Sendable {
        let pid: pid_t
        let errors: URL
        private let lock = NSLock()
        private var status: Int32?
        private let done = DispatchSemaphore(value: 0)

        init(_ arguments: [String], in tree: Tree) throws {
            let started = try Spawn.start(CLI.binary.path, arguments, in: tree.cli.directory, environment: tree.cli.environment, input: nil)
            pid = started.pid
            errors = started.errors
            Thread.detachNewThread { [self] in
                let status = Spawn.wait(pid)
                lock.withLock { self.status = status }
                done.signal()
            }
        }

        var ended: Bool { lock.withLock { status != nil } }

        /// Polls until `condition` holds; false when the process ended first.
        func watch(timeout: TimeInterval = 30, pause: UInt32 = 200, until condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline && !ended {
                if condition() { return true }
                // Looking costs little of the cores the fix runs on.
                if pause > 0 { usleep(pause) }
            }
            return false
        }

        func stop() { kill(pid, SIGKILL) }

        /// The exit status (128 + the signal for a killed one) and what it wrote to standard error.
        func finish() -> (status: Int32, errors: String) {
            done.wait()
            let text = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
            try? FileManager.default.removeItem(at: errors.deletingLastPathComponent())
            return (lock.withLock { status ?? -1 }, text)
        }
    }

    @Test func anEditMadeWhileTheFixRunsIsNeverLostAndStopsTheRewrite() throws {
        let tree = try Tree(count: 200)
        var random = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<10 {
            try tree.reset()
            // The file edited is one the fix has already read and staged when the edit lands: its
            // temporary file, or the journal, or a later file's temporary file is there.
            let target = Int.random(in: 0..<tree.count / 2, using: &random)
            let edit = "// an edit made during the fix, round \(round)\n"
            let trigger = round % 3
            let run = try Run(["scan", "--fix"], in: tree)
            _ = run.watch {
                let names = (try? tree.temporaries()) ?? []
                switch trigger {
                case 0: return names.contains { $0.hasPrefix(".F") && $0 > "." + tree.name(target) + "~" }
                case 1: return names.contains { $0.hasPrefix(".dtaudit-fix.") }
                default: return tree.inode(0) != nil && names.count > tree.count / 2
                }
            }
            let handle = try FileHandle(forWritingTo: tree.url(target))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(edit.utf8))
            try handle.close()
            let (status, errors) = run.finish()

            let edited = try tree.text(target)
            #expect(edited.hasSuffix(edit), "round \(round): the edit to \(tree.name(target)) was lost (exit \(status)): \(errors)")
            let others = (0..<tree.count).filter { $0 != target }
            if status == 0 {
                // The edit landed before the scan read the file, or after the rewrite: both stand.
                #expect(edited.contains(".system(.footnote)"), "round \(round)")
                #expect(try others.allSatisfy { try tree.text($0) == tree.new($0) }, "round \(round): all files are rewritten")
                outcomes["rewritten", default: 0] += 1
            } else {
                #expect(status == 73, "round \(round): \(errors)")
                #expect(errors.contains("App/\(tree.name(target)) changed while the scan ran; nothing was rewritten"), "round \(round): \(errors)")
                #expect(edited == tree.old(target) + edit, "round \(round)")
                #expect(try others.allSatisfy { try tree.text($0) == tree.old($0) }, "round \(round): no file is rewritten")
                outcomes["stopped", default: 0] += 1
            }
            let left = try tree.temporaries()
            #expect(left.isEmpty, "round \(round): \(left.prefix(3))")
        }
        // Most edits land after the file was read: the check is where the files are replaced.
        #expect(outcomes["stopped", default: 0] >= 5, "\(outcomes)")
    }

    @Test func aFixKilledAtAnyMomentIsPutBackOrFinishedByTheNextRun() throws {
        // Files of 12 KB, so that putting them in place takes long enough for kills to land amid it.
        let tree = try Tree(count: 40, padding: 12_000)
        // How long a whole run takes, to spread the kills over it.
        let began = Date()
        _ = try tree.cli.run(["scan", "--fix"])
        let length = Date().timeIntervalSince(began)
        var random = SystemRandomNumberGenerator()
        var states: [String: Int] = [:]
        // Twenty rounds, and more (up to sixty) while the kills have not yet fallen in every phase:
        // on a loaded machine a kill aimed amid the swaps lands after them more often.
        var round = 0
        while round < 20 || (round < 60 && (states["some", default: 0] < 2 || states["none", default: 0] < 2)) {
            defer { round += 1 }
            try tree.reset()
            let firstInode = tree.inode(0)
            let run = try Run(["scan", "--fix"], in: tree)
            switch round % 3 {
            case 0:
                usleep(UInt32.random(in: 0...UInt32(length * 1_000_000), using: &random))
            case 1:
                // While the files are staged.
                let staged = Int.random(in: 1...tree.count, using: &random)
                _ = run.watch { ((try? tree.temporaries()) ?? []).count > staged }
            default:
                // While the files are put in place, one after another: watched closely, as that
                // takes a millisecond or two.
                _ = run.watch(pause: 0) { tree.inode(0) != firstInode }
            }
            run.stop()
            _ = run.finish()

            // Right after the kill every file is whole: its old text or its new one.
            let texts = try (0..<tree.count).map(tree.text)
            let rewritten = (0..<tree.count).filter { texts[$0] == tree.new($0) }.count
            #expect((0..<tree.count).allSatisfy { texts[$0] == tree.old($0) || texts[$0] == tree.new($0) }, "round \(round)")
            states[rewritten == 0 ? "none" : rewritten == tree.count ? "all" : "some", default: 0] += 1

            // The next --fix settles it before it scans (a rule with nothing to fix shows what it
            // settled alone): all old or all new, and nothing left behind.
            let settle = try tree.cli.run(["scan", "--fix", "--rule", "shrinks-text", "App/" + tree.name(0)])
            #expect(settle.status == 0, "round \(round): \(settle.stderr)")
            let settled = try (0..<tree.count).map(tree.text)
            let allOld = (0..<tree.count).allSatisfy { settled[$0] == tree.old($0) }
            let allNew = (0..<tree.count).allSatisfy { settled[$0] == tree.new($0) }
            #expect(allOld || allNew, "round \(round): \(rewritten) files were rewritten when it was killed; \(settle.stderr)")
            if rewritten > 0 && rewritten < tree.count {
                #expect(allOld && settle.stderr.contains("put back \(rewritten) of its \(tree.count) files"), "round \(round): \(settle.stderr)")
            }
            let left = try tree.temporaries()
            #expect(left.isEmpty, "round \(round): \(left.prefix(3))")

            // And a fix then converges: every file rewritten, and nothing left to do.
            let fixed = try tree.cli.run(["scan", "--fix"])
            #expect(fixed.status == 0 && fixed.stderr.isEmpty, "round \(round): \(fixed.stderr)")
            #expect(try (0..<tree.count).allSatisfy { try tree.text($0) == tree.new($0) }, "round \(round)")
            if round % 5 == 4 {
                #expect(try tree.cli.run(["scan", "--fix"]).stdout.hasPrefix("Nothing to rewrite.\n"), "round \(round)")
            }
        }
        // The kills fell in every phase: before any file was replaced, amid, and after.
        #expect(states["some", default: 0] >= 2 && states["none", default: 0] >= 2, "\(states)")
    }

    /// A fix of one file stages its new text while its check runs: an edit that lands then is never
    /// lost and stops the rewrite, and a run killed then leaves the file whole and nothing the next
    /// fix does not remove.
    @Test func aFileStagedWhileItsCheckRunsLosesNoEditAndIsSettledWhenKilled() throws {
        let tree = try Tree(count: 0)
        let url = tree.folder.appendingPathComponent("Rows.swift")
        // Enough rewrites for the check to take a while.
        let rows = (0..<6_000).map { "            Text(\"Row \($0)\").font(.system(size: 13))\n" }.joined()
        let old = "import SwiftUI\n\nstruct Rows: View {\n    var body: some View {\n        VStack {\n" + rows + "        }\n    }\n}\n"
        let new = old.replacingOccurrences(of: ".system(size: 13)", with: ".system(.footnote)")
        let text = { String(decoding: try Data(contentsOf: url), as: UTF8.self) }
        // The journal as first seen: written as the check begins, it says nothing is being placed yet.
        var firstSeen = ""
        let journal = { () -> Bool in
            guard let name = ((try? tree.temporaries()) ?? []).first(where: { $0.hasPrefix(".dtaudit-fix.") }),
                  let data = try? Data(contentsOf: tree.cli.directory.appendingPathComponent(name)), !data.isEmpty else { return false }
            firstSeen = String(decoding: data, as: UTF8.self)
            return true
        }
        var random = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<12 {
            try Data(old.utf8).write(to: url)
            let run = try Run(["scan", "--fix"], in: tree)
            #expect(run.watch(pause: 0, until: journal), "round \(round): the journal appeared while the fix ran")
            outcomes[firstSeen.contains("\nplacing ") ? "seen placing" : "seen staging", default: 0] += 1
            if round % 2 == 0 {
                let edit = "// an edit made while the check runs, round \(round)\n"
                let handle = try FileHandle(forWritingTo: url)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(edit.utf8))
                try handle.close()
                let (status, errors) = run.finish()
                let edited = try text()
                if status == 0 {
                    #expect(edited == new + edit, "round \(round): the edit was lost")
                } else {
                    #expect(status == 73 && errors.contains("App/Rows.swift changed while the scan ran; nothing was rewritten"), "round \(round): \(errors)")
                    #expect(edited == old + edit, "round \(round)")
                }
                outcomes[status == 0 ? "after" : "stopped", default: 0] += 1
            } else {
                usleep(UInt32.random(in: 0...20_000, using: &random))
                run.stop()
                _ = run.finish()
                let killed = try text()
                #expect(killed == old || killed == new, "round \(round): the file is whole")
                let settle = try tree.cli.run(["scan", "--fix", "--rule", "shrinks-text", "App/Rows.swift"])
                #expect(settle.status == 0, "round \(round): \(settle.stderr)")
                let settled = try text()
                #expect(settled == old || settled == new, "round \(round)")
                if killed == old {
                    #expect(settled == old, "round \(round): a file the killed run had not replaced stays as it was")
                    if settle.stderr.contains("none of its 1 file had been replaced") { outcomes["killed before placing", default: 0] += 1 }
                }
            }
            let left = try tree.temporaries()
            #expect(left.isEmpty, "round \(round): \(left.prefix(3))")
        }
        // The journal stands while the check runs, so the edits land then, before the file is
        // replaced, and so do most kills.
        #expect(outcomes["seen staging", default: 0] >= 10, "\(outcomes)")
        #expect(outcomes["killed before placing", default: 0] >= 3, "\(outcomes)")
        #expect(outcomes["stopped", default: 0] >= 3, "\(outcomes)")
    }
}
