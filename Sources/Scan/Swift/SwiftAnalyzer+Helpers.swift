/// Sizes and caps that arrive through the project's own helpers: a font helper around a fixed
/// size (`appFont(ofSize:)`), a default parameter that caps the text size, a private helper whose
/// callers all pass scaled sizes.
extension SwiftAnalyzer {
    /// A function whose body makes a fixed-size font from one of its parameters.
    struct FixedSizeWrapper: Sendable, Hashable {
        /// The type that declares it (`""` at the top level).
        var owner: String
        /// The parameter's argument label at a call (`ofSize`; `_` for none) and its position.
        var label: String
        var position: Int
    }

    /// Functions of `file` that pass a parameter straight to a fixed-size font, without scaling.
    static func fixedSizeWrappers(in file: SwiftFile, fontCalls: [Int], scalingMarks: [Int]) -> [String: [FixedSizeWrapper]] {
        let decls = file.declarations
        var result: [String: [FixedSizeWrapper]] = [:]
        var seen: Set<Int> = []
        for i in fontCalls {
            guard let size = fixedSizeArgument(at: i, in: file), size.end == size.start + 1,
                  file.isKind(size.start, .identifier) else { continue }
            guard let function = decls.innermostFunction(of: i, in: file), seen.insert(function.open).inserted,
                  !bodyScales(function.open, in: file, marks: scalingMarks) else { continue }
            let name = file.identifier(size.start)
            var position = 0
            var found: (label: String, position: Int)?
            file.forEachArgument(function.parameterList) { argument in
                defer { position += 1 }
                var s = argument.hasLabel ? argument.labelIndex : argument.start
                while file.isKind(s, .attribute) { s += 1 }
                if file.isKind(s, .identifier) && file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) {
                    if file.identifier(s + 1) == name { found = (file.text(s), position) }
                } else if file.isKind(s, .identifier) && file.isKind(s + 1, .colon), file.identifier(s) == name {
                    found = (name, position)
                }
            }
            guard let found else { continue }
            let owner = decls.enclosingType(of: function.keywordIndex, in: file)?.name ?? ""
            result[function.name, default: []].append(FixedSizeWrapper(owner: owner, label: found.label, position: found.position))
        }
        return result
    }

    /// The size argument of the fixed-size font made at `i`, if it is one.
    static func fixedSizeArgument(at i: Int, in file: SwiftFile) -> SwiftFile.Argument? {
        switch file.name(i) {
        case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont:
            guard file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.arguments(i + 1)
            return arguments.first?.label == .ofSize ? arguments.first : nil
        case .UIFont:
            guard file.isKind(i + 1, .leftParen), !file.isKind(i - 1, .period) else { return nil }
            let arguments = file.arguments(i + 1)
            return arguments.count == 2 && arguments[0].label == .name ? file.argument(.size, in: arguments) : nil
        case .system:
            guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return nil }
            let arguments = file.arguments(i + 1)
            return arguments.first?.label == .size ? arguments.first : nil
        default:
            return nil
        }
    }

    /// Whether the function around `i` is private to its file and passes its parameter straight to
    /// the fixed-size font made at `i`: then its calls, all in this file, decide. Each one given a
    /// fixed size is a finding (`checkFixedSizeWrapperCall`); a scaled one is not, nor is the body.
    func callSitesDecide(at i: Int) -> Bool {
        guard let function = decls.innermostFunction(of: i, in: file), isFilePrivate(function.keywordIndex) else { return false }
        return SwiftAnalyzer.fixedSizeWrappers(in: file, fontCalls: [i], scalingMarks: [])[function.name] != nil
    }

    func isFilePrivate(_ keyword: Int) -> Bool {
        var j = keyword - 1
        while j >= 0 && file.isKind(j, .identifier) {
            if file.name(j) == .private || file.name(j) == .fileprivate { return true }
            if file.tokens[j + 1].flags.contains(.newlineBefore) && j + 1 != keyword { break }
            j -= 1
        }
        return false
    }

    func argument(of wrapper: FixedSizeWrapper, in arguments: [SwiftFile.Argument]) -> SwiftFile.Argument? {
        if wrapper.label == "_" { return wrapper.position < arguments.count ? arguments[wrapper.position] : nil }
        return arguments.first { $0.hasLabel && file.text($0.labelIndex) == wrapper.label }
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
        guard case .literal = found else { return }
        if isScaledLater(i, end: file.endOfCall(i)) { return }
        let spelled = "\(file.text(i))(\(wrapper.label == "_" ? "" : wrapper.label + ": ")\(code(size.start, size.end)))"
        report(.fixedFontSize, at: i, .high,
               "\(spelled) makes a font through a helper that keeps \(describe(found, via: via, size.start, size.end)). Give the helper a text style and scale the size with UIFontMetrics(forTextStyle:).scaledFont(for:).",
               item: "custom-fonts")
    }

    /// Default parameters that cap the text size: `maxSizeCategory: UIContentSizeCategory = .extraExtraLarge`.
    func checkDefaultCaps() {
        for function in decls.functions {
            file.forEachArgument(function.parameterList) { argument in
                // The default first, by names the lexer resolved: most parameters have none.
                guard argument.end > argument.start, let rank = file.name(argument.end - 1).sizeRank, rank < 11,
                      let equals = (argument.start..<argument.end).first(where: { file.isOperator($0, "=") }),
                      equals + 4 > argument.end - 1 else { return }
                let last = argument.end - 1
                var s = argument.hasLabel ? argument.labelIndex : argument.start
                while file.isKind(s, .attribute) { s += 1 }
                guard file.isKind(s, .identifier) else { return }
                let label = file.identifier(s).lowercased()
                guard label.contains("max") || label.contains("limit") || label.contains("upto") else { return }
                report(.clampedTypeSize, at: last, .high,
                       "The default \(file.identifier(s)) = .\(file.text(last)) caps every font this helper makes at \(SwiftAnalyzer.sizeName(rank)), short of the largest accessibility size. Default to no cap (nil), and cap only a control that shows the Large Content Viewer.")
            }
        }
    }

    /// Whether the font made at `i` is passed as an argument labelled for a symbol or an icon
    /// (`symbolFont: .system(size: 35)`).
    func isLabelledForSymbol(_ i: Int) -> Bool {
        var start = file.chainStart(endingAt: i)
        if file.isKind(start, .period) { start -= 0 }
        guard start >= 2, file.isKind(start - 1, .colon), file.isKind(start - 2, .identifier) else { return false }
        let label = file.identifier(start - 2).lowercased()
        return label.contains("symbol") || label.contains("icon") || label.contains("glyph") || label.contains("image")
    }
}

