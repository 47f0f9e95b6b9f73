import DynamicType
import Hierarchies

/// `default-unchanged`: nothing changed at Large.
///
/// The Large hierarchy of this run against the Large hierarchy of the last run before the
/// screen's latest fix: every text, control and image element found in both (by identifier,
/// label or place) that moved or resized by more than a point is listed. Elements in only one of
/// the two runs are counted in the reason, not failed: a date or a count in a label changes from
/// run to run without anything looking different.
public struct DefaultUnchanged: Judge {
    public let item = "default-unchanged"

    public init() {}

    static func isContent(_ element: Element) -> Bool {
        element.type.isTextOrControl || element.type.role == .image
    }

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        guard size == .l else { return .noData(item, size, "the default look is judged at Large") }
        guard let before = screen.indexBeforeFix() else {
            return .noData(item, size, "no run before the screen's latest fix has its hierarchy at Large")
        }
        guard let now = screen.index(at: .l) else { return .noData(item, size, "the run has no hierarchy of this screen at Large") }
        let comparison: Comparison
        switch Comparison.make(reference: before, other: now, names: ("before the fix", "after it")) {
        case .failure(let gap): return .noData(item, size, gap.reason)
        case .success(let found): comparison = found
        }
        var findings: [JudgedFinding] = []
        var matched = 0
        let content = now.hierarchy.judged(where: Self.isContent)
        for element in content {
            guard let old = comparison.counterpart(element), !before.hierarchy.hidden[old],
                  let was = before.frame(old), let frame = now.frame(element) else { continue }
            matched += 1
            var changes: [String] = []
            let dx = frame.x - was.x, dy = frame.y - was.y
            if abs(dx) > Tolerance.point || abs(dy) > Tolerance.point {
                changes.append("moved \(Frame.points(dx)), \(Frame.points(dy)) pt")
            }
            if abs(frame.width - was.width) > Tolerance.point || abs(frame.height - was.height) > Tolerance.point {
                changes.append("went from \(Frame.points(was.width)) x \(Frame.points(was.height)) to \(Frame.points(frame.width)) x \(Frame.points(frame.height)) pt")
            }
            if !changes.isEmpty {
                findings.append(JudgedFinding(elements: [ElementRef(now.element(element), frame: frame, largeFrame: was)],
                                        detail: changes.joined(separator: " and ") + " at Large since before the fix"))
            }
        }
        let unmatched = content.count - matched
        let note = unmatched > 0 ? " (\(unmatched) found in only one of the two runs were left out)" : ""
        if !findings.isEmpty {
            var verdict = Verdict.fail(item, size, findings, "\(findings.count) of \(matched) elements changed at Large")
            verdict.reason += note
            return verdict
        }
        guard matched > 0 else { return .noData(item, size, "no element is found in both runs at Large") }
        return Verdict(item: item, size: size, outcome: .pass,
                       reason: "all \(matched) text, control and image elements keep their place and size at Large\(note)")
    }
}
