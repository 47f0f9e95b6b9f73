import DynamicType
import Scan

/// The fixed heights `scan --fix` leaves in a Swift file, so that no font is given a text style whose
/// one line at the largest text size is taller than a fixed frame around it: a 9 pt badge in a
/// `.frame(width: 20, height: 20)` would become `.caption2`, 41 pt at AX5, clipped whatever else
/// changes. Such a rewrite waits until the frame can grow; a frame rewritten in the same run (to
/// `.frame(minHeight:)`) no longer holds anything back.
struct FixedFrames {
    struct Frame {
        /// The bytes of the view the frame is on, the frame included.
        var span: Range<Int>
        var height: Double
        var line: Int
    }

    /// The text size a rewrite must hold at: the largest.
    static let largest = Size.ax5

    /// Sorted by where they start.
    private let frames: [Frame]
    /// The frames that started at or before the last place asked about and may still hold it.
    private var open: [Frame] = []
    private var next = 0
    private var last = Int.min

    /// The frames among `findings[indices]` (fixed heights on SwiftUI views, in one file) that are
    /// not `rewritten`.
    init(_ findings: [Finding], _ indices: [Int], rewritten: Set<Int> = []) {
        frames = indices.compactMap { k -> Frame? in
            let finding = findings[k]
            guard !rewritten.contains(k), finding.rule == .fixedHeightText, let view = finding.view,
                  let span = view.span, let height = view.height else { return nil }
            return Frame(span: span, height: height, line: finding.line)
        }.sorted { $0.span.lowerBound < $1.span.lowerBound }
    }

    /// Why a font given `style` would be certain to break in the frame around `span`, or nil.
    mutating func reason(around span: Range<Int>?, for style: TextStyle, spelled: String) -> String? {
        guard let span, let frame = tooLow(around: span, for: style) else { return nil }
        let name = "." + TextStyleChoice.swiftUIName(style)
        return "held back: `\(spelled)` would become `\(name)`, \(style.pointSize(at: Self.largest)) pt at AX5, in a frame fixed at "
            + "\(points(frame.height)) pt high (line \(frame.line)) that cannot hold one line of it: "
            + "let the frame grow with its text (.frame(minHeight:) or @ScaledMetric), then run --fix again"
    }

    var isEmpty: Bool { frames.isEmpty }

    /// The lowest frame around `span` lower than one line of `style` at AX5 (its point size: a line is
    /// never lower than its font), or nil. Asked in the order of the file, each frame is looked at
    /// about once.
    mutating func tooLow(around span: Range<Int>, for style: TextStyle) -> Frame? {
        guard !frames.isEmpty else { return nil }
        if span.lowerBound < last {
            open = []
            next = 0
        }
        last = span.lowerBound
        while next < frames.count && frames[next].span.lowerBound <= span.lowerBound {
            open.append(frames[next])
            next += 1
        }
        open.removeAll { $0.span.upperBound <= span.lowerBound }
        let needed = Double(style.pointSize(at: Self.largest))
        return open.filter { $0.span.upperBound >= span.upperBound && $0.height < needed }.min { $0.height < $1.height }
    }

    private func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
