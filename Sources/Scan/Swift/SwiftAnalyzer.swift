/// A finding before it is placed in a report: where, which rule, how sure, and why.
struct RawFinding: Sendable {
    var rule: ScanRule
    var confidence: Finding.Confidence
    var line: Int
    var column: Int
    var message: String
    var item: String?
    var inPreview: Bool
}

/// What a SwiftUI modifier is applied to.
enum ViewContent {
    /// A view that shows text: `Text`, `Label`, `TextField`, a `Button("Title")`.
    case text
    /// A stack or group with text somewhere inside.
    case containerWithText
    /// An image or symbol, with no text.
    case symbol
    /// A shape, colour, spacer or divider.
    case noText
    case unknown
}

/// Applies the rules to one Swift file, with the project's facts at hand.
struct SwiftAnalyzer {
    let file: SwiftFile
    let index: ProjectIndex
    var findings: [RawFinding] = []
    var signs: [GoodSign: Int] = [:]

    private var decls: Declarations { file.declarations }

    private struct FontAssignment {
        var receiver: Receiver
        var nameIndex: Int
        var kind: UIKitClass
        var certain: Bool
    }

    private struct LiveUpdate {
        var key: String
        var scope: Int
    }

    private var fontAssignments: [FontAssignment] = []
    private var liveUpdates: [LiveUpdate] = []
    /// `adjustsFontForContentSizeCategory = true` set through a helper the scan cannot follow.
    private var liveUpdateThroughHelper = false

    init(file: SwiftFile, index: ProjectIndex) {
        self.file = file
        self.index = index
    }

    // MARK: Running

    mutating func run() {
        let tokens = file.tokens
        for i in tokens.indices {
            let token = tokens[i]
            if token.kind == .attribute {
                if token.name == .ScaledMetric { signs[.scaledMetric, default: 0] += 1 }
                continue
            }
            guard token.kind == .identifier, token.name != .none else { continue }
            switch token.name {
            case .system: checkSwiftUISystemFont(i)
            case .custom: checkCustomFont(i)
            case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont:
                checkUIKitSystemFont(i)
            case .UIFont: checkUIFontInitializer(i)
            case .withSize: checkWithSize(i)
            case .SymbolConfiguration, .`init`: checkSymbolConfiguration(i)
            case .minimumScaleFactor: checkMinimumScaleFactor(i)
            case .adjustsFontSizeToFitWidth: checkAdjustsFontSizeToFitWidth(i)
            case .lineLimit: checkLineLimit(i)
            case .numberOfLines: checkNumberOfLines(i)
            case .frame: checkFrame(i)
            case .heightAnchor: checkHeightAnchor(i)
            case .makeConstraints, .remakeConstraints, .updateConstraints: checkSnapKitHeight(i)
            case .rowHeight: checkRowHeight(i)
            case .dynamicTypeSize: checkDynamicTypeSize(i)
            case .environment: checkEnvironmentSize(i)
            case .maximumContentSizeCategory: checkMaximumContentSizeCategory(i)
            case .preferredContentSizeCategory: checkForcedContentSizeCategory(i)
            case .scaledFont: checkScaledFontMaximum(i)
            case .adjustsFontForContentSizeCategory: checkAdjustsFontForContentSizeCategory(i)
            case .font: noteFontAssignment(i)
            case .UIFontMetrics: signs[.fontMetrics, default: 0] += 1
            case .ViewThatFits: signs[.viewThatFits, default: 0] += 1
            case .AnyLayout: signs[.anyLayout, default: 0] += 1
            case .isAccessibilitySize, .isAccessibilityCategory: signs[.accessibilitySizeCheck, default: 0] += 1
            case .forTextStyle, .withTextStyle, .relativeTo, .textStyle:
                if file.isKind(i + 1, .colon) { signs[.textStyle, default: 0] += 1 }
            default:
                if token.name.isTextStyle { countTextStyle(i) }
            }
        }
        resolveLiveUpdates()
    }

    // MARK: Reporting

    private mutating func report(_ rule: ScanRule, at i: Int, _ confidence: Finding.Confidence, _ message: String,
                                 item: String? = nil) {
        let line = Int(file.tokens[i].line)
        let column = file.column(of: i)
        findings.append(RawFinding(rule: rule, confidence: confidence, line: line, column: column, message: message,
                                   item: item, inPreview: decls.isInPreview(i)))
    }

