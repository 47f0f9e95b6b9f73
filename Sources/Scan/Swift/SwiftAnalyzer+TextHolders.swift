/// Whether a view holds text: a button with only an image does not; a stack or container that a
/// label is added to does.
extension SwiftAnalyzer {
    /// Whether the button `receiver` gets a title in this file, or no image: a button given only an
    /// image (a chevron, an arrow) holds no text.
    func buttonHoldsText(_ receiver: Receiver) -> Bool {
        guard !receiver.isSelf, file.isKind(receiver.last, .identifier) else { return true }
        let name = file.identifier(receiver.last)
        var image = false
        // Within the type that uses it: another type's button of the same name is another button.
        let tokens = decls.enclosingType(of: receiver.last, in: file).map { $0.open..<$0.close } ?? file.tokens.indices
        for j in tokens where file.isKind(j, .identifier) && file.isKind(j + 1, .period) && file.isKind(j + 2, .identifier) {
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
        // Built in its declaration (`lazy var close: UIButton = { let b = UIButton(); b.setImage(...) }()`):
        // what the initializer gives it.
        if let variable = decls.variable(named: name, visibleAt: receiver.last, in: file), variable.hasInitializer {
            var image = false
            for j in variable.initStart..<variable.initEnd where file.isKind(j, .identifier) {
                let after = file.isKind(j - 1, .period)
                switch file.identifier(j) {
                case "setTitle", "setAttributedTitle", "attributedTitle": return true
                case "title" where after: return true
                case "setImage", "setBackgroundImage", "UIImage": image = true
                case "image" where after: image = true
                case "close", "infoLight", "infoDark", "detailDisclosure", "contactAdd":
                    if file.isKind(j - 2, .colon) && file.textIs(j - 3, "type") { image = true }
                default: break
                }
            }
            if image { return false }
        }
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
            // `addSubview(label)`, `self.addSubview(label)`, and a cell's `contentView.addSubview(label)`.
            guard !file.isKind(j - 1, .period) || (file.name(j - 2) == .`self` && !file.isKind(j - 3, .period))
                || (file.textIs(j - 2, "contentView") && (!file.isKind(j - 3, .period) || file.name(j - 4) == .`self`)) else { continue }
            guard let argument = file.arguments(j + 1).first, argument.end > argument.start,
                  let last = (argument.start..<argument.end).last(where: { file.isKind($0, .identifier) }) else { continue }
            let key = receiverKey(argument.start, argument.end - 1)
            // `for subview in [icon, label] { addSubview(subview) }` adds each of them.
            for name in loopElements(key, at: j) ?? [key] {
                let subview = Receiver(key: name, last: last, start: argument.start)
                let kind = name == key ? receiverClass(subview, property: "text", at: last).0
                    : declaredType(of: name, at: j).flatMap { classify(typeName: $0).0 } ?? UIKitClass(guessingFrom: name)
                if kind?.isTextView == true { return true }
                // A button with a title is text too.
                if kind == .button, name == key, !subview.isSelf, buttonHoldsText(subview) { return true }
                // A stack or container of its own that holds a label.
                if name == key, kind == nil || kind == .otherView, !subview.isSelf, holdsTextSubview(subview, at: j) { return true }
            }
        }
        // A label, field or text view of its own nib, reached through an outlet of the type.
        for variable in decls.variables where variable.isOutlet && variable.scope == type.open {
            guard let name = variable.typeName, classify(typeName: name).0?.isTextView == true else { continue }
            return true
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
        loopElements(at: i) { file.identifier($0) == name }
    }

    /// `loopElements(_:at:)` for the name that `isName` tells a token's identifier is: asked of
    /// few tokens, so that the name can be made only then.
    func loopElements(at i: Int, isName: (Int) -> Bool) -> [String]? {
        for p in file.ancestors(of: i) where file.tokens[p].kind == .leftBrace {
            if decls.functionByBrace[p] != nil || decls.typeByBrace[p] != nil { return nil }
            var close = p - 1
            var header = close
            if file.isKind(close, .identifier), file.name(close - 1) == .in, isName(close - 2),
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
                      isName(open - 2) else { continue }
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
