import AuditStore
import DynamicType
import Foundation
import Testing
import TestSupport
@testable import Interchange

/// Teammates who upgrade apart, as a property: random histories in which some teammates still
/// write the format 1 file (a line per recording, as the old dtaudit did) while the others' stores
/// write format 2, exchanged through git's union and plain merges, the merge driver and `import`.
/// A teammate on format 1 who pulls what the old dtaudit cannot read upgrades then. Every merged
/// file reads, every clone ends with the same file, and no recording is lost. Teams start in every
/// order here too: an upgraded clone runs `git-setup` from the start, mid-way or never (the old
/// dtaudit has no driver), the union line is committed from the start, later or never, and a late
/// teammate may clone mid-way, from a file that may hold both formats.
@Suite(.tags(.stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct MixedFormatConvergenceTests {
    @Test func formatOneAndFormatTwoWritersConvergeWhateverRouteTheirFilesTake() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(max(ConvergenceTests.runs / 4, 1))).map { $0 &* 0x9E37_79B9 &+ 29 }
        for seed in seeds {
            var history = try MixedHistory(seed: seed)
            do {
                try history.play()
            } catch {
                Issue.record("seed \(seed): \(error)\n\(history.log.suffix(12).joined(separator: "\n"))")
                return
            }
        }
    }
}

struct MixedHistory {
    /// A teammate: the format 1 text the old dtaudit keeps, or a store of the upgraded one.
    enum Writer {
        case old([String])
        case new(TemporaryStore)
    }

