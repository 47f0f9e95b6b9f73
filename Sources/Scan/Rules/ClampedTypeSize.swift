extension RuleUnit {
    static let clampedTypeSize = RuleUnit(
        id: "clamped-type-size", severity: .major, item: "text-scales",
        title: "Text size capped below the largest size",
        summary: "a text size capped below AX5: .dynamicTypeSize, maximumContentSizeCategory, a helper's default cap at the calls that keep it",
        explanation: "Capping the text size keeps the text from reaching the sizes readers with low vision rely on.",
        fix: "Remove the cap, or keep it only on a control that shows the Large Content Viewer instead.",
        noun: ("capped text size", "capped text sizes"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.xxLarge) } }"#),
            Example("func style(_ view: UIView) { view.maximumContentSizeCategory = .extraExtraLarge }"),
            Example("extension UIFont { static func app(maxSizeCategory: UIContentSizeCategory = .extraLarge) -> UIFont { .preferredFont(forTextStyle: .body) } }\nlet title = UIFont.app()"),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.accessibility5) } }"#),
            Example("func style(_ view: UIView) { view.maximumContentSizeCategory = .unspecified }"),
        ],
        swift: [
            .modifier("dynamicTypeSize") { $0.checkDynamicTypeSize($1) },
            .modifier("environment") { $0.checkEnvironmentSize($1) },
            .property("maximumContentSizeCategory") { $0.checkMaximumContentSizeCategory($1) },
            .property("preferredContentSizeCategory") { $0.checkForcedContentSizeCategory($1) },
            .call("scaledFont") { $0.checkScaledFontMaximum($1) },
            .endOfFile { $0.checkDefaultCaps() },
        ])
}

extension ScanRule {
    public static let clampedTypeSize = ScanRule(.clampedTypeSize)
}

/// Text sizes capped or forced: SwiftUI's `dynamicTypeSize` and environment, UIKit's maximum and
/// overridden content size categories, maximum point sizes, helpers' default caps.
extension SwiftAnalyzer {
    func checkDynamicTypeSize(_ i: Int) {
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
        guard var last = (upperStart..<range.end).last(where: { file.isKind($0, .identifier) }) else { return }
        if file.name(last).sizeRank == nil, let held = sizeHeld(in: last) { last = held }
        guard let rank = file.name(last).sizeRank else { return }
        let exclusive = rangeOperator >= 0 && file.isOperator(rangeOperator, "..<")
        let top = exclusive ? rank - 1 : rank
        guard top < 11 else { return }
        let spelled = ".dynamicTypeSize(\(code(range.start, range.end)))"
        let isMinimum = (range.start..<range.end).contains { file.textIs($0, "min") && file.isKind($0 + 1, .leftParen) }
        let cap = SwiftAnalyzer.cap(rank: top)
        if rangeOperator < 0 && isMinimum {
            report(.clampedTypeSize, at: i, .high,
                   "\(spelled) caps the text below it at \(SwiftAnalyzer.sizeName(top)): it follows the reader's size up to there and no further, short of the largest accessibility size.\(claim(cap)) Remove the cap, or show the Large Content Viewer where a control cannot grow.",
                   cap: cap)
        } else if rangeOperator < 0 {
            report(.clampedTypeSize, at: i, .high,
                   "\(spelled) pins the text below it to one size whatever the reader chose.\(claim(cap)) Remove it, or give a range that reaches .accessibility5.",
                   cap: cap)
        } else {
            report(.clampedTypeSize, at: i, .high,
                   "\(spelled) stops the text below it from growing past \(SwiftAnalyzer.sizeName(top)), short of the largest accessibility size.\(claim(cap)) Remove the cap, or show the Large Content Viewer where a control cannot grow.",
                   cap: cap)
        }
    }

    /// The size a property or constant named at `j` holds (`var maxSize: DynamicTypeSize = .xxLarge`):
    /// the token of the size in its initial value, or nil.
    func sizeHeld(in j: Int) -> Int? {
        guard file.name(j) == .none, !file.isKind(j + 1, .leftParen),
              !file.isKind(j - 1, .period) || file.name(j - 2) == .`self`,
              let variable = decls.variable(named: file.identifier(j), visibleAt: j, in: file), variable.hasInitializer,
              let last = (variable.initStart..<variable.initEnd).last(where: { file.isKind($0, .identifier) }),
              file.name(last).sizeRank != nil else { return nil }
        return last
    }

