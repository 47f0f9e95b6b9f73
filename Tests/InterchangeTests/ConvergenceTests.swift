import AuditStore
import DynamicType
import Evidence
import Foundation
import Testing
import TestSupport
@testable import Interchange

/// The sharing design's promise, as a property: random histories of every change a person can make,
/// spread over three stores and exchanged in random orders through `import`, git's union merge, a
/// plain merge with conflict markers, the merge driver and `sync`, always end in byte-identical
/// files, with every recording ever made present, and no exchange ever refused. Each store's clock
/// is off by its own amount, hours or days, fast or slow, and still every cell stands on a
/// recording that no live recording of it was made in sight of.
///
/// Teams start in every order: each clone runs `git-setup` before its first sync, later or never,
/// and a merge goes the way that clone's git would take it (the driver once set up, else git's union
/// once the `.gitattributes` line is committed, else a plain merge); a fourth teammate may clone
/// mid-way and join from whatever file they pulled.
///
/// DTAUDIT_PROPERTY_RUNS sets the number of histories (200 by default); a failure names its seed,
/// and DTAUDIT_PROPERTY_SEED replays that one history.
@Suite(.tags(.stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set")) struct ConvergenceTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 200 }

    @Test func randomHistoriesConvergeWhateverRouteTheirFilesTake() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(Self.runs)).map { $0 &* 0x9E37_79B9 &+ 17 }
        for seed in seeds {
            var history = try History(seed: seed)
            do {
                try history.play()
            } catch {
                let recent = history.log.suffix(12).joined(separator: "\n")
                Issue.record("seed \(seed): \(error)\n\(recent)")
                return
            }
        }
    }
}

