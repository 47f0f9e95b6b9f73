import AuditLog
import DynamicType

/// What `record` asks for: one result for checklist items at sizes on one screen.
public struct RecordingRequest: Sendable {
    public var screen: Screen
    /// Item ids; nil for every item the checklist plans at each of the sizes.
    public var items: [String]?
    public var sizes: [Size]
    public var status: ResultStatus
    public var note: String?
    /// Files attached to every new recording, checked already.
    public var evidence: [EvidenceCandidate]
    public var by: String

    public init(screen: Screen, items: [String]?, sizes: [Size], status: ResultStatus, note: String?, evidence: [EvidenceCandidate] = [],
                by author: String) {
        self.screen = screen
        self.items = items
        self.sizes = sizes
        self.status = status
        self.note = note
        self.evidence = evidence
        self.by = author
    }
}

/// What a recording did: the cells it recorded (and what they replaced), the recordings, the time
/// the store gave them, and where the screen stood before and stands after.
public struct RecordingOutcome: Sendable {
    public var plan: RecordingPlan
    public var recordings: [Recording]
    public var at: Timestamp
    public var before: Standing
    public var after: Standing
    /// What the store said about this machine's clock as it recorded (`clockFinding`).
    public var clock: ClockFinding?
}

/// What `fix` asks for: a fix of a screen, for the items failing now or those named.
public struct FixRequest: Sendable {
    public var screen: Screen
    public var type: FixType
    /// Item ids; nil for every item failing on the screen now.
    public var items: [String]?
    public var note: String?
    public var ref: String?
    public var by: String

    public init(screen: Screen, type: FixType, items: [String]?, note: String?, ref: String?, by author: String) {
        self.screen = screen
        self.type = type
        self.items = items
        self.note = note
        self.ref = ref
        self.by = author
    }
}

/// What a fix did: the fix as the store holds it (its items in checklist order) and the screen
/// after it, with the re-checks it opened.
public struct FixOutcome: Sendable {
    public var fix: Fix
    public var after: ScreenState
}

/// What a triage did: where the screen stands after it.
public struct TriageOutcome: Sendable {
    public var after: Standing
}

/// The writes of one screen that report what they did. Each is one transaction that chooses the
/// time of its records itself (`ownTime`) and reads only that screen, from its own cells and fixes,
/// before and after: what the command prints is the outcome, never a second reading of the audit.
extension AuditStore {
    /// Records the request's status in each cell of its plan (`RecordingPlan`, decided against the
    /// screen as it stands), with its evidence. Throws `RecordingPlan.Problem` when no cell is
    /// planned; nothing is written then.
    public func record(_ request: RecordingRequest) throws -> RecordingOutcome {
        try write {
            let checklist = try checklist()
            let plan = Plan(checklist)
            // A recording changes no fix: the screen's fixes are read once for both states.
            let fixes = try fixes(of: request.screen)
            let before = try state(of: request.screen, plan: plan, fixes: fixes)
            let cells = try RecordingPlan(checklist: checklist, items: request.items, sizes: request.sizes, status: request.status, current: before)
            let now = Timestamp.now()
            let times = try latestTimes(onScreen: request.screen.id, besides: request.by)
            let clock = try untold(try clockFinding(for: request.by, screen: request.screen, times: times, now: now))
            let time = Self.ownTime(after: times.all, now: now)
            let keys = cells.cells.map { ($0.item, $0.size) }
            let recordings = request.evidence.isEmpty
                ? try record(screen: request.screen, cells: keys, status: request.status, note: request.note, by: request.by, at: time)
                : try record(screen: request.screen, cells: keys, status: request.status, note: request.note, evidence: request.evidence,
                             by: request.by, at: time)
            let after = try state(of: request.screen, plan: plan, fixes: fixes)
            return RecordingOutcome(plan: cells, recordings: recordings, at: time, before: before.standing, after: after.standing, clock: clock)
        }
    }

    /// Records the fix for the items `FixPlan` allows (those failing now, by default). Throws
    /// `FixPlan.Problem` for an item that is not failing; nothing is written then.
    public func fix(_ request: FixRequest) throws -> FixOutcome {
        try write {
            let checklist = try checklist()
            let plan = Plan(checklist)
            let before = try state(of: request.screen, plan: plan, fixes: try fixes(of: request.screen))
            let items = try FixPlan.items(request.items, state: before, checklist: checklist)
            let added = try addFix(screen: request.screen, type: request.type, items: items, note: request.note, ref: request.ref, by: request.by)
            let fixes = try fixes(of: request.screen)
            let after = try state(of: request.screen, plan: plan, fixes: fixes)
            return FixOutcome(fix: fixes.first { $0.id == added.id } ?? added, after: after)
        }
    }

    /// Sets or clears the screen's triage (nothing is written when it is already so).
    public func triage(_ screen: Screen, as category: Category?, by author: String) throws -> TriageOutcome {
        try write {
            try setTriage(category, for: screen, by: author)
            // Read back: `screen` still holds the triage from before.
            let current = try self.screen(id: screen.id) ?? screen
            return TriageOutcome(after: try state(of: current, plan: Plan(try checklist()), fixes: try fixes(of: current)).standing)
        }
    }
}