/// Whether a view holds text: a button with only an image does not; a stack or container that a
/// label is added to does.
extension SwiftAnalyzer {
    /// Whether the button `receiver` gets a title in this file, or no image: a button given only an
    /// image (a chevron, an arrow) holds no text.
    func buttonHoldsText(_ receiver: Receiver) -> Bool {
        guard !receiver.isSelf, file.isKind(receiver.last, .identifier) else { return true }
        let name = file.identifier(receiver.last)
        var image = false
        for j in file.tokens.indices where file.isKind(j, .identifier) && file.isKind(j + 1, .period) && file.isKind(j + 2, .identifier) {
            guard file.identifier(j) == name else { continue }
            let member = file.identifier(j + 2)
            switch member {
            case "setTitle", "setAttributedTitle", "titleLabel", "title", "attributedTitle": return true
            case "setImage", "setImages", "setBackgroundImage", "image", "imageView": image = true
            case "configuration":
                if file.isKind(j + 3, .period) || file.isPostfixUnwrap(j + 3) {
                    let k = file.isPostfixUnwrap(j + 3) ? j + 5 : j + 4
                    if file.textIs(k, "title") || file.textIs(k, "attributedTitle") { return true }
                    if file.textIs(k, "image") { image = true }
                }
            default: break
            }
        }
        if image { return false }
        // No title and no image in this file: a button class named for an icon holds none.
        let type = (declaredType(of: name, at: receiver.last) ?? "").lowercased()
        return !["cross", "close", "icon", "image", "chevron", "arrow", "glyph"].contains { type.contains($0) || name.lowercased().contains($0) }
    }

