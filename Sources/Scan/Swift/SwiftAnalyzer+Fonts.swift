/// fixed-font-size and fixed-symbol-size.
extension SwiftAnalyzer {
    // MARK: Fonts

    enum FontKind {
        case swiftUISystem, swiftUICustomFixed, uikitSystem, uikitNamed, uikitDescriptor, withSize, symbolConfiguration
    }

    /// Whether the font made at `i` (ending before `end`) is scaled later, only names a family,
    /// or is kept in a name that `scaledFont(for:)` receives.
    func isScaledLater(_ i: Int, end: Int) -> Bool {
        for member in file.members(from: end) {
            switch file.name(member.name) {
            case .fontDescriptor, .familyName, .fontName, .withSize, .scaledFont:
                return true
            default:
                if file.isKind(member.name, .identifier) && isScalingCall(member.name) {
                    return true
                }
            }
        }
        for p in file.ancestors(of: i) {
            let kind = file.tokens[p].kind
            if kind == .leftBrace { break }
            guard kind == .leftParen, p > 0 else { continue }
            let callee = p - 1
            if file.name(callee) == .scaledFont { return true }
            if file.isKind(callee, .identifier) && isScalingCall(callee) { return true }
        }
        if let binding = bindingName(of: i) {
            // The name the font is kept in, resolved where it is made: this file's `scaledFont(for:)`
            // calls count only for that same declaration, other files' only for a property.
            let variable = decls.variable(named: binding, visibleAt: i, in: file)
            if let variable, scaledLocally().contains(variable.nameIndex) { return true }
            let isProperty = variable.map { $0.scope < 0 || decls.typeByBrace[$0.scope] != nil } ?? true
            if isProperty && index.scaledFontArguments.contains(binding) { return true }
        }
        return false
    }

