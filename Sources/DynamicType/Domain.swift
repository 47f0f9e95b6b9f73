/// What a recording says about one (screen, item, size) cell.
public enum ResultStatus: String, CaseIterable, Sendable {
    case pass, fail, na, untested

    /// The status whose name is spelled by `bytes` exactly, without building a string.
    public init?(bytes: UnsafeBufferPointer<UInt8>) {
        switch (bytes.count, bytes.first) {
        case (4, UInt8(ascii: "p")): self = .pass
        case (4, UInt8(ascii: "f")): self = .fail
        case (2, UInt8(ascii: "n")): self = .na
        case (8, UInt8(ascii: "u")): self = .untested
        default: return nil
        }
    }

    /// Counts as a recorded answer; `untested` resets a cell to unanswered.
    public var isAnswered: Bool { self != .untested }
}

/// What fixed a failure.
public enum FixType: String, CaseIterable, Sendable {
    /// Content made scrollable when it outgrows the screen (a scroll view only when needed).
    case scroll
    /// A side-by-side layout that turns vertical at large sizes (AnyLayout, ViewThatFits, a stack's axis).
    case stackFlip = "stack-flip"
    /// A fixed point size replaced by a text style or a custom font scaled relative to one.
    case textStyle = "text-style"
    /// Anything else: charts, tables, contrast over a background.
    case custom

    public var summary: String {
        switch self {
        case .scroll: "content made scrollable when it outgrows the screen"
        case .stackFlip: "side-by-side layout becomes vertical at large sizes"
        case .textStyle: "fixed size replaced by a text style or a scaled custom font"
        case .custom: "a change made for this screen alone"
        }
    }
}

/// How bad a failed check is for the people who need large text.
public enum Severity: String, CaseIterable, Sendable, Comparable {
    /// Content or a task can't be reached or read at all.
    case critical
    /// Content is damaged (clipped, overlapping) but the task can still be done.
    case major
    /// Polish: the screen works but looks wrong or wastes space.
    case minor

    private var rank: Int {
        switch self {
        case .critical: 0
        case .major: 1
        case .minor: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a screen stands. Derived from its recordings, never typed twice.
public enum Category: String, CaseIterable, Sendable {
    /// Text ignores the text size setting.
    case unsupported
    /// Text scales, but something clips, overlaps or can't be reached.
    case broken
    /// Every required check passed or does not apply.
    case supported
    /// Not enough is known yet.
    case unaudited

    /// The categories a person may set by hand during triage.
    public static let triageable: [Category] = [.unsupported, .broken, .supported]
}

/// Accumulates one screen's latest cells and derives its category:
/// a failed scaling item makes it unsupported; any other failure broken; every required cell
/// passed or not applicable supported; otherwise, while nothing planned is recorded, the triage
/// category (a guess), else unaudited.
public struct CategoryTally: Sendable {
    public private(set) var required = 0
    public private(set) var recorded = 0
    public private(set) var passed = 0
    public private(set) var failed = 0
    public private(set) var notApplicable = 0
    /// Failures anywhere, required or recorded off-plan.
    public private(set) var failures = 0
    public private(set) var scalingFailures = 0

    public init() {}

    /// Adds one cell; `required` says whether the checklist plans it, `scaling` whether its item
    /// decides that text scales at all.
    public mutating func add(_ status: ResultStatus, required isRequired: Bool, scaling: Bool) {
        if status == .fail {
            failures += 1
            if scaling { scalingFailures += 1 }
        }
        guard isRequired else { return }
        switch status {
        case .pass: passed += 1; recorded += 1
        case .fail: failed += 1; recorded += 1
        case .na: notApplicable += 1; recorded += 1
        case .untested: break
        }
    }

    /// Sets how many cells the plan requires (unrecorded ones are never added).
    public mutating func setRequired(_ count: Int) { required = count }

    public func category(triage: Category?) -> Category {
        if scalingFailures > 0 { return .unsupported }
        if failures > 0 { return .broken }
        if required > 0 && passed + notApplicable == required { return .supported }
        // Recorded results outrank a triage guess: it stands only while nothing planned is recorded.
        return recorded == 0 ? triage ?? .unaudited : .unaudited
    }
}
