/// Signs in a file that its code already works with Dynamic Type.
public enum GoodSign: String, CaseIterable, Sendable, Comparable {
    /// A text style: `.font(.body)`, `preferredFont(forTextStyle:)`, `relativeTo:`, an IB text style.
    case textStyle = "text-style"
    /// `@ScaledMetric`.
    case scaledMetric = "scaled-metric"
    /// `UIFontMetrics`.
    case fontMetrics = "font-metrics"
    /// `ViewThatFits`.
    case viewThatFits = "view-that-fits"
    /// `isAccessibilitySize` / `isAccessibilityCategory`.
    case accessibilitySizeCheck = "accessibility-size-check"
    /// `AnyLayout`.
    case anyLayout = "any-layout"
    /// `adjustsFontForContentSizeCategory = true`, in code or Interface Builder.
    case liveUpdate = "live-update"

    public static func < (lhs: GoodSign, rhs: GoodSign) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The good signs counted in one file.
public struct FileSigns: Sendable, Hashable {
    public var file: String
    public var counts: [GoodSign: Int]

    public init(file: String, counts: [GoodSign: Int]) {
        self.file = file
        self.counts = counts
    }

    public var total: Int { counts.values.reduce(0, +) }
}

extension GoodSign {
    /// The names that show a good sign in Swift code wherever they are written; the checks of the
    /// fonts rules count the text styles they come across as well.
    static let swiftTriggers: [SwiftTrigger] = [
        .attribute("ScaledMetric") { analyzer, _ in analyzer.signs[.scaledMetric, default: 0] += 1 },
        .call("UIFontMetrics") { analyzer, _ in analyzer.signs[.fontMetrics, default: 0] += 1 },
        .call("ViewThatFits") { analyzer, _ in analyzer.signs[.viewThatFits, default: 0] += 1 },
        .call("AnyLayout") { analyzer, _ in analyzer.signs[.anyLayout, default: 0] += 1 },
        .property("isAccessibilitySize", "isAccessibilityCategory") { analyzer, _ in
            analyzer.signs[.accessibilitySizeCheck, default: 0] += 1
        },
        // `preferredFont(forTextStyle:)`, `Font.custom(_:size:relativeTo:)`, `SymbolConfiguration(textStyle:)`.
        .call("forTextStyle", "withTextStyle", "relativeTo", "textStyle") { analyzer, i in
            if analyzer.file.isKind(i + 1, .colon) { analyzer.signs[.textStyle, default: 0] += 1 }
        },
        SwiftTrigger(form: .property, names: Name.allCases.filter(\.isTextStyle).map(\.spelling)) { analyzer, i in
            analyzer.countTextStyle(i)
        },
    ]
}

extension SwiftAnalyzer {
    /// `Font.body`, `UIFont.TextStyle.body` as `.font(.body)` or `.system(.body)`: a text style named.
    func countTextStyle(_ i: Int) {
        guard file.isKind(i - 1, .period) else { return }
        let before = i - 2
        if file.name(before) == .Font || file.name(before) == .UIFont {
            signs[.textStyle, default: 0] += 1
            return
        }
        if file.isKind(before, .leftParen) {
            let callee = file.name(before - 1)
            if callee == .font || callee == .system { signs[.textStyle, default: 0] += 1 }
        }
    }
}

/// Good signs counted in one file, kept in a fixed row of counters while the rules run.
struct SignCounts {
    private var counts = [Int](repeating: 0, count: GoodSign.allCases.count)

    subscript(sign: GoodSign, default value: Int) -> Int {
        get {
            let count = counts[SignCounts.slot(sign)]
            return count == 0 ? value : count
        }
        set { counts[SignCounts.slot(sign)] = newValue }
    }

    private static func slot(_ sign: GoodSign) -> Int {
        switch sign {
        case .textStyle: 0
        case .scaledMetric: 1
        case .fontMetrics: 2
        case .viewThatFits: 3
        case .accessibilitySizeCheck: 4
        case .anyLayout: 5
        case .liveUpdate: 6
        }
    }

    /// The signs seen at least once, with their counts.
    var dictionary: [GoodSign: Int] {
        // Made at its size at once, and not at all for the many files without a sign.
        let seen = counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        guard seen > 0 else { return [:] }
        var result = [GoodSign: Int](minimumCapacity: seen)
        for sign in GoodSign.allCases where counts[SignCounts.slot(sign)] > 0 { result[sign] = counts[SignCounts.slot(sign)] }
        return result
    }
}