    /// The declarations (by the token of their name) that this file's `scaledFont(for:)` calls receive.
    func scaledLocally() -> Set<Int> {
        if let known = scaledLocallyCache { return known }
        var result: Set<Int> = []
        for landmark in file.landmarks where file.name(Int(landmark)) == .scaledFont {
            let i = Int(landmark)
            guard file.isKind(i + 1, .leftParen) else { continue }
            for argument in file.arguments(i + 1) where argument.label == .for {
                for j in argument.start..<argument.end where file.isKind(j, .identifier) && !file.isKind(j - 1, .period) {
                    if let variable = decls.variable(named: file.identifier(j), visibleAt: j, in: file) {
                        result.insert(variable.nameIndex)
                    }
                }
            }
        }
        scaledLocallyCache = result
        return result
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

    /// The name the value of the expression holding `i` is stored in or returned as.
    func bindingName(of i: Int) -> String? {
        var k = file.chainStart(endingAt: i)
        var steps = 0
        while steps < 16 {
            steps += 1
            if file.isPostfixUnwrap(k - 1) && file.name(k - 2) == .try { k -= 2; continue }
            if file.name(k - 1) == .try || file.name(k - 1) == .await { k -= 1; continue }
            if file.isKind(k - 1, .operator) && !file.isOperator(k - 1, "=") && !file.isPostfixUnwrap(k - 1) && k >= 2 {
                k = file.chainStart(endingAt: k - 2)
                continue
            }
            break
        }
        if file.isOperator(k - 1, "=") {
            // `let name: Type = value`, `name = value`, `guard let name = value`.
            var m = k - 2
            var guardSteps = 0
            while m >= 0 && guardSteps < 24 {
                guardSteps += 1
                if file.isKind(m, .colon) { m -= 1; break }
                if file.name(m) == .let || file.name(m) == .var || file.tokens[m].flags.contains(.newlineBefore) { m = k - 2; break }
                m -= 1
            }
            while m >= 0 && file.isPostfixUnwrap(m) { m -= 1 }
            return file.isKind(m, .identifier) ? file.identifier(m) : nil
        }
        if file.name(k - 1) == .return || file.isKind(k - 1, .leftBrace) {
            return decls.enclosingBodyName(of: i, in: file)
        }
        return nil
    }

    /// The view a SwiftUI `.font(...)` around `i` is applied to, if `i` sits in one.
    func fontModifierContent(around i: Int) -> ViewContent? {
        guard let call = file.enclosingCall(of: i), file.name(call.callee) == .font, file.isKind(call.callee - 1, .period)
        else { return nil }
        let dot = call.callee - 1
        guard dot >= 1 else { return nil }
        let base = file.chainStart(endingAt: dot - 1)
        return content(ofBase: base)
    }

    func reportFont(_ kind: FontKind, at i: Int, end: Int, size: SwiftFile.Argument, spelled: String) {
        let (found, via) = origin(size.start, size.end, at: i)
        switch found {
        case .scaled, .derived: return
        case let .literal(value?) where value <= 1 && kind != .swiftUISystem && kind != .swiftUICustomFixed: return
        default: break
        }
        if kind == .withSize, case .unknown = found { return }
        if isScaledLater(i, end: end) { return }
        if case .parameter = found, callSitesDecide(at: i) { return }
        let sizeText = describe(found, via: via, size.start, size.end)
        let confidence = SwiftAnalyzer.confidence(found)
        var symbol = isInSymbolConfiguration(i) || kind == .symbolConfiguration || isLabelledForSymbol(i)
        if let content = fontModifierContent(around: file.chainStart(endingAt: i)), content == .symbol { symbol = true }
        if symbol {
            report(.fixedSymbolSize, at: i, confidence,
                   "\(spelled) draws this symbol at \(found.isFixed ? "a fixed " + amount(found, via: via, size.start, size.end) : sizeText), so it stays small while the text next to it grows. Size it with a text style (.font(.body), SymbolConfiguration(textStyle:)) or scale it with @ScaledMetric.")
            return
        }
        switch kind {
        case .swiftUISystem:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) sets this text at \(sizeText). Use a text style (.font(.body), .system(.body, design:)) or a @ScaledMetric size.")
        case .swiftUICustomFixed:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) keeps this custom font at \(sizeText). Use Font.custom(_:size:relativeTo:) so it scales with a text style.",
                   item: "custom-fonts")
        case .uikitSystem:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) makes a font of \(sizeText). Use UIFont.preferredFont(forTextStyle:) or scale it with UIFontMetrics(forTextStyle:).scaledFont(for:).")
        case .uikitNamed, .uikitDescriptor:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) gives this custom font \(sizeText). Scale it with UIFontMetrics(forTextStyle:).scaledFont(for:).",
                   item: "custom-fonts")
        case .withSize:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) pins this font, even one made from a text style, to \(sizeText). Scale the size with UIFontMetrics(forTextStyle:).scaledValue(for:) or keep the text style's size.")
        case .symbolConfiguration:
            break
        }
    }

    /// `Font.system(size:)` and `.system(size:)`.
    func checkSwiftUISystemFont(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        if file.isKind(i - 2, .identifier) && !file.isStatementKeyword(i - 2) && file.name(i - 2) != .Font { return }
        let arguments = file.arguments(i + 1)
        if let first = arguments.first, first.hasLabel, first.label.isTextStyle || file.isKind(first.start, .period) {
            return
        }
        if let first = arguments.first, !first.hasLabel, file.isKind(first.start, .period), file.name(first.start + 1).isTextStyle {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard let size = file.argument(.size, in: arguments), arguments.first?.label == .size else { return }
        let spelled = ".system(size: \(code(size.start, size.end)))"
        reportFont(.swiftUISystem, at: i, end: file.endOfCall(i), size: size, spelled: spelled)
    }

    /// `Font.custom(_:fixedSize:)`. `.custom(_:size:)` scales, and other `.custom(` calls are not fonts.
    func checkCustomFont(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        if file.isKind(i - 2, .identifier) && !file.isStatementKeyword(i - 2) && file.name(i - 2) != .Font { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count >= 2, !arguments[0].hasLabel else { return }
        if arguments[1].label == .size && arguments[1].hasLabel {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard arguments[1].hasLabel, file.textIs(arguments[1].labelIndex, "fixedSize") else { return }
        let size = arguments[1]
        reportFont(.swiftUICustomFixed, at: i, end: file.endOfCall(i), size: size,
                   spelled: "Font.custom(_:fixedSize: \(code(size.start, size.end)))")
    }

    /// `UIFont.systemFont(ofSize:)` and its bold, italic, monospaced and monospaced-digit siblings.
    func checkUIKitSystemFont(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        if file.isKind(i - 2, .identifier) && !file.isStatementKeyword(i - 2) && file.name(i - 2) != .UIFont
            && !file.textIs(i - 2, "NSFont") {
            return
        }
        let arguments = file.arguments(i + 1)
        guard let size = arguments.first, size.label == .ofSize else { return }
        let receiver = file.name(i - 2) == .UIFont ? "UIFont." : "."
        reportFont(.uikitSystem, at: i, end: file.endOfCall(i), size: size,
                   spelled: "\(receiver)\(file.text(i))(ofSize: \(code(size.start, size.end)))")
    }

    /// `UIFont(name:size:)` and `UIFont(descriptor:size:)`.
    func checkUIFontInitializer(_ i: Int) {
        var open = i + 1
        if file.isKind(open, .period) && file.name(open + 1) == .`init` { open += 2 }
        guard file.isKind(open, .leftParen), !file.isKind(i - 1, .period) else { return }
        let arguments = file.arguments(open)
        guard arguments.count == 2, let size = file.argument(.size, in: arguments) else { return }
        if arguments[0].label == .name {
            reportFont(.uikitNamed, at: i, end: file.endOfCall(open - 1), size: size,
                       spelled: "UIFont(name: \(code(arguments[0].start, arguments[0].end)), size: \(code(size.start, size.end)))")
        } else if arguments[0].label == .descriptor {
            reportFont(.uikitDescriptor, at: i, end: file.endOfCall(open - 1), size: size,
                       spelled: "UIFont(descriptor:size: \(code(size.start, size.end)))")
        }
    }

    /// `font.withSize(14)`: a fixed size, even on a font made from a text style.
    func checkWithSize(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 1, let size = arguments.first, !size.hasLabel else { return }
        // The receiver may itself be scaled later.
        let start = file.chainStart(endingAt: i)
        if isScaledLater(start, end: file.endOfCall(i)) { return }
        reportFont(.withSize, at: i, end: file.endOfCall(i), size: size, spelled: ".withSize(\(code(size.start, size.end)))")
    }

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
