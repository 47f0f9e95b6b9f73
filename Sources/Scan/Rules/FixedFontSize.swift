extension RuleUnit {
    static let fixedFontSize = RuleUnit(
        id: "fixed-font-size", severity: .critical, item: "text-scales", otherItems: ["custom-fonts"],
        title: "Font with a fixed point size",
        summary: "a font of a fixed point size: .system(size:), UIFont.systemFont(ofSize:), UIFont(name:size:), a helper around a fixed size, an Interface Builder font without a text style",
        explanation: "A font given a point size stays at that size whatever text size the reader chose, so the text never grows for the people who need it larger.",
        fix: "Use a text style (.font(.body), UIFont.preferredFont(forTextStyle:)), or scale the size: Font.custom(_:size:relativeTo:), UIFontMetrics(forTextStyle:).scaledFont(for:) or @ScaledMetric.",
        noun: ("fixed font size", "fixed font sizes"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").font(.system(size: 17)) } }"#),
            Example("func style() { label.font = UIFont.systemFont(ofSize: 14) }"),
            Example("extension UIFont { static func appFont(ofSize size: CGFloat) -> UIFont { .systemFont(ofSize: size) } }\nfunc style() { title.font = .appFont(ofSize: 20) }"),
            Example("View.xib", #"<document><objects><label numberOfLines="0" id="a"><fontDescription key="fontDescription" type="system" pointSize="17"/></label></objects></document>"#),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").font(.body) } }"#),
            Example("func style() { label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 14)) }"),
            Example(#"struct V: View { @ScaledMetric var size: CGFloat = 17; var body: some View { Text("a").font(.system(size: size)) } }"#),
        ],
        swift: [
            .call("system") { $0.checkSwiftUISystemFont($1) },
            .call("custom") { $0.checkCustomFont($1) },
            .call("systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont") {
                $0.checkUIKitSystemFont($1)
            },
            .call("UIFont") { $0.checkUIFont($1) },
            .call("withSize") { $0.checkWithSize($1) },
            .property("font") { $0.checkFontHelperAssignment($1) },
            .endOfFile { $0.checkFixedSizeWrapperCalls() },
            .endOfFile { $0.checkFontAliasInitializers() },
        ],
        interfaceBuilder: [
            .element("fontDescription") { $0.checkFontDescription($1, $2) },
            .element("font") { $0.checkAttributedFont($1, $2) },
        ])
}

extension ScanRule {
    public static let fixedFontSize = ScanRule(.fixedFontSize)
}

/// Fonts made at a fixed point size in Swift: SwiftUI's and UIKit's system fonts, custom fonts,
/// `withSize`, and helpers around them.
extension SwiftAnalyzer {
    enum FontKind {
        case swiftUISystem, swiftUICustomFixed, uikitSystem, uikitNamed, uikitDescriptor, withSize, symbolConfiguration
    }

    /// Reports the font made at `i` with the point size `size` unless the size is scaled, read from
    /// a font, scaled later or left to the callers; a font that draws a symbol is fixed-symbol-size's.
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
        if drawsSymbol(i, made: kind) {
            reportFixedSymbol(at: i, confidence, spelled: spelled, found, via: via, size: size, sizeText: sizeText)
            return
        }
        switch kind {
        case .swiftUISystem:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) sets this text at \(sizeText). Use a text style (.font(.body), .system(.body, design:)) or a @ScaledMetric size.",
                   view: fontModifierSpan(i).map { FindingView(span: $0) })
        case .swiftUICustomFixed:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) keeps this custom font at \(sizeText). Use Font.custom(_:size:relativeTo:) so it scales with a text style.",
                   item: "custom-fonts", view: fontModifierSpan(i).map { FindingView(span: $0) })
        case .uikitSystem:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) makes a font of \(sizeText). Use UIFont.preferredFont(forTextStyle:) or scale it with UIFontMetrics(forTextStyle:).scaledFont(for:).",
                   view: fontReceiverView(expressionStart(i)))
        case .uikitNamed, .uikitDescriptor:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) gives this custom font \(sizeText). Scale it with UIFontMetrics(forTextStyle:).scaledFont(for:).",
                   item: "custom-fonts", view: fontReceiverView(expressionStart(i)))
        case .withSize:
            report(.fixedFontSize, at: i, confidence,
                   "\(spelled) pins this font, even one made from a text style, to \(sizeText). Scale the size with UIFontMetrics(forTextStyle:).scaledValue(for:) or keep the text style's size.")
        case .symbolConfiguration:
            break
        }
    }

    /// The first token of the font made at `i`: `.systemFont`, `UIFont.systemFont`, `UIFont(`.
    private func expressionStart(_ i: Int) -> Int {
        guard file.isKind(i - 1, .period) else { return i }
        return file.isKind(i - 2, .identifier) && !file.isStatementKeyword(i - 2) ? i - 2 : i - 1
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
        // Only the first two arguments are read: a file may hold hundreds of thousands of these calls.
        let arguments = file.leadingArguments(i + 1)
        guard arguments.count >= 2, let name = arguments.first, let size = arguments.second, !name.hasLabel else { return }
        if size.label == .size && size.hasLabel {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard size.hasLabel, file.textIs(size.labelIndex, "fixedSize") else { return }
        reportFont(.swiftUICustomFixed, at: i, end: file.endOfCall(i), size: size,
                   spelled: "Font.custom(_:fixedSize: \(code(size.start, size.end)))")
    }

    /// `UIFont.systemFont(ofSize:)` and its bold, italic, monospaced and monospaced-digit siblings.
    func checkUIKitSystemFont(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        if file.isKind(i - 2, .identifier) && !file.isStatementKeyword(i - 2) && file.name(i - 2) != .UIFont
            && !file.textIs(i - 2, "NSFont") && !index.fontAliasNames.contains(identifierAt: i - 2, in: file) {
            return
        }
        let arguments = file.arguments(i + 1)
        guard let size = arguments.first, size.label == .ofSize else { return }
        let receiver = file.name(i - 2) == .UIFont ? "UIFont." : "."
        reportFont(.uikitSystem, at: i, end: file.endOfCall(i), size: size,
                   spelled: "\(receiver)\(file.text(i))(ofSize: \(code(size.start, size.end)))")
    }

    /// `UIFont(name:size:)`, and `UIFont.helper(14)` of a dependency.
    func checkUIFont(_ i: Int) {
        checkUIFontInitializer(i)
        if file.isKind(i + 1, .period) { checkUnseenFontHelper(i + 2) }
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
                       spelled: "\(file.text(i))(name: \(code(arguments[0].start, arguments[0].end)), size: \(code(size.start, size.end)))")
        } else if arguments[0].label == .descriptor {
            reportFont(.uikitDescriptor, at: i, end: file.endOfCall(open - 1), size: size,
                       spelled: "\(file.text(i))(descriptor:size: \(code(size.start, size.end)))")
        }
    }

    /// `Font(name: "Menlo", size: 16)` where `typealias Font = UIFont`: the alias's initializers,
    /// found among every name of the file, as an alias is the project's own name.
    func checkFontAliasInitializers() {
        guard !index.fontAliases.isEmpty else { return }
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen)
            && !file.isKind(j - 1, .period) && index.fontAliasNames.contains(identifierAt: j, in: file) {
            checkUIFontInitializer(j)
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

    /// `label.font = .helper(14)`: a font helper of a dependency, given a fixed size.
    func checkFontHelperAssignment(_ i: Int) {
        if file.isOperator(i + 1, "="), file.isKind(i + 2, .period) { checkUnseenFontHelper(i + 3) }
    }

    /// `UIFont.defaultFont(18)`, `.sansSerifFont(withSize: 14)`: a font helper of a dependency the scan
    /// cannot read, given a fixed point size. A helper of the module itself is judged by its body instead.
    func checkUnseenFontHelper(_ i: Int) {
        guard file.isKind(i, .identifier), file.name(i) == .none, file.isKind(i + 1, .leftParen) else { return }
        let name = file.identifier(i)
        let lower = name.lowercased()
        guard lower.hasSuffix("font"),
              !["scaled", "dynamic", "preferred", "adaptive", "metric", "style"].contains(where: { lower.contains($0) }),
              index.fixedSizeWrappers[name] == nil, !isScalingCall(i) else { return }
        let arguments = file.arguments(i + 1)
        guard let size = arguments.first, arguments.count <= 2,
              !size.hasLabel || ["withSize", "ofSize", "size"].contains(file.text(size.labelIndex)),
              let points = file.literalNumber(size.start, size.end), points > 1 else { return }
        if isScaledLater(i, end: file.endOfCall(i)) { return }
        report(.fixedFontSize, at: i, .medium,
               "\(name)(\(code(size.start, size.end))) makes a font of a fixed \(SwiftAnalyzer.points(points)) pt through a helper the scan cannot see into, which ignores the reader's text size unless the helper scales it. Scale it with UIFontMetrics(forTextStyle:).scaledFont(for:).",
               item: "custom-fonts")
    }
}

