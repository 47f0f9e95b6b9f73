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

    init(pointSize: Double) {
        // Styles that share a size (body and headline) are one choice: the one of regular weight, as
        // a bold headline would change the look; the order of `candidates` says which.
        let candidates: [TextStyle] = [.largeTitle, .title1, .title2, .title3, .body, .callout, .subheadline, .footnote, .caption1, .caption2]
        let ranked = candidates.enumerated().map { (index: $0.offset, style: $0.element, distance: abs(Double($0.element.pointSize(at: .l)) - pointSize)) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
        let best = ranked[0]
        if best.distance > Self.maximumDistance {
            self = .far(best.style)
        } else if ranked[1].distance == best.distance {
            self = .tie(best.style, ranked[1].style)
        } else {
            self = .style(best.style)
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
