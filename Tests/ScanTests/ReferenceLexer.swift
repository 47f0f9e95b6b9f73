@testable import Scan

// The lexer as it was before it was tuned for speed, kept word for word (but for how it looks up
// names) so that tests can check the fast lexer gives exactly the same tokens, comments and lines.
// Its string literals are an independent reading of the grammar (ReferenceLexer+Literals.swift).
enum ReferenceLexer {
    static func lex(_ bytes: [UInt8]) -> LexedSource {
        bytes.withUnsafeBufferPointer { buffer in
            var state = ReferenceLexerState(buffer)
            state.run()
            return LexedSource(tokens: state.tokens, comments: state.comments, lineStarts: state.lineStarts)
        }
    }

    static let names: [[UInt8]: Name] = {
        var table: [[UInt8]: Name] = [:]
        for name in Name.allCases where name != .none { table[Array(name.spelling.utf8)] = name }
        return table
    }()

    static func name(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Name {
        names[Array(p[start..<end])] ?? .none
    }

    /// Offsets at which lines start, for `\n`, `\r\n` and lone `\r` line ends.
    static func lineStarts(_ p: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var starts: [Int32] = [0]
        let n = p.count
        var i = 0
        while i < n {
            let c = p[i]
            if c == RB.newline {
                starts.append(Int32(i + 1))
            } else if c == RB.carriageReturn && (i + 1 >= n || p[i + 1] != RB.newline) {
                starts.append(Int32(i + 1))
            }
            i += 1
        }
        return starts
    }
}

struct ReferenceLexerState {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    var i = 0
    var tokens: [Token] = []
    var comments: [Token] = []
    let lineStarts: [Int32]
    var lineCursor = 0
    var previousEndLine: Int32 = 0
    var previousEnd = -1

    init(_ p: UnsafeBufferPointer<UInt8>) {
        self.p = p
        self.n = p.count
        self.lineStarts = ReferenceLexer.lineStarts(p)
        tokens.reserveCapacity(n / 5)
    }

    @inline(__always) func at(_ index: Int) -> UInt8 { index < n ? p[index] : 0 }

    /// The 1-based line of `offset`; offsets must not go backwards between calls.
    mutating func line(of offset: Int) -> Int32 {
        let target = Int32(offset)
        while lineCursor + 1 < lineStarts.count && lineStarts[lineCursor + 1] <= target { lineCursor += 1 }
        return Int32(lineCursor + 1)
    }

    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, name: Name = .none, flags: Token.Flags = []) {
        let startLine = line(of: start)
        var flags = flags
        if kind == .lineComment || kind == .blockComment {
            comments.append(Token(kind: kind, name: name, start: Int32(start), end: Int32(end), flags: flags))
            _ = line(of: max(start, end - 1))
            return
        }
        if startLine > previousEndLine && previousEndLine > 0 { flags.insert(.newlineBefore) }
        if start != previousEnd { flags.insert(.spaceBefore) }
        tokens.append(Token(kind: kind, name: name, start: Int32(start), end: Int32(end), flags: flags))
        previousEndLine = line(of: max(start, end - 1))
        previousEnd = end
    }

    mutating func run() {
        // A byte order mark and a `#!` line at the very start are not code.
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        if at(i) == RB.hash && at(i + 1) == RB.exclamation { lineComment() }
        while i < n {
            let c = p[i]
            switch c {
            case RB.space, RB.tab, 0x0B, 0x0C, 0, RB.newline, RB.carriageReturn:
                i += 1
            case RB.slash:
                if at(i + 1) == RB.slash {
                    lineComment()
                } else if at(i + 1) == RB.star {
                    blockComment()
                } else if let end = bareRegexEnd() {
                    emit(.regex, i, end)
                    i = end
                } else {
                    operatorRun()
                }
            case RB.quote:
                stringLiteral()
            case RB.hash:
                hash()
            case RB.at:
                if RB.isIdentifierStart(at(i + 1)) {
                    let start = i
                    i += 1
                    let name = identifierBody()
                    emit(.attribute, start, i, name: name)
                } else {
                    emit(.unknown, i, i + 1)
                    i += 1
                }
            case RB.backtick:
                backtickIdentifier()
            case RB.dollar:
                let start = i
                i += 1
                while i < n && RB.isIdentifierContinue(p[i]) { i += 1 }
                emit(.identifier, start, i)
            case RB.zero...RB.nine:
                number()
            case RB.leftParen: single(.leftParen)
            case RB.rightParen: single(.rightParen)
            case RB.leftBracket: single(.leftBracket)
            case RB.rightBracket: single(.rightBracket)
            case RB.leftBrace: single(.leftBrace)
            case RB.rightBrace: single(.rightBrace)
            case RB.comma: single(.comma)
            case RB.colon: single(.colon)
            case RB.semicolon: single(.semicolon)
            case RB.backslash: single(.backslash)
            case RB.period:
                // `...`, `..<` and operators such as `.~` start with a dot; `.name` does not.
                let next = at(i + 1)
                if next == RB.period || (RB.isOperator(next) && !(next == RB.slash && (at(i + 2) == RB.slash || at(i + 2) == RB.star))) {
                    operatorRun()
                } else {
                    single(.period)
                }
            default:
                if RB.isIdentifierStart(c) {
                    let start = i
                    let name = identifierBody()
                    emit(.identifier, start, i, name: name)
                } else if RB.isOperator(c) {
                    operatorRun()
                } else {
                    single(.unknown)
                }
            }
        }
    }