    /// The code of `start..<end` on one line, shortened for a message.
    private func code(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        var text = file.text(tokens: start, through: end - 1)
        var collapsed = ""
        var lastWasSpace = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                if !lastWasSpace { collapsed.append(" ") }
                lastWasSpace = true
            } else {
                collapsed.append(character)
                lastWasSpace = false
            }
        }
        text = collapsed
        if text.count > 60 { text = String(text.prefix(57)) + "..." }
        return text
    }

    private static func points(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(value)
    }

    // MARK: Where sizes come from

    /// Names that mean a value follows the text size (or is chosen by checking it).
    static func isScaledMarker(_ name: Name) -> Bool {
        switch name {
        case .scaledValue, .scaledFont, .UIFontMetrics, .isAccessibilitySize, .isAccessibilityCategory, .dynamicTypeSize,
             .sizeCategory, .preferredContentSizeCategory:
            true
        default:
            false
        }
    }

    /// Names that mean a value is read from a font: a text style's size or another font's.
    static func isDerivedMarker(_ name: Name) -> Bool {
        switch name {
        case .preferredFont, .preferredFontDescriptor, .pointSize, .lineHeight, .capHeight, .xHeight, .ascender, .descender:
            true
        default:
            false
        }
    }

    private static let numericTypes: Set<String> = ["CGFloat", "Double", "Float", "Int"]

    private static let fixedSystemSizes: [Name: Double] = [
        .labelFontSize: 17, .systemFontSize: 14, .buttonFontSize: 18, .smallSystemFontSize: 12,
    ]

    /// Where the value of `start..<end` comes from. `via` names the constant that held a literal.
    private func origin(_ start: Int, _ end: Int, at position: Int, depth: Int = 0) -> (ValueOrigin, via: String?) {
        guard start < end, depth < 5 else { return (.unknown, nil) }
        if let value = file.literalNumber(start, end) { return (.literal(value), nil) }
        var derived = false
        var hasIdentifier = false
        for j in start..<end {
            let token = file.tokens[j]
            guard token.kind == .identifier else { continue }
            if SwiftAnalyzer.isScaledMarker(token.name) { return (.scaled, nil) }
            if SwiftAnalyzer.isDerivedMarker(token.name) { derived = true }
            if file.isKind(j + 1, .leftParen), index.scalingFunctions.contains(file.identifier(j)) { return (.scaled, nil) }
            hasIdentifier = true
        }
        if derived { return (.derived, nil) }
        guard hasIdentifier else {
            // Arithmetic on numbers only: `12 + 2`, `(44 - 4) / 2`.
            let arithmetic = (start..<end).allSatisfy { j in
                switch file.tokens[j].kind {
                case .integer, .float, .operator, .leftParen, .rightParen: true
                default: false
                }
            }
            return (arithmetic ? .literal(nil) : .unknown, nil)
        }

        // One name, possibly qualified: `titleSize`, `self.titleSize`, `Metrics.title`, `UIFont.labelFontSize`.
        var chainOnly = true
        var j = start
        while j < end {
            let kind = file.tokens[j].kind
            if !(kind == .identifier || kind == .period || file.isPostfixUnwrap(j)) { chainOnly = false; break }
            j += 1
        }
        if chainOnly, let last = (start..<end).last(where: { file.isKind($0, .identifier) }) {
            let name = file.identifier(last)
            if let value = SwiftAnalyzer.fixedSystemSizes[file.tokens[last].name], last > start {
                return (.literal(value), code(start, end))
            }
            let qualified = last > start && !(last == start + 2 && file.name(start) == .`self`)
            if !qualified {
                for function in decls.enclosingFunctions(of: position, in: file) where function.parameters.contains(name) {
                    // A local variable declared in the function shadows the parameter.
                    if let local = decls.variable(named: name, visibleAt: position, in: file), local.scope >= function.open {
                        break
                    }
                    return (.parameter(name), nil)
                }
            }
            var variable = qualified
                ? decls.variablesByName[name]?.lazy.map { decls.variables[$0] }.first { decls.typeByBrace[$0.scope] != nil || $0.scope < 0 }
                : decls.variable(named: name, visibleAt: position, in: file)
            // A property of another type that only shares the name (`var body: some View`) says nothing.
            if let type = variable?.typeName, !SwiftAnalyzer.numericTypes.contains(type) { variable = nil }
            if let variable {
                let (found, via) = self.origin(of: variable, depth: depth + 1)
                return (found, via ?? name)
            }
            if let known = index.origins[name] { return (known, name) }
            return (.unknown, nil)
        }

        // An expression: combine the origins of the names in it.
        var result: ValueOrigin = .literal(nil)
        j = start
        while j < end {
            if file.isKind(j, .identifier) && !file.isKind(j - 1, .period) {
                var last = j
                while last + 2 < end && file.isKind(last + 1, .period) && file.isKind(last + 2, .identifier) { last += 2 }
                if file.isKind(last + 1, .leftParen) {
                    result = ProjectIndex.merge(result, .unknown)
                } else {
                    let (part, _) = origin(j, last + 1, at: position, depth: depth + 1)
                    switch part {
                    case .scaled, .derived: return (part, nil)
                    case .parameter:
                        if case .literal = result { result = part }
                    case .unknown:
                        result = .unknown
                    case .literal:
                        break
                    }
                }
                j = last + 1
            } else {
                j += 1
            }
        }
        return (result, nil)
    }

    private func origin(of variable: VariableDeclaration, depth: Int) -> (ValueOrigin, via: String?) {
        if variable.isScaledMetric { return (.scaled, nil) }
        if variable.hasInitializer {
            return origin(variable.initStart, variable.initEnd, at: variable.initStart, depth: depth)
        }
        if variable.bodyOpen >= 0 {
            var start = variable.bodyOpen + 1
            let end = file.closing(variable.bodyOpen)
            if file.name(start) == .return { start += 1 }
            return origin(start, end, at: start, depth: depth)
        }
        return (.unknown, nil)
    }

    /// Where a font's size comes from, as the end of a sentence that says why it does not scale:
    /// "a fixed 17 pt, which ignores the reader's text size".
    private func describe(_ origin: ValueOrigin, via: String?, _ start: Int, _ end: Int) -> String {
        switch origin {
        case let .literal(value?):
            let points = "\(SwiftAnalyzer.points(value)) pt"
            return "a fixed \(via.map { "\(points) (\($0))" } ?? points), which ignores the reader's text size"
        case .literal(nil):
            return "a fixed size (\(code(start, end))), which ignores the reader's text size"
        case let .parameter(name):
            return "the size passed in as '\(name)', which stays fixed unless every caller passes a scaled size"
        default:
            return "'\(code(start, end))', a size the scan cannot trace to the text size (suppress this finding if it is scaled)"
        }
    }

    /// A length for a message: "44 pt", "44 pt (rowHeight)".
    private func amount(_ origin: ValueOrigin, via: String?, _ start: Int, _ end: Int) -> String {
        if case let .literal(value?) = origin {
            let points = "\(SwiftAnalyzer.points(value)) pt"
            return via.map { "\(points) (\($0))" } ?? points
        }
        return "a fixed size (\(code(start, end)))"
    }

    private static func confidence(_ origin: ValueOrigin) -> Finding.Confidence {
        origin.isFixed ? .high : .medium
    }

    // MARK: Fonts

    private enum FontKind {
        case swiftUISystem, swiftUICustomFixed, uikitSystem, uikitNamed, uikitDescriptor, withSize, symbolConfiguration
    }

    /// Whether the font made at `i` (ending before `end`) is scaled later, only names a family,
    /// or is kept in a name that `scaledFont(for:)` receives.
    private func isScaledLater(_ i: Int, end: Int) -> Bool {
        for member in file.members(from: end) {
            switch file.name(member.name) {
            case .fontDescriptor, .familyName, .fontName, .withSize, .scaledFont:
                return true
            default:
                if index.scalingFunctions.contains(file.identifier(member.name)) { return true }
            }
        }
        for p in file.ancestors(of: i) {
            let kind = file.tokens[p].kind
            if kind == .leftBrace { break }
            guard kind == .leftParen, p > 0 else { continue }
            let callee = p - 1
            if file.name(callee) == .scaledFont { return true }
            if file.isKind(callee, .identifier) && index.scalingFunctions.contains(file.identifier(callee)) { return true }
        }
        if let binding = bindingName(of: i), index.scaledFontArguments.contains(binding) { return true }
        return false
    }

    /// Whether the font made at `i` configures a symbol (`UIImage.SymbolConfiguration(font:)`).
    private func isInSymbolConfiguration(_ i: Int) -> Bool {
        for p in file.ancestors(of: i) {
            let kind = file.tokens[p].kind
            if kind == .leftBrace { break }
            if kind == .leftParen && file.name(p - 1) == .SymbolConfiguration { return true }
        }
        return false
    }

    /// The name the value of the expression holding `i` is stored in or returned as.
    private func bindingName(of i: Int) -> String? {
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
    private func fontModifierContent(around i: Int) -> ViewContent? {
        guard let call = file.enclosingCall(of: i), file.name(call.callee) == .font, file.isKind(call.callee - 1, .period)
        else { return nil }
        let dot = call.callee - 1
        guard dot >= 1 else { return nil }
        let base = file.chainStart(endingAt: dot - 1)
        return content(ofBase: base)
    }

    private mutating func reportFont(_ kind: FontKind, at i: Int, end: Int, size: SwiftFile.Argument, spelled: String) {
        let (found, via) = origin(size.start, size.end, at: i)
        switch found {
        case .scaled, .derived: return
        case let .literal(value?) where value <= 1 && kind != .swiftUISystem && kind != .swiftUICustomFixed: return
        default: break
        }
        if kind == .withSize, case .unknown = found { return }
        if isScaledLater(i, end: end) { return }
        let sizeText = describe(found, via: via, size.start, size.end)
        let confidence = SwiftAnalyzer.confidence(found)
        var symbol = isInSymbolConfiguration(i) || kind == .symbolConfiguration
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
    private mutating func checkSwiftUISystemFont(_ i: Int) {
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
    private mutating func checkCustomFont(_ i: Int) {
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
    private mutating func checkUIKitSystemFont(_ i: Int) {
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
    private mutating func checkUIFontInitializer(_ i: Int) {
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
    private mutating func checkWithSize(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 1, let size = arguments.first, !size.hasLabel else { return }
        // The receiver may itself be scaled later.
        let start = file.chainStart(endingAt: i)
        if isScaledLater(start, end: file.endOfCall(i)) { return }
        reportFont(.withSize, at: i, end: file.endOfCall(i), size: size, spelled: ".withSize(\(code(size.start, size.end)))")
    }

    /// `UIImage.SymbolConfiguration(pointSize:)` and `.init(pointSize:)` for a symbol configuration.
    private mutating func checkSymbolConfiguration(_ i: Int) {
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

    private mutating func countTextStyle(_ i: Int) {
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

    // MARK: SwiftUI views

    private static let textViews: Set<Name> = [.Text, .Label, .TextField, .SecureField, .TextEditor, .Link]
    private static let controls: Set<Name> = [
        .Button, .NavigationLink, .Menu, .Toggle, .Picker, .Stepper, .DatePicker, .ShareLink, .LabeledContent,
    ]
    private static let containers: Set<Name> = [
        .HStack, .VStack, .ZStack, .LazyVStack, .LazyHStack, .Group, .Section, .ForEach, .GridRow,
    ]

    /// What the view whose expression starts at `base` shows.
    func content(ofBase base: Int) -> ViewContent {
        guard file.isKind(base, .identifier) else { return .unknown }
        let name = file.name(base)
        if SwiftAnalyzer.textViews.contains(name) { return .text }
        switch name {
        case .Image, .AsyncImage: return .symbol
        case .Spacer, .Divider, .Color, .Rectangle, .RoundedRectangle, .Circle, .Capsule, .ProgressView: return .noText
        default: break
        }
        let isControl = SwiftAnalyzer.controls.contains(name)
        guard isControl || SwiftAnalyzer.containers.contains(name) else { return .unknown }
        if isControl && file.isKind(base + 1, .leftParen) && file.isKind(base + 2, .string) { return .text }
        let end = file.endOfCall(base)
        var sawImage = false
        var j = base + 1
        while j < end {
            let token = file.tokens[j]
            if token.kind == .identifier {
                if SwiftAnalyzer.textViews.contains(token.name) && file.isKind(j + 1, .leftParen) {
                    return isControl ? .text : .containerWithText
                }
                if token.name == .Image { sawImage = true }
            }
            j += 1
        }
        return sawImage ? .symbol : .unknown
    }

    /// A `.modifier(` call at `i`: the index where the modified view's expression starts.
    private func modifiedView(_ i: Int) -> Int? {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen), i >= 2 else { return nil }
        let start = file.chainStart(endingAt: i - 2)
        if start == i - 1 { return nil }
        return start
    }

    /// Code that only runs for some text sizes: inside `if dynamicTypeSize.isAccessibilitySize { }`
    /// or its `else`, in one branch of a `ViewThatFits`, or in a function this file only calls
    /// from such a branch (`configureForRegularSizes()`).
    private mutating func isAdaptive(_ i: Int) -> Bool {
        if isInTextSizeBranch(i) { return true }
        guard let function = decls.enclosingFunctions(of: i, in: file).first else { return false }
        return adaptiveFunctions().contains(function.name)
    }

    private func isInTextSizeBranch(_ i: Int) -> Bool {
        for p in file.ancestors(of: i) {
            let token = file.tokens[p]
            if token.kind != .leftBrace { continue }
            if decls.functionByBrace[p] != nil || decls.typeByBrace[p] != nil || decls.variableByBrace[p] != nil { break }
            if conditionMentionsTextSize(before: p) { return true }
            if p > 0 && (file.isKind(p - 1, .identifier) || file.isKind(p - 1, .rightParen)) {
                let base = file.chainStart(endingAt: p - 1)
                if file.name(base) == .ViewThatFits { return true }
            }
        }
        return false
    }

    private var adaptiveFunctionsCache: Set<String>?

    /// Functions of this file that are only called where the text size decides.
    private mutating func adaptiveFunctions() -> Set<String> {
        if let cached = adaptiveFunctionsCache { return cached }
        let names = Set(decls.functions.map(\.name))
        var adaptive: Set<String> = []
        var plain: Set<String> = []
        for j in file.tokens.indices where file.tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen) {
            guard file.name(j - 1) != .func else { continue }
            let name = file.identifier(j)
            guard names.contains(name) else { continue }
            if isInTextSizeBranch(j) { adaptive.insert(name) } else { plain.insert(name) }
        }
        let result = adaptive.subtracting(plain)
        adaptiveFunctionsCache = result
        return result
    }

    private func conditionMentionsTextSize(before brace: Int) -> Bool {
        var k = brace - 1
        var steps = 0
        while k >= 0 && steps < 80 {
            steps += 1
            let token = file.tokens[k]
            switch token.kind {
            case .rightBrace:
                guard file.name(k + 1) == .else, file.matching[k] >= 0 else { return false }
                k = Int(file.matching[k]) - 1
                continue
            case .leftBrace, .semicolon:
                return false
            case .rightParen, .rightBracket:
                let open = Int(file.matching[k])
                guard open >= 0 else { return false }
                for j in open...k where SwiftAnalyzer.isScaledMarker(file.name(j)) { return true }
                k = open - 1
                continue
            default:
                break
            }
            if SwiftAnalyzer.isScaledMarker(file.name(k)) { return true }
            if token.kind == .identifier && token.flags.contains(.newlineBefore) {
                switch token.name {
                case .if, .guard, .switch, .while: return false
                case .case:
                    // A `case .accessibility1...:` inside `switch dynamicTypeSize`.
                    return false
                default: break
                }
            }
            k -= 1
        }
        return false
    }

    private func isInCell(_ i: Int) -> Bool {
        guard let type = decls.enclosingType(of: i, in: file) else { return false }
        return type.name.hasSuffix("Cell") || type.inherits.contains { $0.hasSuffix("Cell") }
    }

    private mutating func checkMinimumScaleFactor(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 1, let factor = arguments.first else { return }
        if let value = file.literalNumber(factor.start, factor.end), value >= 1 { return }
        if content(ofBase: base) == .symbol || content(ofBase: base) == .noText { return }
        if isAdaptive(i) { return }
        let literal = file.literalNumber(factor.start, factor.end) != nil
        report(.shrinksText, at: i, literal ? .high : .medium,
               ".minimumScaleFactor(\(code(factor.start, factor.end))) shrinks this text back down when it does not fit, undoing the size the reader chose. Let it wrap (.lineLimit(nil)) and let the layout grow or scroll instead.")
    }

    private mutating func checkLineLimit(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard let limit = arguments.first, !limit.hasLabel, file.literalNumber(limit.start, limit.end) == 1 else { return }
        let content = content(ofBase: base)
        if content == .symbol || content == .noText { return }
        if isAdaptive(i) { return }
        report(.singleLine, at: i, .high,
               ".lineLimit(1) keeps this text on one line, so at large sizes it is cut off with an ellipsis. Remove the limit, or apply it only below the accessibility sizes.")
    }

    private mutating func checkFrame(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard let height = arguments.first(where: { $0.hasLabel && ($0.label == .height || $0.label == .maxHeight) })
        else { return }
        let (found, via) = origin(height.start, height.end, at: i)
        guard case let .literal(value) = found, (value ?? 1) >= 1 else { return }
        let content = content(ofBase: base)
        let confidence: Finding.Confidence
        switch content {
        case .text: confidence = .high
        case .containerWithText: confidence = .medium
        default: return
        }
        if isAdaptive(i) { return }
        let label = file.text(height.labelIndex)
        let what = content == .text ? "this text" : "a view holding text"
        let size = amount(found, via: via, height.start, height.end)
        let verb = height.label == .height ? "fixes" : "caps"
        report(.fixedHeightText, at: i, confidence,
               ".frame(\(label): \(code(height.start, height.end))) \(verb) the height of \(what) at \(size), so larger text is clipped. Use .frame(minHeight:) or scale the height with @ScaledMetric.",
               item: isInCell(i) ? "cells-resize" : nil)
    }

    private mutating func checkDynamicTypeSize(_ i: Int) {
        guard file.isKind(i - 1, .period), !file.isKind(i - 2, .backslash), file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 1, let range = arguments.first, !range.hasLabel else { return }
        var rangeOperator = -1
        for j in range.start..<range.end where file.isOperator(j, "...") || file.isOperator(j, "..<") {
            rangeOperator = j
            break
        }
        let upperStart = rangeOperator >= 0 ? rangeOperator + 1 : range.start
        guard upperStart < range.end else { return } // `.large...` has no upper bound.
        guard let last = (upperStart..<range.end).last(where: { file.isKind($0, .identifier) }),
              let rank = file.name(last).sizeRank else { return }
        let exclusive = rangeOperator >= 0 && file.isOperator(rangeOperator, "..<")
        let top = exclusive ? rank - 1 : rank
        guard top < 11 else { return }
        let spelled = ".dynamicTypeSize(\(code(range.start, range.end)))"
        if rangeOperator < 0 {
            report(.clampedTypeSize, at: i, .high,
                   "\(spelled) pins the text below it to one size whatever the reader chose. Remove it, or give a range that reaches .accessibility5.")
        } else {
            report(.clampedTypeSize, at: i, .high,
                   "\(spelled) stops the text below it from growing past \(SwiftAnalyzer.sizeName(top)), short of the largest accessibility size. Remove the cap, or show the Large Content Viewer where a control cannot grow.")
        }
    }

    private static func sizeName(_ rank: Int) -> String {
        ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
         "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"][max(0, min(11, rank))]
    }

    /// `.environment(\.dynamicTypeSize, .large)` and `.environment(\.sizeCategory, .large)`.
    private mutating func checkEnvironmentSize(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 2, file.isKind(arguments[0].start, .backslash) else { return }
        let keyName = file.name(arguments[0].end - 1)
        guard keyName == .dynamicTypeSize || keyName == .sizeCategory else { return }
        guard let last = (arguments[1].start..<arguments[1].end).last(where: { file.isKind($0, .identifier) }),
              file.name(last).sizeRank != nil else { return }
        report(.clampedTypeSize, at: i, .high,
               ".environment(\\.\(file.text(arguments[0].end - 1)), \(code(arguments[1].start, arguments[1].end))) forces the text below it to .\(file.text(last)) whatever the reader chose. Remove it outside previews.")
    }

    // MARK: UIKit properties

    struct Receiver {
        /// The receiver as written, without `self.` and optional chaining: `titleLabel`, `cell.textLabel`.
        var key: String
        /// Index of the receiver's last token, or -1 for `self`.
        var last: Int
        var start: Int
        /// The receiver's type when the code names it (`UILabel.lens.numberOfLines`).
        var typeName: String?
        var isSelf: Bool { last < 0 }
    }

    /// For `x.property = value` at `property`, the receiver; nil for declarations and non-statements.
    private func receiver(ofProperty i: Int) -> Receiver? {
        if file.isKind(i - 1, .period) {
            var last = i - 2
            while last >= 0 && file.isPostfixUnwrap(last) { last -= 1 }
            guard last >= 0 else { return nil }
            let start = file.chainStart(endingAt: i - 2)
            guard start <= last, start != i - 1 else { return nil }
            var key = ""
            for j in start...last {
                if file.isPostfixUnwrap(j) { continue }
                key += file.tokens[j].kind == .identifier ? file.identifier(j) : file.text(j)
            }
            if key.hasPrefix("self.") { key.removeFirst(5) }
            if key == "self" { return Receiver(key: "self", last: -1, start: start) }
            return Receiver(key: key, last: last, start: start)
        }
        // A bare property: only as the start of a statement inside a type.
        let previous = i - 1
        guard previous < 0 || file.tokens[i].flags.contains(.newlineBefore) || file.isKind(previous, .leftBrace)
            || file.isKind(previous, .semicolon) else { return nil }
        if previous >= 0 && file.isKind(previous, .identifier) && (file.name(previous) == .var || file.name(previous) == .let) {
            return nil
        }
        return Receiver(key: "self", last: -1, start: i)
    }

    /// How a message names the receiver: "'titleLabel'", or "this label" for `self` and `$0`.
    private func describe(_ receiver: Receiver, as noun: String) -> String {
        receiver.isSelf || receiver.key.hasPrefix("$") ? "this \(noun)" : "'\(receiver.key)'"
    }

    /// `property = value` at `i`: the value's range; nil when `i` is not assigned.
    private func assignedValue(_ i: Int) -> (start: Int, end: Int)? {
        guard file.isOperator(i + 1, "="), !file.isKind(i + 2, .operator) || file.isKind(i + 2, .period) else { return nil }
        if file.name(i - 1) == .var || file.name(i - 1) == .let || file.name(i - 1) == .case { return nil }
        let start = i + 2
        return (start, file.expressionEnd(from: start))
    }

    /// A property set at `i`, in any of the forms apps use:
    /// `x.property = value`, `property = value` in a type's own code, the lens setters of Prelude-style
    /// pipelines `x |> \.property .~ value`, and `UILabel.lens.property .~ value`.
    private func assignment(_ i: Int) -> (value: (start: Int, end: Int), receiver: Receiver)? {
        if file.isOperator(i + 1, ".~") {
            let start = i + 2
            var end = start
            let limit = file.expressionEnd(from: start)
            while end < limit && !file.isOperator(end, "|>") && !file.isOperator(end, "<>") {
                end = file.isKind(end, .leftParen) || file.isKind(end, .leftBracket) || file.isKind(end, .leftBrace)
                    ? file.after(end) : end + 1
            }
            guard end > start, file.isKind(i - 1, .period) else { return nil }
            if file.isKind(i - 2, .backslash) {
                guard let receiver = pipelineSubject(before: i - 2) else { return nil }
                return ((start, min(end, limit)), receiver)
            }
            if file.textIs(i - 2, "lens"), file.isKind(i - 3, .period), file.isKind(i - 4, .identifier) {
                let type = file.identifier(i - 4)
                // `label |> UILabel.lens.font .~ value` sets the pipeline's subject.
                if var receiver = pipelineSubject(before: i - 4) {
                    receiver.typeName = type
                    return ((start, min(end, limit)), receiver)
                }
                return ((start, min(end, limit)), Receiver(key: type, last: i - 4, start: i - 4, typeName: type))
            }
            return nil
        }
        guard let value = assignedValue(i), let receiver = receiver(ofProperty: i) else { return nil }
        return (value, receiver)
    }

    /// The value a `|>` pipeline starts from: `label` in `_ = self.label |> \.a .~ 1 |> \.b .~ 2`.
    private func pipelineSubject(before backslash: Int) -> Receiver? {
        guard file.isOperator(backslash - 1, "|>") else { return nil }
        var firstPipe = backslash - 1
        var j = firstPipe - 1
        var steps = 0
        while j >= 0 && steps < 2_000 {
            steps += 1
            let token = file.tokens[j]
            switch token.kind {
            case .rightParen, .rightBracket, .rightBrace:
                let open = Int(file.matching[j])
                guard open >= 0 else { return nil }
                j = open - 1
                continue
            case .leftParen, .leftBracket, .leftBrace, .comma, .semicolon:
                j = -1
                continue
            default:
                break
            }
            if file.isOperator(j, "|>") {
                firstPipe = j
            } else if file.isOperator(j, "=") || file.name(j) == .return || file.name(j) == .in {
                break
            } else if token.flags.contains(.newlineBefore) && token.kind != .operator
                        && !(file.isKind(j - 1, .operator) && !file.isPostfixUnwrap(j - 1)) && !file.isKind(j - 1, .period) {
                break
            }
            j -= 1
        }
        let last = firstPipe - 1
        guard last >= 0 else { return nil }
        let start = file.chainStart(endingAt: last)
        guard start <= last else { return nil }
        var key = ""
        for k in start...last where !file.isPostfixUnwrap(k) {
            key += file.tokens[k].kind == .identifier ? file.identifier(k) : file.text(k)
        }
        if key.hasPrefix("self.") { key.removeFirst(5) }
        if key == "self" { return Receiver(key: "self", last: -1, start: start) }
        var lastIdentifier = last
        while lastIdentifier > start && file.isPostfixUnwrap(lastIdentifier) { lastIdentifier -= 1 }
        return Receiver(key: key, last: lastIdentifier, start: start)
    }

    private func isTrue(_ value: (start: Int, end: Int)) -> Bool { value.end == value.start + 1 && file.name(value.start) == .true }
    private func isFalse(_ value: (start: Int, end: Int)) -> Bool { value.end == value.start + 1 && file.name(value.start) == .false }

    private func classify(typeName: String) -> (UIKitClass?, certain: Bool) {
        if let known = index.uikitClass(of: typeName) { return (known, true) }
        if let guess = UIKitClass(guessingFrom: typeName) { return (guess, false) }
        return (nil, false)
    }

    private func declaredType(of name: String, at i: Int) -> String? {
        let variable = decls.variable(named: name, visibleAt: i, in: file)
            ?? decls.variablesByName[name].flatMap { $0.first.map { decls.variables[$0] } }
        if let variable {
            if let type = variable.typeName { return type }
            if let type = SwiftAnalyzer.initializerType(variable, in: file) { return type }
        }
        return index.memberTypes[name]
    }

    /// `UILabel()` in `let label = UILabel()`, or the first type built in a closure initializer.
    static func initializerType(_ variable: VariableDeclaration, in file: SwiftFile) -> String? {
        guard variable.hasInitializer else { return nil }
        var j = variable.initStart
        let end = min(variable.initEnd, variable.initStart + 48)
        while j < end {
            if file.isKind(j, .identifier), let first = file.bytes[Int(file.tokens[j].start)...].first,
               first >= 0x41 && first <= 0x5A,
               file.isKind(j + 1, .leftParen) || (file.isKind(j + 1, .period) && file.name(j + 2) == .`init`) {
                return file.identifier(j)
            }
            j += 1
        }
        return nil
    }

    /// What kind of UIKit view the receiver is, and whether the scan knows it or guessed from a name.
    private func receiverClass(_ receiver: Receiver, property: String, at i: Int) -> (UIKitClass?, certain: Bool) {
        if let type = receiver.typeName { return classify(typeName: type) }
        if receiver.isSelf {
            guard let type = decls.enclosingType(of: i, in: file) else { return (nil, false) }
            if index.members[type.name]?.contains(property) == true && type.keyword != .extension {
                return (.notAView, true)
            }
            if type.keyword == .struct || type.keyword == .enum || type.keyword == .protocol { return (.notAView, true) }
            if type.keyword == .extension { return classify(typeName: type.name) }
            if let base = type.inherits.first { return classify(typeName: base) }
            return (.notAView, true)
        }
        let last = receiver.last
        guard file.isKind(last, .identifier) else { return (nil, false) }
        let name = file.identifier(last)
        if (name == "titleLabel" || name == "textLabel" || name == "detailTextLabel") && receiver.start < last {
            return (.label, true)
        }
        if name.hasPrefix("$") { return closureSubjectClass(last) }
        if let type = declaredType(of: name, at: i) {
            let (kind, certain) = classify(typeName: type)
            if let kind {
                // A type of the project that declares the property itself is not a UIKit view.
                if kind != .notAView, let members = index.members[type], members.contains(property),
                   index.keywords[type] != nil && index.keywords[type] != .extension {
                    return (.notAView, true)
                }
                return (kind, certain)
            }
        }
        if let guess = UIKitClass(guessingFrom: name) { return (guess, false) }
        return (nil, false)
    }

    /// The view `$0` stands for in `UILabel().then { $0... }`, `[a, b].forEach { $0... }` or
    /// `{ $0...; return $0 }(UILabel())`.
    private func closureSubjectClass(_ i: Int) -> (UIKitClass?, certain: Bool) {
        guard let brace = file.ancestors(of: i).first(where: { file.isKind($0, .leftBrace) }) else { return (nil, false) }
        let after = file.after(brace)
        if file.isKind(after, .leftParen) {
            for j in (after + 1)..<file.closing(after) where file.isKind(j, .identifier) && file.isKind(j + 1, .leftParen) {
                return classify(typeName: file.identifier(j))
            }
        }
        guard brace > 0, file.isKind(brace - 1, .identifier) || file.isKind(brace - 1, .rightParen) else { return (nil, false) }
        let base = file.chainStart(endingAt: brace - 1)
        if file.isKind(base, .leftBracket) {
            if file.isKind(base + 1, .identifier), let type = declaredType(of: file.identifier(base + 1), at: i) {
                return classify(typeName: type)
            }
            if file.isKind(base + 1, .identifier), let guess = UIKitClass(guessingFrom: file.identifier(base + 1)) {
                return (guess, false)
            }
            return (nil, false)
        }
        guard file.isKind(base, .identifier) else { return (nil, false) }
        let name = file.identifier(base)
        if file.isKind(base + 1, .leftParen), let first = name.utf8.first, first >= 0x41 && first <= 0x5A {
            return classify(typeName: name)
        }
        if let type = declaredType(of: name, at: i) { return classify(typeName: type) }
        if let guess = UIKitClass(guessingFrom: name) { return (guess, false) }
        return (nil, false)
    }

    private mutating func checkNumberOfLines(_ i: Int) {
        guard let (value, receiver) = assignment(i), value.end == value.start + 1, file.number(value.start) == 1
        else { return }
        let (kind, certain) = receiverClass(receiver, property: "numberOfLines", at: i)
        var confidence: Finding.Confidence
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case nil: confidence = .low
        default: return
        }
        if confidence != .low && !certain && index.ownProperties.contains("numberOfLines") { confidence = .low }
        if confidence == .low && index.ownProperties.contains("numberOfLines") && kind == nil { return }
        if isAdaptive(i) { return }
        let who = describe(receiver, as: "label")
        report(.singleLine, at: i, confidence,
               "numberOfLines = 1 keeps \(who) on one line, so at large sizes its text is cut off. Set numberOfLines = 0 so it wraps.")
    }

    private mutating func checkAdjustsFontSizeToFitWidth(_ i: Int) {
        guard let (value, receiver) = assignment(i), isTrue(value) else { return }
        let (kind, certain) = receiverClass(receiver, property: "adjustsFontSizeToFitWidth", at: i)
        let confidence: Finding.Confidence
        switch kind {
        case .label?, .textField?, .button?: confidence = certain ? .high : .medium
        case nil: confidence = .medium
        default: return
        }
        if isAdaptive(i) { return }
        let who = describe(receiver, as: kind?.noun ?? "view")
        report(.shrinksText, at: i, confidence,
               "adjustsFontSizeToFitWidth = true shrinks the text of \(who) when it does not fit, undoing the size the reader chose. Let it wrap (numberOfLines = 0) and let the layout grow instead.")
    }

    private mutating func checkRowHeight(_ i: Int) {
        guard let (value, receiver) = assignment(i) else { return }
        let (found, via) = origin(value.start, value.end, at: i)
        guard case let .literal(size) = found, (size ?? 1) > 1 else { return }
        let (kind, _) = receiverClass(receiver, property: "rowHeight", at: i)
        guard kind == .tableView || (kind == nil && receiver.key.lowercased().hasSuffix("tableview")) else { return }
        report(.fixedHeightText, at: i, .medium,
               "rowHeight = \(code(value.start, value.end)) gives every row a height of \(amount(found, via: via, value.start, value.end)), so rows cannot grow with their text. Use UITableView.automaticDimension with self-sizing cells.",
               item: "cells-resize")
    }

    private mutating func checkHeightAnchor(_ i: Int) {
        guard file.isKind(i + 1, .period), file.name(i + 2) == .constraint, file.isKind(i + 3, .leftParen) else { return }
        let arguments = file.arguments(i + 3)
        guard let constant = arguments.first,
              constant.label == .equalToConstant || constant.label == .lessThanOrEqualToConstant else { return }
        let (found, via) = origin(constant.start, constant.end, at: i)
        guard case let .literal(size) = found, (size ?? 1) > 1 else { return }
        for member in file.members(from: file.after(i + 3)) where file.name(member.name) == .priority || file.textIs(member.name, "withPriority") {
            return
        }
        guard let receiver = receiver(ofProperty: i) else { return }
        let (kind, certain) = receiverClass(receiver, property: "heightAnchor", at: i)
        let confidence: Finding.Confidence
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case .button?, .textField?: confidence = .medium
        default: return
        }
        let who = describe(receiver, as: kind?.noun ?? "view")
        let relation = constant.label == .equalToConstant ? "fixes" : "caps"
        report(.fixedHeightText, at: i, confidence,
               "heightAnchor.constraint(\(file.text(constant.labelIndex)): \(code(constant.start, constant.end))) \(relation) the height of \(who) at \(amount(found, via: via, constant.start, constant.end)), so larger text is clipped. Use greaterThanOrEqualToConstant: or let its text set the height.",
               item: isInCell(i) ? "cells-resize" : nil)
    }

    /// SnapKit: `label.snp.makeConstraints { $0.height.equalTo(20) }`.
    private mutating func checkSnapKitHeight(_ i: Int) {
        guard file.isKind(i - 1, .period), file.name(i - 2) == .snp, file.isKind(i - 3, .period) else { return }
        var brace = i + 1
        if file.isKind(brace, .leftParen) { brace = file.after(brace) }
        guard file.isKind(brace, .leftBrace) else { return }
        var last = i - 4
        while last >= 0 && file.isPostfixUnwrap(last) { last -= 1 }
        guard last >= 0 else { return }
        let receiver = receiver(ofProperty: i - 2) ?? Receiver(key: "self", last: -1, start: i)
        let (kind, certain) = receiverClass(receiver, property: "snp", at: i)
        let confidence: Finding.Confidence
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case .button?, .textField?: confidence = .medium
        default: return
        }
        let close = file.closing(brace)
        var j = brace + 1
        while j < close {
            if file.name(j) == .height && file.isKind(j - 1, .period) {
                var k = j + 1
                while file.isKind(k, .period) && file.isKind(k + 1, .identifier) && !file.isKind(k + 2, .leftParen) { k += 2 }
                if file.isKind(k, .period), file.name(k + 1) == .equalTo || file.name(k + 1) == .lessThanOrEqualTo,
                   file.isKind(k + 2, .leftParen) {
                    let arguments = file.arguments(k + 2)
                    let lowered = file.members(from: file.after(k + 2)).contains { file.name($0.name) == .priority }
                    if arguments.count == 1, let value = arguments.first, !lowered {
                        let (found, via) = origin(value.start, value.end, at: j)
                        if case let .literal(size) = found, (size ?? 1) > 1 {
                            report(.fixedHeightText, at: j, confidence,
                                   "height.\(file.text(k + 1))(\(code(value.start, value.end))) \(file.name(k + 1) == .equalTo ? "fixes" : "caps") the height of '\(receiver.key)' at \(amount(found, via: via, value.start, value.end)), so larger text is clipped. Use greaterThanOrEqualTo or let its text set the height.",
                                   item: isInCell(j) ? "cells-resize" : nil)
                        }
                    }
                }
            }
            j += 1
        }
    }

    private mutating func checkMaximumContentSizeCategory(_ i: Int) {
        guard let (value, _) = assignment(i) else { return }
        guard let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }) else { return }
        if file.name(last) == .unspecified { return }
        guard let rank = file.name(last).sizeRank, rank < 11 else { return }
        report(.clampedTypeSize, at: i, .high,
               "maximumContentSizeCategory = \(code(value.start, value.end)) stops text from growing past .\(file.text(last)), short of the largest accessibility size. Remove the cap, or show the Large Content Viewer where a control cannot grow.")
    }

    /// `traitOverrides.preferredContentSizeCategory = .large` and `UITraitCollection(preferredContentSizeCategory: .large)`.
    private mutating func checkForcedContentSizeCategory(_ i: Int) {
        if let (value, receiver) = assignment(i), receiver.key.hasSuffix("traitOverrides") {
            guard let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }),
                  file.name(last).sizeRank != nil else { return }
            report(.clampedTypeSize, at: i, .high,
                   "Overriding preferredContentSizeCategory with \(code(value.start, value.end)) forces this view's text to .\(file.text(last)) whatever the reader chose. Remove the override.")
            return
        }
        guard file.isKind(i + 1, .colon), let call = file.enclosingCall(of: i), file.name(call.callee) == .UITraitCollection,
              call.open == i - 1 else { return }
        let arguments = file.arguments(call.open)
        guard let value = arguments.first,
              let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }),
              file.name(last).sizeRank != nil else { return }
        report(.clampedTypeSize, at: call.callee, .medium,
               "UITraitCollection(preferredContentSizeCategory: \(code(value.start, value.end))) describes text fixed at .\(file.text(last)); fonts or views given these traits stop following the reader's setting. Use the view's own trait collection.")
    }

    private mutating func checkScaledFontMaximum(_ i: Int) {
        guard file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard let maximum = file.argument(.maximumPointSize, in: arguments) else { return }
        report(.clampedTypeSize, at: i, .medium,
               "scaledFont(for:maximumPointSize: \(code(maximum.start, maximum.end))) stops this font growing past that size, which may be short of the largest accessibility size. Drop the maximum unless the layout truly cannot grow.")
    }

    // MARK: Live updates

    private mutating func checkAdjustsFontForContentSizeCategory(_ i: Int) {
        guard let (value, receiver) = assignment(i) else { return }
        if isTrue(value) {
            signs[.liveUpdate, default: 0] += 1
            noteLiveUpdate(receiver, at: i)
        } else if isFalse(value) {
            let (kind, _) = receiverClass(receiver, property: "adjustsFontForContentSizeCategory", at: i)
            if kind == .notAView || kind == .otherView { return }
            let who = describe(receiver, as: kind?.noun ?? "view")
            report(.noLiveUpdate, at: i, .high,
                   "adjustsFontForContentSizeCategory = false keeps \(who) at the text size it started with when the reader changes the setting. Set it to true.")
        }
    }

    private mutating func noteLiveUpdate(_ receiver: Receiver, at i: Int) {
        let scope = file.ancestors(of: i).first { file.isKind($0, .leftBrace) } ?? -1
        if receiver.key.hasPrefix("$") {
            // `[a, b].forEach { $0.adjustsFontForContentSizeCategory = true }` covers a and b.
            if scope > 0 && (file.isKind(scope - 1, .identifier) || file.isKind(scope - 1, .rightParen)) {
                let base = file.chainStart(endingAt: scope - 1)
                if file.isKind(base, .leftBracket) {
                    for argument in file.arguments(base) where argument.end > argument.start {
                        var key = file.text(tokens: argument.start, through: argument.end - 1)
                        if key.hasPrefix("self.") { key.removeFirst(5) }
                        liveUpdates.append(LiveUpdate(key: key, scope: -1))
                    }
                    liveUpdates.append(LiveUpdate(key: receiver.key, scope: scope))
                    return
                }
            }
            liveUpdates.append(LiveUpdate(key: receiver.key, scope: scope))
            if receiverClassIsUnknownSubject(i) { liveUpdateThroughHelper = true }
            return
        }
        if !receiver.isSelf && decls.enclosingFunctions(of: i, in: file).contains(where: { $0.parameters.contains(receiver.key) }) {
            liveUpdateThroughHelper = true
        }
        liveUpdates.append(LiveUpdate(key: receiver.key, scope: -1))
    }

    private func receiverClassIsUnknownSubject(_ i: Int) -> Bool {
        closureSubjectClass(i).0 == nil
    }

    private mutating func noteFontAssignment(_ i: Int) {
        guard let (value, receiver) = assignment(i) else { return }
        var textStyle = false
        for j in value.start..<value.end {
            let name = file.name(j)
            if name == .withSize { return } // A fixed size: fixed-font-size covers it.
            if name == .preferredFont || name == .scaledFont || name == .preferredFontDescriptor || name == .UIFontMetrics {
                textStyle = true
            }
        }
        guard textStyle else { return }
        let (kind, certain) = receiverClass(receiver, property: "font", at: i)
        guard let kind, kind.isTextView else { return }
        fontAssignments.append(FontAssignment(receiver: receiver, nameIndex: i, kind: kind, certain: certain))
    }

    /// The file sets fonts again when the text size changes (trait changes, the content size
    /// notification): fonts it sets may be refreshed by hand rather than by UIKit.
    private func refreshesFontsOnSizeChange() -> Bool {
        for j in file.tokens.indices where file.tokens[j].kind == .identifier {
            if file.textIs(j, "traitCollectionDidChange") || file.textIs(j, "registerForTraitChanges")
                || file.textIs(j, "UIContentSizeCategoryDidChange") || file.textIs(j, "contentSizeCategoryDidChange")
                || (file.textIs(j, "didChangeNotification") && file.textIs(j - 2, "UIContentSizeCategory")) {
                return true
            }
        }
        return false
    }

    private mutating func resolveLiveUpdates() {
        guard !fontAssignments.isEmpty else { return }
        let refreshes = refreshesFontsOnSizeChange()
        var reported: Set<String> = []
        for assignment in fontAssignments {
            let receiver = assignment.receiver
            let i = assignment.nameIndex
            let scopes = Set(file.ancestors(of: i))
            let covered = liveUpdates.contains { update in
                update.key == receiver.key && (update.scope < 0 || scopes.contains(update.scope))
            }
            if covered { continue }
            if receiver.isSelf, let type = decls.enclosingType(of: i, in: file), index.liveUpdateTypes.contains(type.name) {
                continue
            }
            if !receiver.isSelf, file.isKind(receiver.last, .identifier) {
                let name = file.identifier(receiver.last)
                if let type = declaredType(of: name, at: i), index.liveUpdateTypes.contains(type) { continue }
                if index.liveUpdateOutlets.contains(name) { continue }
            }
            if refreshes, decls.enclosingFunctions(of: i, in: file).contains(where: { $0.name == "traitCollectionDidChange" }) {
                continue
            }
            let key = receiver.isSelf ? "self@\(decls.enclosingType(of: i, in: file)?.name ?? "")" : receiver.key
            guard reported.insert(key).inserted else { continue }
            var confidence: Finding.Confidence = assignment.certain ? .high : .medium
            if liveUpdateThroughHelper || refreshes { confidence = .low }
            if !receiver.isSelf, file.isKind(receiver.last, .identifier),
               let variable = decls.variable(named: file.identifier(receiver.last), visibleAt: i, in: file), variable.isOutlet {
                // The nib may turn it on; the scan checks the nibs it was given.
                confidence = confidence == .high ? .medium : confidence
            }
            let who = describe(receiver, as: assignment.kind.noun)
            report(.noLiveUpdate, at: i, confidence,
                   "\(who) gets a text style font but never sets adjustsFontForContentSizeCategory = true, so it keeps its first size when the reader changes the setting. Set it to true where the font is set.")
        }
    }
}

