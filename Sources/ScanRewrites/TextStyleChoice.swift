import DynamicType

/// The text style a fixed point size becomes: the one whose size at the default text size (Large) is
/// nearest. A size as near to two styles of different sizes, or more than 2 pt from every style, is
/// left to a person: the choice is about the design, not the code.
enum TextStyleChoice: Equatable {
    case style(TextStyle)
    /// Two styles are equally near.
    case tie(TextStyle, TextStyle)
    /// No style within 2 pt; the nearest is named.
    case far(TextStyle)

    static let maximumDistance = 2.0

    /// The styles a size may become. Styles that share a size (body and headline) are one choice: the
    /// one of regular weight, as a bold headline would change the look; the order here says which.
    private static let candidates: [TextStyle] = [.largeTitle, .title1, .title2, .title3, .body, .callout, .subheadline, .footnote, .caption1, .caption2]
    private static let defaultSizes = candidates.map { Double($0.pointSize(at: .l)) }

    init(pointSize: Double) {
        // A whole size, as nearly all are, is looked up: a file may ask hundreds of thousands of times.
        if pointSize >= 0, pointSize < Double(Self.wholeSizes.count), let whole = Int(exactly: pointSize) {
            self = Self.wholeSizes[whole]
            return
        }
        self.init(measuring: pointSize)
    }

    /// The choice for each whole size up to 128 pt, worked out once.
    private static let wholeSizes = (0..<128).map { TextStyleChoice(measuring: Double($0)) }

    private init(measuring pointSize: Double) {
        // The nearest style and the next, by distance, then by their order in `candidates`.
        let distance = { (k: Int) in abs(Self.defaultSizes[k] - pointSize) }
        var best = 0
        var second = 1
        if distance(1) < distance(0) { (best, second) = (1, 0) }
        for k in 2..<Self.candidates.count {
            let d = distance(k)
            if d < distance(best) {
                second = best
                best = k
            } else if d < distance(second) {
                second = k
            }
        }
        let style = Self.candidates[best]
        if distance(best) > Self.maximumDistance {
            self = .far(style)
        } else if distance(second) == distance(best) {
            self = .tie(style, Self.candidates[second])
        } else {
            self = .style(style)
        }
    }

    /// The style's name in SwiftUI's `Font.TextStyle`.
    static func swiftUIName(_ style: TextStyle) -> String {
        switch style {
        case .title1: "title"
        case .caption1: "caption"
        default: style.rawValue
        }
    }

    /// The style's name in UIKit's `UIFont.TextStyle`.
    static func uiKitName(_ style: TextStyle) -> String { style.rawValue }

    /// Interface Builder's name: `UICTFontTextStyleBody`.
    static func interfaceBuilderName(_ style: TextStyle) -> String {
        let name = style.rawValue
        switch style {
        case .title1: return "UICTFontTextStyleTitle1"
        case .caption1: return "UICTFontTextStyleCaption1"
        default: return "UICTFontTextStyle" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// Why no rewrite was made, for a suggestion.
    func reason(for size: String) -> String? {
        switch self {
        case .style: nil
        case let .tie(a, b): "\(size) pt is as near to .\(Self.swiftUIName(a)) (\(a.pointSize(at: .l)) pt) as to .\(Self.swiftUIName(b)) (\(b.pointSize(at: .l)) pt): choose one"
        case let .far(style): "\(size) pt is more than 2 pt from every text style (nearest .\(Self.swiftUIName(style)), \(style.pointSize(at: .l)) pt): choose a style, or scale the size with @ScaledMetric or UIFontMetrics"
        }
    }
}