    static func sizeName(_ rank: Int) -> String {
        ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
         "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"][max(0, min(11, rank))]
    }

    /// `.environment(\.dynamicTypeSize, .large)` and `.environment(\.sizeCategory, .large)`.
    func checkEnvironmentSize(_ i: Int) {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard arguments.count == 2, file.isKind(arguments[0].start, .backslash) else { return }
        let keyName = file.name(arguments[0].end - 1)
        guard keyName == .dynamicTypeSize || keyName == .sizeCategory else { return }
        guard let last = (arguments[1].start..<arguments[1].end).last(where: { file.isKind($0, .identifier) }),
              let rank = file.name(last).sizeRank else { return }
        let cap = SwiftAnalyzer.cap(rank: rank)
        report(.clampedTypeSize, at: i, .high,
               ".environment(\\.\(file.text(arguments[0].end - 1)), \(code(arguments[1].start, arguments[1].end))) forces the text below it to .\(file.text(last)) whatever the reader chose.\(claim(cap)) Remove it outside previews.",
               cap: cap)
    }

    func checkMaximumContentSizeCategory(_ i: Int) {
        guard let (value, _) = assignment(i) else { return }
        guard let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }) else { return }
        if file.name(last) == .unspecified { return }
        guard let rank = file.name(last).sizeRank, rank < 11 else { return }
        let cap = SwiftAnalyzer.cap(rank: rank)
        report(.clampedTypeSize, at: i, .high,
               "maximumContentSizeCategory = \(code(value.start, value.end)) stops text from growing past .\(file.text(last)), short of the largest accessibility size.\(claim(cap)) Remove the cap, or show the Large Content Viewer where a control cannot grow.",
               cap: cap)
    }

    /// `traitOverrides.preferredContentSizeCategory = .large` and `UITraitCollection(preferredContentSizeCategory: .large)`.
    func checkForcedContentSizeCategory(_ i: Int) {
        if let (value, receiver) = assignment(i), receiver.key.hasSuffix("traitOverrides") {
            guard let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }),
                  let rank = file.name(last).sizeRank else { return }
            let cap = SwiftAnalyzer.cap(rank: rank)
            report(.clampedTypeSize, at: i, .high,
                   "Overriding preferredContentSizeCategory with \(code(value.start, value.end)) forces this view's text to .\(file.text(last)) whatever the reader chose.\(claim(cap)) Remove the override.",
                   cap: cap)
            return
        }
        guard file.isKind(i + 1, .colon), let call = file.enclosingCall(of: i), file.name(call.callee) == .UITraitCollection,
              call.open == i - 1 else { return }
        let arguments = file.arguments(call.open)
        guard let value = arguments.first,
              let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }),
              let rank = file.name(last).sizeRank else { return }
        if readsBaseSizeOnly(call.callee) { return }
        let cap = SwiftAnalyzer.cap(rank: rank)
        report(.clampedTypeSize, at: call.callee, .medium,
               "UITraitCollection(preferredContentSizeCategory: \(code(value.start, value.end))) describes text fixed at .\(file.text(last)); fonts or views given these traits stop following the reader's setting.\(claim(cap)) Use the view's own trait collection.",
               cap: cap)
    }

    func checkScaledFontMaximum(_ i: Int) {
        guard file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard let maximum = file.argument(.maximumPointSize, in: arguments) else { return }
        let cap = scaledFontCap(arguments, maximum: maximum)
        report(.clampedTypeSize, at: i, .medium,
               "scaledFont(for:maximumPointSize: \(code(maximum.start, maximum.end))) stops this font growing past that size, which may be short of the largest accessibility size.\(claim(cap)) Drop the maximum unless the layout truly cannot grow.",
               cap: cap)
    }

    /// Default parameters that cap the text size (`maxSizeCategory: UIContentSizeCategory =
    /// .extraExtraLarge`): at each call of the module's own helpers that leaves the argument out, where
    /// that text is capped; at the default itself only for a helper called from outside its module.
    func checkDefaultCaps() {
        for function in decls.functions where isVisibleOutsideModule(function.keywordIndex) {
            guard let (label, spelled, rank) = SwiftAnalyzer.cappingDefault(of: function, in: file),
                  let last = defaultToken(of: label, in: function) else { continue }
            let cap = SwiftAnalyzer.cap(rank: rank)
            report(.clampedTypeSize, at: last, .high,
                   "The default \(label) = \(spelled) caps every font this helper makes at \(SwiftAnalyzer.sizeName(rank)), short of the largest accessibility size.\(claim(cap)) Default to no cap (nil), and cap only a control that shows the Large Content Viewer.",
                   cap: cap)
        }
        guard !index.cappingDefaults.isEmpty else { return }
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier && file.name(j - 1) != .func
            && index.cappingDefaultNames.contains(identifierAt: j, in: file) {
            checkCallRelyingOnCap(j)
        }
    }

    /// A call of a helper whose default caps the text size, without that argument.
    func checkCallRelyingOnCap(_ j: Int) {
        guard let call = file.callLabels(j), let defaults = index.cappingDefaults[file.identifier(j)] else { return }
        let owners = ownerNames(ofMemberAt: j, at: j)
        guard let cap = defaults.first(where: { cap in
            cap.signature.accepts(call) && !call.labels.contains(cap.label)
                && (owners.map { $0.contains(cap.signature.owner) } ?? !cap.signature.owner.isEmpty)
        }) else { return }
        let labels = (cap.signature.parameters ?? []).map { $0.label + ":" }.joined()
        let reach = SwiftAnalyzer.cap(rank: cap.rank)
        report(.clampedTypeSize, at: j, .high,
               "\(file.text(j))(\(labels)) caps this text at \(SwiftAnalyzer.sizeName(cap.rank)) through its default \(cap.label) = \(cap.spelled), short of the largest accessibility size.\(claim(reach)) Pass no cap here, or change the helper's default to none.",
               cap: reach)
    }

    /// The last token of the default value of the parameter labelled `label` in `function`.
    private func defaultToken(of label: String, in function: FunctionDeclaration) -> Int? {
        var found: Int?
        file.forEachArgument(function.parameterList) { argument in
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            if found == nil, file.isKind(s, .identifier), file.identifier(s) == label { found = argument.end - 1 }
        }
        return found
    }
}

