import Output

/// Words for counts of findings and good signs, shared by the terminal and the reports.
extension ScanRule {
    /// The thing a finding of this rule points at, in the singular and the plural.
    private var noun: (one: String, many: String) { unit.noun }

    /// `1 fixed font size`, `3 single-line limits`.
    public func counted(_ count: Int) -> String {
        Output.counted(count, noun.one, noun.many)
    }

    /// `3 fixed font sizes` for a rule id this version knows, else `3 × rule-id`.
    public static func counted(_ count: Int, id: String) -> String {
        ScanRule(rawValue: id)?.counted(count) ?? "\(count) × \(id)"
    }
}

extension GoodSign {
    /// How the sign reads in a list of counts: `text styles 4`, `@ScaledMetric 1`.
    public var label: String {
        switch self {
        case .textStyle: "text styles"
        case .scaledMetric: "@ScaledMetric"
        case .fontMetrics: "UIFontMetrics"
        case .viewThatFits: "ViewThatFits"
        case .accessibilitySizeCheck: "accessibility size checks"
        case .anyLayout: "AnyLayout"
        case .liveUpdate: "live font updates"
        }
    }

    /// `text styles 4 · @ScaledMetric 1`, signs in their declared order; ids this version does not
    /// know come last, by id.
    public static func list(_ counts: [String: Int], separator: String = " · ") -> String {
        let known = allCases.compactMap { sign in counts[sign.rawValue].map { "\(sign.label) \($0)" } }
        let unknown = counts.keys.filter { GoodSign(rawValue: $0) == nil }.sorted().map { "\($0) \(counts[$0] ?? 0)" }
        return (known + unknown).joined(separator: separator)
    }
}