    var random: SplitMix64
    var writers: [Writer] = []
    /// The format 1 file everyone started from: the common ancestor of git's merges.
    let start: [UInt8]
    let names: [String]
    var recordings = Set<String>()
    var log: [String] = []
    var counter = 0
    let items: [ChecklistItem]
    /// Which clones merge with the driver (only upgraded ones can), and whether `.gitattributes`
    /// asks every clone for git's union.
    var setUp: [Bool] = []
    var unionCommitted = false

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        let checklist = try ShippedChecklists.defaultChecklist()
        items = checklist.items
        names = Array(["Home", "Settings", "Checkout", "Map", "Profile"].prefix(Int(seed % 3) + 2))
        let lines = try Self.formatOne(checklist, screens: names)
        start = Array(lines.joined(separator: "\n").utf8)
        for index in 0..<3 {
            if Int.random(in: 0..<2, using: &random) == 0 {
                writers.append(.old(lines))
            } else {
                writers.append(.new(try TemporaryStore(joining: start, prefix: "s\(index)")))
            }
            setUp.append(Int.random(in: 0..<3, using: &random) == 0)
        }
        unionCommitted = Int.random(in: 0..<2, using: &random) == 0
    }

    /// A format 1 file with the checklist and `screens`, as the old dtaudit wrote it.
    static func formatOne(_ checklist: Checklist, screens: [String]) throws -> [String] {
        func quoted(_ text: String) throws -> String { String(decoding: try JSONEncoder().encode(text), as: UTF8.self) }
        var lines: [String] = [#"{"format":1,"app":"Trailhead","createdAt":"2026-09-07T09:00:00.000Z","createdBy":"Mei Chen","records":["#]
        let head: String = #"{"record":"checklist","name":"\#(checklist.name)","title":\#(try quoted(checklist.title)),"version":"\#(checklist.version)","#
        lines.append(head + #""summary":\#(try quoted(checklist.summary)),"source":\#(try quoted(checklist.source))},"#)
        for item in checklist.items {
            let fix: String = item.fix.map { #","fix":"\#($0.rawValue)""# } ?? ""
            let sizes: String = item.sizes.map { "\"\($0.id)\"" }.joined(separator: ",")
            let wcag: String = item.wcag.map { "\"\($0)\"" }.joined(separator: ",")
            let start: String = #"{"record":"item","id":"\#(item.id)","title":\#(try quoted(item.title)),"sizes":[\#(sizes)],"#
            lines.append(start + #""severity":"\#(item.severity.rawValue)","scaling":\#(item.scaling)\#(fix),"wcag":[\#(wcag)],"howToCheck":\#(try quoted(item.howToCheck))},"#)
        }
        for (index, name) in screens.enumerated() {
            lines.append(#"{"record":"screen","name":"\#(name)","critical":\#(index == 0),"files":[],"createdAt":"2026-09-07T09:0\#(index):00.000Z","createdBy":"Mei Chen"},"#)
        }
        return lines + [#"{"record":"end"}"#, "]}", ""]
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    func file(_ writer: Writer) throws -> [UInt8] {
        switch writer {
        case .old(let lines): Array(lines.joined(separator: "\n").utf8)
        case .new(let teammate): try teammate.file
        }
    }

    mutating func play() throws {
        let joinAt = chance(50) ? Int.random(in: 2...12, using: &random) : nil
        for step in 0..<Int.random(in: 10...30, using: &random) {
            if step == joinAt {
                // A late joiner clones what one teammate has and sets an upgraded store up from it.
                let pulled = try file(writers[Int.random(in: 0..<writers.count, using: &random)])
                writers.append(.new(try TemporaryStore(joining: pulled, prefix: "late")))
                setUp.append(chance(50))
                log.append("a fourth teammate joins")
            }
            if chance(6) {
                let index = Int.random(in: 0..<writers.count, using: &random)
                if setUp[index] { unionCommitted = true } else { setUp[index] = true }
                log.append("git-setup in \(index); union committed: \(unionCommitted)")
            }
            let index = Int.random(in: 0..<writers.count, using: &random)
            if chance(60) { try record(index) } else { try exchange(into: index) }
        }
        // Whoever is still on format 1 upgrades; then everyone takes in everyone's file.
        var stores: [TemporaryStore] = []
        for writer in writers {
            switch writer {
            case .old: stores.append(try TemporaryStore(joining: try file(writer), prefix: "u\(stores.count)"))
            case .new(let teammate): stores.append(teammate)
            }
        }
        for _ in 0..<2 {
            for target in stores { for source in stores where source !== target { try target.take(try source.file) } }
        }
        let files: [[UInt8]] = try stores.map { try $0.file }
        #expect(Set(files).count == 1, "the stores did not converge")
        let ids = Set(try AuditFile.read(files[0]).records.map(\.record.id))
        #expect(recordings.isSubset(of: ids), "recordings were lost: \(recordings.subtracting(ids).sorted().prefix(5))")
    }

    mutating func record(_ index: Int) throws {
        counter += 1
        let name = names[Int.random(in: 0..<names.count, using: &random)]
        let item = items[Int.random(in: 0..<items.count, using: &random)]
        let size = item.sizes[Int.random(in: 0..<item.sizes.count, using: &random)]
        let status: ResultStatus = chance(50) ? .pass : .fail
        let at = TemporaryStore.start.adding(days: 1, minutes: counter)
        switch writers[index] {
        case .old(var lines):
            // The old dtaudit's line, among the records of its screen.
            let id = "old-\(counter)"
            let line: String = #"{"record":"recording","id":"\#(id)","screen":"\#(name)","item":"\#(item.id)","size":"\#(size.id)","#
                + #""status":"\#(status.rawValue)","by":"Old","at":"\#(at.iso8601)"},"#
            let named: String = #""screen":"\#(name)""#
            let added: String = #""name":"\#(name)""#
            let last: Int = lines.lastIndex(where: { (text: String) -> Bool in text.contains(named) || text.contains(added) })!
            lines.insert(line, at: last + 1)
            writers[index] = .old(lines)
            recordings.insert(id)
            log.append("\(index) old records \(name)")
        case .new(let teammate):
            let screen = try teammate.store.resolveScreen(name)
            let made = try teammate.store.record(screen: screen, cells: [(item.id, size)], status: status, note: nil, by: "New", at: at)
            recordings.formUnion(made.map(\.id))
            log.append("\(index) new records \(name)")
        }
    }

    mutating func exchange(into index: Int) throws {
        let source = (index + Int.random(in: 1..<writers.count, using: &random)) % writers.count
        let ours: [UInt8] = try file(writers[index])
        let theirs: [UInt8] = try file(writers[source])
        var route = Int.random(in: 0..<4, using: &random)
        // A pull merges as this clone's git does: the driver where an upgraded clone ran git-setup,
        // else the union where the line is committed, else a plain merge.
        var upgraded = true
        if case .old = writers[index] { upgraded = false }
        if route < 3 { route = upgraded && setUp[index] ? 2 : unionCommitted ? 0 : 1 }
        // A teammate on format 1 gets a file only through git: a pull merges it with theirs.
        if !upgraded, route == 3 { route = unionCommitted ? 0 : 1 }
        let merged: [UInt8]
        switch route {
        case 0: merged = try History.git(["--union"], ours: ours, base: start, theirs: theirs)
        case 1: merged = try History.git([], ours: ours, base: start, theirs: theirs)
        case 2: merged = Array(try MergeDriver.merge(base: start, ours: ours, theirs: theirs).utf8)
        default: merged = theirs
        }
        log.append("\(source) -> \(index) by route \(route)")
        switch writers[index] {
        case .new(let teammate):
            try teammate.take(merged)
        case .old:
            if case .old = writers[source], route == 0 {
                // Two format 1 files merged as a union: the old dtaudit reads and keeps the result.
                writers[index] = .old(String(decoding: merged, as: UTF8.self).components(separatedBy: "\n"))
                return
            }
            // The old dtaudit cannot go on with what it pulled (format 2, conflict markers): its
            // owner upgrades.
            writers[index] = .new(try TemporaryStore(joining: merged, prefix: "u\(index)-\(counter)"))
            log.append("\(index) upgrades")
        }
    }
}
