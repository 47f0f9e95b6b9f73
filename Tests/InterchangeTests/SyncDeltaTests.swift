import AuditStore
import DynamicType
import Foundation
import Platform
import Testing
@testable import Interchange
import TestSupport

/// A sync that reads only what changed since its copy of the file must end exactly where reading
/// the whole file ends. Two identical stores share identical files; one keeps its copy, the other
/// has it removed before every sync, and the file each finds is edited the same random ways a team
/// and git edit it: a teammate's lines inserted anywhere, lines removed, moved and repeated, git's
/// conflict markers, a hand-edited line, stray spaces and line ends, a file cut short or replaced
/// whole, local records the file lacks, and a copy gone stale, damaged or missing. After every
/// sync both stores, both files and both reports are the same, or both syncs failed alike.
///
/// DTAUDIT_PROPERTY_RUNS sets the number of histories (30 by default); DTAUDIT_PROPERTY_SEED
/// replays one.
@Suite(.tags(.stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct SyncDeltaTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init).map { max(1, $0 / 3) } ?? 30 }

    @Test func readingOnlyWhatChangedEndsWhereReadingTheWholeFileEnds() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(Self.runs)).map { $0 &* 0x2545_F491 &+ 3 }
        var steps = 0
        var fast = 0
        for seed in seeds {
            var trial = try DeltaTrial(seed: seed)
            do {
                try trial.play()
            } catch {
                Issue.record("seed \(seed): \(error)\n\(trial.log.suffix(8).joined(separator: "\n"))")
                return
            }
            steps += trial.steps
            fast += trial.fastSyncs
        }
        // The test proves something only if the copy is used most of the time it may be.
        #expect(fast * 3 >= steps, "only \(fast) of \(steps) syncs read only what changed")
    }
}

/// A store in a folder of its own, opened from a copy of another's folder.
final class StoreFolder {
    let folder: URL
    let store: AuditStore

