/// The tokens of one Swift file, its comments and where each line starts.
public struct LexedSource: Sendable {
    /// Code tokens in source order; comments are not among them.
    public var tokens: [Token]
    /// Line and block comments in source order.
    public var comments: [Token]
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    public var lineStarts: [Int32]
    /// In order, the code tokens the rules and declarations start from: every token that spells a
    /// `Name`, and every `{` directly followed by `(` (a closure's typed parameters).
    var landmarks: [Int32] = []

    public init(tokens: [Token], comments: [Token], lineStarts: [Int32]) {
        self.tokens = tokens
        self.comments = comments
        self.lineStarts = lineStarts
    }

    /// The 1-based line on which `token` starts.
    public func line(of token: Token) -> Int { SourceLines.line(of: Int(token.start), in: lineStarts) }
}

/// A Swift lexer that works on raw UTF-8 bytes. It accepts any input: unknown bytes become
/// `.unknown` tokens, and literals or comments left open end at the end of their line or file.
///
/// One pass over the bytes: lines are counted as the lexer meets line breaks (in white space and
/// inside the comments and literals that span lines), so no token needs a search for its line.
public enum Lexer {
    public static func lex(_ bytes: [UInt8]) -> LexedSource {
        bytes.withUnsafeBufferPointer { buffer in
            lexing(buffer) { tokens, comments, lineStarts, landmarks in
                var lexed = LexedSource(tokens: Array(tokens), comments: Array(comments), lineStarts: Array(lineStarts))
                lexed.landmarks = Array(landmarks)
                return lexed
            }
        }
    }

    /// Lexes `buffer` and hands `body` what it wrote: code tokens, comments, line starts and
    /// landmarks, in scratch buffers that last only as long as `body` runs.
    private static func lexing<R>(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<Token>, UnsafeBufferPointer<Token>,
                                                                        UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>) -> R) -> R {
        let capacity = Output.Capacity(byteCount: buffer.count)
        // One block for the four buffers: tokens, comments, then line starts and landmarks.
        let tokenBytes = capacity.tokens * MemoryLayout<Token>.stride
        let commentBytes = capacity.comments * MemoryLayout<Token>.stride
        let indexBytes = capacity.tokens * MemoryLayout<Int32>.stride
        return withUnsafeTemporaryAllocation(byteCount: tokenBytes + commentBytes + 2 * indexBytes,
                                             alignment: MemoryLayout<Token>.alignment) { block in
            let base = block.baseAddress!
            let output = Output(tokens: Output.buffer(base, Token.self, capacity.tokens),
                                comments: Output.buffer(base + tokenBytes, Token.self, capacity.comments),
                                lineStarts: Output.buffer(base + tokenBytes + commentBytes, Int32.self, capacity.tokens),
                                landmarks: Output.buffer(base + tokenBytes + commentBytes + indexBytes, Int32.self, capacity.tokens))
            let counts = lex(buffer, into: output)
            return body(UnsafeBufferPointer(rebasing: output.tokens[..<counts.tokens]),
                        UnsafeBufferPointer(rebasing: output.comments[..<counts.comments]),
                        UnsafeBufferPointer(rebasing: output.lineStarts[..<counts.lines]),
                        UnsafeBufferPointer(rebasing: output.landmarks[..<counts.landmarks]))
        }
    }

    /// Where the lexer writes: buffers of at least `Capacity(byteCount:)` for its input.
    struct Output {
        var tokens: UnsafeMutableBufferPointer<Token>
        var comments: UnsafeMutableBufferPointer<Token>
        var lineStarts: UnsafeMutableBufferPointer<Int32>
        var landmarks: UnsafeMutableBufferPointer<Int32>

        /// Every token and comment holds at least one byte (a comment two), and every line but the
        /// first starts after one: buffers of these sizes never fill up, so they are written
        /// without growth checks.
        struct Capacity {
            /// For tokens, line starts and landmarks each.
            var tokens: Int
            var comments: Int

            init(byteCount: Int) {
                tokens = byteCount + 1
                comments = byteCount / 2 + 1
            }
        }

        static func buffer<T>(_ start: UnsafeMutableRawPointer, _ type: T.Type, _ count: Int) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: start.bindMemory(to: T.self, capacity: count), count: count)
        }
    }

    /// How many of each the lexer wrote.
    struct Counts {
        var tokens: Int
        var comments: Int
        var lines: Int
        var landmarks: Int
    }

    /// Lexes `buffer` into `output`, whose buffers hold at least `Output.Capacity(byteCount: buffer.count)`.
    static func lex(_ buffer: UnsafeBufferPointer<UInt8>, into output: Output) -> Counts {
        let capacity = Output.Capacity(byteCount: buffer.count)
        precondition(output.tokens.count >= capacity.tokens && output.comments.count >= capacity.comments
                     && output.lineStarts.count >= capacity.tokens && output.landmarks.count >= capacity.tokens)
        return NameTable.shared.withLookup { names in
            var state = LexerState(buffer, names, tokens: output.tokens, comments: output.comments, lineStarts: output.lineStarts,
                                   landmarks: output.landmarks)
            state.run()
            return Counts(tokens: state.tokenCount, comments: state.commentCount, lines: state.lineCount,
                          landmarks: state.landmarkCount)
        }
    }

    public static func lex(_ text: String) -> LexedSource {
        lex(Array(text.utf8))
    }

    /// Offsets at which lines start, for `\n`, `\r\n` and lone `\r` line ends.
    static func lineStarts(_ p: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var starts: [Int32] = [0]
        starts.reserveCapacity(p.count / 32 + 1)
        let n = p.count
        var i = 0
        while i < n {
            let c = p[i]
            // Most bytes are neither line end: one comparison tells (both are below 0x0E).
            if c < 0x0E {
                if c == Byte.newline {
                    starts.append(Int32(i + 1))
                } else if c == Byte.carriageReturn && (i + 1 >= n || p[i + 1] != Byte.newline) {
                    starts.append(Int32(i + 1))
                }
            }
            i += 1
        }
        return starts
    }
}

