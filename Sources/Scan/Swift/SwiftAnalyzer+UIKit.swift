/// UIKit properties: single-line, shrinks-text, fixed-height-text and clamped-type-size.
extension SwiftAnalyzer {
    // MARK: UIKit properties

    func checkNumberOfLines(_ i: Int) {
        guard let value = assignmentValue(i), value.end == value.start + 1, file.number(value.start) == 1,
              let (_, receiver) = assignment(i, value: value) else { return }
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

    func checkAdjustsFontSizeToFitWidth(_ i: Int) {
        guard let value = assignmentValue(i), isTrue(value), let (_, receiver) = assignment(i, value: value) else { return }
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
        guard let receiver = receiver(ofProperty: i) else { return }
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
        let who = holder ? "'\(receiver.key)', which holds text," : describe(receiver, as: kind?.noun ?? "view")
        let relation = constant.label == .equalToConstant ? "fixes" : "caps"
        report(.fixedHeightText, at: i, confidence,
               "heightAnchor.constraint(\(file.text(constant.labelIndex)): \(code(constant.start, constant.end))) \(relation) the height of \(who) at \(amount(found, via: via, constant.start, constant.end)), so larger text is clipped. Use greaterThanOrEqualToConstant: or let its text set the height.",
               item: isInCell(i) ? "cells-resize" : nil)
    }

    /// SnapKit: `label.snp.makeConstraints { $0.height.equalTo(20) }`.
    func checkSnapKitHeight(_ i: Int) {
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
                                   "height.\(file.text(k + 1))(\(code(value.start, value.end))) \(file.name(k + 1) == .equalTo ? "fixes" : "caps") the height of '\(receiver.key)' at \(amount(found, via: via, value.start, value.end)), so larger text is clipped. Use greaterThanOrEqualTo or let its text set the height.",
                                   item: isInCell(j) ? "cells-resize" : nil)
                        }
                    }
                }
            }
            j += 1
        }
    }

    func checkMaximumContentSizeCategory(_ i: Int) {
        guard let (value, _) = assignment(i) else { return }
        guard let last = (value.start..<value.end).last(where: { file.isKind($0, .identifier) }) else { return }
        if file.name(last) == .unspecified { return }
        guard let rank = file.name(last).sizeRank, rank < 11 else { return }
        report(.clampedTypeSize, at: i, .high,
               "maximumContentSizeCategory = \(code(value.start, value.end)) stops text from growing past .\(file.text(last)), short of the largest accessibility size. Remove the cap, or show the Large Content Viewer where a control cannot grow.")
    }

    /// `traitOverrides.preferredContentSizeCategory = .large` and `UITraitCollection(preferredContentSizeCategory: .large)`.
    func checkForcedContentSizeCategory(_ i: Int) {
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

    func checkScaledFontMaximum(_ i: Int) {
        guard file.isKind(i + 1, .leftParen) else { return }
        let arguments = file.arguments(i + 1)
        guard let maximum = file.argument(.maximumPointSize, in: arguments) else { return }
        report(.clampedTypeSize, at: i, .medium,
               "scaledFont(for:maximumPointSize: \(code(maximum.start, maximum.end))) stops this font growing past that size, which may be short of the largest accessibility size. Drop the maximum unless the layout truly cannot grow.")
    }
}
