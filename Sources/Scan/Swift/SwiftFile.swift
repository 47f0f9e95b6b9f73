import Platform

/// One lexed Swift file and the structure read from its tokens: matching brackets, the bracket
/// that encloses each token, argument lists, postfix chains and declarations.
///
/// A class, though it never changes once made: the rules pass it around constantly, and a
/// reference costs nothing to pass where a struct of a dozen arrays is copied.
final class SwiftFile: @unchecked Sendable {
    let bytes: Stored<UInt8>
    let tokens: Stored<Token>
    let comments: [Token]
    let lineStarts: Stored<Int32>
    /// For each bracket token, the index of its partner, or -1 when it has none.
    let matching: Stored<Int32>
    /// For each token, the index of the innermost open bracket around it, or -1 at the top level.
    let parent: Stored<Int32>
    /// In order, the tokens that spell a `Name` and every `{` directly followed by `(`: the only
    /// tokens the declarations and the rules start from, so that they need not read every token.
    let landmarks: Stored<Int32>
    private(set) var declarations = Declarations()
    /// Where the bytes, tokens and the indices over them lie, kept as long as the file.
    private let block: TokenMemory.Block

    var count: Int { tokens.count }

    /// Why a file could not be made.
    enum LoadFailure: Error {
        /// Reading its bytes failed.
        case unreadable
        /// The system had no memory for it.
        case outOfMemory
    }

    /// A file of at most `byteCount` bytes, which `read` writes into the buffer it is given,
    /// returning how many it wrote (nil when they could not be read). The bytes, tokens and the
    /// indices over them all lie in one region of `memory`, each written once, where it stays.
    init(byteCount: Int, memory: TokenMemory, read: (UnsafeMutableRawBufferPointer) -> Int?) throws(LoadFailure) {
        let region = Region(byteCount: byteCount)
        let made = memory.withRegion(byteCount: region.size) { raw -> (kept: Int, result: (Stored<UInt8>, Region.Filled, [Token])?) in
            let base = raw.baseAddress!
            guard let count = read(UnsafeMutableRawBufferPointer(start: base, count: byteCount)) else { return (0, nil) }
            let bytes = UnsafeBufferPointer(start: base.bindMemory(to: UInt8.self, capacity: count), count: count)
            let output = region.output(base)
            let counts = Lexer.lex(bytes, into: output)
            let comments = Array(output.comments[..<counts.comments])
            let filled = region.settle(base, counts)
            SwiftFile.matchBrackets(UnsafeBufferPointer(filled.tokens), filled.matching, filled.parent)
            return (filled.size, (Stored(bytes), filled, comments))
        }
        guard let (block, result) = made else { throw .outOfMemory }
        guard let (bytes, filled, comments) = result else { throw .unreadable }
        self.block = block
        self.bytes = bytes
        self.comments = comments
        tokens = Stored(UnsafeBufferPointer(filled.tokens))
        matching = Stored(UnsafeBufferPointer(filled.matching))
        parent = Stored(UnsafeBufferPointer(filled.parent))
        lineStarts = Stored(UnsafeBufferPointer(filled.lineStarts))
        landmarks = Stored(UnsafeBufferPointer(filled.landmarks))
        declarations = Declarations(reading: self)
    }

    /// The file of `bytes`, copied into `memory`.
    convenience init(copying bytes: [UInt8], memory: TokenMemory) throws(LoadFailure) {
        try self.init(byteCount: bytes.count, memory: memory) { buffer in
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return bytes.count
        }
    }

    /// The file of `bytes`, for tests and tools, in `memory` when given or in heap memory of its
    /// own (which, as an array of the bytes would, traps only when the system has none left).
    convenience init(bytes: [UInt8], memory: TokenMemory? = nil) {
        do {
            try self.init(copying: bytes, memory: memory ?? TokenMemory(largePages: false))
        } catch {
            fatalError("out of memory for a file of \(bytes.count) bytes")
        }
    }

