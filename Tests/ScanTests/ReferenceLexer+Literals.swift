@testable import Scan

// The reference lexer's literals. Its string literals are read afresh from the Swift grammar
// (The Swift Programming Language, Lexical Structure, "String Literals"), by small functions that
// call one another as the grammar nests, so that the fast lexer's one loop over an explicit stack is
// checked against a second, independent reading. Where the grammar says nothing (a literal cut off by
// a line break or by the end of the file), the reading follows what the scan needs: the token ends
// there, marked unterminated. Numbers are the lexer's, kept word for word as the rest of the file.

/// How the reading of a piece of a string literal ended.
private enum LiteralEnd {
    /// Its closing delimiter ends just before this offset.
    case closed(Int)
    /// A line break at this offset cut a single-line literal off; the break is not part of it.
    case cutAtLineBreak(Int)
    /// The input ended first.
    case endOfInput
}

extension ReferenceLexerState {
    /// A string literal at `i`, its interpolations and the literals nested in them, as one token:
    /// `"..."`, a multi-line `"""..."""`, either between `#`s (`#"..."#`, `##"""..."""##`).
    mutating func stringLiteral() {
        let start = i
        var interpolated = false
        let (hashes, multiline, body) = delimiter(at: i)
        let end = stringBody(from: body, hashes: hashes, multiline: multiline, interpolated: &interpolated)
        var flags: Token.Flags = []
        if multiline { flags.insert(.multiline) }
        if interpolated { flags.insert(.interpolated) }
        switch end {
        case let .closed(after):
            i = after
        case let .cutAtLineBreak(lineBreak):
            i = lineBreak
            flags.insert(.unterminated)
        case .endOfInput:
            i = n
            flags.insert(.unterminated)
        }
        emit(.string, start, i, flags: flags)
    }

    /// An opening delimiter at `offset`: how many `#`s extend it, whether it is the three quotes of a
    /// multi-line literal, and where the literal's characters begin.
    private func delimiter(at offset: Int) -> (hashes: Int, multiline: Bool, body: Int) {
        var quote = offset
        while byte(quote) == UInt8(ascii: "#") { quote += 1 }
        let multiline = byte(quote + 1) == UInt8(ascii: "\"") && byte(quote + 2) == UInt8(ascii: "\"")
        return (quote - offset, multiline, quote + (multiline ? 3 : 1))
    }

    /// The byte at `offset`, or nil past the end.
    private func byte(_ offset: Int) -> UInt8? { offset < n ? p[offset] : nil }