/// The project's own helpers around a fixed-size font (`appFont(ofSize:)`) and their calls.
extension SwiftAnalyzer {
    /// Calls of the project's helpers around a fixed-size font, found among every name of the file:
    /// a helper's name is the project's own, not one the lexer resolves.
    func checkFixedSizeWrapperCalls() {
        guard !index.fixedSizeWrapperNames.isEmpty else { return }
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen)
            && index.fixedSizeWrapperNames.contains(identifierAt: j, in: file) {
            checkFixedSizeWrapperCall(j)
        }
    }

    /// A call of a project helper that wraps a fixed-size font, given a fixed size: `appFont(ofSize: 14)`.
    func checkFixedSizeWrapperCall(_ i: Int) {
        guard file.isKind(i + 1, .leftParen), file.name(i - 1) != .func, let wrappers = index.fixedSizeWrappers[file.identifier(i)]
        else { return }
        let owners = ownerNames(ofMemberAt: i, at: i)
        guard let wrapper = wrappers.first(where: { wrapper in
            owners.map { $0.contains(wrapper.owner) } ?? !wrapper.owner.isEmpty
        }) else { return }
        let arguments = file.arguments(i + 1)
        guard let size = argument(of: wrapper, in: arguments) else { return }
        let (found, via) = origin(size.start, size.end, at: i)
        switch found {
        case .scaled, .derived: return
        default: break
        }
        if isScaledLater(i, end: file.endOfCall(i)) { return }
        let spelled = "\(file.text(i))(\(wrapper.label == "_" ? "" : wrapper.label + ": ")\(code(size.start, size.end)))"
        report(.fixedFontSize, at: i, SwiftAnalyzer.confidence(found),
               "\(spelled) makes a font through a helper that keeps \(describe(found, via: via, size.start, size.end)). Give the helper a text style and scale the size with UIFontMetrics(forTextStyle:).scaledFont(for:).",
               item: "custom-fonts")
    }

    /// Whether the function around `i` passes its parameter straight to the fixed-size font made at
    /// `i` and can only be called from its own module: then its calls, which the scan sees, decide.
    /// Each one given a fixed size is a finding (`checkFixedSizeWrapperCall`); a scaled one is not,
    /// nor is the body. A `public` helper is called from code the scan may not see: its body stays one.
    func callSitesDecide(at i: Int) -> Bool {
        guard let function = decls.innermostFunction(of: i, in: file), !isVisibleOutsideModule(function.keywordIndex)
        else { return false }
        return SwiftAnalyzer.fixedSizeWrappers(in: file, fontCalls: [i], scalingMarks: [])[function.name(in: file)] != nil
    }

    /// Whether the declaration whose keyword is at `keyword` is `public` or `open`, itself or as a
    /// member of a `public extension` that gives it no access of its own.
    func isVisibleOutsideModule(_ keyword: Int) -> Bool {
        if let access = accessModifier(before: keyword) { return access == .public || access == .open }
        guard let type = decls.enclosingType(of: keyword, in: file) else { return false }
        return type.keyword == .extension && [.public, .open].contains(accessModifier(before: type.keywordIndex))
    }

    /// The access modifier written among the modifiers before a declaration's keyword, if any.
    func accessModifier(before keyword: Int) -> Name? {
        var j = keyword - 1
        while j >= 0 && file.isKind(j, .identifier) {
            switch file.name(j) {
            case .private, .fileprivate, .internal, .public, .open: return file.name(j)
            default: break
            }
            if file.tokens[j + 1].flags.contains(.newlineBefore) && j + 1 != keyword { break }
            j -= 1
        }
        return nil
    }

    func argument(of wrapper: FixedSizeWrapper, in arguments: [SwiftFile.Argument]) -> SwiftFile.Argument? {
        if wrapper.label == "_" { return wrapper.position < arguments.count ? arguments[wrapper.position] : nil }
        return arguments.first { $0.hasLabel && file.text($0.labelIndex) == wrapper.label }
    }
}

