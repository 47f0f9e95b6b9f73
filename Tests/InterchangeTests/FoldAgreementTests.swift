import DynamicType
import Evidence
import Foundation
import SQLite
import Testing
@testable import AuditStore
@testable import Interchange
import TestSupport

/// The audit has one fold, the store's into its tables, whatever order and batches its records come
/// in: a store that took them a few at a time, as imports and syncs bring them, and a file read
/// without a store (`export --since` an earlier file), folded in one go into a scratch store.
/// As a property: random histories of every kind of record, with clocks that disagree by minutes
/// and days, ties, recordings made in sight of their cell and beside it, concurrent edits,
/// take-backs, corrections and lines that clash under one id, fed to a store in random batches
/// and read from their file in another order, fold to the same audit: app, checklist, screens and
/// their shown names, recordings and fixes with corrected notes, live evidence; every cell's
/// standing recording is the one `CellRule` picks, and what stands is what no retraction took back.
///
/// DTAUDIT_PROPERTY_RUNS sets the number of histories (100 by default); a failure names its seed,
/// and DTAUDIT_PROPERTY_SEED replays that one history.
@Suite struct FoldAgreementTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 100 }

    @Test func aStoreAndAFileReadWithoutOneFoldEveryKindToTheSameAudit() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(Self.runs)).map { $0 &* 0x2545_F491 &+ 5 }
        var made = Set<LogRecord.Kind>()
        var clashed = Set<LogRecord.Kind>()
        for seed in seeds {
            var history = try RecordHistory(seed: seed)
            history.make()
            made.formUnion(history.lines.map(\.kind))
            clashed.formUnion(history.clashes.map(\.kind))
            let differences: [String]
            do {
                differences = try history.differences()
            } catch {
                Issue.record("seed \(seed): \(error)")
                return
            }
            if !differences.isEmpty {
                Issue.record("seed \(seed): the two folds differ in \(differences.joined(separator: ", "))")
                return
            }
        }
        if seeds.count >= 100 {
            // Every kind is folded, and every kind's line is replaced by a smaller one somewhere: a
            // property of the generator over the full number of histories (a shorter run, such as
            // the sanitized one, checks the folds on what its histories hold).
            #expect(made == Set(LogRecord.Kind.allCases))
            #expect(clashed == Set(LogRecord.Kind.allCases))
        }
    }
}