enum Byte {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let apostrophe: UInt8 = 0x27
    static let leftParen: UInt8 = 0x28
    static let rightParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let less: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D
    static let exclamation: UInt8 = 0x21

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- zero < 10 }
    /// Letters, `_` and every byte of a multi-byte UTF-8 sequence (see `isIdentifierContinue`).
    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        c >= 0x80 || (c >= 0x40 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(c & 63) & 1 != 0)
    }
    /// Letters, digits, `_` and every byte of a multi-byte UTF-8 sequence, as bit masks over the bytes
    /// 0x00-0x3F and 0x40-0x7F (one shift and test instead of four comparisons).
    @inline(__always) static func isIdentifierContinue(_ c: UInt8) -> Bool {
        let mask: UInt64 = c < 0x40 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return c >= 0x80 || (mask >> UInt64(c & 63)) & 1 != 0
    }
    @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20) &- 0x61 < 6
    }
    @inline(__always) static func isOperator(_ c: UInt8) -> Bool {
        switch c {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: true
        default: false
        }
    }
    @inline(__always) static func isLineEnd(_ c: UInt8) -> Bool { c == newline || c == carriageReturn }

    // Eight bytes as one word, the first byte lowest, tested all at once: for bytes below 0x80,
    // `x + (0x80 - lo)` sets a byte's top bit when x >= lo, and `x + (0x7F - hi)` when x > hi,
    // with no carry from one byte into the next.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The eight bytes at `p[k..<k + 8]`, which must lie inside `p`.
    @inline(__always) static func word(_ p: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt64 {
        precondition(k >= 0 && k + 8 <= p.count)
        return UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + k).loadUnaligned(as: UInt64.self))
    }

    /// The top bit of each byte of `x & 0x7F...` that lies in `lo...hi`.
    @inline(__always) private static func inRange(_ x: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
        let atLeast = x &+ ones &* UInt64(0x80 - lo)
        let above = x &+ ones &* UInt64(0x7F - hi)
        return atLeast & ~above & highs
    }

    /// How many of the word's bytes, from the first, can continue an identifier (0 to 8).
    @inline(__always) static func identifierRun(_ word: UInt64) -> Int {
        let low = word & lows
        let letters = inRange(low | (ones &* 0x20), 0x61, 0x7A)
        let digits = inRange(low, 0x30, 0x39)
        // A byte equal to 0x5F: its low seven bits xor 0x5F are zero.
        let x = low ^ (ones &* 0x5F)
        let underscores = ~((x &+ lows) | x) & highs
        let ok = letters | digits | underscores | (word & highs)
        return (~ok & highs).trailingZeroBitCount / 8
    }

    /// How many of the word's bytes, from the first, are spaces (0 to 8).
    @inline(__always) static func spaceRun(_ word: UInt64) -> Int {
        let x = word ^ (ones &* 0x20)
        // Top bit of every non-zero byte: exact per byte, with no borrow between bytes.
        let nonZero = ((x & lows) &+ lows | x) & highs
        return nonZero.trailingZeroBitCount / 8
    }
}

