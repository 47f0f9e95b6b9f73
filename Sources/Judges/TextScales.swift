import DynamicType
import Hierarchies

/// `text-scales`: every label grows above Large and shrinks below it.
///
/// Labels (`StaticText` with text, outside navigation bars, tab bars and toolbars, which keep
/// their size by design) are matched with Large. Above Large each must be more than a point
/// taller: body text is 17 pt at Large and 53 pt at AX5, and even caption2 grows 2 pt at xLarge;
/// a label that wraps to more lines grows too. Below Large each must be more than half a point
/// shorter, except one that the same run shows growing above Large: iOS keeps caption2 at 11 pt
/// from Large down, so a label that keeps its size at xSmall and grows at AX5 scales. One that keeps
/// its size at both ends is drawn at a fixed size. At Large itself the verdict is the two ends'.
public struct TextScales: Judge {
    public let item = "text-scales"
    /// Below Large, footnote and caption1 lose about 1.2 pt of line height at xSmall.
    static let shrink = 0.5

    public init() {}

    static func isLabel(_ element: Element) -> Bool {
        element.type.name == "StaticText" && !(element.name.isEmpty && element.label.isEmpty && element.value.isEmpty)
    }

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        // Large is judged from both ends, which are verdicts of their own too.
        screen.remembered(item, at: size) { judgeOnce(screen, at: size) }
    }

    func judgeOnce(_ screen: ScreenContext, at size: Size) -> Verdict {
        if size == .l { return judgeLarge(screen) }
        switch screen.comparison(at: size) {
        case .failure(let gap): return .noData(item, size, gap.reason)
        case .success(let comparison):
            return size > .l ? judgeAbove(comparison, size) : judgeBelow(comparison, size, screen)
        }
    }

    /// Labels of `other` with their counterparts at Large.
    func matchedLabels(_ comparison: Comparison) -> [(other: Int, large: Int, otherFrame: Frame, largeFrame: Frame)] {
        let hierarchy = comparison.other.hierarchy
        return hierarchy.judged(where: Self.isLabel).compactMap { index in
            guard !hierarchy.inBar[index], let large = comparison.counterpart(index),
                  !comparison.reference.hierarchy.hidden[large], let largeFrame = comparison.reference.frame(large),
                  let frame = comparison.other.frame(index) else { return nil }
            return (index, large, frame, largeFrame)
        }
    }

    func judgeAbove(_ comparison: Comparison, _ size: Size) -> Verdict {
        let labels = matchedLabels(comparison)
        guard !labels.isEmpty else { return .noData(item, size, "no label is found both at Large and at \(size)") }
        var findings: [JudgedFinding] = []
        var smallest = Double.infinity
        for label in labels {
            let growth = label.otherFrame.height - label.largeFrame.height
            smallest = min(smallest, growth)
            if growth <= Tolerance.point {
                findings.append(JudgedFinding(elements: [ElementRef(comparison.other.element(label.other), frame: label.otherFrame, largeFrame: label.largeFrame)],
                                        detail: "is \(Frame.points(label.otherFrame.height)) pt tall at \(size) and \(Frame.points(label.largeFrame.height)) pt at Large", figure: label.otherFrame.height))
            }
        }
        let titles = TitledControls(comparison, above: true)
        if !findings.isEmpty {
            var verdict = Verdict.fail(item, size, findings, "\(findings.count) of \(labels.count) labels do not grow from Large to \(size)")
            verdict.reason += titles.notMeasured
            return verdict
        }
        let measured = "\(titles.passed(labels: labels.count)) grow from Large to \(size) (the least by \(Frame.points(smallest)) pt)"
        // A title whose control kept its height may not have grown: the cell is not passed on it.
        if titles.unmeasuredCount > 0 {
            return .noData(item, size, measured + titles.notMeasured + ": their controls kept their height, which tells nothing of their text")
        }
        return Verdict(item: item, size: size, outcome: .pass, reason: measured + titles.notMeasured)
    }

    func judgeBelow(_ comparison: Comparison, _ size: Size, _ screen: ScreenContext) -> Verdict {
        let labels = matchedLabels(comparison)
        guard !labels.isEmpty else { return .noData(item, size, "no label is found both at Large and at \(size)") }
        // The largest size of the run tells a label that scales (and keeps caption2's floor) from a fixed one.
        let above = Size.allCases.reversed().first { $0 > .l && screen.run.hierarchies[$0] != nil }
        let aboveComparison = above.flatMap { try? screen.comparison(at: $0).get() }
        let aboveHeights: [ElementKey: Double] = aboveComparison.map { comparison in
            Dictionary(matchedLabels(comparison).map { (comparison.reference.keys[$0.large], $0.otherFrame.height) }) { a, _ in a }
        } ?? [:]
        var findings: [JudgedFinding] = []
        var undecided = 0
        for label in labels where label.largeFrame.height - label.otherFrame.height <= Self.shrink {
            let key = comparison.reference.keys[label.large]
            guard let aboveHeight = aboveHeights[key] else {
                undecided += 1
                continue
            }
            if aboveHeight - label.largeFrame.height <= Tolerance.point, let above {
                findings.append(JudgedFinding(elements: [ElementRef(comparison.other.element(label.other), frame: label.otherFrame, largeFrame: label.largeFrame)],
                                        detail: "is \(Frame.points(label.otherFrame.height)) pt tall at \(size), \(Frame.points(label.largeFrame.height)) pt at Large and \(Frame.points(aboveHeight)) pt at \(above)", figure: label.otherFrame.height))
            }
        }
        let titles = TitledControls(comparison, above: false)
        if !findings.isEmpty {
            var verdict = Verdict.fail(item, size, findings, "\(findings.count) of \(labels.count) labels keep one size from \(size) to \(above?.id ?? "Large")")
            verdict.reason += titles.notMeasured
            return verdict
        }
        if undecided > 0 {
            return .noData(item, size, "\(undecided) of \(labels.count) labels keep their size at \(size), and the run has no size above Large to tell whether they scale")
        }
        let measured = "\(titles.passed(labels: labels.count)) shrink at \(size) or, like caption2, keep their size there and grow above Large"
        if titles.unmeasuredCount > 0 {
            return .noData(item, size, measured + titles.notMeasured + ": their controls kept their height, which tells nothing of their text")
        }
        return Verdict(item: item, size: size, outcome: .pass, reason: measured + titles.notMeasured)
    }

    /// Large passes when both ends were judged and passed; it fails with the labels either end failed.
    func judgeLarge(_ screen: ScreenContext) -> Verdict {
        let above = Size.allCases.reversed().first { $0 > .l && screen.run.hierarchies[$0] != nil }
        let below = Size.allCases.first { $0 < .l && screen.run.hierarchies[$0] != nil }
        let verdicts = [above, below].compactMap { $0 }.map { judge(screen, at: $0) }
        var findings: [JudgedFinding] = []
        var seen = Set<String>()
        for verdict in verdicts where verdict.outcome == .fail {
            for finding in verdict.findings where seen.insert(finding.elements.map(\.shown).joined()).inserted {
                findings.append(JudgedFinding(elements: finding.elements.map { ref in
                    var atLarge = ref
                    atLarge.frame = ref.largeFrame ?? ref.frame
                    return atLarge
                }, detail: "keeps its size (at \(verdict.size): \(finding.detail))"))
            }
        }
        if !findings.isEmpty {
            return Verdict(item: item, size: .l, outcome: .fail,
                           reason: "labels drawn at a fixed size (\(findings.count)): " + findings.prefix(3).map(\.sentence).joined(separator: "; ")
                            + (findings.count > 3 ? "; and \(findings.count - 3) more" : ""), findings: findings)
        }
        guard let above, let below else {
            return .noData(item, .l, "judging Large needs the run at a size above Large and one below it")
        }
        if let gap = verdicts.first(where: { $0.outcome == .noData }) { return .noData(item, .l, gap.reason) }
        return Verdict(item: item, size: .l, outcome: .pass, reason: "every label changes size from Large to \(above) and to \(below)")
    }
}
