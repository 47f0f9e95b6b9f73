import DynamicType

/// Where a screen stands: the one answer `status`, `screen list` and `show`, `next`, `audit`, `gate`
/// and every report give, derived in one place (`ScreenState.derive`) from the screen's latest
/// cells, its fixes and its triage.
///
/// The rules, in the words of the workflow:
/// - Recorded results decide. A failed scaling check makes a screen unsupported, any other failure
///   broken, and every planned check passed or n/a supported.
/// - A fix opens re-checks: each failed check it addresses, at its size, and the screen at the
///   default size, because a fix that changes the default look is a regression. Until they are
///   recorded, a broken screen is "awaiting retest", and a screen whose checks all pass is
///   "supported, re-check pending", which the gate does not take for supported.
/// - Triage is a guess made before auditing. It stands only while nothing planned is recorded,
///   and it is shown as a guess wherever it is shown; the first recording outranks it.
public struct Standing: Sendable, Equatable {
    public enum Stage: String, Sendable, CaseIterable {
        /// Nothing recorded, no triage.
        case untested
        /// Nothing recorded; the category is a person's guess.
        case triaged
        /// Some planned checks recorded, none failing.
        case inProgress = "in-progress"
        /// Failures that no fix addresses yet.
        case failing
        /// Every failure has a fix after it: retests to record.
        case awaitingRetest = "awaiting-retest"
        /// Every planned check passed or n/a, re-checks after a fix still open.
        case recheckPending = "recheck-pending"
        /// Every planned check passed or n/a, nothing open.
        case done
    }

    public var category: Category
    public var stage: Stage

    public init(category: Category, stage: Stage) {
        self.category = category
        self.stage = stage
    }

    /// The category comes from triage, not from recordings.
    public var isGuess: Bool { stage == .triaged }

    /// Supported and nothing left open: what the gate takes for supported.
    public var isSupported: Bool { category == .supported && stage == .done }

    /// How every command names it: `broken, awaiting retest`, `supported, re-check pending`,
    /// `broken, triage guess`, `in progress`.
    public var label: String {
        switch stage {
        case .untested: "unaudited"
        case .triaged: "\(category.rawValue), triage guess"
        case .inProgress: "in progress"
        case .failing: category.rawValue
        case .awaitingRetest: "\(category.rawValue), awaiting retest"
        case .recheckPending: "supported, re-check pending"
        case .done: category.rawValue
        }
    }

    /// The standing of a screen with this tally, triage and open checks.
    static func derive(tally: CategoryTally, triage: Category?, unfixedFailures: Int, pending: Int) -> Standing {
        let category = tally.category(triage: triage)
        if tally.failures > 0 { return Standing(category: category, stage: unfixedFailures > 0 ? .failing : .awaitingRetest) }
        // Before anything planned is recorded, the category can only be a guess.
        if tally.recorded == 0 { return Standing(category: category, stage: triage == nil ? .untested : .triaged) }
        if category == .supported { return Standing(category: category, stage: pending > 0 ? .recheckPending : .done) }
        return Standing(category: category, stage: .inProgress)
    }
}

extension Standing {
    /// The rows screens are counted in by `status`, the review page and their JSON. Only recorded
    /// results put a screen in a category's row: a triage guess counts as unaudited, and a supported
    /// screen with re-checks open has its own row, since the gate does not take it for supported.
    public enum Group: String, CaseIterable, Sendable {
        case unsupported, broken
        case recheckPending = "recheck-pending"
        case supported, unaudited

        public var label: String { self == .recheckPending ? "re-check pending" : rawValue }
    }

    public var group: Group {
        switch stage {
        case .untested, .triaged, .inProgress: .unaudited
        case .recheckPending: .recheckPending
        case .done: .supported
        case .failing, .awaitingRetest: category == .unsupported ? .unsupported : .broken
        }
    }
}

/// How many screens stand where, with what each row hides: retests waiting in the failing rows,
/// screens in progress and triage guesses among the unaudited.
public struct StandingCounts: Sendable, Equatable {
    public private(set) var screens = 0
    public private(set) var groups: [Standing.Group: Int] = [:]
    /// Screens in a failing row whose every failure has a fix: retests to record.
    public private(set) var awaitingRetest: [Standing.Group: Int] = [:]
    public private(set) var inProgress = 0
    /// Unaudited screens a person has guessed a category for.
    public private(set) var guesses: [Category: Int] = [:]

    public init<S: Sequence>(_ standings: S) where S.Element == Standing {
        for standing in standings {
            screens += 1
            groups[standing.group, default: 0] += 1
            switch standing.stage {
            case .awaitingRetest: awaitingRetest[standing.group, default: 0] += 1
            case .inProgress: inProgress += 1
            case .triaged: guesses[standing.category, default: 0] += 1
            default: break
            }
        }
    }

    public subscript(group: Standing.Group) -> Int { groups[group] ?? 0 }

    /// What a row holds besides its count, in words: `2 awaiting retest`, `1 in progress · triage
    /// guesses: 1 unsupported, 2 broken`; empty when nothing.
    public func detail(of group: Standing.Group) -> String {
        var parts: [String] = []
        if let waiting = awaitingRetest[group], waiting > 0 { parts.append("\(waiting) awaiting retest") }
        if group == .unaudited {
            if inProgress > 0 { parts.append("\(inProgress) in progress") }
            let guessed = Category.allCases.compactMap { category in guesses[category].map { "\($0) \(category.rawValue)" } }
            if !guessed.isEmpty { parts.append("triage guesses: " + guessed.joined(separator: ", ")) }
        }
        return parts.joined(separator: " · ")
    }
}
