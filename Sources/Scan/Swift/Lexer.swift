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

struct LexerState {
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

    /// A code token on one line (it holds no line break). No flags are `Token.Flags()`, not `[]`:
    /// an array literal left a release of the empty array behind at every token.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, name: Name = .none, flags: Token.Flags = Token.Flags()) {
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
    mutating func emitSpanning(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = Token.Flags()) {
        emit(kind, start, end, flags: flags)
        previousEndLine = countLines(start, end)
    }

    mutating func emitComment(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = Token.Flags()) {
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
}