struct History {
    var random: SplitMix64
    var teammates: [TemporaryStore]
    /// The file everyone started from: a common ancestor for git's three-way merges.
    let start: [UInt8]
    let checklist: Checklist
    var clock = TemporaryStore.start
    /// Every recording made anywhere, and those taken back.
    var recordings = Set<String>()
    /// How far each store's clock is off, in minutes.
    var skews: [Int] = []
    /// The recordings of its cell each recording's store held when it was made, by its id.
    var seen: [String: Set<String>] = [:]
    var log: [String] = []
    let names = ["Home", "Settings", "Checkout", "Map", "Profile", "Search"]
    /// Which clones ran `git-setup` (their git merges the file with the driver), and whether the
    /// `merge=union` line of `.gitattributes` is committed: the first-run order of this history.
    var setUp: [Bool] = []
    var unionCommitted = false
    /// The step at which a late teammate clones and joins, if one does.
    var joinAt: Int?

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        let first = try TemporaryStore(prefix: "s0")
        start = try first.file
        teammates = [first, try TemporaryStore(joining: start, prefix: "s1"), try TemporaryStore(joining: start, prefix: "s2")]
        checklist = try first.store.checklist()
        let offsets = [0, 0, 3 * 60, -5 * 60, 2 * 24 * 60, -2 * 24 * 60, 9 * 24 * 60, -30 * 24 * 60]
        skews = (0..<4).map { _ in offsets[Int.random(in: 0..<offsets.count, using: &random)] }
        // The one who starts runs git-setup before the first sync (and commits the union line with
        // the file), after it (the line is added later, or never), or not at all.
        setUp = (0..<3).map { _ in Int.random(in: 0..<3, using: &random) == 0 }
        unionCommitted = setUp[0]
        joinAt = Int.random(in: 0..<2, using: &random) == 0 ? Int.random(in: 3...20, using: &random) : nil
    }

    mutating func pick<T>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    /// A moment a few minutes on, give or take: teammates' clocks disagree, and ties happen.
    mutating func tick() -> Timestamp {
        clock = clock.adding(minutes: 1)
        return clock.adding(minutes: Int.random(in: -3...3, using: &random))
    }

    mutating func play() throws {
        let steps = Int.random(in: 15...45, using: &random)
        for step in 0..<steps {
            if step == joinAt {
                // A late joiner clones whatever one teammate last pushed and sets a store up from it.
                let pulled = try teammates[Int.random(in: 0..<teammates.count, using: &random)].file
                teammates.append(try TemporaryStore(joining: pulled, prefix: "s3"))
                setUp.append(chance(50))
                log.append("a fourth teammate joins")
            }
            if chance(6) {
                // Somebody runs git-setup now, after their first sync, or commits the union line.
                let index = Int.random(in: 0..<teammates.count, using: &random)
                if setUp[index] { unionCommitted = true } else { setUp[index] = true }
                log.append("git-setup in \(index); union committed: \(unionCommitted)")
            }
            if chance(72) {
                try change(teammates[Int.random(in: 0..<teammates.count, using: &random)])
            } else {
                try exchange()
            }
        }
        // Everyone takes in everyone's file until nothing is new.
        log.append("clocks off by \(skews) minutes")
        for _ in 0..<2 {
            for target in teammates {
                for source in teammates where source !== target { try target.take(try source.file) }
            }
        }
        let files = try teammates.map { try $0.file }
        #expect(Set(files).count == 1, "the stores did not converge")
        let read = try AuditFile.read(files[0])
        let ids = Set(read.records.map(\.record.id))
        #expect(recordings.isSubset(of: ids), "recordings were lost: \(recordings.subtracting(ids).sorted().prefix(5))")
        // The file read without a store folds as the stores did, and the writer in memory writes their bytes.
        let records = read.records.map(\.record)
        #expect(Array(AuditFileWriter.text(records).utf8) == files[0])
        let folded = try AuditDocument(records: records)
        let states = try teammates.map { teammate in
            try teammate.store.snapshot().screens.map { "\($0.screen.id) \($0.screen.name) \($0.category) \($0.tally.recorded) \($0.pending.count)" }
        }
        #expect(states.allSatisfy { $0 == states[0] }, "the stores agree on the file but not on where screens stand")
        // No cell stands on a recording that a live recording of it was made in sight of.
        let document = try AuditDocument(store: teammates[0].store)
        let cells = document.latestCells()
        for recording in document.recordings {
            guard let standing = cells[recording.screen]?[recording.cell] else { continue }
            #expect(!(seen[recording.id] ?? []).contains(standing.id),
                    "\(standing.id) stands although \(recording.id) was made in sight of it (clocks off by \(skews) minutes)")
        }
        for teammate in teammates {
            let stored = try AuditDocument(store: teammate.store)
            #expect(folded.screens == stored.screens)
            #expect(folded.recordings == stored.recordings)
            #expect(folded.fixes == stored.fixes)
            #expect(folded.checklist == stored.checklist)
        }
    }

    // MARK: Changes

    mutating func change(_ teammate: TemporaryStore) throws {
        let store = teammate.store
        let author = pick(["Ana", "Bo", "Mei"])!
        let screens = try store.screens()
        let time = tick().adding(minutes: skews[teammates.firstIndex { $0 === teammate }!])
        let held = try store.records(kinds: [.recording]).compactMap { record -> Recording? in
            if case .recording(let recording) = record { recording } else { nil }
        }
        let operation = Int.random(in: 0..<100, using: &random)
        do {
            try store.write {
                switch operation {
                case 0..<12:
                    let name = pick(names)! + (chance(20) ? " \(Int.random(in: 1...3, using: &random))" : "")
                    try store.addScreen(name: name, flow: chance(50) ? pick(["checkout", "account"]) : nil, critical: chance(30),
                                        owner: chance(40) ? pick(["Ana", "Bo"]) : nil, notes: nil, files: chance(30) ? ["App/\(name)/*.swift"] : [],
                                        by: author, at: time)
                    log.append("\(store.location.folder.suffix(8)) add \(name)")
                case 12..<24:
                    guard let screen = pick(screens) else { return }
                    var changes = AuditStore.ScreenChanges()
                    if chance(30) { changes.name = pick(names)! + " \(Int.random(in: 1...9, using: &random))" }
                    if chance(40) { changes.owner = chance(80) ? .some(pick(["Ana", "Bo", "Kim"])!) : .some(nil) }
                    if chance(30) { changes.flow = .some(pick(["checkout", "account", "explore"])!) }
                    if chance(25) { changes.critical = chance(50) }
                    if chance(25) { changes.notes = .some("Note \(Int.random(in: 1...99, using: &random))") }
                    if chance(25) { changes.addFiles = ["App/\(Int.random(in: 1...4, using: &random))/*.swift"] }
                    if chance(20), let file = screen.files.first { changes.removeFiles = [file] }
                    if changes.isEmpty { changes.owner = .some(author) }
                    try store.updateScreen(screen, changes, by: author, at: time)
                    log.append("edit \(screen.name)")
                case 24..<30:
                    guard let screen = pick(screens) else { return }
                    try store.setTriage(pick([Category.broken, .unsupported, .supported, nil])!, for: screen, by: author, at: time)
                case 30..<35:
                    guard let screen = pick(screens) else { return }
                    try store.removeScreen(screen, by: author, at: time)
                    log.append("remove \(screen.name)")
                case 35..<39:
                    guard let removed = pick(try store.removedScreens()) else { return }
                    try store.restoreScreen(removed, by: author, at: time)
                case 39..<62:
                    guard let screen = pick(screens) else { return }
                    var cells: [(item: String, size: Size)] = []
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        let item = pick(checklist.items)!
                        cells.append((item.id, pick(item.sizes)!))
                    }
                    let made = try store.record(screen: screen, cells: cells, status: pick(ResultStatus.allCases)!,
                                                note: chance(30) ? "Seen on \(pick(["iPhone SE", "iPad"])!)" : nil,
                                                // Some recordings come from an automated run, whose name travels with them.
                                                run: chance(25) ? "UITests.xcresult #\(pick(["3f2a9c1e4b5d", "a1b2c3d4e5f6"])!)" : nil,
                                                by: author, at: time)
                    recordings.formUnion(made.map(\.id))
                    for recording in made {
                        seen[recording.id] = Set(held.filter { $0.screen == recording.screen && $0.cell == recording.cell }.map(\.id))
                    }
                case 62..<70:
                    guard let screen = pick(screens) else { return }
                    try store.addFix(screen: screen, type: pick(FixType.allCases)!, items: [pick(checklist.items)!.id], note: chance(50) ? "PR" : nil,
                                     ref: chance(30) ? "PR \(Int.random(in: 1...500, using: &random))" : nil, by: author, at: time)
                case 70..<78:
                    let candidates = try store.records(kinds: [.recording, .fix, .evidence]).filter { try !store.isRetracted($0.id) }
                    guard let target = pick(candidates) else { return }
                    try store.retract([target], note: chance(50) ? "wrong screen" : nil, by: author, at: time)
                    log.append("retract \(target.id)")
                case 78..<84:
                    guard let target = pick(try store.records(kinds: [.recording, .fix])) else { return }
                    try store.amend(target, note: chance(80) ? "Corrected \(Int.random(in: 1...9, using: &random))" : nil, by: author, at: time)
                case 84..<92:
                    guard let screen = pick(screens) else { return }
                    let picture = IndexedImage(width: Int.random(in: 1...4, using: &random), height: 2, palette: [.init(hex: 0xFFFFFF)]).png()
                    let file = try store.storeEvidence(bytes: picture, name: "\(screen.name) shot.png", by: author, at: time)
                    let item = pick(checklist.items)!
                    if chance(50) {
                        try store.attach(file, name: "shot.png", toLatestOf: screen, cells: [(item.id, pick(item.sizes)!)], by: author, at: time)
                    } else {
                        try store.attach(file, name: "shot.png", to: screen, size: pick(Size.allCases)!, by: author, at: time)
                    }
                case 92..<95:
                    var upgraded = try store.checklist()
                    upgraded.version = String(Int.random(in: 2...9, using: &random))
                    if chance(50), upgraded.items.count > 10 { upgraded.items.removeLast() } else { upgraded.items = checklist.items }
                    try store.append([.checklist(ChecklistAdoption(id: store.makeID(), checklist: upgraded, by: author, at: time))])
                    log.append("checklist v\(upgraded.version)")
                default:
                    let undoable = try store.latestUndoable(by: author)
                    if !undoable.isEmpty { try store.retract(undoable, note: "undone", by: author, at: time) }
                }
            }
        } catch is InputError {
            // A local command refused (a name taken, say): not a sharing refusal.
        } catch is ScreenLookupError {
        }
    }

    // MARK: Exchanges

    mutating func exchange() throws {
        var order = Array(teammates.indices)
        order.shuffle(using: &random)
        let targetIndex = pick([order[0], order[2]])!
        let (ours, theirs, target) = (teammates[order[0]], teammates[order[1]], teammates[targetIndex])
        // The merge the target's git makes: the driver once its clone is set up, else the union
        // once the line is committed, else a plain merge; or an import, or a pull and a sync.
        var route = Int.random(in: 0..<5, using: &random)
        if route == 1 || route == 2 || route == 3 { route = setUp[targetIndex] ? 3 : unionCommitted ? 1 : 2 }
        let merged: [UInt8]
        switch route {
        case 0:
            merged = try theirs.file
        case 1:
            merged = try Self.git(["--union"], ours: try ours.file, base: start, theirs: try theirs.file)
        case 2:
            merged = try Self.git([], ours: try ours.file, base: start, theirs: try theirs.file)
        case 3:
            merged = Array(try MergeDriver.merge(base: start, ours: try ours.file, theirs: try theirs.file).utf8)
        default:
            // The merged file arrives where the target syncs, as a pull brings it.
            let file = setUp[targetIndex] ? Array(try MergeDriver.merge(base: start, ours: try ours.file, theirs: try theirs.file).utf8)
                : try Self.git(unionCommitted ? ["--union"] : [], ours: try ours.file, base: unionCommitted ? [] : start, theirs: try theirs.file)
            try FileManager.default.createDirectory(atPath: target.store.location.root + "/Exports", withIntermediateDirectories: true)
            try Data(file).write(to: URL(fileURLWithPath: target.shared.path))
            _ = try Sync.run(target.store, with: target.shared)
            log.append("sync after a pull (driver: \(setUp[targetIndex]), union: \(unionCommitted))")
            return
        }
        try target.take(merged)
        log.append("exchange route \(route)")
    }

    /// `git merge-file` of three versions, as git merges a file in a repository.
    static func git(_ options: [String], ours: [UInt8], base: [UInt8], theirs: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in [("ours", ours), ("base", base), ("theirs", theirs)] {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        let result = try Spawn.run("/usr/bin/env", ["git", "merge-file"] + options + ["ours", "base", "theirs"], in: folder,
                                   environment: ProcessInfo.processInfo.environment)
        // merge-file exits with the number of conflicts: only a negative status is a failure.
        #expect(result.status >= 0, "git merge-file failed: \(result.stderr)")
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("ours")))
    }
}