    /// Whether the view `receiver` is given a label, text field or text view as a subview in this
    /// file (`addArrangedSubview(label)`, `addSubview(label)`, `UIStackView(arrangedSubviews: [label])`).
    func holdsTextSubview(_ receiver: Receiver, at i: Int) -> Bool {
        if receiver.isSelf { return selfHoldsTextSubview(at: i) }
        guard file.isKind(receiver.last, .identifier) else { return false }
        let name = file.identifier(receiver.last)
        func isText(_ start: Int, _ end: Int) -> Bool {
            guard end > start, let last = (start..<end).last(where: { file.isKind($0, .identifier) }) else { return false }
            let key = receiverKey(start, end - 1)
            let subview = Receiver(key: key, last: last, start: start)
            return receiverClass(subview, property: "text", at: last).0?.isTextView == true
        }
        for j in file.tokens.indices where file.isKind(j, .identifier) && file.isKind(j + 1, .period) {
            guard file.identifier(j) == name, file.isKind(j + 2, .identifier), file.isKind(j + 3, .leftParen) else { continue }
            let member = file.identifier(j + 2)
            guard member == "addArrangedSubview" || member == "addSubview" || member == "insertArrangedSubview" else { continue }
            if let argument = file.arguments(j + 3).first, isText(argument.start, argument.end) { return true }
        }
        if let variable = decls.variable(named: name, visibleAt: i, in: file), variable.hasInitializer {
            for j in variable.initStart..<variable.initEnd where file.textIs(j, "arrangedSubviews") && file.isKind(j + 1, .colon) {
                guard file.isKind(j + 2, .leftBracket) else { continue }
                for element in file.arguments(j + 2) where isText(element.start, element.end) { return true }
            }
        }
        return false
    }

    /// Whether the type around `i` adds a label, field or text view to itself (`addSubview(label)`).
    func selfHoldsTextSubview(at i: Int) -> Bool {
        guard let type = decls.enclosingType(of: i, in: file) else { return false }
        for j in type.open..<type.close where file.isKind(j, .identifier) && file.isKind(j + 1, .leftParen) {
            let member = file.identifier(j)
            guard member == "addSubview" || member == "addArrangedSubview" else { continue }
            guard !file.isKind(j - 1, .period) || (file.name(j - 2) == .`self` && !file.isKind(j - 3, .period)) else { continue }
            guard let argument = file.arguments(j + 1).first, argument.end > argument.start,
                  let last = (argument.start..<argument.end).last(where: { file.isKind($0, .identifier) }) else { continue }
            let key = receiverKey(argument.start, argument.end - 1)
            // `for subview in [icon, label] { addSubview(subview) }` adds each of them.
            for name in loopElements(key, at: j) ?? [key] {
                let subview = Receiver(key: name, last: last, start: argument.start)
                let kind = name == key ? receiverClass(subview, property: "text", at: last).0
                    : declaredType(of: name, at: j).flatMap { classify(typeName: $0).0 } ?? UIKitClass(guessingFrom: name)
                if kind?.isTextView == true { return true }
            }
        }
        return false
    }

    /// `configuration.label` in the body of a `ButtonStyle`, `LabelStyle` or `ToggleStyle`: the
    /// text the style is applied to. nil elsewhere.
    func styledContent(ofBase base: Int) -> ViewContent? {
        guard file.textIs(base, "configuration"), file.isKind(base + 1, .period), file.isKind(base + 2, .identifier),
              let type = decls.enclosingType(of: base, in: file),
              type.inherits.contains(where: { $0.hasSuffix("Style") }) else { return nil }
        switch file.identifier(base + 2) {
        case "label", "title", "content": return .text
        case "icon": return .symbol
        default: return nil
        }
    }
}