/// One random history of records, in the order they were made.
struct RecordHistory {
    var random: SplitMix64
    let seed: UInt64
    /// Every line made, in order; a clash is a second line under an id made before.
    var lines: [LogRecord] = []
    var clashes: [LogRecord] = []
    var clock = Timestamp(iso8601: "2026-09-07T09:00:00Z")!
    var usedIDs = Set<String>()
    let checklist: Checklist
    /// Every checklist adopted is a version of this one: its items are the items the audit knows.
    var items: [ChecklistItem] { checklist.items }
    let names = ["Home", "Settings", "Checkout", "map", "MAP", "Profile"]

    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        checklist = try ShippedChecklists.defaultChecklist()
    }

    mutating func pick<T>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    /// A time a little after the last, give or take: clocks disagree and ties happen.
    mutating func tick() -> Timestamp {
        clock = clock.adding(minutes: 1)
        return clock.adding(minutes: Int.random(in: -4...2, using: &random))
    }

    /// A new id: short, of mixed case, so that ids order otherwise than times; some look like
    /// format 1's, whose lines may clash.
    mutating func makeID(clashable: Bool = false) -> String {
        let alphabet = Array("aZb0Y9_-c")
        while true {
            let id = (clashable ? "v1-" : "") + String((0..<4).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            if usedIDs.insert(id).inserted { return id }
        }
    }

    var screens: [Screen] { lines.compactMap { if case .screen(let screen) = $0 { screen } else { nil } } }

    func records(of screen: String, _ kinds: [LogRecord.Kind]) -> [LogRecord] {
        lines.filter { $0.screen == screen && kinds.contains($0.kind) }
    }

    /// What a run's judge saw fail: up to three findings of one or two elements, in fractions of a point.
    mutating func findings() -> [RecordedFinding] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            let elements = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                let frame = [16, Double(Int.random(in: 0...800, using: &random)) / 3, 200, Double(Int.random(in: 10...90, using: &random)) / 2]
                return RecordedFinding.Element(type: pick(["StaticText", "Button", "Image"])!, identifier: pick(["", "tab.home", "row.\"1\""])!,
                                               label: pick(["", "Total", "Delivery & returns"])!, frame: frame, large: chance(70) ? frame.map { $0 / 2 } : nil)
            }
            return RecordedFinding(elements: elements, detail: pick(["is 17 pt tall at ax5 and 17 pt at Large", ""])!,
                                   figure: chance(60) ? Double(Int.random(in: 1...99, using: &random)) / 4 : nil)
        }
    }

    mutating func note() -> String? {
        chance(40) ? "Seen on \(pick(["iPhone SE", "iPad", "a \"small\" phone"])!) \(Int.random(in: 1...9, using: &random))" : nil
    }

    // MARK: Making

    mutating func make() {
        lines.append(.audit(AppNaming(id: makeID(), app: "Trailhead", by: "Mei", at: tick())))
        lines.append(.checklist(ChecklistAdoption(id: makeID(), checklist: checklist, by: "Mei", at: tick())))
        for _ in 0..<Int.random(in: 20...70, using: &random) { step() }
    }

    mutating func step() {
        let by = pick(["Ana", "Bo", "Mei"])!
        let at = tick()
        let clashable = chance(12)
        let id = makeID(clashable: clashable)
        let screen = pick(screens)
        var made: LogRecord?
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<4:
            // Sometimes from a clock far behind: then it says who started the audit.
            made = .audit(AppNaming(id: id, app: pick(["Trailhead", "Trailhead 2", "Summit"])!, by: by,
                                    at: chance(50) ? at.adding(minutes: -Int.random(in: 0...200, using: &random)) : at))
        case 4..<5 where chance(60):
            // A filing of a problem: it changes no view of the audit, in either fold.
            let cells = screens.prefix(2).map { FiledCell(screen: $0.id, size: pick(Size.allCases)!) }
            made = .filing(Filing(id: id, problem: "p-" + String(repeating: pick(["a", "b"])!, count: 24), tracker: "github:acme/trailhead",
                                  issue: chance(80) ? Int.random(in: 1...40, using: &random) : nil, url: nil,
                                  state: pick(Filing.State.allCases)!, item: pick(items)!.id, cells: cells, digest: nil, by: by, at: at))
        case 4..<7:
            var upgraded = checklist
            upgraded.version = String(Int.random(in: 2...9, using: &random))
            if chance(50) { upgraded.items.removeLast(Int.random(in: 1...3, using: &random)) }
            made = .checklist(ChecklistAdoption(id: id, checklist: upgraded, by: by, at: at))
        case 7..<20:
            let name = pick(names)!
            made = .screen(Screen(id: id, name: name, flow: chance(40) ? pick(["checkout", "account"]) : nil, critical: chance(30),
                                  owner: chance(40) ? pick(["Ana", "Bo"]) : nil, notes: note(), triage: chance(20) ? pick(Category.triageable) : nil,
                                  files: chance(30) ? ["App/\(name)/*.swift"] : [], createdAt: at, createdBy: by))
        case 20..<34:
            guard let screen else { return }
            var edit = ScreenEdit(id: id, screen: screen.id, by: by, at: at)
            if chance(30) { edit.name = pick(names)! + (chance(50) ? " \(Int.random(in: 1...3, using: &random))" : "") }
            if chance(30) { edit.owner = .some(chance(70) ? pick(["Ana", "Bo", "Kim"])! : nil) }
            if chance(25) { edit.flow = .some(chance(70) ? pick(["checkout", "explore"])! : nil) }
            if chance(20) { edit.critical = chance(50) }
            if chance(20) { edit.notes = .some(note()) }
            if chance(20) { edit.triage = .some(pick([Category.broken, .unsupported, .supported, nil])!) }
            if chance(20) { edit.removed = chance(60) }
            if chance(20) { edit.addFiles = ["App/\(Int.random(in: 1...3, using: &random))/*.swift"] }
            if chance(15) { edit.removeFiles = ["App/\(Int.random(in: 1...3, using: &random))/*.swift"] }
            if edit.isEmpty { edit.owner = .some(by) }
            // Mostly made after seeing the screen's latest values; sometimes beside another edit.
            if !chance(25), let fold = ScreenFold(records(of: screen.id, [.screen, .edit])) {
                edit.replaces = fold.replaces(edit.fields)
            }
            made = .edit(edit)
        case 34..<60:
            guard let screen, let item = pick(items) else { return }
            // Few cells, so that cells are recorded again and again, at times that tie.
            let size = pick(Array(item.sizes.prefix(2)))!
            // Mostly made in sight of the cell's highest recording, as a store makes them; some
            // from a clock days off (or at the end of time), some beside another, as before rounds.
            let held = records(of: screen.id, [.recording]).compactMap { record -> Recording? in
                if case .recording(let recording) = record, recording.cell == CellKey(item: item.id, size: size) { recording } else { nil }
            }
            let before = chance(75) ? CellRule.standing(among: held) : nil
            let skew = pick([0, 0, 0, 3 * 24 * 60, -2 * 24 * 60, 7 * 60])!
            let time = chance(3) ? Timestamp(iso8601: "9999-12-31T12:00:00.000Z")! : (chance(15) ? clock : at).adding(minutes: skew)
            let run: String? = chance(20) ? "UITests.xcresult #3f2a9c1e4b5d" : nil
            made = .recording(Recording(id: id, screen: screen.id, item: item.id, size: size, status: pick(ResultStatus.allCases)!, note: note(),
                                        run: run, findings: run != nil && chance(70) ? findings() : nil, follows: before?.id,
                                        round: before.map { $0.round + 1 } ?? 0, by: by, at: time))
        case 60..<68:
            guard let screen else { return }
            let fixed = (0..<Int.random(in: 0...2, using: &random)).compactMap { _ in pick(items)?.id }
            made = .fix(Fix(id: id, screen: screen.id, type: pick(FixType.allCases)!, items: Array(Set(fixed)).sorted(), note: note(),
                            ref: chance(30) ? "PR \(Int.random(in: 1...99, using: &random))" : nil, by: by, at: at))
        case 68..<77:
            guard let screen else { return }
            let recording = pick(records(of: screen.id, [.recording]))
            let hash = String((0..<64).map { _ in Array("0123456789abcdef")[Int.random(in: 0..<16, using: &random)] })
            let item: String? = chance(50) ? pick(items)?.id : nil
            made = .evidence(EvidenceAttachment(id: id, screen: screen.id, size: pick(Size.allCases)!, item: item,
                                                recording: chance(60) ? recording?.id : nil, hash: hash, kind: pick([.png, .jpeg])!,
                                                bytes: Int64(Int.random(in: 0...9999, using: &random)), name: "shot \(Int.random(in: 1...9, using: &random)).png",
                                                // Named from the hash's first digit, so that no draw more shifts every later history.
                                                run: [nil, "UITests.xcresult #3f2a9c1e4b5d", "run2 #0a1b2c3d4e5f"][Int(hash.utf8.first! % 3)], by: by, at: at))
        case 77..<89:
            guard let screen, let target = pick(records(of: screen.id, Retraction.targetKinds)) else { return }
            made = .retract(Retraction(id: id, screen: screen.id, target: target.id, note: note(), by: by, at: at))
        case 89..<95:
            guard let screen, let target = pick(records(of: screen.id, Amendment.targetKinds)) else { return }
            made = .amend(Amendment(id: id, screen: screen.id, target: target.id, note: note(), by: by, at: at))
        case 95..<98:
            guard let screen, let item = pick(items) else { return }
            made = .waive(Waiver(id: id, screen: screen.id, item: item.id, element: pick(["tab.home", "Total", "badge"])!,
                                 type: chance(30) ? "Button" : nil, reason: "by design", everywhere: chance(30), by: by, at: at))
        default:
            guard let screen, case .recording(let kept)? = pick(records(of: screen.id, [.recording])) else { return }
            made = .dissent(Dissent(id: id, screen: screen.id, item: kept.item, size: kept.size, status: .pass, note: note(),
                                    run: "UITests.xcresult #3f2a9c1e4b5d", kept: kept.id, by: by, at: at))
        }
        guard let made else { return }
        lines.append(made)
        if clashable, chance(70) { clash(made) }
    }

    /// Another line under the id of `record`: format 1 stores that disagreed on its details.
    mutating func clash(_ record: LogRecord) {
        let other: LogRecord
        let text = "other \(Int.random(in: 1...9, using: &random))"
        switch record {
        case .audit(var naming): naming.app += " " + text; other = .audit(naming)
        case .checklist(var adoption): adoption.checklist.version += "." + String(Int.random(in: 1...9, using: &random)); other = .checklist(adoption)
        case .screen(var screen): screen.name = pick(names)!; screen.owner = text; other = .screen(screen)
        case .edit(var edit): edit.notes = .some(text); other = .edit(edit)
        case .recording(var recording):
            recording.status = pick(ResultStatus.allCases)!
            recording.at = recording.at.adding(minutes: Int.random(in: -3...3, using: &random))
            other = .recording(recording)
        case .fix(var fix): fix.note = text; other = .fix(fix)
        case .evidence(var evidence): evidence.name = text + ".png"; other = .evidence(evidence)
        case .retract(var retraction):
            retraction.note = text
            // Another recording or fix taken back instead. (Not evidence: a store does not link
            // again what a replaced retraction took back, and format 1 had no retractions.)
            let others = records(of: retraction.screen, [.recording, .fix])
            if others.contains(where: { $0.id == retraction.target }), chance(50), let instead = pick(others) { retraction.target = instead.id }
            other = .retract(retraction)
        case .amend(var amendment): amendment.note = text; other = .amend(amendment)
        case .filing(var filing): filing.issue = (filing.issue ?? 0) + 1; other = .filing(filing)
        case .dissent(var dissent): dissent.note = text; other = .dissent(dissent)
        case .waive(var waiver): waiver.reason = text; other = .waive(waiver)
        }
        guard other.line != record.line else { return }
        lines.append(other)
        clashes.append(other)
    }

    // MARK: Folding

    /// What the store fed in batches and the file folded in one go disagree on, or what either
    /// holds against the rules; empty when all agree.
    func differences() throws -> [String] {
        var differences: [String] = []
        func compare<T: Equatable>(_ what: String, _ stored: T, _ folded: T) {
            if stored != folded { differences.append(what) }
        }
        // The store takes the lines in a few batches, each in random order, as imports and syncs do.
        var random = SplitMix64(seed: seed ^ 0xF01D)
        var batches: [[LogRecord]] = [[]]
        for record in lines {
            batches[batches.count - 1].append(record)
            if Int.random(in: 0..<100, using: &random) < 8 { batches.append([]) }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folds-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let location = StoreLocation(folder: folder.appendingPathComponent(".dtaudit").path)
        let store = try AuditStore.create(at: location) { store in
            try store.merge(batches[0].shuffled(using: &random).map { ($0, 0) })
        }
        for batch in batches.dropFirst() where !batch.isEmpty {
            _ = try store.write { try store.merge(batch.shuffled(using: &random).map { ($0, 0) }) }
        }

        // The file is the union of every line, where the smaller of two lines of an id stands.
        let read = try AuditFile.read(Array(AuditFileWriter.text(lines).utf8))
        let records = read.records.map(\.record)
        var stored: [UInt8] = []
        _ = try AuditFileWriter.write(store: store) { stored.append(contentsOf: $0) }
        compare("the lines of the log", stored, Array(AuditFileWriter.text(records).utf8))

        // A file read without a store folds in any order, not only the file's.
        let scratch = try AuditStore.scratch { try $0.merge(records.shuffled(using: &random).map { ($0, 0) }) }
        let folded = try AuditDocument(store: scratch)
        let fromStore = try AuditDocument(store: store)
        compare("the app's name", fromStore.app, folded.app)
        compare("when the audit started", fromStore.createdAt, folded.createdAt)
        compare("who started the audit", fromStore.createdBy, folded.createdBy)
        compare("the checklist", fromStore.checklist, folded.checklist)
        compare("the screens", fromStore.screens, folded.screens)
        compare("the recordings", fromStore.recordings, folded.recordings)
        compare("the fixes", fromStore.fixes, folded.fixes)
        compare("the waivers", try store.waivers().map(\.record.line), try scratch.waivers().map(\.record.line))
        compare("the runs' verdicts kept beside", try store.dissents().map(\.record.line), try scratch.dissents().map(\.record.line))
        compare("the live evidence", try store.evidenceLinks().map { "\($0.id) \($0.name)" }.sorted(),
                try scratch.evidenceLinks().map { "\($0.id) \($0.name)" }.sorted())

        // What stands on live screens is what no retraction took back.
        let taken = Set(records.compactMap { record in if case .retract(let retraction) = record { retraction.target } else { nil } })
        let live = Set(folded.screens.map(\.id))
        let made = records.filter { [.recording, .fix].contains($0.kind) && live.contains($0.screen ?? "") }
        compare("what was taken back", Set(folded.recordings.map(\.id) + folded.fixes.map(\.id)), Set(made.map(\.id)).subtracting(taken))

        // The cells table, kept by the store's trigger and refolds, against the rule over the recordings.
        var cells: [String: [CellKey: String]] = [:]
        try store.db.cachedStatement("SELECT s.uid, c.item, c.size, c.uid FROM cells c JOIN screens s ON s.id = c.screen_id").forEach { row in
            guard live.contains(row.string(0)), let size = Size(name: row.string(2)) else { return }
            cells[row.string(0), default: [:]][CellKey(item: row.string(1), size: size)] = row.string(3)
        }
        let standing = CellRule.standings(folded.recordings).mapValues { $0.mapValues(\.id) }
        compare("the cells table and CellRule", cells, standing)
        compare("the document's cells", folded.latestCells().mapValues { $0.mapValues(\.id) }, standing)
        return differences
    }
}
