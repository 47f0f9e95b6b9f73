/// The iOS text styles and their point size at each content size category (iPhone).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point sizes from xs to ax5, as measured on a simulator.
    private var pointSizes: [Int] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    public func pointSize(at size: Size) -> Int { pointSizes[size.rawValue] }

    /// The style's size at `size` as a share of its size at the default, Large: body at AX5 is 312 %.
    public func percentOfDefault(at size: Size) -> Int {
        (pointSize(at: size) * 100 + pointSize(at: .l) / 2) / pointSize(at: .l)
    }

    /// The smallest size at which this style reaches twice its default size (WCAG 1.4.4's 200 %),
    /// or nil for styles that never do.
    public var doubledAt: Size? {
        Size.allCases.first { pointSize(at: $0) >= 2 * pointSize(at: .l) }
    }
}
