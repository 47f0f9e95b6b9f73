import DynamicType
import Scan

/// The fixed heights `scan --fix` leaves in a Swift file, so that no font is given a text style whose
/// one line at the largest text size is taller than a fixed frame around it: a 9 pt badge in a
/// `.frame(width: 20, height: 20)` would become `.caption2`, 41 pt at AX5, clipped whatever else
/// changes. Such a rewrite waits until the frame can grow; a frame rewritten in the same run (to
/// `.frame(minHeight:)`) no longer holds anything back. UIKit's form is a height constraint on the
/// view a font is assigned to, matched by the view's name in the file (one rewritten to
/// `greaterThanOrEqualToConstant:` in the same run holds nothing back), or the height the view is
/// created with.
struct FixedFrames {
    struct Frame {
        /// The bytes of the view the frame is on, the frame included.
        var span: Range<Int>
        var height: Double
        var line: Int
    }

    /// The text size a rewrite must hold at: the largest.
    static let largest = Size.ax5

    /// A UIKit view's fixed height, from a constraint.
    struct Pin {
        var height: Double
        var line: Int
    }

    /// Sorted by where they start.
    private let frames: [Frame]
    /// The lowest constraint on each UIKit view, by its name in the code.
    private let pins: [String: Pin]
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
        var pins: [String: Pin] = [:]
        for k in indices where !rewritten.contains(k) && findings[k].rule == .fixedHeightText {
            guard let view = findings[k].view, view.span == nil, let name = view.name, let height = view.height else { continue }
            if pins[name].map({ height < $0.height }) ?? true { pins[name] = Pin(height: height, line: findings[k].line) }
        }
        self.pins = pins
    }

    /// Why `spelled`, a UIKit font of `points` scaled with `style` and assigned to the view `receiver`
    /// (a path as written: `self.badge`, `button.titleLabel?`), would be certain to break: a height
    /// constraint on the view, or the height it is `created` with, lower than one line of the font at
    /// AX5. A button's title label is held by the button's height.
    func reason(on receiver: String, created: Double?, scaling points: Double, with style: TextStyle, spelled: String) -> String? {
        var name = String(receiver.filter { $0 != "?" && $0 != "!" })
        if name.hasPrefix("self.") { name.removeFirst(5) }
        var names = [name]
        if name.hasSuffix(".titleLabel") { names.append(String(name.dropLast(11))) }
        // UIFontMetrics scales the font it is given by its style's growth: 9 pt with caption2's metrics
        // (11 pt at Large, 41 at AX5) is about 33.5 pt at AX5.
        let needed = points * Double(style.pointSize(at: Self.largest)) / Double(style.pointSize(at: .l))
        let metrics = "UIFontMetrics(forTextStyle: .\(TextStyleChoice.uiKitName(style)))"
        let start = "held back: `\(spelled)` scaled with `\(metrics)` would be \(self.points((needed * 10).rounded() / 10)) pt at AX5, on `\(name)`, "
        if let pin = names.compactMap({ pins[$0] }).min(by: { $0.height < $1.height }), pin.height < needed {
            return start + "whose height constraint holds it at \(self.points(pin.height)) pt (line \(pin.line)), which cannot hold one line of it: "
                + "let the height grow with its text (greaterThanOrEqualToConstant:), then run --fix again"
        }
        if let created, created < needed {
            return start + "created \(self.points(created)) pt high (frame: CGRect) and never sized again, which cannot hold one line of it: "
                + "let its height follow its text (Auto Layout or sizeToFit()), then run --fix again"
        }
        return nil
    }

    /// Why a font given `style` would be certain to break in the frame around `span`, or nil.
    mutating func reason(around span: Range<Int>?, for style: TextStyle, spelled: String) -> String? {
        guard let span, let frame = tooLow(around: span, for: style) else { return nil }
        let name = "." + TextStyleChoice.swiftUIName(style)
        return "held back: `\(spelled)` would become `\(name)`, \(style.pointSize(at: Self.largest)) pt at AX5, in a frame fixed at "
            + "\(points(frame.height)) pt high (line \(frame.line)) that cannot hold one line of it: "
            + "let the frame grow with its text (.frame(minHeight:) or @ScaledMetric), then run --fix again"
    }

    var isEmpty: Bool { frames.isEmpty && pins.isEmpty }

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
