/// The lexer's readers for names, comments, operators, regex literals, `#` directives and numbers.

extension LexerState {
    /// Consumes identifier characters from `i` and returns the `Name` they spell.
    mutating func identifierBody() -> Name {
        let start = i
        i = LexerState.identifierEnd(p, from: i)
        return names.name(p, start, i)
    }

    /// The end of the run of identifier characters in `p` from `j` on.
    @inline(__always)
    static func identifierEnd(_ p: UnsafeBufferPointer<UInt8>, from j: Int) -> Int {
        var j = j
        // Eight bytes at a time while a whole word lies inside the input, then byte by byte.
        // (`j` is at most the input's size, below 2 GB: sums cannot overflow.)
        while j &+ 8 <= p.count {
            let run = Byte.identifierRun(Byte.wordInside(p, j))
            j &+= run
            if run < 8 { return j }
        }
        while j < p.count && Byte.isIdentifierContinue(p[j]) { j &+= 1 }
        return j
    }

    mutating func backtickIdentifier() {
        let start = i
        var j = i + 1
        while j < n && p[j] != Byte.backtick && !Byte.isLineEnd(p[j]) { j += 1 }
        guard j < n && p[j] == Byte.backtick && j > i + 1 else {
            single(.unknown)
            return
        }
        let name = names.name(p, i + 1, j)
        i = j + 1
        emit(.identifier, start, i, name: name, flags: .backticked)
    }

    mutating func lineComment() {
        let start = i
        while i < n && !Byte.isLineEnd(p[i]) { i += 1 }
        emitComment(.lineComment, start, i)
    }

    mutating func blockComment() {
        let start = i
        i += 2
        var depth = 1
        while i < n {
            if p[i] == Byte.slash && at(i + 1) == Byte.star {
                depth += 1
                i += 2
            } else if p[i] == Byte.star && at(i + 1) == Byte.slash {
                depth -= 1
                i += 2
                if depth == 0 { break }
            } else {
                i += 1
            }
        }
        emitComment(.blockComment, start, i, flags: depth > 0 ? .unterminated : Token.Flags())
    }

    mutating func operatorRun() {
        let start = i
        let dotted = p[i] == Byte.period
        i += 1
        while i < n {
            let c = p[i]
            if c == Byte.slash && (at(i + 1) == Byte.slash || at(i + 1) == Byte.star) { break }
            if Byte.isOperator(c) || (dotted && c == Byte.period) {
                i += 1
            } else {
                break
            }
        }
        emit(.operator, start, i)
        // Most operators are followed by one space: passed here, not by a turn of the main loop
        // (white space writes nothing, so where a run of it is passed does not matter).
        if i < n && p[i] == Byte.space { i += 1 }
    }

    /// A bare `/regex/` where an expression may start and the closing slash is on the same line.
    func bareRegexEnd() -> Int? {
        if let last = lastToken {
            switch last.kind {
            case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon:
                break
            case .operator:
                // `x = /a/`, but not after a postfix operator such as `x! / 2`.
                guard last.end != Int32(i) || p[Int(last.start)] == Byte.equals else { return nil }
            case .identifier:
                guard last.name == .return || last.name == .case || last.name == .in else { return nil }
            default:
                return nil
            }
        }
        let next = at(i + 1)
        if next == Byte.space || next == Byte.tab || Byte.isLineEnd(next) || next == Byte.equals || i + 1 >= n {
            return nil
        }
        var j = i + 1
        var inClass = false
        while j < n && !Byte.isLineEnd(p[j]) {
            let c = p[j]
            if c == Byte.backslash {
                j += 2
                continue
            }
            if c == Byte.leftBracket { inClass = true }
            if c == Byte.rightBracket { inClass = false }
            if c == Byte.slash && !inClass {
                // A regex does not end in white space before its slash.
                if p[j - 1] == Byte.space { return nil }
                return j + 1
            }
            j += 1
        }
        return nil
    }

    mutating func hash() {
        var hashes = 0
        while at(i + hashes) == Byte.hash { hashes += 1 }
        let after = at(i + hashes)
        if after == Byte.quote && i + hashes < n {
            stringLiteral()
        } else if after == Byte.slash && i + hashes < n {
            extendedRegex(hashes: hashes)
        } else if hashes == 1 && Byte.isIdentifierStart(after) && i + 1 < n {
            let start = i
            i += 1
            let name = identifierBody()
            emit(.pound, start, i, name: name)
        } else {
            single(.unknown)
        }
    }

    mutating func extendedRegex(hashes: Int) {
        let start = i
        i += hashes + 1
        let multiline = Byte.isLineEnd(at(i))
        var terminated = false
        while i < n {
            let c = p[i]
            if c == Byte.backslash {
                i += 2
                continue
            }
            if !multiline && Byte.isLineEnd(c) { break }
            if c == Byte.slash && closes(at: i + 1, hashes: hashes) {
                i += 1 + hashes
                terminated = true
                break
            }
            i += 1
        }
        i = min(i, n)
        emitSpanning(.regex, start, i, flags: terminated ? Token.Flags() : .unterminated)
    }

    func closes(at index: Int, hashes: Int) -> Bool {
        var k = 0
        while k < hashes {
            if at(index + k) != Byte.hash || index + k >= n { return false }
            k += 1
        }
        return true
    }

    mutating func number() {
        let start = i
        var isFloat = false
        let afterPeriod = lastToken?.kind == .period && lastToken?.end == Int32(i)
        if p[i] == Byte.zero && (at(i + 1) | 0x20) == 0x78 { // 0x
            i += 2
            while i < n && (Byte.isHexDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            if !afterPeriod && at(i) == Byte.period && Byte.isHexDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (Byte.isHexDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            }
            if (at(i) | 0x20) == 0x70 && i < n { // p exponent
                isFloat = true
                i += 1
                if at(i) == Byte.plus || at(i) == Byte.minus { i += 1 }
                while i < n && (Byte.isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            }
        } else {
            while i < n && (Byte.isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            if !afterPeriod && at(i) == Byte.period && Byte.isDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (Byte.isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
            }
            if !afterPeriod && (at(i) | 0x20) == 0x65 && i < n { // e exponent
                let sign = at(i + 1) == Byte.plus || at(i + 1) == Byte.minus
                if Byte.isDigit(at(i + (sign ? 2 : 1))) {
                    isFloat = true
                    i += sign ? 2 : 1
                    while i < n && (Byte.isDigit(p[i]) || p[i] == Byte.underscore) { i += 1 }
                }
            }
        }
        // `0b1010`, `0o17` and malformed literals such as `12abc` keep their trailing characters.
        while i < n && Byte.isIdentifierContinue(p[i]) { i += 1 }
        emit(isFloat ? .float : .integer, start, i)
    }
}
