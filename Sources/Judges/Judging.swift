import DynamicType
import Hierarchies

/// Every judge, and the verdicts they give a screen at the sizes its checklist plans.
public struct Judging: Sendable {
    /// One per checklist item geometry decides; each judge's `item` is the item's id in the
    /// shipped checklist (Checklists/dynamic-type.md).
    public static let all: [any Judge] = [TextScales(), NoOverlap(), Reachable(), CellsResize(), IconsScale(), DefaultUnchanged()]

    /// The judges whose item the checklist has, with the sizes it plans each at.
    public let plan: [(judge: any Judge, sizes: [Size])]

    public init(checklist: Checklist, judges: [any Judge] = Judging.all) {
        plan = judges.compactMap { judge in checklist.item(judge.item).map { (judge, $0.sizes) } }
    }

    /// Chosen judges at chosen sizes: a run in another locale is judged this way.
    public init(plan: [(judge: any Judge, sizes: [Size])]) {
        self.plan = plan
    }

    /// A verdict for every planned (item, size) of the screen that the run reached: a size the
    /// run has no hierarchy at gets no verdict, and neither does an item the checklist lacks.
    /// Elements people waived for an item are left out of that item's judging, and each of its
    /// verdicts says how many were.
    public func judge(_ run: ScreenRun, waived: [WaivedElement] = []) -> [Verdict] {
        let context = ScreenContext(run)
        var verdicts: [Verdict] = []
        for (judge, sizes) in plan {
            let mine = waived.filter { $0.item == judge.item }
            var (judged, left) = (context, 0)
            if !mine.isEmpty {
                let leaving = run.leavingOut(mine)
                if leaving.count > 0 { (judged, left) = (ScreenContext(leaving.run), leaving.count) }
            }
            for size in sizes where run.hierarchies[size] != nil {
                var verdict = judge.judge(judged, at: size)
                if left > 0 { verdict.reason += " (\(left) waived \(left == 1 ? "element" : "elements") left out)" }
                verdicts.append(verdict)
            }
        }
        return verdicts
    }
}