    mutating func single(_ kind: TokenKind) {
        emit(kind, i, i + 1)
        i += 1
    }

    /// Consumes identifier characters from `i` and returns the `Name` they spell.
    mutating func identifierBody() -> Name {
        let start = i
        while i < n {
            let c = p[i]
            guard RB.isIdentifierContinue(c) else { break }
            i += 1
        }
        return ReferenceLexer.name(p, start, i)
    }

    mutating func backtickIdentifier() {
        let start = i
        var j = i + 1
        while j < n && p[j] != RB.backtick && !RB.isLineEnd(p[j]) { j += 1 }
        guard j < n && p[j] == RB.backtick && j > i + 1 else {
            single(.unknown)
            return
        }
        let name = ReferenceLexer.name(p, i + 1, j)
        i = j + 1
        emit(.identifier, start, i, name: name, flags: .backticked)
    }

    mutating func lineComment() {
        let start = i
        while i < n && !RB.isLineEnd(p[i]) { i += 1 }
        emit(.lineComment, start, i)
    }

    mutating func blockComment() {
        let start = i
        i += 2
        var depth = 1
        while i < n {
            if p[i] == RB.slash && at(i + 1) == RB.star {
                depth += 1
                i += 2
            } else if p[i] == RB.star && at(i + 1) == RB.slash {
                depth -= 1
                i += 2
                if depth == 0 { break }
            } else {
                i += 1
            }
        }
        emit(.blockComment, start, i, flags: depth > 0 ? .unterminated : [])
    }

    mutating func operatorRun() {
        let start = i
        let dotted = p[i] == RB.period
        i += 1
        while i < n {
            let c = p[i]
            if c == RB.slash && (at(i + 1) == RB.slash || at(i + 1) == RB.star) { break }
            if RB.isOperator(c) || (dotted && c == RB.period) {
                i += 1
            } else {
                break
            }
        }
        emit(.operator, start, i)
    }

    /// A bare `/regex/` where an expression may start and the closing slash is on the same line.
    func bareRegexEnd() -> Int? {
        if let last = tokens.last {
            switch last.kind {
            case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon:
                break
            case .operator:
                // `x = /a/`, but not after a postfix operator such as `x! / 2`.
                guard last.end != Int32(i) || p[Int(last.start)] == RB.equals else { return nil }
            case .identifier:
                guard last.name == .return || last.name == .case || last.name == .in else { return nil }
            default:
                return nil
            }
        }
        let next = at(i + 1)
        if next == RB.space || next == RB.tab || RB.isLineEnd(next) || next == RB.equals || i + 1 >= n {
            return nil
        }
        var j = i + 1
        var inClass = false
        while j < n && !RB.isLineEnd(p[j]) {
            let c = p[j]
            if c == RB.backslash {
                j += 2
                continue
            }
            if c == RB.leftBracket { inClass = true }
            if c == RB.rightBracket { inClass = false }
            if c == RB.slash && !inClass {
                // A regex does not end in white space before its slash.
                if p[j - 1] == RB.space { return nil }
                return j + 1
            }
            j += 1
        }
        return nil
    }

    mutating func hash() {
        var hashes = 0
        while at(i + hashes) == RB.hash { hashes += 1 }
        let after = at(i + hashes)
        if after == RB.quote && i + hashes < n {
            stringLiteral()
        } else if after == RB.slash && i + hashes < n {
            extendedRegex(hashes: hashes)
        } else if hashes == 1 && RB.isIdentifierStart(after) && i + 1 < n {
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
        let multiline = RB.isLineEnd(at(i))
        var terminated = false
        while i < n {
            let c = p[i]
            if c == RB.backslash {
                i += 2
                continue
            }
            if !multiline && RB.isLineEnd(c) { break }
            if c == RB.slash && closes(at: i + 1, hashes: hashes) {
                i += 1 + hashes
                terminated = true
                break
            }
            i += 1
        }
        i = min(i, n)
        emit(.regex, start, i, flags: terminated ? [] : .unterminated)
    }

    func closes(at index: Int, hashes: Int) -> Bool {
        var k = 0
        while k < hashes {
            if at(index + k) != RB.hash || index + k >= n { return false }
            k += 1
        }
        return true
    }
}

enum RB {
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
    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c == underscore || c >= 0x80
    }
    @inline(__always) static func isIdentifierContinue(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || isDigit(c)
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
}