private struct LexerState {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    let names: NameTable.Lookup
    var i = 0
    /// Output, written in place: code tokens, comments and line starts.
    let tokens: UnsafeMutableBufferPointer<Token>
    var tokenCount = 0
    let comments: UnsafeMutableBufferPointer<Token>
    var commentCount = 0
    let lineStarts: UnsafeMutableBufferPointer<Int32>
    var lineCount = 1
    let landmarks: UnsafeMutableBufferPointer<Int32>
    var landmarkCount = 0
    /// The 1-based line of the byte at `i`: every line break before `i` has been counted.
    var line: Int32 = 1
    /// The line of the last byte of the previous code token, 0 before the first.
    var previousEndLine: Int32 = 0
    var previousEnd = -1
    /// The frames of the string literal being read, kept from one literal to the next.
    var frames: [Frame] = []

    init(_ p: UnsafeBufferPointer<UInt8>, _ names: NameTable.Lookup, tokens: UnsafeMutableBufferPointer<Token>,
         comments: UnsafeMutableBufferPointer<Token>, lineStarts: UnsafeMutableBufferPointer<Int32>,
         landmarks: UnsafeMutableBufferPointer<Int32>) {
        self.p = p
        self.n = p.count
        self.names = names
        self.tokens = tokens
        self.comments = comments
        self.lineStarts = lineStarts
        self.landmarks = landmarks
        // Offsets, indices and lines are kept in 32 bits: checked once here, not at every token.
        precondition(p.count < Int(Int32.max), "a file of 2 GB or more")
        lineStarts[0] = 0
    }

    /// The last code token so far.
    var lastToken: Token? { tokenCount > 0 ? tokens[tokenCount - 1] : nil }

    @inline(__always)
    mutating func landmark(_ index: Int) {
        precondition(landmarkCount < landmarks.count)
        landmarks[landmarkCount] = Int32(truncatingIfNeeded: index)
        landmarkCount &+= 1
    }

    @inline(__always)
    mutating func newLine(at offset: Int) {
        precondition(lineCount < lineStarts.count)
        lineStarts[lineCount] = Int32(truncatingIfNeeded: offset)
        // Counts bounded by the buffers' sizes, which the file's size bounds: no overflow to check.
        lineCount &+= 1
        line &+= 1
    }

    @inline(__always) func at(_ index: Int) -> UInt8 { index < n ? p[index] : 0 }

    /// Counts the line breaks in `start..<end`, bytes the main loop skips because a token holds
    /// them; returns the line of the token's last byte.
    mutating func countLines(_ start: Int, _ end: Int) -> Int32 {
        var k = start
        var lastWasBreak = false
        while k < end {
            let c = p[k]
            lastWasBreak = false
            if c < 0x0E {
                if c == Byte.newline || (c == Byte.carriageReturn && (k + 1 >= n || p[k + 1] != Byte.newline)) {
                    newLine(at: k + 1)
                    lastWasBreak = true
                }
            }
            k += 1
        }
        return lastWasBreak ? line - 1 : line
    }

