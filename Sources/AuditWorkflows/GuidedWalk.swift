import AuditLog
import AuditStore
import DynamicType
import Evidence

/// One screen's guided walk (`dtaudit audit`): the checks to ask, in order, what each cell holds
/// now, the answers given and what they counted. Each answer is saved at once, at the store's own
/// time for the screen; `back` takes back as `undo` does. The walk reads no key and prints no line:
/// the command asks, calls, and says what happened.
public final class GuidedWalk {
    /// A cell's latest answer, as shown above its prompt.
    public struct Shown: Sendable, Equatable {
        public var status: ResultStatus
        public var note: String?
        public var by: String?
        public var run: String?
        public var at: Timestamp

        public init(status: ResultStatus, note: String?, by: String?, run: String? = nil, at: Timestamp) {
            self.status = status
            self.note = note
            self.by = by
            self.run = run
            self.at = at
        }

        public init(_ cell: CellState) {
            self.init(status: cell.status, note: cell.note, by: cell.by, run: cell.run, at: cell.at)
        }
    }

    /// What the walk did on its screen.
    public struct Tally: Sendable, Equatable {
        public var passed = 0, failed = 0, notApplicable = 0, skipped = 0, takenBack = 0

        public init(passed: Int = 0, failed: Int = 0, notApplicable: Int = 0, skipped: Int = 0, takenBack: Int = 0) {
            (self.passed, self.failed, self.notApplicable, self.skipped, self.takenBack) = (passed, failed, notApplicable, skipped, takenBack)
        }

        public var answered: Int { passed + failed + notApplicable }

        mutating func count(_ status: ResultStatus, _ count: Int) {
            switch status {
            case .pass: passed += count
            case .fail: failed += count
            default: notApplicable += count
            }
        }
    }

    /// What `back` took back.
    public enum Back: Sendable, Equatable {
        /// The walk's own latest answer (one check, or the passes of `passRest`): asked again.
        case answer(AuditPlan.Step, status: ResultStatus, count: Int, restored: Shown?)
        /// With nothing answered in this walk, the auditor's latest answers on the screen before
        /// it, as `undo` would find them: the checks not already ahead are asked next.
        case earlier([Recording])
        /// Nothing of the auditor's to take back on this screen.
        case nothing
    }

    /// A recording somebody else made on the screen while the walk was open.
    public struct News: Sendable, Equatable {
        public var recording: Recording
        /// The walk's own answer to that cell, which did not see it: the check is asked again.
        public var askedAgain: ResultStatus?
    }

    public let screen: Screen
    public let before: Standing
    public internal(set) var steps: [AuditPlan.Step]
    public private(set) var index = 0
    public internal(set) var cells: [CellKey: Shown] = [:]
    public private(set) var tally = Tally()

    let store: AuditStore
    let author: String
    let checklist: Checklist
    let sizes: Set<Size>?
    let everything: Bool
    /// Answers given in this walk, newest last, with the recordings they made, for `back`.
    private var answers: [(index: Int, status: ResultStatus, recordings: [Recording])] = []
    var watch: Watch

    /// The walk of `screen`, or nil when the store no longer holds it.
    public init?(store: AuditStore, screen: Screen, author: String, checklist: Checklist, sizes: Set<Size>?, everything: Bool) throws {
        self.store = store
        self.author = author
        self.checklist = checklist
        self.sizes = sizes
        self.everything = everything
        // Read before the screen: whatever is recorded after it is news to the walk.
        watch = Watch(seen: try store.latestRecordingRow())
        guard let state = try Self.state(of: screen, in: store) else { return nil }
        self.screen = screen
        before = state.standing
        steps = AuditPlan.steps(for: state, checklist: checklist, sizes: sizes, everything: everything)
        for cell in state.recordedCells {
            cells[CellKey(item: cell.item, size: cell.size)] = Shown(cell)
        }
    }

    static func state(of screen: Screen, in store: AuditStore) throws -> ScreenState? {
        try store.snapshot(only: screen, detailed: true).screens.first
    }

    /// The check to answer now; nil once the walk is done.
    public var current: AuditPlan.Step? { index < steps.count ? steps[index] : nil }

    /// What the cell of `step` holds now.
    public func shown(_ step: AuditPlan.Step) -> Shown? { cells[CellKey(item: step.item, size: step.size)] }

    /// The checks from the current one on at its size: what `passRest` records.
    public var restAtSize: ArraySlice<AuditPlan.Step> {
        guard let current else { return [] }
        return steps[index...].prefix { $0.size == current.size }
    }

