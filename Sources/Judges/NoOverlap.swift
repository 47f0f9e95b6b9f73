import DynamicType
import Hierarchies

/// `no-overlap`: no two pieces of text or controls run into each other where they did not at Large.
///
/// Visible text and control elements (not hidden, not the system's status bar or keyboard) whose
/// frames overlap by more than a point each way at the judged size fail in pairs, named with the
/// overlap in points, unless the same pair already overlapped at Large (a badge placed on a
/// button) or one holds the other (a label inside its button). A pair that cannot be found at
/// Large is left out: nothing says it was apart there.
public struct NoOverlap: Judge {
    public let item = "no-overlap"

    public init() {}

    static func overlap(_ a: Frame, _ b: Frame) -> Frame? {
        guard let shared = a.intersection(b), shared.width > Tolerance.point, shared.height > Tolerance.point else { return nil }
        return shared
    }

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        guard size != .l else { return .noData(item, size, "overlaps are judged against Large, not at Large") }
        let comparison: Comparison
        switch screen.comparison(at: size) {
        case .failure(let gap): return .noData(item, size, gap.reason)
        case .success(let found): comparison = found
        }
        let other = comparison.other
        let hierarchy = other.hierarchy
        let candidates = hierarchy.judged { $0.type.isTextOrControl && $0.frame.map { $0.area > 0 } == true }
        guard candidates.count >= 2 else { return .noData(item, size, "fewer than two text or control elements at \(size)") }
        guard candidates.count <= Tolerance.pairedElements else {
            return .noData(item, size, "\(candidates.count) text and control elements at \(size), more than the \(Tolerance.pairedElements) compared in pairs")
        }
        // Each element's counterpart at Large, looked up once rather than once a pair.
        var counterparts = [Int](repeating: -1, count: hierarchy.elements.count)
        for element in candidates { counterparts[element] = comparison.counterpart(element) ?? -1 }
        // Sweep from the top: only elements whose tops lie above another's bottom can meet it.
        let sorted = candidates.sorted { hierarchy.elements[$0].frame!.y < hierarchy.elements[$1].frame!.y }
        var findings: [Finding] = []
        for (position, a) in sorted.enumerated() {
            let frameA = hierarchy.elements[a].frame!
            var next = position + 1
            while next < sorted.count {
                let b = sorted[next]
                next += 1
                let frameB = hierarchy.elements[b].frame!
                if frameB.y >= frameA.maxY - Tolerance.point { break }
                let largeA = counterparts[a], largeB = counterparts[b]
                guard largeA >= 0, largeB >= 0, let shared = Self.overlap(frameA, frameB),
                      !hierarchy.isAncestor(a, of: b), !hierarchy.isAncestor(b, of: a),
                      let largeFrameA = comparison.reference.frame(largeA), let largeFrameB = comparison.reference.frame(largeB),
                      !comparison.reference.hierarchy.hidden[largeA], !comparison.reference.hierarchy.hidden[largeB],
                      Self.overlap(largeFrameA, largeFrameB) == nil else { continue }
                // Named in reading order: the one that comes first in the hierarchy first.
                let pair = [ElementRef(hierarchy.elements[a], frame: frameA, largeFrame: largeFrameA),
                            ElementRef(hierarchy.elements[b], frame: frameB, largeFrame: largeFrameB)]
                findings.append(Finding(elements: a < b ? pair : pair.reversed(),
                                        detail: "overlap by \(Frame.points(shared.width)) x \(Frame.points(shared.height)) pt at \(size) and are apart at Large"))
            }
        }
        if !findings.isEmpty {
            return .fail(item, size, findings, "\(findings.count) \(findings.count == 1 ? "overlap" : "overlaps") among \(candidates.count) text and control elements")
        }
        return Verdict(item: item, size: size, outcome: .pass,
                       reason: "none of \(candidates.count) text and control elements at \(size) overlaps another where it did not at Large")
    }
}
