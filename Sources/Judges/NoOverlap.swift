import DynamicType
import Hierarchies
import Output

/// `no-overlap`: no two pieces of text or controls run into each other where they did not at Large.
///
/// Visible text and control elements (not hidden, not the system's status bar or keyboard) whose
/// frames overlap by more than a point each way at the judged size fail in pairs, named with the
/// overlap in points, unless the same pair already met at Large and its overlap grew by a point or
/// less (a badge placed on a button) or one holds the other (a label inside its button). A pair that cannot be found at
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
        // Only elements found at Large, and shown there, can have been apart there: each with its
        // frame at both sizes, looked up once rather than once a pair.
        let reference = comparison.reference
        var compared: [(element: Int, frame: Frame, large: Frame)] = []
        for element in candidates {
            guard let large = comparison.counterpart(element), !reference.hierarchy.hidden[large], let largeFrame = reference.frame(large) else { continue }
            compared.append((element, hierarchy.elements[element].frame!, largeFrame))
        }
        let ends = hierarchy.subtreeEnds()
        let frames = compared.map(\.frame)
        // Reading order, top to bottom: the findings kept are the first pairs in it.
        let byTop = frames.indices.sorted { frames[$0].y < frames[$1].y || frames[$0].y == frames[$1].y && $0 < $1 }
        var rank = [Int](repeating: 0, count: frames.count)
        for (position, k) in byTop.enumerated() { rank[k] = position }
        var kept = KeptPairs(capacity: Tolerance.keptFindings)
        var count = 0
        Self.sweep(frames, byTop: byTop) { i, j in
            let a = compared[i].element, b = compared[j].element
            guard let shared = Self.overlap(frames[i], frames[j]), !(a < b && b < ends[a]), !(b < a && a < ends[b]) else { return }
            // A pair already meeting at Large, by any amount (hierarchies round frames), fails only
            // where its overlap grew by more than a point: one that grows in proportion did not.
            let before = compared[i].large.intersection(compared[j].large).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
            if let before, shared.width - before.width <= Tolerance.point, shared.height - before.height <= Tolerance.point { return }
            count += 1
            let key = rank[i] < rank[j] ? (rank[i], rank[j]) : (rank[j], rank[i])
            kept.offer(key) {
                // Named in reading order: the one that comes first in the hierarchy first.
                let pair = [ElementRef(hierarchy.elements[a], frame: frames[i], largeFrame: compared[i].large),
                            ElementRef(hierarchy.elements[b], frame: frames[j], largeFrame: compared[j].large)]
                let atLarge = before.map { "overlap by \(Frame.points($0.width)) x \(Frame.points($0.height)) pt at Large" } ?? "are apart at Large"
                return JudgedFinding(elements: a < b ? pair : pair.reversed(),
                               detail: "overlap by \(Frame.points(shared.width)) x \(Frame.points(shared.height)) pt at \(size) and \(atLarge)", figure: shared.height)
            }
        }
        let findings = kept.findings
        if !findings.isEmpty {
            return .fail(item, size, findings, "\(counted(count, "overlap")) among \(candidates.count) text and control elements", count: count)
        }
        return Verdict(item: item, size: size, outcome: .pass,
                       reason: "none of \(candidates.count) text and control elements at \(size) overlaps another where it did not at Large")
    }

    /// Calls `body` with each pair of `frames` (by index) whose extents meet along one axis, each
    /// pair once: frames sorted along the axis, each met only by those that start before it ends.
    /// Of the two axes, the one where fewer pairs meet is swept (a row of labels side by side meets
    /// along y only), so that only frames that may overlap are compared. `byTop` is the order by y.
    static func sweep(_ frames: [Frame], byTop: [Int], _ body: (Int, Int) -> Void) {
        let byLeft = frames.indices.sorted { frames[$0].x < frames[$1].x || frames[$0].x == frames[$1].x && $0 < $1 }
        let starts: [(Frame) -> Double] = [{ $0.y }, { $0.x }]
        let endsOf: [(Frame) -> Double] = [{ $0.maxY }, { $0.maxX }]
        let orders = [byTop, byLeft]
        // Pairs each axis would compare, counted by binary search without comparing them.
        let costs = (0..<2).map { axis in
            let sortedStarts = orders[axis].map { starts[axis](frames[$0]) }
            var total = 0
            for (position, k) in orders[axis].enumerated() {
                let limit = endsOf[axis](frames[k]) - Tolerance.point
                var low = position + 1, high = sortedStarts.count
                while low < high {
                    let middle = (low + high) / 2
                    if sortedStarts[middle] < limit { low = middle + 1 } else { high = middle }
                }
                total += low - position - 1
            }
            return total
        }
        let axis = costs[1] < costs[0] ? 1 : 0
        let order = orders[axis]
        for (position, i) in order.enumerated() {
            let limit = endsOf[axis](frames[i]) - Tolerance.point
            var next = position + 1
            while next < order.count, starts[axis](frames[order[next]]) < limit {
                body(i, order[next])
                next += 1
            }
        }
    }
}

/// The first pairs in reading order, however many are offered: at most `capacity`, each made only
/// when it is among them.
struct KeptPairs {
    let capacity: Int
    /// A heap with the last kept pair at its root, so that a pair offered once it is full costs a
    /// comparison, or a replacement in logarithmic time, whatever order pairs come in.
    private var entries: [(key: (Int, Int), finding: JudgedFinding)] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func offer(_ key: (Int, Int), _ make: () -> JudgedFinding) {
        if entries.count < capacity {
            entries.append((key, make()))
            var child = entries.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard entries[parent].key < entries[child].key else { break }
                entries.swapAt(parent, child)
                child = parent
            }
            return
        }
        guard let root = entries.first, key < root.key else { return }
        entries[0] = (key, make())
        var parent = 0
        while true {
            var largest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < entries.count && entries[largest].key < entries[child].key {
                largest = child
            }
            guard largest != parent else { return }
            entries.swapAt(parent, largest)
            parent = largest
        }
    }

    var findings: [JudgedFinding] { entries.sorted { $0.key < $1.key }.map(\.finding) }
}