    init(copying source: TemporaryStore) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("delta-" + UUID().uuidString)
        try FileManager.default.copyItem(at: source.folder, to: folder)
        store = try AuditStore.open(StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    var shared: SharedAudit { SharedAudit(root: store.location.root, relativePath: "Exports/trailhead.json") }
}

struct DeltaTrial {
    var random: SplitMix64
    let fast: TemporaryStore
    let whole: StoreFolder
    let teammate: TemporaryStore
    /// The file both stores last synced with whole.
    var base: [UInt8]
    var log: [String] = []
    var steps = 0
    var fastSyncs = 0
    var modified: Int64 = 1_700_000_000_000
    var clock = TemporaryStore.time(5)
    let items = ["reachable", "no-truncation", "no-overlap", "text-scales"]

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        fast = try TemporaryStore(prefix: "f")
        try fast.fillIn()
        try FileManager.default.createDirectory(atPath: fast.store.location.root + "/Exports", withIntermediateDirectories: true)
        _ = try Sync.run(fast.store, with: fast.shared)
        base = try Self.read(fast.shared.path)
        whole = try StoreFolder(copying: fast)
        teammate = try TemporaryStore(joining: base, prefix: "t")
    }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &random) }

    mutating func play() throws {
        for _ in 0..<Int.random(in: 8...20, using: &random) {
            try teammateWorks()
            if chance(10) {
                // Both stores take records in outside a sync: the copy no longer matches the store.
                let lines = try teammate.file
                for store in [fast.store, whole.store] {
                    let file = try AuditFile.read(lines, known: try store.lineDigests())
                    _ = try store.write { try Importer.merge(file, into: store) }
                }
                log.append("both took the teammate's file in")
            }
            if chance(8) { try damageCopy() }
            let edited = try edit(base)
            try sync(edited)
        }
    }

    /// The teammate records, adds a screen, fixes: lines for the file to bring.
    mutating func teammateWorks() throws {
        let store = teammate.store
        clock = clock.adding(minutes: Int.random(in: -30...90, using: &random))
        let time = clock
        let screens = try store.screens()
        let operation = below(10)
        let item = items[below(items.count)]
        let size = Size.allCases[below(Size.allCases.count)]
        try store.write {
            if operation == 0 || screens.isEmpty {
                _ = try store.addScreen(name: "Screen \(below(1000))", flow: nil, critical: chance(50), owner: nil, notes: nil, files: [],
                                        by: "Bo", at: time)
            } else if operation == 1 {
                try store.addFix(screen: screens[below(screens.count)], type: .scroll, items: [item], note: nil, ref: nil, by: "Bo", at: time)
            } else {
                _ = try store.record(screen: screens[below(screens.count)], cells: [(item, size)], status: chance(70) ? .pass : .fail,
                                     note: chance(20) ? "Clipped" : nil, by: "Bo", at: time)
            }
        }
    }

    /// Leaves the fast store's copy stale, damaged or gone.
    mutating func damageCopy() throws {
        let copy = SharedCopy.copyPath(fast.store)
        let index = SharedCopy.indexPath(fast.store)
        switch below(4) {
        case 0:
            SharedCopy.discard(fast.store)
            log.append("copy removed")
        case 1:
            // A copy changed in place (its first record's first letter): the checksum tells.
            guard var bytes = try? Self.read(copy), bytes.count > 40 else { return }
            try? FileManager.default.removeItem(atPath: copy)
            bytes[30] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: copy))
            log.append("copy changed")
        case 2:
            guard let bytes = try? Self.read(index) else { return }
            try Data(bytes.prefix(below(bytes.count))).write(to: URL(fileURLWithPath: index))
            log.append("index cut short")
        default:
            try fast.store.write { try fast.store.setSharedCopyMark("another") }
            log.append("mark changed")
        }
    }

    /// The file as a pull, a merge or a person leaves it.
    mutating func edit(_ file: [UInt8]) throws -> [UInt8] {
        var lines = String(decoding: file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let theirs = String(decoding: try teammate.file, as: UTF8.self).split(separator: "\n").map(String.init)
        let known = Set(lines)
        let new = theirs.filter { !known.contains($0) && $0.hasPrefix("{\"record\":\"") && $0 != "{\"record\":\"end\"}" }
        let records = { (lines: [String]) in max(lines.count - 4, 0) }
        for _ in 0..<(1 + below(3)) {
            let kind = below(100)
            switch kind {
            case 0..<30:
                // A teammate's new lines, where their sync put them or anywhere.
                if chance(50) {
                    lines = theirs + [""]
                } else {
                    for line in new where chance(80) { lines.insert(line, at: 1 + below(records(lines) + 1)) }
                }
                log.append("teammate's lines")
            case 30..<40:
                guard records(lines) > 0 else { continue }
                lines.remove(at: 1 + below(records(lines)))
                log.append("a line removed")
            case 40..<50:
                guard records(lines) > 1 else { continue }
                let from = 1 + below(records(lines))
                let line = lines.remove(at: from)
                lines.insert(line, at: 1 + below(records(lines) + 1))
                log.append("a line moved")
            case 50..<58:
                // A plain merge's conflict: both sides kept between markers.
                let at = 1 + below(records(lines) + 1)
                let side = new.prefix(1 + below(3))
                lines.insert(contentsOf: ["<<<<<<< ours"] + side + ["======="] + new.suffix(1) + [">>>>>>> theirs"], at: at)
                log.append("conflict markers")
            case 58..<66:
                guard records(lines) > 0 else { continue }
                let at = 1 + below(records(lines))
                let edits = [("\"pass\"", "\"fail\""), ("\"fail\"", "\"pass\""), ("\"by\":\"", "\"by\":\"X"), (",\"", ", \""), ("}", "")]
                let (from, to) = edits[below(edits.count)]
                if let range = lines[at].range(of: from) { lines[at].replaceSubrange(range, with: to) }
                log.append("a hand-edited line")
            case 66..<72:
                guard records(lines) > 0 else { continue }
                let at = 1 + below(records(lines))
                lines[at] += ["\r", "  ", "\t"][below(3)]
                if chance(50) { lines.insert("", at: at) }
                log.append("spaces and line ends")
            case 72..<78:
                guard records(lines) > 0 else { continue }
                let at = 1 + below(records(lines))
                lines.insert(lines[at], at: 1 + below(records(lines) + 1))
                log.append("a line twice")
            case 78..<83:
                var bytes = Array(lines.joined(separator: "\n").utf8)
                bytes.removeLast(below(bytes.count))
                log.append("cut short")
                return bytes
            case 83..<87:
                log.append("replaced whole")
                return Array((chance(50) ? "{\"format\":2,\"records\":[\n]}\n" : "not an audit file\n").utf8)
            default:
                log.append("unchanged")
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Both stores sync with the same file: the same outcome, files and stores.
    mutating func sync(_ edited: [UInt8]) throws {
        steps += 1
        modified += 1_000
        let hold: GitState.Hold? = chance(10) ? .stashed : nil
        // Git puts a file in place whole, under a new name; a person may write into it (and into the copy, which may be the same file).
        let inPlace = chance(15)
        var outcomes: [String] = []
        for (index, (store, shared)) in [(fast.store, fast.shared), (whole.store, whole.shared)].enumerated() {
            if index == 1 { SharedCopy.discard(store) }
            if inPlace {
                try Data(edited).write(to: URL(fileURLWithPath: shared.path))
            } else {
                try Files.writeAtomically(shared.path) { $0.write(bytes: edited) }
            }
            try Files.setModified(shared.path, milliseconds: modified)
            do {
                let report = try Sync.run(store, with: shared, holding: hold)
                if index == 0 && report.readChangesOnly { fastSyncs += 1 }
                #expect(index == 0 || !report.readChangesOnly)
                let imported = report.imported.map { "\($0.outcome.added.map { "\($0.key.rawValue) \($0.value)" }.sorted()) \($0.recordsRead) \($0.conflictMarkers) \($0.newScreens)" } ?? "-"
                outcomes.append("wrote \(report.wroteFile) records \(report.records) in file \(report.recordsInFile ?? -1) held \(report.held != nil) \(imported)")
            } catch {
                outcomes.append("failed: \(error)")
            }
        }
        log.append("sync: \(outcomes[0])")
        #expect(outcomes[0] == outcomes[1], "\(log.suffix(6))")
        let files = try [fast.shared.path, whole.shared.path].map(Self.read)
        #expect(files[0] == files[1], "the files differ after: \(log.suffix(6))")
        let stores = try [fast.store, whole.store].map { store in
            var bytes: [UInt8] = []
            _ = try AuditFileWriter.write(store: store) { bytes.append(contentsOf: $0) }
            let standing = try store.snapshot().screens.map { "\($0.screen.id) \($0.category) \($0.tally.recorded) \($0.pending.count)" }
            return (bytes, standing)
        }
        #expect(stores[0].0 == stores[1].0 && stores[0].1 == stores[1].1, "the stores differ after: \(log.suffix(6))")
        if !outcomes[0].hasPrefix("failed"), hold == nil { base = files[0] }
        if outcomes[0] != outcomes[1] || files[0] != files[1] || stores[0].0 != stores[1].0 { throw Mismatch() }
    }

    struct Mismatch: Error {}
}