    /// A code token on one line (it holds no line break).
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, name: Name = .none, flags: Token.Flags = []) {
        var flags = flags
        if line > previousEndLine && previousEndLine > 0 { flags.insert(.newlineBefore) }
        if start != previousEnd { flags.insert(.spaceBefore) }
        precondition(tokenCount < tokens.count)
        if name != .none { landmark(tokenCount) }
        tokens[tokenCount] = Token(kind: kind, name: name, start: Int32(truncatingIfNeeded: start),
                                   end: Int32(truncatingIfNeeded: end), flags: flags)
        tokenCount &+= 1
        previousEndLine = line
        previousEnd = end
    }

    /// A code token that may span lines: string and regex literals.
    mutating func emitSpanning(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = []) {
        emit(kind, start, end, flags: flags)
        previousEndLine = countLines(start, end)
    }

    mutating func emitComment(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = []) {
        precondition(commentCount < comments.count)
        comments[commentCount] = Token(kind: kind, start: Int32(truncatingIfNeeded: start),
                                       end: Int32(truncatingIfNeeded: end), flags: flags)
        commentCount += 1
        if kind == .blockComment { _ = countLines(start, end) }
    }

    mutating func run() {
        // A byte order mark and a `#!` line at the very start are not code.
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        if at(i) == Byte.hash && at(i + 1) == Byte.exclamation { lineComment() }
        while i < n {
            let c = p[i]
            // Names are most tokens: tried first (no case below starts one).
            if Byte.isIdentifierStart(c) {
                // Inline here, where most tokens start: `i` stays in a register, no call for a name.
                let start = i
                let end = LexerState.identifierEnd(p, from: i + 1)
                i = end
                emit(.identifier, start, end, name: names.name(p, start, end))
                continue
            }
            switch c {
            case Byte.space, Byte.tab:
                i += 1
                // Mostly one space between tokens: done without reading a word.
                if i < n && p[i] != Byte.space && p[i] != Byte.tab { continue }
                // Indentation comes in long runs of spaces: skip them a word at a time.
                while i + 8 <= n {
                    let run = Byte.spaceRun(Byte.word(p, i))
                    i += run
                    if run < 8 { break }
                }
                while i < n && (p[i] == Byte.space || p[i] == Byte.tab) { i += 1 }
            case Byte.newline:
                i += 1
                newLine(at: i)
            case Byte.carriageReturn:
                i += 1
                if i >= n || p[i] != Byte.newline { newLine(at: i) }
            case 0x0B, 0x0C, 0:
                i += 1
            case Byte.slash:
                if at(i + 1) == Byte.slash {
                    lineComment()
                } else if at(i + 1) == Byte.star {
                    blockComment()
                } else if let end = bareRegexEnd() {
                    // An escaped line break can sit inside: `/a\` and a new line.
                    emitSpanning(.regex, i, end)
                    i = end
                } else {
                    operatorRun()
                }
            case Byte.quote:
                stringLiteral()
            case Byte.hash:
                hash()
            case Byte.at:
                if Byte.isIdentifierStart(at(i + 1)) {
                    let start = i
                    i += 1
                    let name = identifierBody()
                    emit(.attribute, start, i, name: name)
                } else {
                    emit(.unknown, i, i + 1)
                    i += 1
                }
            case Byte.backtick:
                backtickIdentifier()
            case Byte.dollar:
                let start = i
                i += 1
                while i < n && Byte.isIdentifierContinue(p[i]) { i += 1 }
                emit(.identifier, start, i)
            case Byte.zero...Byte.nine:
                number()
            case Byte.leftParen:
                if tokenCount > 0 && tokens[tokenCount - 1].kind == .leftBrace { landmark(tokenCount - 1) }
                single(.leftParen)
            case Byte.rightParen: single(.rightParen)
            case Byte.leftBracket: single(.leftBracket)
            case Byte.rightBracket: single(.rightBracket)
            case Byte.leftBrace: single(.leftBrace)
            case Byte.rightBrace: single(.rightBrace)
            case Byte.comma: single(.comma)
            case Byte.colon: single(.colon)
            case Byte.semicolon: single(.semicolon)
            case Byte.backslash: single(.backslash)
            case Byte.period:
                // `...`, `..<` and operators such as `.~` start with a dot; `.name` does not.
                let next = at(i + 1)
                if next == Byte.period || (Byte.isOperator(next) && !(next == Byte.slash && (at(i + 2) == Byte.slash || at(i + 2) == Byte.star))) {
                    operatorRun()
                } else {
                    single(.period)
                }
            default:
                if Byte.isIdentifierStart(c) {
                    let start = i
                    let name = identifierBody()
                    emit(.identifier, start, i, name: name)
                } else if Byte.isOperator(c) {
                    operatorRun()
                } else {
                    single(.unknown)
                }
            }
        }
    }

    @inline(__always)
    mutating func single(_ kind: TokenKind) {
        emit(kind, i, i + 1)
        i += 1
    }

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
        while j + 8 <= p.count {
            let run = Byte.identifierRun(Byte.word(p, j))
            j += run
            if run < 8 { return j }
        }
        while j < p.count && Byte.isIdentifierContinue(p[j]) { j += 1 }
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
        emitComment(.blockComment, start, i, flags: depth > 0 ? .unterminated : [])
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
        emitSpanning(.regex, start, i, flags: terminated ? [] : .unterminated)
    }

    func closes(at index: Int, hashes: Int) -> Bool {
        var k = 0
        while k < hashes {
            if at(index + k) != Byte.hash || index + k >= n { return false }
            k += 1
        }
        return true
    }

    enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int, multiline: Bool)
    }

    /// Opens a string at `i` (`#`s then `"` or `"""`); returns its frame and moves past the delimiter.
    private mutating func openString() -> Frame {
        var hashes = 0
        while at(i) == Byte.hash { hashes += 1; i += 1 }
        if at(i + 1) == Byte.quote && at(i + 2) == Byte.quote && i + 2 < n {
            i += 3
            return .string(hashes: hashes, multiline: true)
        }
        i += 1
        return .string(hashes: hashes, multiline: false)
    }

    /// A whole string literal, with interpolations and the strings nested in them, as one token.
    /// Uses an explicit stack, so no input can exhaust the call stack.
    mutating func stringLiteral() {
        let start = i
        var flags: Token.Flags = []
        // The kept frames, taken out so that they are not shared while in use.
        var stack = frames
        frames = []
        stack.removeAll(keepingCapacity: true)
        defer { frames = stack }
        stack.append(openString())
        if case .string(_, true) = stack[0] { flags.insert(.multiline) }
        var unterminated = false

        scan: while i < n {
            guard let top = stack.last else { break }
            let c = p[i]
            switch top {
            case let .string(hashes, multiline):
                if c == Byte.backslash {
                    if closes(at: i + 1, hashes: hashes) {
                        let k = i + 1 + hashes
                        if at(k) == Byte.leftParen && k < n {
                            stack.append(.interpolation(depth: 0, multiline: multiline))
                            flags.insert(.interpolated)
                            i = k + 1
                        } else if k < n && Byte.isLineEnd(p[k]) && !multiline {
                            i = k
                        } else {
                            i = min(k + 1, n)
                        }
                    } else {
                        i += 1
                    }
                } else if c == Byte.quote {
                    if multiline {
                        if at(i + 1) == Byte.quote && at(i + 2) == Byte.quote && i + 2 < n && closes(at: i + 3, hashes: hashes) {
                            i += 3 + hashes
                            stack.removeLast()
                        } else {
                            i += 1
                        }
                    } else if closes(at: i + 1, hashes: hashes) {
                        i += 1 + hashes
                        stack.removeLast()
                    } else {
                        i += 1
                    }
                } else if Byte.isLineEnd(c) && !multiline {
                    // A single-line string ends, unterminated, at the line break.
                    stack.removeLast()
                    if stack.isEmpty {
                        unterminated = true
                        break scan
                    }
                } else {
                    i += 1
                }
            case let .interpolation(depth, multiline):
                switch c {
                case Byte.leftParen:
                    stack[stack.count - 1] = .interpolation(depth: depth + 1, multiline: multiline)
                    i += 1
                case Byte.rightParen:
                    if depth == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .interpolation(depth: depth - 1, multiline: multiline)
                    }
                    i += 1
                case Byte.quote:
                    stack.append(openString())
                case Byte.hash:
                    var hashes = 0
                    while at(i + hashes) == Byte.hash { hashes += 1 }
                    if at(i + hashes) == Byte.quote && i + hashes < n {
                        stack.append(openString())
                    } else {
                        i += hashes
                    }
                case Byte.slash where at(i + 1) == Byte.slash:
                    while i < n && !Byte.isLineEnd(p[i]) { i += 1 }
                case Byte.slash where at(i + 1) == Byte.star:
                    i += 2
                    var commentDepth = 1
                    while i < n && commentDepth > 0 {
                        if p[i] == Byte.slash && at(i + 1) == Byte.star {
                            commentDepth += 1
                            i += 2
                        } else if p[i] == Byte.star && at(i + 1) == Byte.slash {
                            commentDepth -= 1
                            i += 2
                        } else {
                            i += 1
                        }
                    }
                case Byte.newline, Byte.carriageReturn:
                    if multiline {
                        i += 1
                    } else {
                        // The line break ends the single-line string that holds this interpolation.
                        stack.removeLast()
                        if !stack.isEmpty { stack.removeLast() }
                        if stack.isEmpty {
                            unterminated = true
                            break scan
                        }
                    }
                default:
                    i += 1
                }
            }
        }
        if !stack.isEmpty { unterminated = true }
        i = min(i, n)
        if unterminated { flags.insert(.unterminated) }
        // Only a multi-line literal or one with interpolations can hold a line break.
        if flags.contains(.multiline) || flags.contains(.interpolated) {
            emitSpanning(.string, start, i, flags: flags)
        } else {
            emit(.string, start, i, flags: flags)
        }
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