    /// Where a file's data lie in its region, at offsets from the region's start: first the bytes,
    /// then the tokens, each token's partner and parent, the line starts and the landmarks.
    ///
    /// The region is taken at the size the largest output of the lexer needs, before the counts
    /// are known: the lexer writes the tokens in place, and the line starts, landmarks and
    /// comments further on, from where they are then moved down to follow the tokens' indices.
    private struct Region {
        let capacity: Lexer.Output.Capacity
        let tokens: Int
        let lineScratch: Int
        let landmarkScratch: Int
        let commentScratch: Int
        let size: Int

        init(byteCount: Int) {
            capacity = Lexer.Output.Capacity(byteCount: byteCount)
            tokens = Region.align(byteCount, Token.self)
            // Room for every token with its partner and parent, before the scratch buffers.
            lineScratch = Region.align(tokens + capacity.tokens * (MemoryLayout<Token>.stride + 2 * MemoryLayout<Int32>.stride),
                                       Int32.self)
            landmarkScratch = lineScratch + capacity.tokens * MemoryLayout<Int32>.stride
            commentScratch = Region.align(landmarkScratch + capacity.tokens * MemoryLayout<Int32>.stride, Token.self)
            size = commentScratch + capacity.comments * MemoryLayout<Token>.stride
        }

        func output(_ base: UnsafeMutableRawPointer) -> Lexer.Output {
            Lexer.Output(tokens: Lexer.Output.buffer(base + tokens, Token.self, capacity.tokens),
                         comments: Lexer.Output.buffer(base + commentScratch, Token.self, capacity.comments),
                         lineStarts: Lexer.Output.buffer(base + lineScratch, Int32.self, capacity.tokens),
                         landmarks: Lexer.Output.buffer(base + landmarkScratch, Int32.self, capacity.tokens))
        }

        struct Filled {
            var tokens: UnsafeMutableBufferPointer<Token>
            var matching: UnsafeMutableBufferPointer<Int32>
            var parent: UnsafeMutableBufferPointer<Int32>
            var lineStarts: UnsafeMutableBufferPointer<Int32>
            var landmarks: UnsafeMutableBufferPointer<Int32>
            /// The bytes of the region in use, from its start.
            var size: Int
        }

        /// Moves the line starts and landmarks down behind room for the partners, which start out as
        /// -1 (none), and the parents. Each move goes to a lower offset (a token count is at most the
        /// capacity), and the line starts end before the landmarks' scratch begins.
        func settle(_ base: UnsafeMutableRawPointer, _ counts: Lexer.Counts) -> Filled {
            let index = MemoryLayout<Int32>.stride
            let matchingStart = tokens + counts.tokens * MemoryLayout<Token>.stride
            let parentStart = matchingStart + counts.tokens * index
            let linesStart = parentStart + counts.tokens * index
            let landmarksStart = linesStart + counts.lines * index
            let lines = Lexer.Output.buffer(base + linesStart, Int32.self, counts.lines)
            lines.baseAddress!.moveInitialize(from: (base + lineScratch).assumingMemoryBound(to: Int32.self), count: counts.lines)
            let landmarks = Lexer.Output.buffer(base + landmarksStart, Int32.self, counts.landmarks)
            if counts.landmarks > 0 {
                landmarks.baseAddress!.moveInitialize(from: (base + landmarkScratch).assumingMemoryBound(to: Int32.self),
                                                      count: counts.landmarks)
            }
            // Every token's partner and parent are written by `matchBrackets`, in one pass over the
            // tokens: nothing to set first.
            let matching = Lexer.Output.buffer(base + matchingStart, Int32.self, counts.tokens)
            let parent = Lexer.Output.buffer(base + parentStart, Int32.self, counts.tokens)
            return Filled(tokens: Lexer.Output.buffer(base + tokens, Token.self, counts.tokens), matching: matching,
                          parent: parent, lineStarts: lines, landmarks: landmarks, size: landmarksStart + counts.landmarks * index)
        }

        private static func align<T>(_ offset: Int, _ type: T.Type) -> Int {
            let alignment = MemoryLayout<T>.alignment
            return (offset + alignment - 1) / alignment * alignment
        }
    }

