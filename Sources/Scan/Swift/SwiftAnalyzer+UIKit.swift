/// UIKit properties and live updates: single-line, shrinks-text, fixed-height-text, clamped-type-size, no-live-update.
extension SwiftAnalyzer {
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
    func receiver(ofProperty i: Int) -> Receiver? {
        if file.isKind(i - 1, .period) {
            var last = i - 2
            while last >= 0 && file.isPostfixUnwrap(last) { last -= 1 }
            guard last >= 0 else { return nil }
            let start = file.chainStart(endingAt: i - 2)
            guard start <= last, start != i - 1 else { return nil }
            let key = receiverKey(start, last)
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
    func describe(_ receiver: Receiver, as noun: String) -> String {
        receiver.isSelf || receiver.key.hasPrefix("$") ? "this \(noun)" : "'\(receiver.key)'"
    }

    /// The tokens `start...last` as one receiver key: names without backticks, other tokens as
    /// written, postfix `?` and `!` left out, and a leading `self.` dropped. Built from the bytes
    /// with one string made at the end.
    func receiverKey(_ start: Int, _ last: Int) -> String {
        if start == last && file.tokens[start].kind == .identifier && !file.tokens[start].flags.contains(.backticked) {
            // One plain name, the usual case: no `self.` to drop, no unwraps.
            return file.text(start)
        }
        var bytes: [UInt8] = []
        var ascii = true
        for j in start...last where !file.isPostfixUnwrap(j) {
            let token = file.tokens[j]
            var from = Int(token.start)
            var to = Int(token.end)
            if token.kind == .identifier && token.flags.contains(.backticked) {
                from += 1
                to -= 1
            }
            for k in max(0, from)..<max(max(0, from), min(to, file.bytes.count)) {
                let byte = file.bytes[k]
                if byte >= 0x80 { ascii = false }
                bytes.append(byte)
            }
        }
        if ascii {
            // ASCII: bytes and characters are one and the same.
            if bytes.count >= 5 && bytes[0] == 0x73 && bytes[1] == 0x65 && bytes[2] == 0x6C && bytes[3] == 0x66 && bytes[4] == 0x2E {
                return String(decoding: bytes[5...], as: UTF8.self)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Otherwise piece by piece, as characters: broken UTF-8 and combining marks stay as they were.
        var key = ""
        for j in start...last where !file.isPostfixUnwrap(j) {
            key += file.tokens[j].kind == .identifier ? file.identifier(j) : file.text(j)
        }
        if key.hasPrefix("self.") { key.removeFirst(5) }
        return key
    }

    /// `property = value` at `i`: the value's range; nil when `i` is not assigned.
    func assignedValue(_ i: Int) -> (start: Int, end: Int)? {
        guard file.isOperator(i + 1, "="), !file.isKind(i + 2, .operator) || file.isKind(i + 2, .period) else { return nil }
        if file.name(i - 1) == .var || file.name(i - 1) == .let || file.name(i - 1) == .case { return nil }
        let start = i + 2
        return (start, file.expressionEnd(from: start))
    }

    /// A property set at `i`, in any of the forms apps use:
    /// `x.property = value`, `property = value` in a type's own code, the lens setters of Prelude-style
    /// pipelines `x |> \.property .~ value`, and `UILabel.lens.property .~ value`.
    func assignment(_ i: Int) -> (value: (start: Int, end: Int), receiver: Receiver)? {
        guard let value = assignmentValue(i) else { return nil }
        return assignment(i, value: value)
    }

    /// The value `assignment(i)` gives when it finds an assignment; nil where it finds none. Cheap
    /// beside the receiver: rules that look at the value first skip the receiver for most properties.
    func assignmentValue(_ i: Int) -> (start: Int, end: Int)? {
        if file.isOperator(i + 1, ".~") {
            let start = i + 2
            var end = start
            let limit = file.expressionEnd(from: start)
            while end < limit && !file.isOperator(end, "|>") && !file.isOperator(end, "<>") {
                end = file.isKind(end, .leftParen) || file.isKind(end, .leftBracket) || file.isKind(end, .leftBrace)
                    ? file.after(end) : end + 1
            }
            guard end > start, file.isKind(i - 1, .period) else { return nil }
            return (start, min(end, limit))
        }
        return assignedValue(i)
    }

    /// `assignment(i)` once `assignmentValue(i)` gave `value`.
    func assignment(_ i: Int, value: (start: Int, end: Int)) -> (value: (start: Int, end: Int), receiver: Receiver)? {
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
        guard let receiver = receiver(ofProperty: i) else { return nil }
        return (value, receiver)
    }

    /// The value a `|>` pipeline starts from: `label` in `_ = self.label |> \.a .~ 1 |> \.b .~ 2`.
    func pipelineSubject(before backslash: Int) -> Receiver? {
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
        let key = receiverKey(start, last)
        if key == "self" { return Receiver(key: "self", last: -1, start: start) }
        var lastIdentifier = last
        while lastIdentifier > start && file.isPostfixUnwrap(lastIdentifier) { lastIdentifier -= 1 }
        return Receiver(key: key, last: lastIdentifier, start: start)
    }

    func isTrue(_ value: (start: Int, end: Int)) -> Bool { value.end == value.start + 1 && file.name(value.start) == .true }
    func isFalse(_ value: (start: Int, end: Int)) -> Bool { value.end == value.start + 1 && file.name(value.start) == .false }

    func classify(typeName: String) -> (UIKitClass?, certain: Bool) {
        if let known = index.uikitClass(of: typeName) { return (known, true) }
        if let guess = UIKitClass(guessingFrom: typeName) { return (guess, false) }
        return (nil, false)
    }

    func declaredType(of name: String, at i: Int) -> String? {
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
    func receiverClass(_ receiver: Receiver, property: String, at i: Int) -> (UIKitClass?, certain: Bool) {
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
        // From here on the answer depends on the name and property alone, unless several
        // declarations share the name and the one in scope at `i` decides: kept for the file.
        let key = Memo.ReceiverKey(name: name, property: property)
        if let known = memo.receiverClasses[key] { return known }
        let answer = receiverClass(named: name, property: property, at: i)
        if (decls.variablesByName[name]?.count ?? 0) <= 1 { memo.receiverClasses[key] = answer }
        return answer
    }

    /// `receiverClass` for a receiver whose last token is the name `name` (not `$0`).
    private func receiverClass(named name: String, property: String, at i: Int) -> (UIKitClass?, certain: Bool) {
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
    func closureSubjectClass(_ i: Int) -> (UIKitClass?, certain: Bool) {
        guard let brace = file.enclosingBrace(of: i) else { return (nil, false) }
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

    // MARK: Live updates

    func checkAdjustsFontForContentSizeCategory(_ i: Int) {
        guard let value = assignmentValue(i), isTrue(value) || isFalse(value),
              let (_, receiver) = assignment(i, value: value) else { return }
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

    func noteLiveUpdate(_ receiver: Receiver, at i: Int) {
        let scope = file.enclosingBrace(of: i) ?? -1
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
        if !receiver.isSelf && decls.anyEnclosingFunction(of: i, in: file, where: { $0.parameters(in: file).contains(receiver.key) }) {
            liveUpdateThroughHelper = true
        }
        liveUpdates.append(LiveUpdate(key: receiver.key, scope: -1, declaration: declaration(of: receiver, at: i)))
    }

    /// The declaration the first name of `receiver` resolves to at `i` (the token of its name), or
    /// -1: two closures that each declare a `label` hold two labels, not one.
    func declaration(of receiver: Receiver, at i: Int) -> Int {
        guard !receiver.isSelf, file.isKind(receiver.start, .identifier), file.name(receiver.start) != .`self` else { return -1 }
        return decls.variable(named: file.identifier(receiver.start), visibleAt: i, in: file)?.nameIndex ?? -1
    }

    func receiverClassIsUnknownSubject(_ i: Int) -> Bool {
        closureSubjectClass(i).0 == nil
    }

    func noteFontAssignment(_ i: Int) {
        guard let assigned = assignmentValue(i) else { return }
        var textStyle = false
        var value = assigned
        if value.end == value.start + 1, file.isKind(value.start, .identifier),
           let local = decls.variable(named: file.identifier(value.start), visibleAt: i, in: file),
           local.hasInitializer, local.scope >= 0, decls.typeByBrace[local.scope] == nil {
            // `let font = UIFont.preferredFont(...)` then `label.font = font`.
            value = (local.initStart, local.initEnd)
        }
        for j in value.start..<value.end {
            let name = file.name(j)
            if name == .withSize { return } // A fixed size: fixed-font-size covers it.
            if name == .preferredFont || name == .scaledFont || name == .preferredFontDescriptor || name == .UIFontMetrics {
                textStyle = true
            }
        }
        guard textStyle, let (_, receiver) = assignment(i, value: assigned) else { return }
        let (kind, certain) = receiverClass(receiver, property: "font", at: i)
        guard let kind, kind.isTextView else { return }
        fontAssignments.append(FontAssignment(receiver: receiver, nameIndex: i, kind: kind, certain: certain))
    }

    /// The file sets fonts again when the text size changes (trait changes, the content size
    /// notification): fonts it sets may be refreshed by hand rather than by UIKit.
    func refreshesFontsOnSizeChange() -> Bool {
        // Each of these is a name the lexer resolves: only the landmarks need reading.
        file.landmarks.contains { landmark in
            let j = Int(landmark)
            switch file.name(j) {
            case .traitCollectionDidChange, .registerForTraitChanges, .UIContentSizeCategoryDidChange, .contentSizeCategoryDidChange:
                return true
            case .didChangeNotification:
                return file.name(j - 2) == .UIContentSizeCategory
            default:
                return false
            }
        }
    }

    func resolveLiveUpdates() {
        guard !fontAssignments.isEmpty else { return }
        let refreshes = refreshesFontsOnSizeChange()
        var reported: Set<String> = []
        for assignment in fontAssignments {
            let receiver = assignment.receiver
            let i = assignment.nameIndex
            let declaration = declaration(of: receiver, at: i)
            let covered = liveUpdates.contains { update in
                update.key == receiver.key && (update.scope < 0 || file.isAncestor(update.scope, of: i))
                    && (update.declaration < 0 || declaration < 0 || update.declaration == declaration)
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
            if refreshes, decls.anyEnclosingFunction(of: i, in: file, where: { $0.name == "traitCollectionDidChange" }) {
                continue
            }
            let key = receiver.isSelf ? "self@\(decls.enclosingType(of: i, in: file)?.name ?? "")" : "\(receiver.key)@\(declaration)"
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
