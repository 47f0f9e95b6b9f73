import DynamicType
import Output

/// What `record` writes, decided before anything is: the cells, those outside the checklist's
/// plan, and the failures it would replace.
public struct RecordingPlan: Sendable {
    public var cells: [CellKey]
    /// Cells recorded although the checklist does not plan their item at their size.
    public var offPlan: [CellKey]
    /// Cells failing now that this recording passes or sets n/a: a bulk `--item all` must say so.
    /// A failure a later fix addresses is not among them: a pass then is the retest the fix asked for.
    public var replacedFailures: [CellKey]

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// `items` nil means every item the checklist plans at each of `sizes`; items named are
    /// recorded at every size given, even outside their plan.
    public init(checklist: Checklist, items: [String]?, sizes: [Size], status: ResultStatus, current: ScreenState?) throws(Problem) {
        cells = []
        offPlan = []
        replacedFailures = []
        for size in sizes {
            for id in items ?? checklist.items.map(\.id) {
                let planned = checklist.item(id)?.sizes.contains(size) ?? false
                if items == nil && !planned { continue }
                let key = CellKey(item: id, size: size)
                cells.append(key)
                if !planned { offPlan.append(key) }
                if status == .pass || status == .na, current?.cell(id, size)?.status == .fail, !(current?.awaitsRetest(id, size) ?? false) {
                    replacedFailures.append(key)
                }
            }
        }
        if cells.isEmpty {
            throw Problem(description: "no checklist item is planned at \(sizes.map(\.id).joined(separator: ",")); items are planned at "
                          + "\(checklist.plannedSizes.map(\.id).joined(separator: " ")), or name the items with --item")
        }
    }
}

/// The items a fix addresses. A fix sends its failed checks and the default size back to be
/// checked, so it must address failures: without items it takes those failing now, and an item
/// that is not failing is refused (a change made before anything failed is not a fix of a failure).
public enum FixPlan {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func items(_ requested: [String]?, state: ScreenState, checklist: Checklist) throws(Problem) -> [String] {
        let failing = checklist.items.map(\.id).filter { id in state.failedCells.contains { $0.item == id } }
        guard let requested else {
            if failing.isEmpty {
                throw Problem(description: "nothing on '\(state.screen.name)' is failing now, so there is nothing for a fix to address")
            }
            return failing
        }
        let passing = requested.filter { !failing.contains($0) }
        if !passing.isEmpty {
            let now = failing.isEmpty ? "nothing is failing on it now" : "failing now: " + failing.joined(separator: ", ")
            throw Problem(description: "\(passing.joined(separator: ", ")) \(plural("is", passing.count)) not failing on '\(state.screen.name)' (\(now)); "
                          + "a fix addresses failures: record the failure first")
        }
        return requested
    }
}

/// The checks `dtaudit audit` asks for on a screen: what is left to do on it, the same list
/// `next` gives (`ScreenState.pending`), or every planned check for a full re-audit. Largest size
/// first and the default size last, so that the device is set once per size; checklist order
/// within a size.
public enum AuditPlan {
    public struct Step: Sendable, Equatable {
        public var item: String
        public var size: Size
        /// Why it is asked for; nil in a full re-audit of a check with nothing open on it.
        public var reason: PendingCheck.Reason?

        public init(item: String, size: Size, reason: PendingCheck.Reason?) {
            self.item = item
            self.size = size
            self.reason = reason
        }
    }

    public static func steps(for state: ScreenState, checklist: Checklist, sizes: Set<Size>?, everything: Bool) -> [Step] {
        var steps = state.pending.filter { sizes?.contains($0.size) ?? true }.map { Step(item: $0.item, size: $0.size, reason: $0.reason) }
        if everything {
            let listed = Set(steps.map { CellKey(item: $0.item, size: $0.size) })
            for (item, size) in checklist.plannedCells where sizes?.contains(size) ?? true && !listed.contains(CellKey(item: item.id, size: size)) {
                steps.append(Step(item: item.id, size: size, reason: nil))
            }
        }
        let itemRank = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return steps.sorted {
            (Size.auditRank[$0.size.rawValue], itemRank[$0.item] ?? .max, $0.item) < (Size.auditRank[$1.size.rawValue], itemRank[$1.item] ?? .max, $1.item)
        }
    }
}

/// What is open on a screen or a set of screens, counted: checks to record (retests, default
/// re-checks, never recorded) and failures that wait for a fix.
public struct OpenWork: Sendable, Equatable {
    public private(set) var retests = 0
    public private(set) var rechecks = 0
    public private(set) var unrecorded = 0
    public private(set) var awaitingFix = 0

    public init<S: Sequence>(_ states: S) where S.Element == ScreenState {
        for state in states {
            for check in state.pending {
                switch check.reason {
                case .retest: retests += 1
                case .recheckDefault: rechecks += 1
                case .unrecorded: unrecorded += 1
                }
            }
            awaitingFix += state.awaitingFix.count
        }
    }

    public init(_ state: ScreenState) { self.init([state]) }

    /// Checks to record: what `next` lists and `audit` walks.
    public var checks: Int { retests + rechecks + unrecorded }

    /// `1 retest`, `2 default re-checks`, `6 to check`, `1 failure waits for a fix`: the parts
    /// that are not zero, in the order they are done.
    public var parts: [String] {
        checkParts + (awaitingFix > 0 ? ["\(counted(awaitingFix, "failure")) \(plural("waits", awaitingFix)) for a fix"] : [])
    }

    /// The checks to record alone, for a view that counts what waits for a fix as problems.
    public var checkParts: [String] {
        var parts: [String] = []
        if retests > 0 { parts.append("\(retests) to retest") }
        if rechecks > 0 { parts.append(counted(rechecks, "default re-check")) }
        if unrecorded > 0 { parts.append("\(unrecorded) to check") }
        return parts
    }
}

/// The order screens are worked in by `next` and `audit`: critical screens first, then those
/// with retests (a fix is waiting to be confirmed), then by name.
public enum WorkOrder {
    public static func ordered(_ states: [ScreenState]) -> [ScreenState] {
        states.sorted { a, b in
            let aRetest = a.pending.first.map { if case .retest = $0.reason { true } else { false } } ?? false
            let bRetest = b.pending.first.map { if case .retest = $0.reason { true } else { false } } ?? false
            if a.screen.critical != b.screen.critical { return a.screen.critical }
            if aRetest != bRetest { return aRetest }
            return a.screen.name.lowercased() < b.screen.name.lowercased()
        }
    }
}

private extension ScreenState {
    /// Whether the cell failed and a later fix sent it back to be retested.
    func awaitsRetest(_ item: String, _ size: Size) -> Bool {
        pending.contains { check in
            guard case .retest = check.reason else { return false }
            return check.item == item && check.size == size
        }
    }
}
