import Foundation
@testable import ScanRewrites
import Platform
import Scan
import Testing

/// A fix of one file stages its new text while its check runs (`StagingAhead`): the file written is
/// the one the plan makes, nothing staged outlives the fix, and a run killed before the check ends
/// leaves only what the next fix removes, the file as it was.
@Suite("Staging a fix while its check runs")
struct StagingAheadTests {
    static let card = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                VStack {
                    Text("Title").font(.system(size: 17))
                    Text("Note").font(.custom("Avenir Next", size: 13))
                }
            }
        }

        """

    /// `Card.swift` in a folder of its own, scanned.
    func scanned() throws -> (FixCommitTests.Folder, ScanReport) {
        let folder = try FixCommitTests.Folder()
        try folder.write(Self.card, to: "Card.swift")
        return (folder, try SourceScanner.scan(paths: [folder.path], root: folder.path))
    }

    func read(_ folder: FixCommitTests.Folder) -> (String) -> [UInt8]? {
        { path in try? [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + path))) }
    }

    /// `Card.swift` planned without staging, then the whole plan staged by hand: the state a fix is
    /// in while its check runs.
    func stagedByHand() throws -> (FixCommitTests.Folder, RewritePlan, StagingAhead) {
        let (folder, report) = try scanned()
        let staging = StagingAhead(root: folder.path) { _ in nil }
        let plan = Fixer.plan(report, verdict: ScanVerdict(report), read: read(folder))
        staging.begin(file: "Card.swift", old: Array(Self.card.utf8), list: plan.rewriteList, range: 0..<plan.rewriteList.count)
        staging.waitUntilStaged()
        return (folder, plan, staging)
    }

    @Test("the file put in place is the one staged while the check ran, with the original's permissions as they are then, and nothing staged is left")
    func writesWhatThePlanMakes() throws {
        let (folder, report) = try scanned()
        let identity = Files.identity(folder.path + "/Card.swift")
        let staging = StagingAhead(root: folder.path) { _ in identity }
        let plan = Fixer.plan(report, verdict: ScanVerdict(report), stagingAhead: staging, read: read(folder))
        let expected = try #require(plan.files.first)
        #expect(plan.files.count == 1 && plan.rewrites.count == 2)
        // Staged before it is claimed: the journal and the new text lie beside the file.
        staging.waitUntilStaged()
        let beside = try folder.names()
        #expect(beside.count == 3 && beside.contains { $0.hasPrefix(".dtaudit-fix.") }, "\(beside)")
        #expect(try folder.read("Card.swift") == Self.card, "nothing replaced before the write")
        let stagedName = try #require(beside.first { $0.hasPrefix(".Card.swift.") })
        let staged = try #require(Files.identity(folder.path + "/" + stagedName))
        // Permissions changed while the check runs are the ones the rewritten file gets.
        try Files.setPermissions(folder.path + "/Card.swift", 0o640)

        try plan.write(root: folder.path, scanned: { _ in identity }, staged: staging)
        #expect(Files.identity(folder.path + "/Card.swift")?.inode == staged.inode, "the staged file is the one put in place")
        #expect(Files.permissions(folder.path + "/Card.swift") == 0o640)
        #expect(try folder.read("Card.swift") == String(decoding: expected.new, as: UTF8.self))
        #expect(try folder.read("Card.swift").contains(#"Text("Title").font(.system(.body))"#))
        #expect(try folder.names() == ["Card.swift"])
    }

    @Test("what was staged for rewrites the check changed is removed, and the file is written from those kept")
    func stagedForOtherRewritesIsRemoved() throws {
        let (folder, planned, staging) = try stagedByHand()
        var plan = planned
        let bytes = Array(Self.card.utf8)
        #expect(try folder.names().count == 3)
        // The check held the second rewrite back.
        plan.rewriteList.keep(from: 0) { $0 == 0 }
        plan.changed = [ChangedFile(path: "Card.swift", old: bytes, rewrites: 0..<1)]

        try plan.write(root: folder.path, staged: staging)
        let text = try folder.read("Card.swift")
        #expect(text.contains(#"Text("Title").font(.system(.body))"#) && text.contains(#".custom("Avenir Next", size: 13))"#), "\(text)")
        #expect(try folder.names() == ["Card.swift"])
    }

    @Test("a plan that changes nothing in the end removes what was staged")
    func nothingChangedRemovesTheStaged() throws {
        let (folder, _, staging) = try stagedByHand()
        #expect(try folder.names().count == 3)
        staging.discard()
        #expect(try folder.names() == ["Card.swift"])
        #expect(try folder.read("Card.swift") == Self.card)
    }

    @Test("a run killed while its check runs leaves the file as it was, and what it staged is removed by the next fix")
    func killedWhileCheckingIsRemovedByTheNextFix() throws {
        let (folder, _, staging) = try stagedByHand()
        // The journal and staged file as a killed process would leave them: named for a process that is gone.
        let process = try FixCommitTests().deadProcess()
        for name in try folder.names() where name != "Card.swift" {
            let renamed = name.replacingOccurrences(of: ".\(System.processID)-", with: ".\(process)-")
            #expect(renamed != name, "\(name)")
            if name.hasPrefix(".dtaudit-fix.") {
                var journal = try #require(try? FixRecovery.read(folder.path + "/" + name).get())
                journal.process = process
                journal.entries = journal.entries.map { entry in
                    var entry = entry
                    entry.staged = entry.staged.replacingOccurrences(of: ".\(System.processID)-", with: ".\(process)-")
                    entry.backup = entry.backup.replacingOccurrences(of: ".\(System.processID)-", with: ".\(process)-")
                    return entry
                }
                try Data(journal.rendered).write(to: URL(fileURLWithPath: folder.path + "/" + renamed))
                try FileManager.default.removeItem(atPath: folder.path + "/" + name)
            } else {
                try FileManager.default.moveItem(atPath: folder.path + "/" + name, toPath: folder.path + "/" + renamed)
            }
        }
        _ = staging.claim([], of: RewriteList(), root: "/elsewhere")

        let lines = FixRecovery.recover(root: folder.path)
        #expect(lines == ["a 'scan --fix' was stopped (process \(process)) before it finished: none of its 1 file had been replaced; removed the temporary files it left"])
        #expect(try folder.names() == ["Card.swift"])
        #expect(try folder.read("Card.swift") == Self.card)
    }
}
