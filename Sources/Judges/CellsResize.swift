import DynamicType
import Hierarchies

/// `cells-resize`: table and collection cells grow with their text.
///
/// Each cell is matched with Large by its identifier or label, else by the first label inside it.
/// Where a label inside the cell grew by more than a point from Large, the cell must have grown by
/// more than a point too; a cell that kept its height while its text grew clips or overlaps the
/// next row. Cells whose text did not grow are `text-scales`'s concern, not this rule's.
public struct CellsResize: Judge {
    public let item = "cells-resize"

    public init() {}

    /// A cell's key: its own name, else the first label inside it, else its place.
    static func cellKey(_ index: ElementIndex, _ cell: Int) -> ElementKey {
        let element = index.element(cell)
        if element.name.isEmpty && element.label.isEmpty,
           let label = index.descendants(of: cell).first(where: { TextScales.isLabel(index.element($0)) }) {
            let text = index.element(label)
            return ElementKey(type: "Cell", mark: UInt8(ascii: "~"), text: text.name.isEmpty ? text.label.isEmpty ? text.value : text.label : text.name,
                              occurrence: 0)
        }
        return index.keys[cell]
    }

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        guard size > .l else { return .noData(item, size, "cells are judged at sizes above Large") }
        let comparison: Comparison
        switch screen.comparison(at: size) {
        case .failure(let gap): return .noData(item, size, gap.reason)
        case .success(let found): comparison = found
        }
        let large = comparison.reference, other = comparison.other
        var largeCells: [ElementKey: Int] = [:]
        for cell in large.hierarchy.judged(where: { $0.type.role == .cell }) {
            var key = Self.cellKey(large, cell)
            while largeCells[key] != nil { key.occurrence += 1 }
            largeCells[key] = cell
        }
        let cells = other.hierarchy.judged { $0.type.role == .cell }
        guard !cells.isEmpty else { return .noData(item, size, "no cells on this screen at \(size)") }
        var seen: [ElementKey: Int] = [:]
        var findings: [JudgedFinding] = []
        var judged = 0
        for cell in cells {
            var key = Self.cellKey(other, cell)
            key.occurrence = seen[key, default: 0]
            seen[key] = key.occurrence + 1
            guard let largeCell = largeCells[key], let cellFrame = other.frame(cell), let largeCellFrame = large.frame(largeCell) else { continue }
            // The label inside the cell that grew the most.
            var grown: (label: Int, from: Double, to: Double)?
            for label in other.descendants(of: cell) where TextScales.isLabel(other.element(label)) && !other.hierarchy.hidden[label] {
                guard let twin = comparison.counterpart(label), let from = large.frame(twin)?.height, let to = other.frame(label)?.height,
                      to - from > Tolerance.point, to - from > (grown.map { $0.to - $0.from } ?? 0) else { continue }
                grown = (label, from, to)
            }
            guard let grown else { continue }
            judged += 1
            if cellFrame.height - largeCellFrame.height <= Tolerance.point {
                let text = other.element(grown.label)
                let name = text.name.isEmpty ? text.label : text.name
                findings.append(JudgedFinding(elements: [ElementRef(other.element(cell), frame: cellFrame, largeFrame: largeCellFrame)],
                                        detail: "stays \(Frame.points(cellFrame.height)) pt tall (\(Frame.points(largeCellFrame.height)) pt at Large) while its label \"\(Element.shown(name))\" grew from \(Frame.points(grown.from)) to \(Frame.points(grown.to)) pt", figure: cellFrame.height))
            }
        }
        if !findings.isEmpty { return .fail(item, size, findings, "\(findings.count) of \(judged) cells whose text grew keep their height") }
        guard judged > 0 else {
            return .noData(item, size, "no cell at \(size) holds a label that grew from Large (\(cells.count) cells)")
        }
        return Verdict(item: item, size: size, outcome: .pass, reason: "all \(judged) cells whose text grew from Large to \(size) grew with it")
    }
}
