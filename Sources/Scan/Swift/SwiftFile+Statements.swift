/// Where expressions end, the brackets around a token, and numeric literals, in a `SwiftFile`.

extension SwiftFile {
    // MARK: Statements

    /// Whether the token at `j` carries on the expression before it although it starts a new line.
    private func continuesOnNewLine(_ j: Int) -> Bool {
        let token = tokens[j]
        if token.kind == .period { return true }
        if token.kind == .operator {
            // A binary operator at the start of a line continues the expression; a prefix one does not.
            return !(textIs(j, "!") || textIs(j, "-") || textIs(j, "&") || textIs(j, "..."))
                || isKind(j + 1, .operator)
        }
        if j > 0 {
            let previous = tokens[j - 1]
            if previous.kind == .operator && !isPostfixUnwrap(j - 1) { return true }
            if previous.kind == .period || previous.kind == .colon { return true }
        }
        return false
    }

    /// The index just past the expression that starts at `start`: up to a comma, semicolon or
    /// closing bracket at its level, or a new line that does not continue it. In a condition
    /// (`if let x = y {`) a brace or `else` ends it too.
    func expressionEnd(from start: Int, condition: Bool = false) -> Int {
        var j = start
        while j < tokens.count {
            let token = tokens[j]
            switch token.kind {
            case .rightParen, .rightBracket, .rightBrace, .comma, .semicolon:
                return j
            default:
                break
            }
            if j > start && token.flags.contains(.newlineBefore) && !continuesOnNewLine(j) { return j }
            if condition && (token.kind == .leftBrace || token.name == .else) { return j }
            if j > start && (token.name == .var || token.name == .let || token.name == .func) && token.kind == .identifier {
                return j
            }
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: j = after(j)
            default: j += 1
            }
        }
        return tokens.count
    }

    /// The `?` and `:` of a conditional expression `condition ? a : b` that spans `start..<end` at
    /// its own level, or nil.
    func ternary(_ start: Int, _ end: Int) -> (question: Int, colon: Int)? {
        var question = -1
        var j = start
        while j < end {
            switch tokens[j].kind {
            case .leftParen, .leftBracket, .leftBrace:
                j = after(j)
                continue
            case .operator where question < 0 && textIs(j, "?") && tokens[j].flags.contains(.spaceBefore):
                question = j
            case .colon where question >= 0:
                return j > question + 1 && j + 1 < end ? (question, j) : nil
            default:
                break
            }
            j += 1
        }
        return nil
    }

    /// The chain of open brackets around `i`, innermost first (at most 512), walked as it is read.
    func ancestors(of i: Int) -> Ancestors {
        Ancestors(parent: parent, start: Int(parent[i]))
    }

    /// Whether the open bracket `scope` is among the ancestors of `i`.
    func isAncestor(_ scope: Int, of i: Int) -> Bool {
        var p = Int(parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            if p == scope { return true }
            steps += 1
            p = Int(parent[p])
        }
        return false
    }

    /// The innermost `{` around `i`, or nil.
    func enclosingBrace(of i: Int) -> Int? {
        var p = Int(parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            if tokens[p].kind == .leftBrace { return p }
            steps += 1
            p = Int(parent[p])
        }
        return nil
    }

    /// Whether the `:` at `c` ends a `case ...:` or `default:` label of a switch, so that a statement
    /// may follow it on the same line. Read backwards from the colon over the label alone: a colon of
    /// a type annotation, a ternary or an argument label meets another boundary first (a bracket other
    /// than the switch's `{`, a new line that does not carry the label on, another colon).
    func endsSwitchLabel(_ c: Int) -> Bool {
        let brace = Int(parent[c])
        guard isKind(c, .colon), brace >= 0, tokens[brace].kind == .leftBrace else { return false }
        // `default:` and `@unknown default:`.
        if textIs(c - 1, "default") {
            let start = isKind(c - 2, .attribute) ? c - 2 : c - 1
            return start == brace + 1 || tokens[start].flags.contains(.newlineBefore) || isKind(start - 1, .semicolon)
        }
        var j = c - 1
        var steps = 0
        while j > brace && steps < 64 {
            steps += 1
            let token = tokens[j]
            switch token.kind {
            case .rightParen, .rightBracket:
                // A pattern's payload or tuple: its own colons and lines do not count.
                let open = Int(matching[j])
                guard open > brace else { return false }
                j = open
            case .colon, .semicolon, .leftBrace, .rightBrace, .leftParen, .leftBracket:
                return false
            case .identifier where token.name == .case:
                return j == brace + 1 || token.flags.contains(.newlineBefore) || isKind(j - 1, .semicolon)
            default:
                break
            }
            // A label runs on to the next line only at a comma (`case .a,\n .b:`) or an operator.
            if tokens[j].flags.contains(.newlineBefore) && tokens[j].kind != .comma && !isKind(j - 1, .comma) && !continuesOnNewLine(j) {
                return false
            }
            j -= 1
        }
        return false
    }

    struct Ancestors: Sequence {
        let parent: Stored<Int32>
        let start: Int

        struct Iterator: IteratorProtocol {
            let parent: Stored<Int32>
            var p: Int
            var count = 0
            mutating func next() -> Int? {
                guard p >= 0 && count < 512 else { return nil }
                let current = p
                count += 1
                p = Int(parent[p])
                return current
            }
        }

        func makeIterator() -> Iterator { Iterator(parent: parent, p: start) }
    }

    /// Index of the numeric value of a literal token, ignoring `_` separators.
    func number(_ i: Int) -> Double? {
        guard isKind(i, .integer) || isKind(i, .float) else { return nil }
        let token = tokens[i]
        if token.kind == .integer && token.end - token.start <= 15 {
            // Plain decimal digits, the usual literal: read them here, exactly as Double(_:) would.
            var value = 0
            var k = Int(token.start)
            let end = Int(token.end)
            while k < end {
                let digit = bytes[k] &- 0x30
                if digit > 9 { break }
                value = value * 10 + Int(digit)
                k += 1
            }
            if k == end && end > Int(token.start) { return Double(value) }
        }
        if token.kind == .float && token.end - token.start <= 16 {
            // `12.5`: at most 15 digits around one point. The digits and the power of ten are both
            // exact doubles, so their quotient is rounded once, to what Double(_:) reads.
            var mantissa = 0
            var scale = 1.0
            var point = false
            var digits = 0
            var k = Int(token.start)
            let end = Int(token.end)
            while k < end {
                let byte = bytes[k]
                if byte == 0x2E && !point {
                    point = true
                } else if byte &- 0x30 <= 9 {
                    mantissa = mantissa * 10 + Int(byte &- 0x30)
                    digits += 1
                    if point { scale *= 10 }
                } else {
                    break
                }
                k += 1
            }
            if k == end && point && digits <= 15 && scale > 1 && bytes[Int(token.start)] != 0x2E {
                return Double(mantissa) / scale
            }
        }
        var text = text(i)
        text.removeAll { $0 == "_" }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return Int(text.dropFirst(2), radix: 16).map(Double.init)
        }
        if text.hasPrefix("0b") { return Int(text.dropFirst(2), radix: 2).map(Double.init) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8).map(Double.init) }
        return Double(text)
    }

    /// The value of `start..<end` when it is a number, optionally negative or wrapped in
    /// `CGFloat(...)`/`Double(...)`/parentheses.
    func literalNumber(_ start: Int, _ end: Int) -> Double? {
        var start = start
        var end = end
        while end - start >= 3 {
            if tokens[start].kind == .leftParen && Int(matching[start]) == end - 1 {
                start += 1
                end -= 1
            } else if [Name.cgFloatType, .doubleType, .floatType, .intType].contains(name(start)) && isKind(start + 1, .leftParen)
                && Int(matching[start + 1]) == end - 1 {
                start += 2
                end -= 1
            } else {
                break
            }
        }
        if end - start == 1 { return number(start) }
        if end - start == 2 && isOperator(start, "-") { return number(start + 1).map { -$0 } }
        return nil
    }
}
