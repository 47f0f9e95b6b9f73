import AuditStore
import DynamicType
import Output

/// Whether a criterion's level can still change before the audit ends, and which open checks
/// could change it.
///
/// A level counts screens: Supports when none fails, Partially Supports when some do, Does Not
/// Support when more than half do. A screen's failure is *firm* when it rests on a recorded failure
/// that no fix has sent back to be retested; no open check can take it back. A screen without a
/// firm failure is *open* while any of the criterion's checks on it is open (never recorded, a
/// retest after a fix, a default-size re-check after a fix), or while its failure rests on a triage
/// guess: recording those checks could make it fail or pass. Once everything open is recorded, the
/// failing screens number at least the firm ones and at most the firm plus the open ones, and any
/// count between can happen; the level is final when that whole range gives one level. So a level
/// of Does Not Support is final as soon as more than half of the screens fail firmly, and Partially
/// Supports is final when the firm and open screens together are still no more than half.
public struct ConformanceOutlook: Sendable {
    /// Screens whose failure of the criterion no open check can take back.
    public var firm: Int
    /// Screens whose open checks of the criterion could still make them fail or pass, in the
    /// audit's order of screens, with those checks.
    public var open: [(screen: String, checks: [PendingCheck])]
    public var screens: Int
    public var covered: Bool

    /// `counts` says whether a check (item, size) belongs to the criterion; `failingAnyway` names
    /// the screens that fail it whatever their checks say (a cap in their code).
    init(_ snapshot: AuditSnapshot, covered: Bool, failingAnyway: Set<String> = [], counts: (ChecklistItem?, Size) -> Bool) {
        let items = Dictionary(snapshot.checklist.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func relevant(_ item: String, _ size: Size) -> Bool { counts(items[item], size) }
        self.covered = covered
        screens = snapshot.screens.count
        firm = 0
        open = []
        for state in snapshot.screens {
            if failingAnyway.contains(state.screen.name) || state.awaitingFix.contains(where: { relevant($0.item, $0.size) }) {
                firm += 1
                continue
            }
            let checks = state.pending.filter { relevant($0.item, $0.size) }
            if !checks.isEmpty { open.append((state.screen.name, checks)) }
        }
    }

    /// The level once every open check is recorded, with `failures` screens failing.
    static func level(failures: Int, screens: Int, covered: Bool) -> ResizeTextVerdict.Level {
        ReflowVerdict.level(failures: failures, incomplete: 0, screens: screens, covered: covered)
    }

    /// Every level the criterion could end at once the open checks are recorded, the fewest
    /// failures first.
    public var reachable: [ResizeTextVerdict.Level] {
        var levels: [ResizeTextVerdict.Level] = []
        for failures in firm...(firm + open.count) {
            let level = Self.level(failures: failures, screens: screens, covered: covered)
            if levels.last != level { levels.append(level) }
        }
        return levels
    }

    /// No open check could change the level.
    public var isFinal: Bool { reachable.count == 1 }
}

extension ResizeTextVerdict {
    /// 1.4.4's checks: those mapped to it up to AX3, where body text reaches 200 %, and every
    /// check of a scaling item, whose failure means text that does not scale at all. A screen whose
    /// code caps text below AX3 fails whatever is recorded: only a change to the code, or a
    /// suppression of that cap, takes it back.
    public static func outlook(_ snapshot: AuditSnapshot) -> ConformanceOutlook {
        let limit = LargerTextVerdict.doublingSize
        let covered = snapshot.checklist.items.contains { $0.wcag.contains(criterion) }
        let capped = Set(snapshot.screens.filter { LargerTextVerdict.capBelowDoubling($0) != nil }.map(\.screen.name))
        return ConformanceOutlook(snapshot, covered: covered, failingAnyway: capped) { item, size in
            guard let item else { return false }
            return item.scaling || (item.wcag.contains(criterion) && size <= limit)
        }
    }
}

extension ReflowVerdict {
    /// 1.4.10's checks: those mapped to it, at every size.
    public static func outlook(_ snapshot: AuditSnapshot) -> ConformanceOutlook {
        let covered = snapshot.checklist.items.contains { $0.wcag.contains(criterion) }
        return ConformanceOutlook(snapshot, covered: covered) { item, _ in item?.wcag.contains(criterion) ?? false }
    }
}

extension ConformanceOutlook {
    /// `Partially Supports so far; the open checks could make it Does Not Support`, or for a level
    /// not judged yet, `nothing fails so far; ...`: where the level stands and where it could go.
    public func described(_ level: ResizeTextVerdict.Level) -> String {
        let now = level == .notEvaluated ? "no check fails so far" : "\(level.rawValue) so far"
        return now + (couldBecome(level).map { "; the open checks could make it " + $0 } ?? "")
    }

    /// `Supports or Does Not Support`: the levels other than `level` the open checks could lead
    /// to; nil when the level is final.
    public func couldBecome(_ level: ResizeTextVerdict.Level) -> String? {
        let others = reachable.filter { $0 != level }.map(\.rawValue)
        guard let last = others.last else { return nil }
        return others.count == 1 ? last : others.dropLast().joined(separator: ", ") + " or " + last
    }
}