extension SwiftAnalyzer {
    /// Whether the reference traits made at `traits` (`UITraitCollection(preferredContentSizeCategory:
    /// .large)`) only serve to read a text style's base size in a function that scales the font it
    /// makes: every use is a `compatibleWith:` argument, and the function scales with `UIFontMetrics`.
    func readsBaseSizeOnly(_ traits: Int) -> Bool {
        let body: (open: Int, close: Int)
        if let function = decls.innermostFunction(of: traits, in: file) {
            body = (function.open, function.close)
        } else if let brace = file.enclosingBrace(of: traits) {
            body = (brace, file.closing(brace))
        } else {
            return false
        }
        guard (body.open..<body.close).contains(where: { j in
            let name = file.name(j)
            return name == .UIFontMetrics || name == .scaledFont || name == .scaledValue
        }) else { return false }
        func isReferenceArgument(_ j: Int) -> Bool {
            file.isKind(j - 1, .colon) && file.name(j - 2) == .compatibleWith
        }
        if isReferenceArgument(traits) { return true }
        guard let name = bindingName(of: traits), file.isOperator(file.chainStart(endingAt: traits) - 1, "=") else { return false }
        var uses = 0
        for j in (body.open + 1)..<body.close where file.isKind(j, .identifier) && !file.isKind(j - 1, .period)
            && file.identifier(j) == name && file.name(j - 1) != .let && file.name(j - 1) != .var {
            guard isReferenceArgument(j) else { return false }
            uses += 1
        }
        return uses > 0
    }
}