    /// Records `status` for the current check, with its note and files, and moves on. A file that
    /// vanished or changed since it was checked throws `EvidenceError`, saving nothing.
    public func answer(_ status: ResultStatus, note: String?, evidence: [EvidenceCandidate]) throws -> RecordingOutcome {
        guard let step = current else { throw WalkError.finished }
        let outcome = try save(items: [step.item], size: step.size, status: status, note: note, evidence: evidence)
        answers.append((index, status, outcome.recordings))
        index += 1
        return outcome
    }

    /// Passes every check still to do at the current size as one command: one transaction, one
    /// time, and one `back` (or `undo`) takes them all back.
    public func passRest(note: String?, evidence: [EvidenceCandidate]) throws -> RecordingOutcome {
        guard let step = current else { throw WalkError.finished }
        let rest = restAtSize
        let outcome = try save(items: rest.map(\.item), size: step.size, status: .pass, note: note, evidence: evidence)
        answers.append((index, .pass, outcome.recordings))
        index += rest.count
        return outcome
    }

    private func save(items: [String], size: Size, status: ResultStatus, note: String?, evidence: [EvidenceCandidate]) throws -> RecordingOutcome {
        // The store gives the answer its time: after every record of the screen, so it is the cell's latest.
        let outcome = try store.record(RecordingRequest(screen: screen, items: items, sizes: [size], status: status, note: note,
                                                        evidence: evidence, by: author))
        watch.saved(outcome.recordings, as: status)
        for recording in outcome.recordings {
            cells[CellKey(item: recording.item, size: recording.size)] = Shown(status: status, note: note, by: author, at: outcome.at)
        }
        tally.count(status, outcome.recordings.count)
        return outcome
    }

    /// Leaves the current check open and moves on.
    public func skip() {
        guard current != nil else { return }
        tally.skipped += 1
        index += 1
    }

    /// Takes back the walk's latest answer, or before any, the auditor's latest answers on the
    /// screen; the checks are asked again.
    public func back() throws -> Back {
        guard let last = answers.popLast() else { return try takeBackEarlier() }
        let undone = steps[last.index]
        // Taken back as 'dtaudit undo' takes back: the answer's recording is retracted, and the
        // cell shows what it held before the answer again.
        try store.retract(last.recordings.map(LogRecord.recording), note: "undone", by: author)
        let now = try Self.state(of: screen, in: store)
        for recording in last.recordings {
            let key = CellKey(item: recording.item, size: recording.size)
            cells[key] = now?.cell(recording.item, recording.size).map { Shown($0) }
            watch.answered[key] = nil
        }
        tally.count(last.status, -last.recordings.count)
        tally.takenBack += last.recordings.count
        index = last.index
        return .answer(undone, status: last.status, count: last.recordings.count, restored: cells[CellKey(item: undone.item, size: undone.size)])
    }

    private func takeBackEarlier() throws -> Back {
        let earlier = try store.latestUndoableRecordings(by: author, on: screen)
        guard !earlier.isEmpty else { return .nothing }
        try store.retract(earlier.map(LogRecord.recording), note: "undone", by: author)
        let state = try Self.state(of: screen, in: store)
        let ahead = Set(steps[index...].map { CellKey(item: $0.item, size: $0.size) })
        let rank = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var reopened: [AuditPlan.Step] = []
        for recording in earlier.sorted(by: { (Size.auditRank[$0.size.rawValue], rank[$0.item] ?? .max) < (Size.auditRank[$1.size.rawValue], rank[$1.item] ?? .max) }) {
            let key = CellKey(item: recording.item, size: recording.size)
            let restored = state?.cell(recording.item, recording.size)
            cells[key] = restored.map { Shown($0) }
            if !ahead.contains(key) {
                reopened.append(AuditPlan.Step(item: recording.item, size: recording.size, reason: restored?.status.isAnswered == true ? nil : .unrecorded))
            }
        }
        steps.insert(contentsOf: reopened, at: index)
        tally.takenBack += earlier.count
        return .earlier(earlier)
    }

    /// The screen's category and the checks left on it as the store has them now, after the walk;
    /// nil when the store could not say.
    public func standingAfter() -> (standing: Standing, remaining: Int)? {
        guard let after = try? Self.state(of: screen, in: store) else { return nil }
        return (after.standing, AuditPlan.steps(for: after, checklist: checklist, sizes: sizes, everything: everything).count)
    }
}

/// A walk asked for what it no longer has: a mistake in the code that drives it.
public enum WalkError: Error, CustomStringConvertible {
    case finished

    public var description: String { "the walk of this screen has no check left to answer" }
}
