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
        ],
        // A font made at a fixed size that draws a symbol (`Image(...).font(.system(size: 40))`) is
        // found by fixed-font-size's checks and reported here (`drawsSymbol`).
        swift: [
            .call("SymbolConfiguration", "init") { $0.checkSymbolConfiguration($1) },
        ])
}

extension ScanRule {
    public static let fixedSymbolSize = ScanRule(.fixedSymbolSize)
}

/// Symbols and icons drawn at a fixed point size.
extension SwiftAnalyzer {
    /// `UIImage.SymbolConfiguration(pointSize:)` and `.init(pointSize:)` for a symbol configuration.
    func checkSymbolConfiguration(_ i: Int) {
        guard file.isKind(i + 1, .leftParen) else { return }
        if file.name(i) == .`init` {
            // `.init(pointSize:)` only where a symbol configuration is expected.
            guard file.isKind(i - 1, .period) else { return }
            let statement = file.chainStart(endingAt: i)
            guard statement >= 2, file.isOperator(statement - 1, "="),
                  file.textIs(statement - 2, "preferredSymbolConfiguration") else { return }
        }
        let arguments = file.arguments(i + 1)
        if arguments.first?.label == .textStyle {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard let size = arguments.first, size.hasLabel, size.label == .pointSize else { return }
        reportFont(.symbolConfiguration, at: i, end: file.endOfCall(i), size: size,
                   spelled: "SymbolConfiguration(pointSize: \(code(size.start, size.end)))")
    }

    /// Whether the fixed-size font made at `i` draws a symbol: it configures one, is applied to an
    /// image, or is passed as an argument named for one.
    func drawsSymbol(_ i: Int, made kind: FontKind) -> Bool {
        if kind == .symbolConfiguration || isInSymbolConfiguration(i) || isLabelledForSymbol(i) { return true }
        let start = file.chainStart(endingAt: i)
        guard let call = file.enclosingCall(of: start), file.name(call.callee) == .font, file.isKind(call.callee - 1, .period),
              call.callee >= 2 else { return false }
        let base = file.chainStart(endingAt: call.callee - 2)
        let content = content(ofBase: base)
        if content == .symbol { return true }
        return chainDrawsSymbol(base: base, font: call.callee, content: content)
    }

    /// Whether the modifiers around the `.font` at `font`, on the view that starts at `base`, show
    /// only a symbol: `.labelStyle(.iconOnly)` on a `Label`, or modifiers only symbols heed
    /// (`.symbolRenderingMode`, `.symbolVariant`, `.imageScale`) on a view the scan cannot see into.
    func chainDrawsSymbol(base: Int, font: Int, content: ViewContent) -> Bool {
        guard content != .noText && !(content == .text && file.name(base) != .Label) else { return false }
        var modifiers: [Int] = []
        let level = file.parent[font]
        for j in base..<font where file.isKind(j, .period) && file.isKind(j + 1, .identifier) && file.parent[j] == level {
            modifiers.append(j + 1)
        }
        modifiers += file.members(from: file.endOfCall(font), limit: 16).map(\.name)
        for name in modifiers {
            if file.textIs(name, "labelStyle"), file.isKind(name + 1, .leftParen) {
                let open = name + 1
                if file.textIs(open + 2, "iconOnly") || file.textIs(open + 1, "IconOnlyLabelStyle") { return true }
            } else if content == .unknown && (file.textIs(name, "symbolRenderingMode") || file.textIs(name, "symbolVariant")
                        || file.textIs(name, "imageScale")) {
                return true
            }
        }
        return false
    }

    /// A fixed-size font that draws a symbol, found by the fonts' checks.
    func reportFixedSymbol(at i: Int, _ confidence: Finding.Confidence, spelled: String, _ found: ValueOrigin, via: String?,
                           size: SwiftFile.Argument, sizeText: String) {
        report(.fixedSymbolSize, at: i, confidence,
               "\(spelled) draws this symbol at \(found.isFixed ? "a fixed " + amount(found, via: via, size.start, size.end) : sizeText), so it stays small while the text next to it grows. Size it with a text style (.font(.body), SymbolConfiguration(textStyle:)) or scale it with @ScaledMetric.")
    }

    /// Whether the font made at `i` configures a symbol (`UIImage.SymbolConfiguration(font:)`).
    func isInSymbolConfiguration(_ i: Int) -> Bool {
        for p in file.ancestors(of: i) {
            let kind = file.tokens[p].kind
            if kind == .leftBrace { break }
            if kind == .leftParen && file.name(p - 1) == .SymbolConfiguration { return true }
        }
        return false
    }

    /// Whether the font made at `i` is passed as an argument labelled for a symbol or an icon
    /// (`symbolFont: .system(size: 35)`).
    func isLabelledForSymbol(_ i: Int) -> Bool {
        let start = file.chainStart(endingAt: i)
        var name = -1
        if file.isKind(start - 1, .colon), file.isKind(start - 2, .identifier) {
            name = start - 2
        } else if file.isOperator(start - 1, "=") {
            // A default parameter or a property kept for a symbol: `symbolFont: Font = .system(size: 35)`,
            // `let iconFont = Font.system(size: 20)`.
            var k = start - 2
            var steps = 0
            while k > 0 && steps < 8 && (file.isKind(k, .identifier) || file.isKind(k, .period) || file.isPostfixUnwrap(k)) {
                if file.isKind(k - 1, .colon) { k -= 2; break }
                if file.name(k - 1) == .let || file.name(k - 1) == .var { break }
                k -= 1
                steps += 1
            }
            name = k
        }
        guard file.isKind(name, .identifier) else { return false }
        let label = file.identifier(name).lowercased()
        return label.contains("symbol") || label.contains("icon") || label.contains("glyph") || label.contains("image")
    }
}
