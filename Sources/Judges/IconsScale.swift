import DynamicType
import Hierarchies

/// `icons-scale`: icons next to text scale with it.
///
/// An icon is an image no larger than 64 pt either way at Large; it sits beside a label when, at
/// Large, their vertical spans overlap by at least half the shorter one's height and at most 16 pt
/// separate them sideways. Where that label grew by more than a point at the judged size, the icon
/// must have changed its width or height by more than a point. Images hidden from accessibility
/// (decorative ones) are not in a hierarchy at all.
public struct IconsScale: Judge {
    public let item = "icons-scale"
    static let iconSide = 64.0
    static let besideGap = 16.0

    public init() {}

    static func beside(_ icon: Frame, _ text: Frame) -> Bool {
        let overlap = min(icon.maxY, text.maxY) - max(icon.y, text.y)
        let gap = max(text.x - icon.maxX, icon.x - text.maxX)
        return overlap >= min(icon.height, text.height) / 2 && gap <= besideGap
    }

    public func judge(_ screen: ScreenContext, at size: Size) -> Verdict {
        guard size > .l else { return .noData(item, size, "icons are judged at sizes above Large") }
        let comparison: Comparison
        switch screen.comparison(at: size) {
        case .failure(let gap): return .noData(item, size, gap.reason)
        case .success(let found): comparison = found
        }
        let large = comparison.reference, other = comparison.other
        let largeLabels = large.hierarchy.judged(where: TextScales.isLabel)
        let images = other.hierarchy.judged { $0.type.role == .image }
        guard largeLabels.count <= Tolerance.pairedElements, images.count <= Tolerance.pairedElements else {
            return .noData(item, size, "more than \(Tolerance.pairedElements) labels or images on the screen to compare in pairs")
        }
        var findings: [JudgedFinding] = []
        var judged = 0
        for image in images {
            guard let largeImage = comparison.counterpart(image), !large.hierarchy.hidden[largeImage],
                  let iconAtLarge = large.frame(largeImage), let icon = other.frame(image),
                  iconAtLarge.width <= Self.iconSide, iconAtLarge.height <= Self.iconSide, iconAtLarge.area > 0 else { continue }
            // The nearest label beside the icon at Large, found again at the judged size.
            let neighbours = largeLabels.filter { Self.beside(iconAtLarge, large.frame($0)!) }
            let nearest = neighbours.min { a, b in
                abs(large.frame(a)!.x - iconAtLarge.x) < abs(large.frame(b)!.x - iconAtLarge.x)
            }
            guard let label = nearest, let labelHere = other.lookup[large.keys[label]], !other.hierarchy.hidden[labelHere],
                  let textAtLarge = large.frame(label), let text = other.frame(labelHere),
                  text.height - textAtLarge.height > Tolerance.point else { continue }
            judged += 1
            if abs(icon.width - iconAtLarge.width) <= Tolerance.point && abs(icon.height - iconAtLarge.height) <= Tolerance.point {
                let textElement = large.element(label)
                let name = textElement.name.isEmpty ? textElement.label : textElement.name
                findings.append(JudgedFinding(elements: [ElementRef(other.element(image), frame: icon, largeFrame: iconAtLarge),
                                                   ElementRef(other.element(labelHere), frame: text, largeFrame: textAtLarge)],
                                        detail: "— the image stays \(Frame.points(icon.width)) x \(Frame.points(icon.height)) pt while the label \"\(Element.shown(name))\" grew from \(Frame.points(textAtLarge.height)) to \(Frame.points(text.height)) pt at \(size)", figure: icon.height))
            }
        }
        if !findings.isEmpty { return .fail(item, size, findings, "\(findings.count) of \(judged) icons beside growing text keep their size") }
        guard judged > 0 else { return .noData(item, size, "no icon at \(size) sits beside a label that grew from Large") }
        return Verdict(item: item, size: size, outcome: .pass, reason: "all \(judged) icons beside growing labels scale with them at \(size)")
    }
}