    convenience init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    private static func matchBrackets(_ tokens: UnsafeBufferPointer<Token>, _ matching: UnsafeMutableBufferPointer<Int32>,
                                      _ parent: UnsafeMutableBufferPointer<Int32>) {
        // Open brackets, innermost last: never more than there are tokens.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: tokens.count + 1) { stack in
            var depth = 0
            // The innermost open bracket (`stack[depth - 1]`, or -1): the parent of every token
            // until the next bracket. Indices fit in 32 bits, as the lexer checks.
            var innermost: Int32 = -1
            for index in 0..<tokens.count {
                let kind = tokens[index].kind
                // No partner yet: a closing bracket further on may set one.
                matching[index] = -1
                parent[index] = innermost
                // The six bracket kinds are consecutive: one comparison passes every other token.
                guard kind.rawValue &- TokenKind.leftParen.rawValue <= TokenKind.rightBrace.rawValue &- TokenKind.leftParen.rawValue else {
                    continue
                }
                switch kind {
                case .leftParen, .leftBracket, .leftBrace:
                    innermost = Int32(truncatingIfNeeded: index)
                    stack[depth] = innermost
                    depth += 1
                case .rightParen, .rightBracket, .rightBrace:
                    let opener: TokenKind = kind == .rightParen ? .leftParen : kind == .rightBracket ? .leftBracket : .leftBrace
                    // Find the nearest open bracket of the same shape; brackets left open above it stay unmatched.
                    var level = depth - 1
                    let limit = max(0, depth - 8)
                    while level >= limit && tokens[Int(stack[level])].kind != opener { level -= 1 }
                    if level >= limit && level >= 0 {
                        let open = stack[level]
                        depth = level
                        matching[Int(open)] = Int32(truncatingIfNeeded: index)
                        matching[index] = open
                        innermost = depth > 0 ? stack[depth - 1] : -1
                        parent[index] = innermost
                    }
                default:
                    break
                }
            }
        }
    }

    // MARK: Token access

    @inline(__always) func kind(_ i: Int) -> TokenKind? {
        i >= 0 && i < tokens.count ? tokens[i].kind : nil
    }

    @inline(__always) func isKind(_ i: Int, _ kind: TokenKind) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == kind
    }

    @inline(__always) func isName(_ i: Int, _ name: Name) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].name == name && tokens[i].kind == .identifier
    }

    @inline(__always) func name(_ i: Int) -> Name {
        i >= 0 && i < tokens.count && tokens[i].kind == .identifier ? tokens[i].name : .none
    }

    func text(_ i: Int) -> String {
        guard i >= 0 && i < tokens.count else { return "" }
        return text(from: Int(tokens[i].start), to: Int(tokens[i].end))
    }

    func text(from start: Int, to end: Int) -> String {
        let start = max(0, min(start, bytes.count))
        let end = max(start, min(end, bytes.count))
        // From the buffer, not an array slice: no slice to retain and release for every name.
        return String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[start..<end]), as: UTF8.self)
    }

    /// The source text from token `first` through token `last`, as written.
    func text(tokens first: Int, through last: Int) -> String {
        guard first >= 0, last < tokens.count, first <= last else { return "" }
        return text(from: Int(tokens[first].start), to: Int(tokens[last].end))
    }

    /// The identifier's name without backticks.
    func identifier(_ i: Int) -> String {
        let token = tokens[i]
        if token.flags.contains(.backticked) {
            return text(from: Int(token.start) + 1, to: Int(token.end) - 1)
        }
        return text(i)
    }

    func textIs(_ i: Int, _ expected: StaticString) -> Bool {
        guard i >= 0 && i < tokens.count else { return false }
        let token = tokens[i]
        let length = Int(token.end - token.start)
        guard length == expected.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        return expected.withUTF8Buffer { buffer in
            for k in 0..<length where bytes[start + k] != buffer[k] { return false }
            return true
        }
    }

    /// Whether tokens `a` and `b` are spelled with the same bytes.
    func sameText(_ a: Int, _ b: Int) -> Bool {
        guard a >= 0 && a < tokens.count && b >= 0 && b < tokens.count else { return false }
        let x = tokens[a]
        let y = tokens[b]
        guard x.end - x.start == y.end - y.start else { return false }
        return ByteComparison.same(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes.buffer)[Int(x.start)..<Int(x.end)]),
                                   UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes.buffer)[Int(y.start)..<Int(y.end)]))
    }

    func isOperator(_ i: Int, _ text: StaticString) -> Bool {
        isKind(i, .operator) && textIs(i, text)
    }

    /// A `?` or `!` written right after an expression: optional chaining or unwrapping.
    func isPostfixUnwrap(_ i: Int) -> Bool {
        guard isKind(i, .operator), !tokens[i].flags.contains(.spaceBefore) else { return false }
        return textIs(i, "?") || textIs(i, "!")
    }

    /// The index just past the bracket group that opens at `open` (the whole rest of the file when it never closes).
    func after(_ open: Int) -> Int {
        let close = Int(matching[open])
        return close >= 0 ? close + 1 : tokens.count
    }

    func closing(_ open: Int) -> Int {
        let close = Int(matching[open])
        return close >= 0 ? close : tokens.count
    }

    // MARK: Lines and columns

    var lineCount: Int {
        guard let last = lineStarts.last else { return 0 }
        return Int(last) == bytes.count && lineStarts.count > 1 ? lineStarts.count - 1 : lineStarts.count
    }

    func lineText(_ line: Int) -> String { SourceLines.lineText(bytes: bytes, lineStarts: lineStarts, line: line) }

    /// The 1-based line of the token at `i`.
    func line(of i: Int) -> Int { SourceLines.line(of: Int(tokens[i].start), in: lineStarts) }

    /// The 1-based column of the token at `i` on `line`, its line. Findings come in file order, so
    /// counting on from the last one found keeps many findings on one huge line linear.
    func column(of i: Int, line: Int) -> Int {
        let offset = Int(tokens[i].start)
        var column: Int
        if lastColumn.line == line && lastColumn.offset <= offset {
            column = lastColumn.column
            for k in lastColumn.offset..<min(offset, bytes.count) where bytes[k] & 0xC0 != 0x80 { column += 1 }
        } else {
            column = SourceLines.column(bytes: bytes, lineStarts: lineStarts, line: line, offset: offset)
        }
        lastColumn = (line, offset, column)
        return column
    }

    /// The last column `column(of:line:)` found; a file is analyzed on one thread.
    private var lastColumn = (line: 0, offset: 0, column: 1)
}

