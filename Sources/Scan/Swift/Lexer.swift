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
            ByteClass.table.withUnsafeBufferPointer { classes in
                ByteClass.singleKinds.withUnsafeBufferPointer { kinds in
                    var state = LexerState(buffer, names, classes, kinds, output)
                    state.run()
                    return Counts(tokens: state.tokenCount, comments: state.commentCount, lines: state.lineCount,
                                  landmarks: state.landmarkCount)
                }
            }
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
    /// `ByteClass.table` and `ByteClass.singleKinds`.
    let classes: UnsafeBufferPointer<UInt8>
    let singleKinds: UnsafeBufferPointer<TokenKind>
    /// Output, written in place: code tokens, comments, line starts and landmarks.
    let output: Lexer.Output
    /// Where the lexer is and what it has written: the main loop keeps a copy of its own in registers.
    var cursor = LexerCursor()
    var commentCount = 0
    /// The frames of the string literal being read, kept from one literal to the next.
    var frames: [Frame] = []

    init(_ p: UnsafeBufferPointer<UInt8>, _ names: NameTable.Lookup, _ classes: UnsafeBufferPointer<UInt8>,
         _ singleKinds: UnsafeBufferPointer<TokenKind>, _ output: Lexer.Output) {
        // Indexed by a byte, unchecked.
        precondition(classes.count == 256 && singleKinds.count == 256)
        self.p = p
        self.n = p.count
        self.names = names
        self.classes = classes
        self.singleKinds = singleKinds
        self.output = output
        // Offsets, indices and lines are kept in 32 bits: checked once here, not at every token.
        precondition(p.count < Int(Int32.max), "a file of 2 GB or more")
        output.lineStarts[0] = 0
    }

    var i: Int {
        get { cursor.i }
        set { cursor.i = newValue }
    }
    var tokenCount: Int { cursor.tokenCount }
    var lineCount: Int { cursor.lineCount }
    var landmarkCount: Int { cursor.landmarkCount }
    /// The 1-based line of the byte at `i`.
    var line: Int32 { cursor.line }
    var tokens: UnsafeMutableBufferPointer<Token> { output.tokens }

    /// The last code token so far.
    var lastToken: Token? { tokenCount > 0 ? tokens[tokenCount - 1] : nil }

    @inline(__always) func at(_ index: Int) -> UInt8 { index < n ? p[index] : 0 }

    /// Counts the line breaks in `start..<end`, bytes the main loop skips because a token holds
    /// them; returns the line of the token's last byte.
    mutating func countLines(_ start: Int, _ end: Int) -> Int32 {
        cursor.countLines(p, start, end, output)
    }

    /// A code token on one line (it holds no line break).
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, name: Name = .none, flags: Token.Flags = Token.Flags()) {
        cursor.emit(kind, start, end, name: name, flags: flags, output)
    }

    /// A code token that may span lines: string and regex literals.
    mutating func emitSpanning(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = Token.Flags()) {
        emit(kind, start, end, flags: flags)
        cursor.previousEndLine = countLines(start, end)
    }

    mutating func emitComment(_ kind: TokenKind, _ start: Int, _ end: Int, flags: Token.Flags = Token.Flags()) {
        precondition(commentCount < output.comments.count)
        output.comments[commentCount] = Token(kind: kind, start: Int32(truncatingIfNeeded: start),
                                              end: Int32(truncatingIfNeeded: end), flags: flags)
        commentCount += 1
        if kind == .blockComment { _ = countLines(start, end) }
    }

    /// The main loop. Its state lives in locals, a copy of `cursor`, so that it stays in registers:
    /// written through `self`, it was loaded and stored again around every token. Names, white
    /// space, line breaks and one-byte tokens are read here; every other token is read by
    /// `otherToken`, with the copy handed back to `self` around the call.
    mutating func run() {
        // A byte order mark and a `#!` line at the very start are not code.
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        if at(i) == Byte.hash && at(i + 1) == Byte.exclamation { lineComment() }
        let p = self.p
        let n = self.n
        let names = self.names
        let output = self.output
        let classes = self.classes
        let singleKinds = self.singleKinds
        var pos = cursor
        while pos.i < n {
            let c = p[pos.i]
            let byteClass = classes[Int(c)]
            switch byteClass {
            case ByteClass.identifier:
                let start = pos.i
                let end = LexerState.identifierEnd(p, from: start &+ 1)
                pos.emit(.identifier, start, end, name: names.name(p, start, end), output)
                // A name is often followed by one space: passed here, not by another turn of the loop
                // (white space writes nothing, so where a run of it is passed does not matter).
                pos.i = end < n && p[end] == Byte.space ? end &+ 1 : end
            case ByteClass.space:
                pos.i &+= 1
                // Mostly one space between tokens: done without reading a word.
                if pos.i < n && p[pos.i] != Byte.space && p[pos.i] != Byte.tab { continue }
                pos.i = Byte.spacesEnd(p, from: pos.i)
            case ByteClass.newline:
                pos.i &+= 1
                pos.newLine(at: pos.i, output)
                // Most lines start with indentation: passed here, not by another turn of the loop.
                pos.i = Byte.spacesEnd(p, from: pos.i)
            case ByteClass.carriageReturn:
                pos.i &+= 1
                if pos.i >= n || p[pos.i] != Byte.newline { pos.newLine(at: pos.i, output) }
            case ByteClass.skip:
                pos.i &+= 1
            case ByteClass.leftParen:
                if pos.tokenCount > 0 && output.tokens[pos.tokenCount &- 1].kind == .leftBrace { pos.landmark(pos.tokenCount &- 1, output) }
                pos.emit(.leftParen, pos.i, pos.i &+ 1, output)
                pos.i &+= 1
            case ByteClass.period:
                // `...`, `..<` and operators such as `.~` start with a dot; `.name` does not.
                let next = at(pos.i &+ 1)
                if next == Byte.period || (Byte.isOperator(next) && !(next == Byte.slash && (at(pos.i &+ 2) == Byte.slash
                                                                                            || at(pos.i &+ 2) == Byte.star))) {
                    cursor = pos
                    operatorRun()
                    pos = cursor
                } else {
                    pos.emit(.period, pos.i, pos.i &+ 1, output)
                    pos.i &+= 1
                }
            case ByteClass.other:
                cursor = pos
                otherToken(c)
                pos = cursor
            default:
                // `ByteClass.single`: a token of one byte, often `,` or `:` and a space.
                let end = pos.i &+ 1
                pos.emit(singleKinds[Int(c)], pos.i, end, output)
                pos.i = end < n && p[end] == Byte.space ? end &+ 1 : end
            }
        }
        cursor = pos
    }

    /// The tokens the main loop leaves to calls: comments, literals, operators, attributes,
    /// directives, backticked names and `$` names.
    @inline(never)
    mutating func otherToken(_ c: UInt8) {
        switch c {
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
        default:
            operatorRun()
        }
    }

    @inline(__always)
    mutating func single(_ kind: TokenKind) {
        emit(kind, i, i + 1)
        i += 1
    }
}