// MARK: File facts

extension SwiftAnalyzer {
    /// What this file's declarations tell the rest of the project.
    static func facts(of file: SwiftFile) -> FileFacts {
        var facts = FileFacts()
        let decls = file.declarations
        var membersByBrace: [Int: Set<String>] = [:]
        for variable in decls.variables {
            if decls.typeByBrace[variable.scope] != nil { membersByBrace[variable.scope, default: []].insert(variable.name) }
            guard variable.scope < 0 || decls.typeByBrace[variable.scope] != nil else { continue }
            let origin = localOrigin(of: variable, in: file)
            facts.origins[variable.name] = facts.origins[variable.name].map { ProjectIndex.merge($0, origin) } ?? origin
            if let type = variable.typeName ?? initializerType(variable, in: file) {
                facts.memberTypes[variable.name] = type
            }
            if variable.bodyOpen >= 0 && bodyScales(variable.bodyOpen, in: file) {
                facts.scalingFunctions.insert(variable.name)
            }
        }
        for function in decls.functions where bodyScales(function.open, in: file) {
            facts.scalingFunctions.insert(function.name)
        }
        for type in decls.types {
            facts.types.append(FileFacts.TypeFact(
                name: type.name, keyword: type.keyword, inherits: type.inherits,
                members: membersByBrace[type.open] ?? [], setsLiveUpdate: setsOwnLiveUpdate(type, in: file)))
        }
        let reader = SwiftAnalyzer(file: file, index: ProjectIndex())
        for i in file.tokens.indices where file.tokens[i].kind == .identifier {
            switch file.tokens[i].name {
            case .scaledFont where file.isKind(i + 1, .leftParen):
                for argument in file.arguments(i + 1) where argument.label == .for {
                    for j in argument.start..<argument.end where file.isKind(j, .identifier) {
                        facts.scaledFontArguments.insert(file.identifier(j))
                    }
                }
            case .font, .adjustsFontForContentSizeCategory:
                // Which of a type's own views its code gives a font or live updates, so that an
                // Interface Builder file can tell a font that code replaces.
                guard let (value, receiver) = reader.assignment(i), !receiver.isSelf,
                      let type = decls.enclosingType(of: i, in: file) else { continue }
                let member = String(receiver.key.prefix { $0 != "." && $0 != "?" && $0 != "!" })
                if file.tokens[i].name == .font {
                    facts.fontMembers[type.name, default: []].insert(member)
                } else if reader.isTrue(value) {
                    facts.liveUpdateMembers[type.name, default: []].insert(member)
                }
            default:
                break
            }
        }
        return facts
    }

