import DynamicType
import Hierarchies

/// What `text-scales` reads besides labels: the titles of buttons, links and cells that hold no
/// label of their own (a hierarchy gives no frame for such a title, only its control's), and the
/// text fields and views it leaves out, counted so that every verdict says what it did not measure.
struct TitledControls {
    /// The types whose title a user reads, by how a reason names them.
    static let kinds: [String: (one: String, many: String)] = [
        "Button": ("button title", "button titles"), "Link": ("link", "links"), "Cell": ("cell title", "cell titles"),
    ]
    static let unjudged: [String: (one: String, many: String)] = ["TextView": ("text view", "text views"), "TextField": ("text field", "text fields")]

    /// Per type name: how many titles grew (or shrank) with their control, and how many could not
    /// be measured because their control kept its size.
    var measured: [String: Int] = [:]
    var unmeasured: [String: Int] = [:]
    var leftOut: [String: Int] = [:]

    /// Titled controls of `comparison`'s other size, outside bars, without a label or image inside
    /// (a button holding an image is an icon; one holding a label is measured by that label).
    static func controls(_ comparison: Comparison) -> [(other: Int, otherFrame: Frame, largeFrame: Frame)] {
        let hierarchy = comparison.other.hierarchy
        var holdsContent = [Bool](repeating: false, count: hierarchy.elements.count)
        for index in hierarchy.elements.indices.reversed() {
            let type = hierarchy.elements[index].type.name
            let parent = hierarchy.elements[index].parent
            if parent >= 0, holdsContent[index] || type == "StaticText" || type == "Image" { holdsContent[parent] = true }
        }
        return hierarchy.judged { kinds[$0.type.name] != nil && !($0.name.isEmpty && $0.label.isEmpty) }.compactMap { index in
            guard !hierarchy.inBar[index], !holdsContent[index], let large = comparison.counterpart(index),
                  !comparison.reference.hierarchy.hidden[large], let largeFrame = comparison.reference.frame(large),
                  let frame = comparison.other.frame(index) else { return nil }
            return (index, frame, largeFrame)
        }
    }

    /// Measures the controls at a size above Large (`above`) or below: a control that grew (or
    /// shrank) with its title measures it; one that kept its height tells nothing of its text.
    init(_ comparison: Comparison, above: Bool) {
        for control in Self.controls(comparison) {
            let type = comparison.other.element(control.other).type.name
            let change = control.otherFrame.height - control.largeFrame.height
            if above ? change > Tolerance.point : -change > TextScales.shrink {
                measured[type, default: 0] += 1
            } else {
                unmeasured[type, default: 0] += 1
            }
        }
        let hierarchy = comparison.other.hierarchy
        for index in hierarchy.judged(where: { Self.unjudged[$0.type.name] != nil }) where !hierarchy.inBar[index] {
            leftOut[hierarchy.elements[index].type.name, default: 0] += 1
        }
    }

    var unmeasuredCount: Int { unmeasured.values.reduce(0, +) }

    /// `2 button titles and 1 link`, in a fixed order, after `first` when given.
    static func counted(_ counts: [String: Int], _ names: [String: (one: String, many: String)], after first: String? = nil) -> String {
        let parts = [first].compactMap { $0 } + names.keys.sorted().compactMap { type -> String? in
            guard let count = counts[type], count > 0, let name = names[type] else { return nil }
            return "\(count) \(count == 1 ? name.one : name.many)"
        }
        return parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    /// What a pass measured, `all 3 labels and 2 button titles`.
    func passed(labels: Int) -> String {
        "all " + Self.counted(measured, Self.kinds, after: "\(labels) labels")
    }

    /// What was not measured, `; 1 text view not measured`, or nothing.
    var notMeasured: String {
        let parts = [Self.counted(unmeasured, Self.kinds), Self.counted(leftOut, Self.unjudged)].filter { !$0.isEmpty }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: " and ") + " not measured"
    }
}
