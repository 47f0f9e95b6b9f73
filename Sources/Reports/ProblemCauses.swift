import DynamicType
import Hierarchies
import Judges

/// One cause, one problem: what another judge finds inside a cell that fails `cells-resize` on the
/// same screen (a label cut short, an icon that stayed small, two labels run together) is that
/// cell's doing, and belongs to the cell's problem rather than making its own. Inside means inside
/// the cell's frame at Large when both frames are known there, so a finding at ax3 inside a cell
/// that fails at ax5 is the cell's too; else at the same size.
enum ProblemCauses {
    static let cellItem = CellsResize().item

    /// A finding folded into a cell's problem.
    struct Within {
        var screen: String
        /// The size the cell fails at.
        var size: Size
        var item: String
        var finding: JudgedFinding
        /// The failing cell it lies in, as that cell's finding names it.
        var cell: ElementRef
    }

    /// The verdicts with the findings that lie inside a failing cell taken out, and those findings.
    static func fold(_ verdicts: [(screen: String, verdict: Verdict)]) -> (kept: [(screen: String, verdict: Verdict)], within: [Within]) {
        var cellsOn: [String: [(size: Size, cell: ElementRef)]] = [:]
        for (screen, verdict) in verdicts where verdict.item == cellItem {
            cellsOn[screen, default: []] += verdict.findings.compactMap(\.elements.first).map { (verdict.size, $0) }
        }
        let cellsAt = cellsOn
        guard !cellsAt.isEmpty else { return (verdicts, []) }
        var kept: [(screen: String, verdict: Verdict)] = []
        var within: [Within] = []
        for (screen, verdict) in verdicts {
            guard verdict.item != cellItem, let cells = cellsAt[screen] else {
                kept.append((screen, verdict))
                continue
            }
            var rest = verdict
            rest.findings = []
            for finding in verdict.findings {
                if !finding.elements.isEmpty, let found = cells.first(where: { found in
                    finding.elements.allSatisfy { inside($0, found.cell, sameSize: found.size == verdict.size) }
                }) {
                    within.append(Within(screen: screen, size: found.size, item: verdict.item, finding: finding, cell: found.cell))
                } else {
                    rest.findings.append(finding)
                }
            }
            kept.append((screen, rest))
        }
        return (kept, within)
    }

    /// Inside the cell at Large when both frames are known there (text that outgrew a cell that
    /// kept its height spills out of it at the failing size), else at the failing size.
    static func inside(_ element: ElementRef, _ cell: ElementRef, sameSize: Bool) -> Bool {
        if let elementAtLarge = element.largeFrame, let cellAtLarge = cell.largeFrame { return inside(elementAtLarge, cellAtLarge) }
        return sameSize && inside(element.frame, cell.frame)
    }

    /// Within a point of the cell's frame on every side.
    static func inside(_ element: Frame, _ cell: Frame) -> Bool {
        let tolerance = SharedProblem.placeTolerance
        return element.x >= cell.x - tolerance && element.y >= cell.y - tolerance
            && element.maxX <= cell.maxX + tolerance && element.maxY <= cell.maxY + tolerance
    }

    /// The finding a problem quotes: the one at its largest size, so that its figures are the worst.
    static func worst(_ group: SharedProblem, in verdicts: [(screen: String, verdict: Verdict)]) -> JudgedFinding {
        guard let largest = group.occurrences.max(by: { $0.size < $1.size }), largest.size != group.occurrences[0].size else { return group.finding }
        let signature = group.finding.elements.map { $0.type + "\u{1}" + $0.name }
        for (screen, verdict) in verdicts where screen == largest.screen && verdict.size == largest.size && verdict.item == group.item {
            if let found = verdict.findings.first(where: { $0.elements.map { $0.type + "\u{1}" + $0.name } == signature }) { return found }
        }
        return group.finding
    }
}