extension SwiftAnalyzer {
    /// For `name` the variable of a `for name in [a, b] { ... }` around `i`, the names of the array's
    /// elements (`a`, `b`); nil when `name` is not such a loop's variable.
    func loopElements(_ name: String, at i: Int) -> [String]? {
        for p in file.ancestors(of: i) where file.tokens[p].kind == .leftBrace {
            if decls.functionByBrace[p] != nil || decls.typeByBrace[p] != nil { return nil }
            var close = p - 1
            var header = close
            if file.isKind(close, .identifier), file.name(close - 1) == .in, file.identifier(close - 2) == name,
               file.name(close - 3) == .for {
                // `for button in buttons`, with `let buttons = [a, b]...` in scope.
                guard let list = decls.variable(named: file.identifier(close), visibleAt: close, in: file),
                      list.hasInitializer, file.isKind(list.initStart, .leftBracket) else { return nil }
                header = close
                close = file.closing(list.initStart)
            }
            guard file.isKind(close, .rightBracket), file.matching[close] >= 0 else { continue }
            let open = Int(file.matching[close])
            if header == p - 1 && !file.isKind(header, .identifier) {
                guard file.name(open - 1) == .in, file.isKind(open - 2, .identifier), file.name(open - 3) == .for,
                      file.identifier(open - 2) == name else { continue }
            }
            var names: [String] = []
            for element in file.arguments(open) where element.end > element.start {
                names.append(SwiftAnalyzer.firstComponent(receiverKey(element.start, element.end - 1)))
            }
            return names
        }
        return nil
    }
}

/// Sizes that arrive through code the scan cannot see into, and heights set in other forms.
extension SwiftAnalyzer {
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

    /// `override var intrinsicContentSize: CGSize { CGSize(width: ..., height: 44) }` in a label or
    /// button class: every such view is that tall, whatever its text.
    func checkIntrinsicHeight(_ i: Int) {
        guard file.name(i - 1) == .var, let variable = decls.variable(named: "intrinsicContentSize", visibleAt: i + 1, in: file),
              variable.nameIndex == i, variable.bodyOpen >= 0, let type = decls.enclosingType(of: i, in: file) else { return }
        let (kind, _) = type.inherits.first.map(classify(typeName:)) ?? (nil, false)
        guard (kind ?? UIKitClass(guessingFrom: type.name))?.holdsText == true else { return }
        let close = file.closing(variable.bodyOpen)
        for j in (variable.bodyOpen + 1)..<close where file.name(j) == .height && file.isKind(j + 1, .colon) {
            let end = file.expressionEnd(from: j + 2)
            let (found, via) = origin(j + 2, min(end, close), at: j)
            guard case let .literal(value) = found, (value ?? 2) > 1 else { continue }
            report(.fixedHeightText, at: j, .medium,
                   "intrinsicContentSize gives every \(type.name) a height of \(amount(found, via: via, j + 2, min(end, close))), so larger text is clipped. Return UIView.noIntrinsicMetric for the height, or add the text's own height.")
            return
        }
    }

    /// FLKAutoLayout: `label.constrainHeight("16")`.
    func checkConstrainHeight(_ i: Int) {
        guard file.isKind(i + 1, .leftParen), let receiver = receiver(ofProperty: i),
              let value = file.arguments(i + 1).first, value.end == value.start + 1, file.isKind(value.start, .string) else { return }
        var text = String(file.text(value.start).filter { $0 != "\"" })
        if text.hasPrefix("==") || text.hasPrefix("<=") { text.removeFirst(2) }
        guard let points = Double(text), points > 1 else { return }
        let (kind, _) = receiver.isSelf ? (nil, false) : receiverClass(receiver, property: "constrainHeight", at: i)
        switch kind {
        case .label?, .textField?, .textView?: break
        case .button?: guard buttonHoldsText(receiver) else { return }
        default: guard holdsTextSubview(receiver, at: i) else { return }
        }
        report(.fixedHeightText, at: i, .medium,
               "constrainHeight(\(file.text(value.start))) fixes the height of \(describe(receiver, as: kind?.noun ?? "view")) at \(SwiftAnalyzer.points(points)) pt, so larger text is clipped. Use a minimum height (\">=\\(SwiftAnalyzer.points(points))\") or let its text set the height.",
               item: isInCell(i) ? "cells-resize" : nil)
    }
}
