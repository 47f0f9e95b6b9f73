extension RuleUnit {
    static let fixedHeightText = RuleUnit(
        id: "fixed-height-text", severity: .major, item: "no-truncation", otherItems: ["cells-resize"],
        title: "Fixed height on a view that holds text",
        summary: "a fixed height on a view that holds text: a label, a field, a titled button, a stack holding a label, a ButtonStyle's label",
        explanation: "A view with a fixed height cannot grow with its text, so large text is clipped or runs into the views around it.",
        fix: "Use a minimum height instead (.frame(minHeight:), greaterThanOrEqualToConstant:) or scale the height with @ScaledMetric.",
        noun: ("fixed height on text", "fixed heights on text"),
        mustTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").frame(height: 44) } }"#),
            Example("func layout(_ label: UILabel) { label.heightAnchor.constraint(equalToConstant: 20).isActive = true }"),
            Example("struct S: ButtonStyle { func makeBody(configuration: Configuration) -> some View { configuration.label.frame(height: 44) } }"),
        ],
        mustNotTrigger: [
            Example(#"struct V: View { var body: some View { Text("a").frame(minHeight: 44) } }"#),
            Example(#"func layout(_ chevronButton: UIButton) { chevronButton.setImage(UIImage(named: "chevron"), for: .normal); chevronButton.heightAnchor.constraint(equalToConstant: 44).isActive = true }"#),
        ],
        swift: [
            .modifier("frame") { $0.checkFrame($1) },
            .property("heightAnchor") { $0.checkHeightAnchor($1) },
            .call("makeConstraints", "remakeConstraints", "updateConstraints") { $0.checkSnapKitHeight($1) },
            .property("rowHeight") { $0.checkRowHeight($1) },
            .property("heightForRowAt") { $0.checkHeightForRow($1) },
            .property("intrinsicContentSize") { $0.checkIntrinsicHeight($1) },
            .call("constrainHeight") { $0.checkConstrainHeight($1) },
            .endOfFile { $0.checkHelperHeightCalls() },
        ],
        interfaceBuilder: [
            .element("constraint") { $0.checkHeightConstraint($1, $2) },
            .element("tableView") { $0.checkTableRowHeight($1, $2) },
        ])
}

extension ScanRule {
    public static let fixedHeightText = ScanRule(.fixedHeightText)
}

/// Fixed heights on views that hold text: SwiftUI frames, Auto Layout, SnapKit and FLKAutoLayout
/// constraints, row heights and intrinsic sizes.
extension SwiftAnalyzer {
    func checkFrame(_ i: Int) {
        guard let base = modifiedView(i) else { return }
        let arguments = file.arguments(i + 1)
        guard let height = arguments.first(where: { $0.hasLabel && ($0.label == .height || $0.label == .maxHeight) })
        else { return }
        let (found, via) = origin(height.start, height.end, at: i)
        guard case let .literal(value) = found, (value ?? 1) >= 1 else {
            // A height only an initializer gives: its default, where it is written.
            if case .unknown = found {
                let content = content(ofBase: base)
                if content == .text || content == .containerWithText, !isAdaptive(i) { checkHelperHeightDefault(i, height: height, content: content) }
            }
            return
        }
        let content = content(ofBase: base)
        if (content == .text || content == .containerWithText) && !isAdaptive(i) && checkMemberwiseHeightDefault(i, height: height, content: content) {
            return
        }
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
        // What the frame holds the view at, for `scan --fix` not to let text grow past it.
        var view = FindingView(span: modifiedViewSpan(i))
        if case let .literal(points?) = found { view.height = points }
        if let width = arguments.first(where: { $0.hasLabel && $0.label == .width }),
           case let .literal(points?) = origin(width.start, width.end, at: i).0 {
            view.width = points
        }
        report(.fixedHeightText, at: i, confidence,
               ".frame(\(label): \(code(height.start, height.end))) \(verb) the height of \(what) at \(size), so larger text is clipped. Use .frame(minHeight:) or scale the height with @ScaledMetric.",
               item: isInCell(i) ? "cells-resize" : nil, view: view)
    }

    func checkHeightAnchor(_ i: Int) {
        guard file.isKind(i + 1, .period), file.name(i + 2) == .constraint, file.isKind(i + 3, .leftParen) else { return }
        let arguments = file.arguments(i + 3)
        guard let constant = arguments.first,
              constant.label == .equalToConstant || constant.label == .lessThanOrEqualToConstant else { return }
        let (found, via) = origin(constant.start, constant.end, at: i)
        guard case let .literal(size) = found, (size ?? 1) > 1 else { return }
        for member in file.members(from: file.after(i + 3)) where file.name(member.name) == .priority || file.textIs(member.name, "withPriority") {
            return
        }
        // `NSLayoutConstraint.activate([heightAnchor.constraint(...)])`, or kept to change later
        // (`heightConstraint = heightAnchor.constraint(...)`): the view's own height.
        let bare = !file.isKind(i - 1, .period) && (file.isKind(i - 1, .leftBracket) || file.isKind(i - 1, .comma) || file.isKind(i - 1, .leftParen)
            || (file.isKind(i - 1, .operator) && file.textIs(i - 1, "=")))
        guard let receiver = receiver(ofProperty: i) ?? (bare ? Receiver(key: "self", last: -1, start: i) : nil) else { return }
        let (kind, certain) = receiverClass(receiver, property: "heightAnchor", at: i)
        let confidence: Finding.Confidence
        var holder = false
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case .button?: guard buttonHoldsText(receiver) else { return }; confidence = .medium
        case .textField?: confidence = .medium
        default:
            guard kind == nil || kind == .otherView, holdsTextSubview(receiver, at: i) else { return }
            holder = true
            confidence = .medium
        }
        let who = holder ? "\(named(receiver, at: i)), which holds text," : describe(receiver, as: kind?.noun ?? "view")
        let relation = constant.label == .equalToConstant ? "fixes" : "caps"
        // The view and the height it is held at, for `scan --fix` not to scale a font on it past that.
        var view = FindingView(name: receiver.isSelf ? nil : receiver.key)
        if case let .literal(points?) = found { view.height = points }
        report(.fixedHeightText, at: i, confidence,
               "heightAnchor.constraint(\(file.text(constant.labelIndex)): \(code(constant.start, constant.end))) \(relation) the height of \(who) at \(amount(found, via: via, constant.start, constant.end)), so larger text is clipped. Use greaterThanOrEqualToConstant: or let its text set the height.",
               item: isInCell(i) ? "cells-resize" : nil, view: view)
    }

    /// SnapKit: `label.snp.makeConstraints { $0.height.equalTo(20) }`.
    func checkSnapKitHeight(_ i: Int) {
        // `label.snp.makeConstraints`, or the view's own `snp.makeConstraints` in its code.
        guard file.isKind(i - 1, .period), file.name(i - 2) == .snp,
              file.isKind(i - 3, .period) || receiverTokens(ofProperty: i - 2)?.last == -1 else { return }
        var brace = i + 1
        if file.isKind(brace, .leftParen) { brace = file.after(brace) }
        guard file.isKind(brace, .leftBrace) else { return }
        var last = i - 4
        while last >= 0 && file.isPostfixUnwrap(last) { last -= 1 }
        guard last >= 0 || !file.isKind(i - 3, .period) else { return }
        let receiver = receiver(ofProperty: i - 2) ?? Receiver(key: "self", last: -1, start: i)
        let (kind, certain) = receiverClass(receiver, property: "snp", at: i)
        let confidence: Finding.Confidence
        switch kind {
        case .label?: confidence = certain ? .high : .medium
        case .button?: guard buttonHoldsText(receiver) else { return }; confidence = .medium
        case .textField?: confidence = .medium
        default:
            guard kind == nil || kind == .otherView, holdsTextSubview(receiver, at: i) else { return }
            confidence = .medium
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
                                   "height.\(file.text(k + 1))(\(code(value.start, value.end))) \(file.name(k + 1) == .equalTo ? "fixes" : "caps") the height of \(named(receiver, at: j)) at \(amount(found, via: via, value.start, value.end)), so larger text is clipped. Use greaterThanOrEqualTo or let its text set the height.",
                                   item: isInCell(j) ? "cells-resize" : nil,
                                   view: FindingView(name: receiver.isSelf ? nil : receiver.key, height: size))
                        }
                    }
                }
            }
            j += 1
        }
    }

    /// `'titleLabel'`, or for the view's own height `this view (StatusView)`, as the type is declared.
    func named(_ receiver: Receiver, at i: Int) -> String {
        guard receiver.isSelf else { return "'\(receiver.key)'" }
        return decls.enclosingType(of: i, in: file).map { "this view (\($0.name))" } ?? "this view"
    }

    func checkRowHeight(_ i: Int) {
        guard let (value, receiver) = assignment(i) else { return }
        let (found, via) = origin(value.start, value.end, at: i)
        guard case let .literal(size) = found, (size ?? 1) > 1 else { return }
        let (kind, _) = receiverClass(receiver, property: "rowHeight", at: i)
        guard kind == .tableView || (kind == nil && receiver.key.lowercased().hasSuffix("tableview")) else { return }
        report(.fixedHeightText, at: i, .medium,
               "rowHeight = \(code(value.start, value.end)) gives every row a height of \(amount(found, via: via, value.start, value.end)), so rows cannot grow with their text. Use UITableView.automaticDimension with self-sizing cells.",
               item: "cells-resize")
    }

    /// `func tableView(_:heightForRowAt:)` returning a constant: the rows, which hold text, cannot grow.
    func checkHeightForRow(_ i: Int) {
        let list = Int(file.parent[i])
        guard list > 0, file.isKind(list, .leftParen), file.textIs(list - 1, "tableView"), file.name(list - 2) == .func,
              file.isKind(i + 1, .identifier), let function = decls.functions.first(where: { $0.parameterList == list })
        else { return }
        var expressions: [(start: Int, end: Int)] = []
        var j = function.open + 1
        while j < function.close {
            if file.name(j) == .return && decls.innermostFunction(of: j, in: file)?.open == function.open {
                expressions.append((j + 1, file.expressionEnd(from: j + 1)))
            }
            j += 1
        }
        if expressions.isEmpty { expressions.append((function.open + 1, file.expressionEnd(from: function.open + 1))) }
        for (start, end) in expressions where end > start {
            let (found, via) = origin(start, end, at: start)
            guard case let .literal(value) = found, (value ?? 2) > 1 else { continue }
            report(.fixedHeightText, at: start, .medium,
                   "tableView(_:heightForRowAt:) gives these rows a height of \(amount(found, via: via, start, end)), so rows of text cannot grow with it. Return UITableView.automaticDimension and let self-sizing cells set the height.",
                   item: "cells-resize")
        }
    }

    /// `override var intrinsicContentSize: CGSize { CGSize(width: ..., height: 44) }` in a label or
    /// button class: every such view is that tall, whatever its text.
    func checkIntrinsicHeight(_ i: Int) {
        guard file.name(i - 1) == .var, let variable = decls.variable(named: "intrinsicContentSize", visibleAt: i + 1, in: file),
              variable.nameIndex == i, variable.bodyOpen >= 0, let type = decls.enclosingType(of: i, in: file) else { return }
        let (kind, _) = type.inherits.first.map(classify(typeName:)) ?? (nil, false)
        // A label or button class, or a view that lays out text in itself.
        guard (kind ?? UIKitClass(guessingFrom: type.name))?.holdsText == true || (kind == .otherView && selfHoldsTextSubview(at: i))
        else { return }
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

/// Height constraints in Interface Builder.
extension InterfaceBuilderAnalyzer {
    func checkHeightConstraint(_ position: Int, _ element: MarkupElement) {
        guard element.value("firstAttribute") == "height", element.value("secondItem") == nil,
              element.value("relation") != "greaterThanOrEqual",
              let constant = element.value("constant").flatMap(Double.init), constant > 1 else { return }
        if let priority = element.value("priority").flatMap(Double.init), priority < 1000 { return }
        var owner: Int?
        if let first = element.value("firstItem") {
            owner = elementByID[first]
        } else {
            let constraints = element.parent
            if constraints >= 0 && document.elements[constraints].name == "constraints" {
                owner = document.elements[constraints].parent >= 0 ? document.elements[constraints].parent : nil
            }
        }
        guard let owner else { return }
        let ownerElement = document.elements[owner]
        let confidence: Finding.Confidence
        var what = describe(ownerElement)
        switch ownerElement.name {
        case "label": confidence = .high
        case "button":
            guard buttonHasTitle(owner) else { return }
            confidence = .medium
        case "textField":
            guard !isHiddenAndEmpty(owner) else { return }
            confidence = .medium
        case "stackView", "view":
            guard let text = textInside(owner, directOnly: ownerElement.name == "view") else { return }
            what = "the \(ownerElement.name == "stackView" ? "stack view" : "view") that holds \(describe(document.elements[text]))"
            confidence = .medium
        default: return
        }
        let relation = element.value("relation") == "lessThanOrEqual" ? "caps" : "fixes"
        let offset = element.attribute("constant")?.offset ?? element.offset
        report(.fixedHeightText, offset: offset, confidence,
               "A height constraint \(relation) \(what) at \(points(constant)) pt, so larger text is clipped. Make it greater than or equal, or remove it and let the text set the height.")
    }

    /// A table's row height in Interface Builder (`rowHeight="44"`), unless the code of the table's
    /// owner sets row heights itself. A prototype cell's own row height is not one.
    func checkTableRowHeight(_ position: Int, _ element: MarkupElement) {
        guard let height = element.value("rowHeight").flatMap(Double.init), height > 1 else { return }
        var owners: [String] = []
        if let custom = element.value("customClass") { owners.append(custom) }
        let parent = element.parent
        if parent >= 0, let custom = document.elements[parent].value("customClass") { owners.append(custom) }
        if let id = element.value("id"), let owner = outlets[id]?.owner { owners.append(owner) }
        if owners.contains(where: index.rowHeightTypes.contains) { return }
        let offset = element.attribute("rowHeight")?.offset ?? element.offset
        report(.fixedHeightText, offset: offset, .medium,
               "The table view's Row Height of \(points(height)) pt gives every row that height, so rows of text cannot grow with it. Set Row Height to Automatic and let self-sizing cells set it.",
               item: "cells-resize")
    }
}
