import AuditLog
import DynamicType
import Foundation
import Testing
import TestSupport
@testable import Interchange

/// The merge driver's one pass (`OrderedMerge`) against the record-by-record merge it stands in
/// for: random versions of a file, as stores write them and damaged or reshaped in every way a
/// merge meets (lines out of order or twice, conflict markers, line ends, spacing, clashes, format
/// damage, blank versions), give the same bytes or the same refusal. Versions written as stores
/// write them are always merged in the one pass.
///
/// DTAUDIT_PROPERTY_RUNS sets the number of merges (80 by default); a failure names its seed, and
/// DTAUDIT_PROPERTY_SEED replays that one merge.
@Suite struct MergeDriverTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 80 }

    @Test func theOnePassWritesWhatTheRecordMergeWrites() throws {
        let own = try AuditFile.read(try TemporaryStore().file).records.map(\.record)
        let items = try ShippedChecklists.defaultChecklist().items.map(\.id)
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(Self.runs)).map { $0 &* 0x2545_F491 &+ 5 }
        var onePass = 0
        var asStoresWrite = 0
        for seed in seeds {
            var versions = Versions(seed: seed, own: own, items: items)
            let (base, ours, theirs) = versions.make()
            let reference = Result { () throws(InterchangeError) in try MergeDriver.unionOfRecords(base: base, ours: ours, theirs: theirs) }
            var bytes: [UInt8] = []
            let took = OrderedMerge.merge([base, ours, theirs].map(Self.source), into: { bytes.append(contentsOf: $0) })
            if versions.asStoresWrite { asStoresWrite += 1 }
            if took {
                onePass += 1
                #expect((try? reference.get()).map { Array($0.utf8) } == bytes, "seed \(seed): the one pass wrote other bytes (\(versions.shape))")
            } else {
                #expect(!versions.asStoresWrite, "seed \(seed): versions written as stores write them were left to the record merge")
            }
            let merged = Result { () throws(InterchangeError) in try MergeDriver.merge(base: base, ours: ours, theirs: theirs) }
            switch (merged, reference) {
            case (.success(let a), .success(let b)): #expect(a == b, "seed \(seed) (\(versions.shape))")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "seed \(seed) (\(versions.shape))")
            default: Issue.record("seed \(seed): one merge refused what the other took (\(versions.shape)): \(merged) against \(reference)")
            }
        }
        // Both kinds of case came up often enough to mean something.
        #expect(seeds.count < 50 || (asStoresWrite > seeds.count / 3 && onePass >= asStoresWrite && onePass < seeds.count))
    }

    /// One version in memory, handed over in pieces of random size as a file's chunks are.
    static func source(_ bytes: [UInt8]) -> (inout [UInt8]) -> Bool {
        var offset = 0
        var random = SplitMix64(seed: UInt64(bytes.count))
        return { buffer in
            guard offset < bytes.count else { return false }
            let end = min(bytes.count, offset + Int.random(in: 1...4096, using: &random))
            buffer.append(contentsOf: bytes[offset..<end])
            offset = end
            return true
        }
    }
}

/// Three versions of one audit: records drawn from a common pool as teammates' stores hold them,
/// then, in some merges, reshaped or damaged.
struct Versions {
    var random: SplitMix64
    let own: [LogRecord]
    let items: [String]
    /// Whether all three are written as stores write them (then the one pass must take them).
    var asStoresWrite = true
    var shape: [String] = []