    /// Whether `count` `#`s start at `offset`.
    private func hashes(_ count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(offset + $0) == UInt8(ascii: "#") }
    }

    private func isLineBreak(_ offset: Int) -> Bool {
        byte(offset) == UInt8(ascii: "\n") || byte(offset) == UInt8(ascii: "\r")
    }

    /// The characters of a literal opened with `hashes` `#`s, from `offset` to its end. Inside it:
    /// - `\` followed by the same number of `#`s begins an escape; `\(` then begins an interpolation,
    ///   and any other escape takes one more character (a multi-line literal's `\` at the end of a
    ///   line joins the lines). A `\` with fewer `#`s is an ordinary character.
    /// - A quote closes a single-line literal, three close a multi-line one, when followed by the
    ///   same number of `#`s; otherwise quotes are ordinary characters.
    /// - A single-line literal cannot hold a line break.
    private func stringBody(from offset: Int, hashes count: Int, multiline: Bool, interpolated: inout Bool) -> LiteralEnd {
        var k = offset
        while let c = byte(k) {
            if c == UInt8(ascii: "\\") && hashes(count, at: k + 1) {
                let escaped = k + 1 + count
                if byte(escaped) == UInt8(ascii: "(") {
                    interpolated = true
                    switch interpolation(from: escaped + 1, multiline: multiline, interpolated: &interpolated) {
                    case let .closed(after): k = after
                    // An interpolation cut off by a line break cuts off the literal that holds it.
                    case let .cutAtLineBreak(lineBreak): return .cutAtLineBreak(lineBreak)
                    case .endOfInput: return .endOfInput
                    }
                } else if !multiline && isLineBreak(escaped) {
                    return .cutAtLineBreak(escaped)
                } else {
                    k = escaped + 1
                }
            } else if c == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                let closing = (0..<quotes).allSatisfy { byte(k + $0) == UInt8(ascii: "\"") } && hashes(count, at: k + quotes)
                k += closing ? quotes + count : 1
                if closing { return .closed(k) }
            } else if !multiline && isLineBreak(k) {
                return .cutAtLineBreak(k)
            } else {
                k += 1
            }
        }
        return .endOfInput
    }

    /// The expression of an interpolation, from just after its `(` to just after the `)` that
    /// balances it. Parentheses nest, string literals nest (their quotes and parentheses are theirs),
    /// and comments are skipped. In a single-line literal the expression cannot hold a line break.
    private func interpolation(from offset: Int, multiline: Bool, interpolated: inout Bool) -> LiteralEnd {
        var k = offset
        var open = 0
        while let c = byte(k) {
            switch c {
            case UInt8(ascii: "("):
                open += 1
                k += 1
            case UInt8(ascii: ")"):
                k += 1
                if open == 0 { return .closed(k) }
                open -= 1
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                var quote = k
                while byte(quote) == UInt8(ascii: "#") { quote += 1 }
                guard byte(quote) == UInt8(ascii: "\"") else {
                    k = quote
                    continue
                }
                let (count, nestedMultiline, body) = delimiter(at: k)
                switch stringBody(from: body, hashes: count, multiline: nestedMultiline, interpolated: &interpolated) {
                case let .closed(after): k = after
                // The nested literal ends at the line break, which this expression then meets.
                case let .cutAtLineBreak(lineBreak): k = lineBreak
                case .endOfInput: return .endOfInput
                }
            case UInt8(ascii: "/") where byte(k + 1) == UInt8(ascii: "/"):
                while byte(k) != nil && !isLineBreak(k) { k += 1 }
            case UInt8(ascii: "/") where byte(k + 1) == UInt8(ascii: "*"):
                k = afterBlockComment(k)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if !multiline { return .cutAtLineBreak(k) }
                k += 1
            default:
                k += 1
            }
        }
        return .endOfInput
    }

    /// Just past the block comment that opens at `offset`, with the comments nested in it, or the
    /// end of the input.
    private func afterBlockComment(_ offset: Int) -> Int {
        var k = offset + 2
        var depth = 1
        while depth > 0, byte(k) != nil {
            if byte(k) == UInt8(ascii: "/") && byte(k + 1) == UInt8(ascii: "*") {
                depth += 1
                k += 2
            } else if byte(k) == UInt8(ascii: "*") && byte(k + 1) == UInt8(ascii: "/") {
                depth -= 1
                k += 2
            } else {
                k += 1
            }
        }
        return min(k, n)
    }

    mutating func number() {
        let start = i
        var isFloat = false
        let afterPeriod = tokens.last?.kind == .period && tokens.last?.end == Int32(i)
        if p[i] == RB.zero && (at(i + 1) | 0x20) == 0x78 { // 0x
            i += 2
            while i < n && (RB.isHexDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            if !afterPeriod && at(i) == RB.period && RB.isHexDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (RB.isHexDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
            if (at(i) | 0x20) == 0x70 && i < n { // p exponent
                isFloat = true
                i += 1
                if at(i) == RB.plus || at(i) == RB.minus { i += 1 }
                while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
        } else {
            while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            if !afterPeriod && at(i) == RB.period && RB.isDigit(at(i + 1)) && i + 1 < n {
                isFloat = true
                i += 1
                while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
            }
            if !afterPeriod && (at(i) | 0x20) == 0x65 && i < n { // e exponent
                let sign = at(i + 1) == RB.plus || at(i + 1) == RB.minus
                if RB.isDigit(at(i + (sign ? 2 : 1))) {
                    isFloat = true
                    i += sign ? 2 : 1
                    while i < n && (RB.isDigit(p[i]) || p[i] == RB.underscore) { i += 1 }
                }
            }
        }
        // `0b1010`, `0o17` and malformed literals such as `12abc` keep their trailing characters.
        while i < n && RB.isIdentifierContinue(p[i]) { i += 1 }
        emit(isFloat ? .float : .integer, start, i)
    }
}