/// Interface Builder fonts without a text style.
extension InterfaceBuilderAnalyzer {
    func checkFontDescription(_ position: Int, _ element: MarkupElement) {
        if element.value("style") != nil {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard let size = element.value("pointSize").flatMap(Double.init), size > 1,
              let owner = owningView(of: position) else { return }
        if codeRestyles(owner) { return }
        let ownerElement = document.elements[owner]
        let custom = element.value("name") != nil && element.value("type") == nil
        let family = custom ? (element.value("family") ?? element.value("name") ?? "custom") : "System"
        let offset = element.attribute("pointSize")?.offset ?? element.offset
        let fix = custom
            ? "Scale it in code with UIFontMetrics(forTextStyle:).scaledFont(for:), or pick a text style in the Attributes inspector."
            : "Pick a text style (Body, Headline...) in the Attributes inspector's Font menu."
        report(.fixedFontSize, offset: offset, confidence(owner),
               "\(capitalized(describe(ownerElement))) uses \(family) \(points(size)) pt with no text style, so it ignores the reader's text size. \(fix)",
               item: custom ? "custom-fonts" : "text-scales")
    }

    /// `<font key="NSFont" size="17"/>` in an attributed text: one finding for each view.
    func checkAttributedFont(_ position: Int, _ element: MarkupElement) {
        let elements = document.elements
        guard element.value("key") == "NSFont", let size = element.value("size").flatMap(Double.init), size > 1,
              let owner = owningView(of: position), notes(AttributedFontOwners.self).owners.insert(owner).inserted,
              !codeRestyles(owner) else { return }
        report(.fixedFontSize, offset: element.offset, .medium,
               "The attributed text of \(describe(elements[owner])) uses a fixed \(points(size)) pt font, which ignores the reader's text size. Set the text in code with fonts scaled by UIFontMetrics, or use a plain text style.",
               item: element.value("name") == nil || element.value("metaFont") != nil ? "text-scales" : "custom-fonts")
    }
}

/// The views whose attributed text already has a finding.
final class AttributedFontOwners: FileNotes {
    var owners: Set<Int> = []
    init() {}
}