/// Line text and columns shared by the Swift and Interface Builder readers.
enum SourceLines {
    /// The 1-based line that holds byte `offset`: the number of lines that start at or before it.
    static func line<Starts: RandomAccessCollection<Int32>>(of offset: Int, in lineStarts: Starts) -> Int
        where Starts.Index == Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(lineStarts[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low, 1)
    }

    static func lineText<Bytes: RandomAccessCollection<UInt8>, Starts: RandomAccessCollection<Int32>>(
        bytes: Bytes, lineStarts: Starts, line: Int) -> String where Bytes.Index == Int, Starts.Index == Int {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start && (bytes[end - 1] == Byte.newline || bytes[end - 1] == Byte.carriageReturn) { end -= 1 }
        precondition(start <= end && end <= bytes.count, "a line lies inside the file")
        return bytes.withContiguousStorageIfAvailable { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
            ?? String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// 1-based column of `offset` on `line`, counted in Unicode scalars.
    static func column<Bytes: RandomAccessCollection<UInt8>, Starts: RandomAccessCollection<Int32>>(
        bytes: Bytes, lineStarts: Starts, line: Int, offset: Int) -> Int where Bytes.Index == Int, Starts.Index == Int {
        guard line >= 1 && line <= lineStarts.count else { return 1 }
        var column = 1
        var k = Int(lineStarts[line - 1])
        let end = min(offset, bytes.count)
        while k < end {
            if bytes[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return column
    }
}
