extension RuleUnit {
    static let fixedSymbolSize = RuleUnit(
        id: "fixed-symbol-size", severity: .minor, item: "icons-scale",
        title: "Symbol or icon with a fixed point size",
        summary: "the same for an SF Symbol or icon: SymbolConfiguration(pointSize:), .system(size:) on an Image or passed as a symbol font",
        explanation: "A symbol or icon with a fixed point size stays small next to text that grows, which looks broken and can make the icon hard to recognise.",
        fix: "Size the symbol with a text style (.font(.body), UIImage.SymbolConfiguration(textStyle:)) or scale the point size with @ScaledMetric or UIFontMetrics.scaledValue(for:).",
        noun: ("fixed symbol size", "fixed symbol sizes"),
        mustTrigger: [
            Example("let config = UIImage.SymbolConfiguration(pointSize: 24)"),
            Example(#"struct V: View { var body: some View { Image(systemName: "star").font(.system(size: 40)) } }"#),
            Example(#"struct V: View { var body: some View { Tile(symbolFont: .system(size: 35)) } }"#),
        ],
        mustNotTrigger: [
            Example("let config = UIImage.SymbolConfiguration(textStyle: .body)"),
            Example(#"struct V: View { var body: some View { Image(systemName: "star").font(.title) } }"#),
        ])
}
