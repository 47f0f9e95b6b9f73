import DynamicType

/// How far text still grows under a cap that `clamped-type-size` finds, against the line of the
/// Larger Text claim: body text reaches 200 % of its default size at AX3, so a cap at AX3 or above
/// still lets people enlarge text to 200 % ("claimable, capped at AX3"), and one below it
/// (`.xxxLarge`, a font that grows at most 1.25x) keeps the app from claiming it.
public struct TextSizeCap: Sendable, Hashable {
    /// The largest size the text follows, when the cap names one.
    public var size: Size?
    /// The most the text grows, as a multiple of its size at the default size, when the cap is a
    /// point size or a multiplier.
    public var factor: Double?

    public init(size: Size) {
        self.size = size
        factor = nil
    }

    public init(factor: Double) {
        size = nil
        self.factor = factor
    }

    /// The size the claim needs text to reach: where body text first doubles.
    public static let doublingSize: Size = TextStyle.body.doubledAt ?? .ax3

    /// Whether text so capped still reaches 200 %.
    public var reachesDoubling: Bool {
        if let size { return size >= TextSizeCap.doublingSize }
        return (factor ?? 0) >= 2
    }

    /// `AX3`, `xxxLarge`, `1.25x`: how the cap is named in reports and kept in the store.
    public var shown: String {
        if let size { return size.designName }
        return TextSizeCap.factorText(factor ?? 0) + "x"
    }

    /// "claimable, capped at AX3" or "below 200 %, capped at xxxLarge".
    public var verdict: String {
        (reachesDoubling ? "claimable, capped at " : "below 200 %, capped at ") + shown
    }

    /// The cap as `shown` names it, read back; nil for any other text.
    public init?(shown text: String) {
        if text.hasSuffix("x"), let value = Double(text.dropLast()), value.isFinite, value > 0 {
            self.init(factor: value)
        } else if let size = Size.allCases.first(where: { $0.designName == text }) {
            self.init(size: size)
        } else {
            return nil
        }
    }

    static func factorText(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