    init(seed: UInt64, own: [LogRecord], items: [String]) {
        random = SplitMix64(seed: seed)
        self.own = own
        self.items = items
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// Ids of a few lengths from a small alphabet, so that orders tie on time and part of the id.
    mutating func id() -> String {
        String((0..<number(1...6)).map { _ in "ab0-9z._"[String.Index(utf16Offset: number(0...7), in: "ab0-9z._")] })
    }

    mutating func time() -> Timestamp {
        TemporaryStore.start.adding(days: 0, minutes: number(0...40))
    }

    mutating func pool() -> [LogRecord] {
        var records: [LogRecord] = []
        var screens: [String] = []
        for n in 0..<number(0...5) {
            let screen = Screen(id: "s" + id(), name: "Screen \(n)", critical: chance(0.3), createdAt: time(), createdBy: "Mei Chen")
            screens.append(screen.id)
            records.append(.screen(screen))
        }
        // A screen no version adds: its records stay in the audit's block.
        screens.append("ghost" + id())
        var recorded: [(String, String)] = []
        for _ in 0..<number(0...40) {
            let screen = screens[number(0...(screens.count - 1))]
            let at = time()
            let by = chance(0.5) ? "Ana Lima" : "Sam Okafor"
            switch number(0...9) {
            case 0:
                records.append(.fix(Fix(id: "f" + id(), screen: screen, type: .scroll, items: [items[0]], note: chance(0.5) ? "Scrolls" : nil, ref: nil, by: by, at: at)))
            case 1:
                records.append(.edit(ScreenEdit(id: "e" + id(), screen: screen, name: "Renamed \(number(0...9))", by: by, at: at)))
            case 2 where !recorded.isEmpty:
                let (target, on) = recorded[number(0...(recorded.count - 1))]
                records.append(.retract(Retraction(id: "x" + id(), screen: on, target: target, note: "wrong screen", by: by, at: at)))
            case 3 where !recorded.isEmpty:
                let (target, on) = recorded[number(0...(recorded.count - 1))]
                records.append(.amend(Amendment(id: "m" + id(), screen: on, target: target, note: "Clipped \"here\"", by: by, at: at)))
            default:
                let recording = Recording(id: "r" + id(), screen: screen, item: items[number(0...(items.count - 1))], size: Size.allCases[number(0...11)],
                                          status: chance(0.2) ? .fail : .pass, note: chance(0.2) ? "Clipped at ax5, é" : nil, by: by, at: at)
                recorded.append((recording.id, screen))
                records.append(.recording(recording))
            }
        }
        // One id, one record: later draws of an id already used are dropped.
        var seen = Set<String>()
        return records.filter { seen.insert($0.id).inserted }
    }

    /// A version holding `records`, with the screen record of each screen they use, as a store holds them.
    mutating func version(_ records: [LogRecord], pool: [LogRecord]) -> [LogRecord] {
        var held = own + records
        let ids = Set(held.map(\.id))
        for case .screen(let screen) in pool where !ids.contains(screen.id) && held.contains(where: { $0.screen == screen.id }) {
            if chance(0.05) {
                // Held without its screen: that version places its records in the audit's block.
                asStoresWrite = false
                shape.append("a record without its screen")
            } else {
                held.append(.screen(screen))
            }
        }
        return held
    }

    mutating func make() -> ([UInt8], [UInt8], [UInt8]) {
        let pool = pool()
        let base = pool.filter { _ in chance(0.5) }
        let baseIDs = Set(base.map(\.id))
        let ours = version(pool.filter { baseIDs.contains($0.id) ? !chance(0.05) : chance(0.3) }, pool: pool)
        let theirs = version(pool.filter { baseIDs.contains($0.id) ? !chance(0.05) : chance(0.3) }, pool: pool)
        var files = [version(base, pool: pool), ours, theirs].map { Array(AuditFileWriter.text($0).utf8) }
        if chance(0.1) {
            files[0] = chance(0.7) ? [] : Array(" \n\r\n".utf8)
            shape.append("a blank base")
        }
        if chance(0.4) {
            let which = number(0...2)
            reshape(&files[which])
            asStoresWrite = false
        }
        return (files[0], files[1], files[2])
    }

    /// One change that a store would never write.
    mutating func reshape(_ file: inout [UInt8]) {
        var lines = String(decoding: file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Lines 1 ..< count - 3 are records (the last three: the end record, `]}`, and nothing).
        let records = lines.count - 4
        let pick = { (v: inout Versions) in 1 + v.number(0...max(0, records - 1)) }
        let kind = number(0...12)
        shape.append("reshaped \(kind)")
        switch kind {
        case 0 where records >= 2:
            let (a, b) = (pick(&self), pick(&self))
            lines.swapAt(a, b)
        case 1 where records >= 1:
            let a = pick(&self)
            lines.insert(lines[a], at: a)
        case 2 where records >= 1:
            let a = pick(&self)
            lines.insert("<<<<<<< ours", at: a)
            lines.insert("=======", at: a + 2)
            lines.insert(">>>>>>> theirs", at: a + 3)
        case 3:
            lines.removeLast()
        case 4 where records >= 1:
            lines[pick(&self)] += "\r"
        case 5 where records >= 1:
            let a = pick(&self)
            lines[a] = lines[a].replacingOccurrences(of: ",\"by\":", with: ", \"by\" : ")
        case 6 where records >= 1:
            // A record changed by hand: a clash with the other versions' line of it.
            let a = pick(&self)
            lines[a] = lines[a].replacingOccurrences(of: "\"by\":\"", with: "\"by\":\"X")
        case 7 where records >= 1:
            lines.insert(chance(0.5) ? "{\"record\":\"recording\"}," : "not json,", at: pick(&self))
        case 8:
            lines.removeLast(number(2...3))
        case 9:
            lines[0] = "\u{FEFF}" + lines[0]
        case 10:
            lines.insert("", at: pick(&self))
        case 11:
            lines.insert("]}", at: lines.count - 1)
        case 12 where records >= 1:
            let a = pick(&self)
            lines[a] = String(lines[a].dropLast())
        default:
            lines.insert("  ", at: 1)
        }
        file = Array(lines.joined(separator: "\n").utf8)
    }
}
