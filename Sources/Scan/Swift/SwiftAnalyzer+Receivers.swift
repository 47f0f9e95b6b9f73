/// What a UIKit property is set on: the receiver of an assignment in its many forms, and what kind of view it is.
extension SwiftAnalyzer {
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
        guard let (start, last) = receiverTokens(ofProperty: i) else { return nil }
        guard last >= 0 else { return Receiver(key: "self", last: -1, start: i) }
        let key = receiverKey(start, last)
        if key == "self" { return Receiver(key: "self", last: -1, start: start) }
        return Receiver(key: key, last: last, start: start)
    }

    /// The tokens `start...last` of the receiver `receiver(ofProperty:)` finds, without making its
    /// key; `last` is -1 for a bare property, which sets `self`'s.
    func receiverTokens(ofProperty i: Int) -> (start: Int, last: Int)? {
        if file.isKind(i - 1, .period) {
            var last = i - 2
            while last >= 0 && file.isPostfixUnwrap(last) { last -= 1 }
            guard last >= 0 else { return nil }
            let start = file.chainStart(endingAt: i - 2)
            guard start <= last, start != i - 1 else { return nil }
            return (start, last)
        }
        // A bare property: only as the start of a statement inside a type, which may follow a switch's
        // `case .body:` on its line (the label is read only where such a colon comes first).
        let previous = i - 1
        guard previous < 0 || file.tokens[i].flags.contains(.newlineBefore) || file.isKind(previous, .leftBrace)
            || file.isKind(previous, .semicolon) || (file.isKind(previous, .colon) && file.endsSwitchLabel(previous)) else { return nil }
        if previous >= 0 && file.isKind(previous, .identifier) && (file.name(previous) == .var || file.name(previous) == .let) {
            return nil
        }
        return (i, -1)
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
            if let previous = memo.lastReceiverKey, file.sameText(previous.name, start) { return previous.key }
            let key = file.text(start)
            memo.lastReceiverKey = (start, key)
            return key
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

    /// Whether token `j` is the one-byte operator `byte` (`=`): `file.isOperator` without its call,
    /// for the test made of every property a rule looks at.
    func isOperator(_ j: Int, byte: UInt8) -> Bool {
        guard file.isKind(j, .operator) else { return false }
        let token = file.tokens[j]
        return token.end - token.start == 1 && file.bytes[Int(token.start)] == byte
    }

    /// Whether a lens setter `.~` follows `i`; its length told first, as most properties take `=`.
    func isLensSetter(after i: Int) -> Bool {
        guard file.isKind(i + 1, .operator) else { return false }
        let token = file.tokens[i + 1]
        return token.end - token.start == 2 && file.textIs(i + 1, ".~")
    }

    /// `property = value` at `i`: the value's range; nil when `i` is not assigned.
    func assignedValue(_ i: Int) -> (start: Int, end: Int)? {
        guard isOperator(i + 1, byte: 0x3D), !file.isKind(i + 2, .operator) || file.isKind(i + 2, .period) else { return nil }
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
        if isLensSetter(after: i) {
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
        if isLensSetter(after: i) {
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
        if let known = ProjectIndex.uikitClass(of: typeName, declaredTypes: index.declaredTypes) { return (known, true) }
        if let guess = UIKitClass(guessingFrom: typeName) { return (guess, false) }
        return (nil, false)
    }

    func declaredType(of name: String, at i: Int) -> String? {
        let variable = decls.variable(named: name, visibleAt: i, in: file)
            ?? decls.variableIndices(named: name).flatMap { $0.first.map { decls.variables[$0] } }
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
        // Statements in a row set properties of one view: a receiver of one name, spelled as the
        // last one kept for the file was, with the same property, gets that answer again.
        if receiver.start == last, let previous = memo.lastReceiverClass, previous.property == property,
           file.sameText(previous.name, last) {
            return previous.answer
        }
        let name = file.identifier(last)
        if (name == "titleLabel" || name == "textLabel" || name == "detailTextLabel") && receiver.start < last {
            return (.label, true)
        }
        if name.hasPrefix("$") { return closureSubjectClass(last) }
        // From here on the answer depends on the name and property alone, unless several
        // declarations share the name and the one in scope at `i` decides: kept for the file.
        let key = Memo.ReceiverKey(name: name, property: property)
        if let known = memo.receiverClasses[key] {
            if receiver.start == last { memo.lastReceiverClass = (last, property, known) }
            return known
        }
        let answer = receiverClass(named: name, property: property, at: i)
        if (decls.variableIndices(named: name)?.count ?? 0) <= 1 {
            memo.receiverClasses[key] = answer
            if receiver.start == last { memo.lastReceiverClass = (last, property, answer) }
        }
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
}