    private static func localOrigin(of variable: VariableDeclaration, in file: SwiftFile) -> ValueOrigin {
        if variable.isScaledMetric { return .scaled }
        var start = variable.initStart
        var end = variable.initEnd
        if !variable.hasInitializer {
            guard variable.bodyOpen >= 0 else { return .unknown }
            start = variable.bodyOpen + 1
            end = file.closing(variable.bodyOpen)
            if file.name(start) == .return { start += 1 }
        }
        for j in start..<max(start, end) {
            let name = file.name(j)
            if isScaledMarker(name) { return .scaled }
            if isDerivedMarker(name) { return .derived }
        }
        if let value = file.literalNumber(start, end) { return .literal(value) }
        return .unknown
    }

    private static func bodyScales(_ open: Int, in file: SwiftFile) -> Bool {
        let close = file.closing(open)
        var j = open + 1
        while j < close {
            switch file.name(j) {
            case .scaledFont, .scaledValue, .UIFontMetrics, .preferredFont, .preferredFontDescriptor: return true
            default: j += 1
            }
        }
        return false
    }

    /// A type that sets `adjustsFontForContentSizeCategory = true` on itself (`self.` or bare).
    private static func setsOwnLiveUpdate(_ type: TypeDeclaration, in file: SwiftFile) -> Bool {
        var j = type.open + 1
        while j < type.close {
            if file.name(j) == .adjustsFontForContentSizeCategory, file.isOperator(j + 1, "="), file.name(j + 2) == .true {
                if !file.isKind(j - 1, .period) || (file.name(j - 2) == .`self` && !file.isKind(j - 3, .period)) { return true }
            }
            j += 1
        }
        return false
    }
}
