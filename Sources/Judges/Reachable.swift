import DynamicType
import Hierarchies

/// `reachable`: all content and the primary action can be reached.
///
/// A text or control element (not hidden, not the system's) whose frame reaches more than a
/// point past the window fails unless a scroll, table, collection or web view holds it: below the
/// window inside a scroll view is reachable by scrolling. Where the harness names the screen's
/// primary action (`primary-action`), that element must be on screen or in a scroll view, and not
/// hidden; one the hierarchy at Large holds that is gone at the judged size fails too.
public struct Reachable: Judge {
    public let item = "reachable"

    public init() {}

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        guard let index = screen.index(at: size) else {
            return .noData(item, size, "the run has no hierarchy of this screen at \(size)")
        }
        let hierarchy = index.hierarchy
        guard let window = hierarchy.window else { return .noData(item, size, "the hierarchy at \(size) has no window frame") }
        let candidates = hierarchy.judged { $0.type.isTextOrControl && $0.frame.map { $0.area > 0 } == true }
        var findings: [JudgedFinding] = []
        for element in candidates {
            let frame = hierarchy.elements[element].frame!
            guard !window.contains(frame, tolerance: Tolerance.point), hierarchy.scrollContainer[element] < 0 else { continue }
            findings.append(JudgedFinding(elements: [ElementRef(hierarchy.elements[element], frame: frame, largeFrame: nil)],
                                    detail: "lies \(Self.outside(frame, window)) and no scroll view holds it"))
        }
        // The primary action's own findings come after these: it need not be a text or control element.
        let outOfReach = findings.count
        var primaryNote = "no primary action is named"
        var primaryUndecided: String?
        if let primary = hierarchy.primaryAction ?? screen.run.hierarchies[.l]?.primaryAction {
            let shownPrimary = "\"\(Element.shown(primary))\""
            let matches = hierarchy.elements.indices.filter { hierarchy.elements[$0].name == primary || hierarchy.elements[$0].label == primary }
            if let found = matches.first(where: { !hierarchy.hidden[$0] }) ?? matches.first {
                let element = hierarchy.elements[found]
                if hierarchy.hidden[found] {
                    findings.append(JudgedFinding(elements: element.frame.map { [ElementRef(element, frame: $0, largeFrame: nil)] } ?? [],
                                            detail: element.frame == nil ? "the primary action \(shownPrimary) is hidden" : "is the primary action and is hidden"))
                } else if let frame = element.frame {
                    if window.contains(frame, tolerance: Tolerance.point) || hierarchy.scrollContainer[found] >= 0 {
                        primaryNote = "the primary action \(shownPrimary) is in reach"
                    } else if !findings.contains(where: { $0.elements.first?.frame == frame }) {
                        findings.append(JudgedFinding(elements: [ElementRef(element, frame: frame, largeFrame: nil)],
                                                detail: "is the primary action and lies \(Self.outside(frame, window)) with no scroll view holding it"))
                    }
                } else {
                    primaryUndecided = "the primary action \(shownPrimary) has no usable frame at \(size)"
                }
            } else if let large = screen.run.hierarchies[.l], size != .l,
                      large.elements.contains(where: { $0.name == primary || $0.label == primary }) {
                findings.append(JudgedFinding(elements: [], detail: "the primary action \(shownPrimary) is at Large but gone at \(size)"))
            } else {
                primaryUndecided = "the primary action \(shownPrimary) named for this screen is in no hierarchy of it"
            }
        }
        if !findings.isEmpty {
            let summary = [outOfReach > 0 ? "\(outOfReach) of \(candidates.count) text and control elements are out of reach" : nil,
                           findings.count > outOfReach ? "the primary action is not in reach" : nil]
            return .fail(item, size, findings, summary.compactMap { $0 }.joined(separator: " and "))
        }
        if let primaryUndecided { return .noData(item, size, primaryUndecided) }
        guard !candidates.isEmpty else { return .noData(item, size, "no text or control element at \(size)") }
        return Verdict(item: item, size: size, outcome: .pass,
                       reason: "all \(candidates.count) text and control elements at \(size) are on screen or in a scroll view; \(primaryNote)")
    }

    /// `120 pt below the window (844 pt tall)`: the largest way a frame leaves the window.
    static func outside(_ frame: Frame, _ window: Frame) -> String {
        let below = frame.maxY - window.maxY, above = window.y - frame.y
        let right = frame.maxX - window.maxX, left = window.x - frame.x
        let worst = max(below, above, right, left)
        if worst == below { return "\(Frame.points(below)) pt below the window (\(Frame.points(window.height)) pt tall)" }
        if worst == above { return "\(Frame.points(above)) pt above the window" }
        if worst == right { return "\(Frame.points(right)) pt past the right edge of the window (\(Frame.points(window.width)) pt wide)" }
        return "\(Frame.points(left)) pt past the left edge of the window"
    }
}
