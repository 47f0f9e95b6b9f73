import AuditLog
import AuditStore
import DynamicType
import Judges

/// What the top of the review page says a lead should do next, decided here so that the page, its
/// `--summary` and the tests read the same answer: the open failures ordered by what keeps the
/// verdicts back, each owner's screens by state, and the screens ordered by need.
public struct ReviewPlan: Sendable {
    /// One open problem (`OpenProblems`): a check that fails on a screen now, at one or more sizes,
    /// or one element a run found failing, on one screen or several.
    public struct Action: Sendable, Equatable {
        public var screen: String
        public var critical: Bool
        public var flow: String?
        public var item: String
        public var severity: Severity
        /// Largest first.
        public var sizes: [Size]
        public var owner: String?
        /// Days from the oldest of these failures to the report's date.
        public var ageInDays: Int
        /// The fix recorded against it, whose retest is due; nil while it waits for one.
        public var fix: Fix?
        /// Whether the failure counts against WCAG 1.4.4 or 1.4.10 as the verdicts judge them.
        public var blocksWCAG: Bool
        public var note: String?
        /// For shared UI: the other screens the same element fails on, and what fails.
        public var alsoOn: [String] = []
        public var shared: JudgedFinding? = nil
        /// For a problem a run found on this screen alone: its element and the worst size's figures.
        public var element: JudgedFinding? = nil
        public var decider: OpenProblems.Decider = .person
    }

    /// One owner's screens, counted by the rows of `status`.
    public struct OwnerRow: Sendable, Equatable {
        /// nil for the screens nobody owns.
        public var owner: String?
        public var counts: [Standing.Group: Int]
        public var screens: Int
        /// The problems on their screens, each once.
        public var openProblems: Int
        /// Critical screens of this owner that are not supported, in the order of need.
        public var criticalNotSupported: [String]
    }

    /// Every open problem, the ones that block a verdict first.
    public var actions: [Action]
    public var owners: [OwnerRow]
    /// Every screen, the most in need first (`needOrder`).
    public var screensByNeed: [ScreenState]

    public init(_ snapshot: AuditSnapshot, date: String) {
        let today = Self.dayNumber(date)
        let open = OpenProblems(detailed: snapshot)
        let wcagItems = Set(snapshot.checklist.items.filter { $0.wcag.contains(ResizeTextVerdict.criterion) || $0.wcag.contains(ReflowVerdict.criterion) }.map(\.id))
        let order = Dictionary(snapshot.checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var actions = Self.actions(open, snapshot: snapshot, wcagItems: wcagItems, today: today)
        actions.sort { a, b in
            Self.actionKey(a, order) < Self.actionKey(b, order)
        }
        self.actions = actions
        screensByNeed = snapshot.screens.sorted { Self.needKey($0) < Self.needKey($1) }

        var rows: [String: OwnerRow] = [:]
        var firstSeen: [String] = []
        var ownersScreens: [String: [String]] = [:]
        for state in screensByNeed {
            let key = state.screen.owner.map(PersonName.key) ?? ""
            if rows[key] == nil {
                rows[key] = OwnerRow(owner: state.screen.owner, counts: [:], screens: 0, openProblems: 0, criticalNotSupported: [])
                firstSeen.append(key)
            }
            rows[key]!.screens += 1
            rows[key]!.counts[state.standing.group, default: 0] += 1
            ownersScreens[key, default: []].append(state.screen.name)
            if state.screen.critical && !state.standing.isSupported { rows[key]!.criticalNotSupported.append(state.screen.name) }
        }
        // Shared UI on two of one owner's screens is one of their problems.
        for (key, names) in ownersScreens { rows[key]!.openProblems = open.on(names).count }
        // The person with the most blocking work first; nobody's screens last.
        owners = firstSeen.compactMap { rows[$0] }.sorted { a, b in
            let left = (a.owner == nil ? 1 : 0, -a.criticalNotSupported.count, -a.openProblems, a.owner.map(PersonName.key) ?? "")
            let right = (b.owner == nil ? 1 : 0, -b.criticalNotSupported.count, -b.openProblems, b.owner.map(PersonName.key) ?? "")
            return left < right
        }
    }

    /// The failures runs recorded on every screen, with the retests due, as problems.
    static func judgedProblems(_ snapshot: AuditSnapshot) -> JudgedProblems {
        OpenProblems(detailed: snapshot).judged
    }

    /// One action per problem: shared UI critical when any of its screens is, owned by their owners.
    static func actions(_ open: OpenProblems, snapshot: AuditSnapshot, wcagItems: Set<String>, today: Int?) -> [Action] {
        let states = Dictionary(snapshot.screens.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        return open.problems.map { problem in
            let screens = problem.screens.compactMap { states[$0]?.screen }
            let owners = screens.compactMap(\.owner).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return Action(screen: problem.screens[0], critical: screens.contains(where: \.critical), flow: screens.first?.flow, item: problem.item,
                          severity: snapshot.checklist.item(problem.item)?.severity ?? .major, sizes: problem.sizes,
                          owner: owners.isEmpty ? nil : owners.joined(separator: ", "),
                          ageInDays: max(0, today.map { $0 - dayNumber(problem.since) } ?? 0), fix: problem.fix,
                          blocksWCAG: wcagItems.contains(problem.item), note: problem.judged?.finding.sentence ?? problem.note,
                          alsoOn: Array(problem.screens.dropFirst()), shared: problem.isShared ? problem.judged?.finding : nil,
                          element: problem.isShared ? nil : problem.judged?.finding, decider: problem.decider)
        }
    }

    /// Critical screens first, then the checks that fail the most people (severity), then the
    /// oldest; ties by screen name, checklist order and the largest size.
    static func actionKey(_ action: Action, _ order: [String: Int]) -> (Int, Int, Int, String, Int, Int) {
        let severity = Severity.allCases.firstIndex(of: action.severity) ?? 0
        return (action.critical ? 0 : 1, severity, -action.ageInDays, action.screen.lowercased(), order[action.item] ?? .max,
                -(action.sizes.first?.rawValue ?? 0))
    }

    /// How much a screen needs attention, smallest first: not supported before supported, critical
    /// before the rest, then unsupported, broken, unaudited, re-check pending, supported; more open
    /// failures first; then by name.
    static func needKey(_ state: ScreenState) -> (Int, Int, Int, Int, String) {
        let done = state.standing.isSupported ? 1 : 0
        let rank: Int
        switch state.standing.group {
        case .unsupported: rank = 0
        case .broken: rank = 1
        case .unaudited: rank = 2
        case .recheckPending: rank = 3
        case .supported: rank = 4
        }
        return (done, state.screen.critical ? 0 : 1, rank, -state.failedCells.count, state.screen.name.lowercased())
    }

    /// Whole days since 1970 of a `yyyy-mm-dd` day or a time, in UTC as the store keeps them.
    static func dayNumber(_ day: String) -> Int? {
        Timestamp(iso8601: day).map(dayNumber)
    }

    static func dayNumber(_ time: Timestamp) -> Int {
        let length: Int64 = 86_400_000
        return Int(time.milliseconds >= 0 ? time.milliseconds / length : (time.milliseconds - length + 1) / length)
    }
}
