/// The lexer's position and counts, and the byte classes its main loop switches on.

/// The part of the lexer's state that changes at every token: a small value, so that the main loop
/// can keep it in registers (`LexerState.run`).
struct LexerCursor {
    var i = 0
    var tokenCount = 0
    /// Lines begun so far, the first included: the line starts written, and the 1-based line of
    /// the byte at `i`.
    var lineCount = 1
    var landmarkCount = 0
    /// The line of the last byte of the previous code token; before the first, a line no token
    /// comes after, so that one comparison tells a line break before a token.
    var previousEndLine = Int32.max
    var previousEnd = -1

    /// The 1-based line of the byte at `i`.
    var line: Int32 { Int32(truncatingIfNeeded: lineCount) }

    @inline(__always)
    mutating func landmark(_ index: Int, _ output: Lexer.Output) {
        precondition(landmarkCount < output.landmarks.count)
        output.landmarks[landmarkCount] = Int32(truncatingIfNeeded: index)
        landmarkCount &+= 1
    }

    @inline(__always)
    mutating func newLine(at offset: Int, _ output: Lexer.Output) {
        precondition(lineCount < output.lineStarts.count)
        output.lineStarts[lineCount] = Int32(truncatingIfNeeded: offset)
        // Counts bounded by the buffers' sizes, which the file's size bounds: no overflow to check.
        lineCount &+= 1
    }

    /// A code token on one line (it holds no line break). No flags are `Token.Flags()`, not `[]`:
    /// an array literal left a release of the empty array behind at every token.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, name: Name = .none, flags: Token.Flags = Token.Flags(),
                       _ output: Lexer.Output) {
        var flags = flags
        if line > previousEndLine { flags.insert(.newlineBefore) }
        if start != previousEnd { flags.insert(.spaceBefore) }
        precondition(tokenCount < output.tokens.count)
        if name != .none { landmark(tokenCount, output) }
        output.tokens[tokenCount] = Token(kind: kind, name: name, start: Int32(truncatingIfNeeded: start),
                                          end: Int32(truncatingIfNeeded: end), flags: flags)
        tokenCount &+= 1
        previousEndLine = line
        previousEnd = end
    }

    /// Counts the line breaks in `p[start..<end]`, bytes the main loop skips because a token holds
    /// them; returns the line of the token's last byte.
    mutating func countLines(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ output: Lexer.Output) -> Int32 {
        var k = start
        var lastWasBreak = false
        while k < end {
            // Eight bytes with none below 0x0E hold no line break: passed at once.
            if k &+ 8 <= end && !Byte.hasByteBelow0E(Byte.word(p, k)) {
                k &+= 8
                lastWasBreak = false
                continue
            }
            let c = p[k]
            lastWasBreak = false
            if c < 0x0E {
                if c == Byte.newline || (c == Byte.carriageReturn && (k + 1 >= p.count || p[k + 1] != Byte.newline)) {
                    newLine(at: k + 1, output)
                    lastWasBreak = true
                }
            }
            k += 1
        }
        return lastWasBreak ? line - 1 : line
    }
}

/// What the lexer's main loop does with a byte where a token may start, one table lookup per
/// token instead of a chain of tests.
enum ByteClass {
    /// Read by `LexerState.otherToken`.
    static let other: UInt8 = 0
    static let identifier: UInt8 = 1
    static let space: UInt8 = 2
    static let newline: UInt8 = 3
    static let carriageReturn: UInt8 = 4
    /// Vertical tab, form feed and NUL: passed over.
    static let skip: UInt8 = 5
    static let leftParen: UInt8 = 6
    static let period: UInt8 = 7
    /// A token of this one byte, of the kind `singleKinds` gives.
    static let single: UInt8 = 8

    /// The class of each of the 256 bytes.
    static let table: [UInt8] = (0...255).map { classify(UInt8($0)).byteClass }
    /// The kind of each byte's token where its class is `single` (`.unknown` elsewhere).
    static let singleKinds: [TokenKind] = (0...255).map { classify(UInt8($0)).kind }

    static func classify(_ c: UInt8) -> (byteClass: UInt8, kind: TokenKind) {
        if Byte.isIdentifierStart(c) { return (identifier, .unknown) }
        switch c {
        case Byte.space, Byte.tab: return (space, .unknown)
        case Byte.newline: return (newline, .unknown)
        case Byte.carriageReturn: return (carriageReturn, .unknown)
        case 0x0B, 0x0C, 0: return (skip, .unknown)
        case Byte.leftParen: return (leftParen, .unknown)
        case Byte.period: return (period, .unknown)
        case Byte.rightParen: return (single, .rightParen)
        case Byte.leftBracket: return (single, .leftBracket)
        case Byte.rightBracket: return (single, .rightBracket)
        case Byte.leftBrace: return (single, .leftBrace)
        case Byte.rightBrace: return (single, .rightBrace)
        case Byte.comma: return (single, .comma)
        case Byte.colon: return (single, .colon)
        case Byte.semicolon: return (single, .semicolon)
        case Byte.backslash: return (single, .backslash)
        case Byte.slash, Byte.quote, Byte.hash, Byte.at, Byte.backtick, Byte.dollar, Byte.zero...Byte.nine: return (other, .unknown)
        default: return Byte.isOperator(c) ? (other, .unknown) : (single, .unknown)
        }
    }
}
