import Platform

/// A file's bytes with the positions a rewrite needs: where each line starts, a finding's line and
/// column as a byte offset, and Swift-aware moves that step over string literals and comments.
struct SourceText {
    let bytes: [UInt8]
    /// The byte offset each line starts at; line 1 at index 0.
    let lineStarts: [Int]
    /// What rewrites ask of the whole file, worked out once.
    let index: SourceIndex

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        // Room for lines of 16 bytes on average, written on large pages: no growth that copies
        // megabytes, and what is not written costs nothing.
        Memory.reserveOnLargePages(&starts, adding: bytes.count / 16)
        bytes.withUnsafeBytes { all in
            // Each line break found by the C library: a file may have hundreds of thousands of lines.
            var from = 0
            while let k = ByteComparison.firstOccurrence(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: all[from...])) {
                from += k + 1
                starts.append(from)
            }
        }
        lineStarts = starts
        index = SourceIndex(bytes)
    }

    /// The file's line ending, so that an inserted line matches its neighbours.
    var lineEnding: String {
        guard let first = bytes.firstIndex(of: 0x0A) else { return "\n" }
        return first > 0 && bytes[first - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// The byte offset of each 1-based line and column (the column counted in Unicode scalars), or
    /// nil where the line is shorter. One walk along each line serves all its places, so that many
    /// findings on one long line cost the line once.
    func offsets(of places: [(line: Int, column: Int)]) -> [Int?] {
        var result = [Int?](repeating: nil, count: places.count)
        let order = places.indices.sorted { (places[$0].line, places[$0].column) < (places[$1].line, places[$1].column) }
        // Where the walk stands: `offset` is where column `column` of line `line` starts.
        var line = 0
        var column = 1
        var offset = 0
        var ended = false
        for k in order {
            let place = places[k]
            guard place.line >= 1, place.line <= lineStarts.count else { continue }
            if place.line != line {
                line = place.line
                column = 1
                offset = lineStarts[line - 1]
                ended = false
            }
            while !ended && column < place.column {
                guard offset < bytes.count, bytes[offset] != 0x0A else {
                    ended = true
                    break
                }
                offset += 1
                // Continuation bytes belong to the scalar before them.
                while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            if !ended { result[k] = offset }
        }
        return result
    }

    /// The byte offset of a 1-based line and column (the column counted in Unicode scalars).
    func offset(line: Int, column: Int) -> Int? {
        offsets(of: [(line, column)])[0]
    }

    /// The line (1-based) holding `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Where line `line` ends, before its line break.
    func lineEnd(_ line: Int) -> Int {
        let next = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return next > lineStarts[line - 1] && next - 1 < bytes.count && next > 0 && bytes[next - 1] == 0x0D ? next - 1 : next
    }

    /// Where `needle` next occurs at or after `from`: the searches that read a whole file for a word
    /// (`.custom`, `dtaudit:ignore`), searched by the C library.
    func find(_ needle: [UInt8], from: Int) -> Int? {
        Self.find(needle, in: bytes, from: from)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, from + needle.count <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                ByteComparison.firstOccurrence(of: needle, in: UnsafeRawBufferPointer(rebasing: haystack[from...])).map { from + $0 }
            }
        }
    }

    /// Where line `line` ends once white space and line breaks at its end are left out.
    func trimmedLineEnd(_ line: Int) -> Int {
        index.trimmedLineEnd(line) {
            let start = lineStarts[line - 1]
            var end = lineEnd(line)
            while end > start && Self.isTrimmed(bytes[end - 1]) { end -= 1 }
            return end
        }
    }

    /// The bytes `trimmingSpaces` takes off: space, tab, line feed, carriage return.
    static func isTrimmed(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The white space that starts line `line`.
    func indentation(ofLine line: Int) -> String {
        var end = lineStarts[line - 1]
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return text(lineStarts[line - 1]..<end)
    }

    /// Whether only spaces and tabs lie in `range`, read from its start: the question of what follows
    /// a place, which stops at the first other byte.
    func isBlank(_ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }

    /// Whether what follows code at `offset` up to `lineEnd` is only white space, or white space and
    /// a `//` comment: a trailing comment does not stop a rewrite of the code before it.
    func onlyCommentFollows(_ offset: Int, _ lineEnd: Int) -> Bool {
        var k = offset
        while k < lineEnd && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        return k == lineEnd || (k + 1 < lineEnd && bytes[k] == UInt8(ascii: "/") && bytes[k + 1] == UInt8(ascii: "/"))
    }

    /// Where the expression that starts at `offset` ends on its line: a path of names and periods
    /// with `!` and `?`, and calls, each stepped over whole. Stops at anything else.
    func expressionEnd(from offset: Int, before lineEnd: Int) -> Int {
        var k = offset
        while k < lineEnd {
            let byte = bytes[k]
            if SourceIndex.isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                k += 1
            } else if byte == UInt8(ascii: "("), let close = closingParenthesis(from: k), close <= lineEnd {
                k = close
            } else {
                break
            }
        }
        return k
    }

    /// Whether only spaces and tabs lie in `range`, read from its end: the question of what precedes
    /// a place, which stops at the first other byte instead of reading the line from its start.
    func isBlankBackward(_ range: Range<Int>) -> Bool {
        range.reversed().allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }

    /// Where the bytes that match `accepts` start, running back from `end`.
    func runStart(endingAt end: Int, _ accepts: (UInt8) -> Bool) -> Int {
        var start = end
        while start > 0 && accepts(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The offset of the identifier `name` starting exactly at `offset`, or nil.
    func identifier(_ name: String, at offset: Int) -> Bool {
        let count = name.utf8.count
        guard offset >= 0, offset + count <= bytes.count else { return false }
        // Compared in place: asked of every call a rewrite looks at.
        let same = name.utf8.withContiguousStorageIfAvailable { word in
            bytes.withUnsafeBufferPointer { all in (0..<count).allSatisfy { all[offset + $0] == word[$0] } }
        } ?? bytes[offset..<offset + count].elementsEqual(name.utf8)
        let after = offset + count
        return same && (after == bytes.count || !isIdentifierByte(bytes[after]))
    }

    /// Whether the bytes in `range` are `word`, compared in place.
    func bytes(_ range: Range<Int>, equal word: [UInt8]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        return bytes.withUnsafeBytes { all in word.withUnsafeBytes { ByteComparison.same(UnsafeRawBufferPointer(rebasing: all[range]), $0) } }
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    func skipSpaces(from offset: Int) -> Int {
        var k = offset
        while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        return k
    }

    /// Where the innermost `{ }` block holding each of `offsets` opens (-1 at the top level), in one
    /// pass over the file that steps over comments and string literals: two statements in one block
    /// act on the same local.
    func enclosingBlocks(of offsets: [Int]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        let wanted = offsets.sorted()
        var next = 0
        var open: [Int] = []
        var k = 0
        func at(_ i: Int, _ text: String) -> Bool { i + text.utf8.count <= bytes.count && bytes[i..<i + text.utf8.count].elementsEqual(text.utf8) }
        while next < wanted.count {
            // Every offset up to here lies in the block open now.
            while next < wanted.count && wanted[next] <= k {
                result[wanted[next]] = open.last ?? -1
                next += 1
            }
            guard k < bytes.count else {
                while next < wanted.count { result[wanted[next]] = open.last ?? -1; next += 1 }
                break
            }
            switch bytes[k] {
            case UInt8(ascii: "{"): open.append(k)
            case UInt8(ascii: "}"): _ = open.popLast()
            case UInt8(ascii: "/") where at(k, "//"):
                while k + 1 < bytes.count && bytes[k + 1] != 0x0A { k += 1 }
            case UInt8(ascii: "/") where at(k, "/*"):
                k += 2
                while k < bytes.count && !at(k, "*/") { k += 1 }
                k += 1
            case UInt8(ascii: "\""):
                let closing = at(k, "\"\"\"") ? "\"\"\"" : "\""
                k += closing.utf8.count
                while k < bytes.count && !at(k, closing) {
                    if bytes[k] == UInt8(ascii: "\\") { k += 1 }
                    k += 1
                }
                k += closing.utf8.count - 1
            default: break
            }
            k += 1
        }
        return result
    }

    /// The offset just past the `)` that closes the `(` at `open`, stepping over nested brackets,
    /// string literals and comments; nil when it does not close on the same few lines.
    func closingParenthesis(from open: Int) -> Int? {
        bytes.withUnsafeBufferPointer { CallBytes.closingParenthesis($0, from: open) }
    }

    /// The arguments between `open` (a `(`) and `close` (just past its `)`): label (or nil) and value,
    /// each trimmed, split at top-level commas. Read as bytes: a rewrite asks it of every call it
    /// looks at, and a file may hold hundreds of thousands.
    func arguments(open: Int, close: Int) -> [(label: String?, value: String)] {
        argumentRanges(open: open, close: close).map { argument in
            (argument.label.map(text), text(argument.value))
        }
    }

    /// Where an argument's label (if any) and value lie, each trimmed.
    struct ArgumentRange {
        var label: Range<Int>?
        var value: Range<Int>
    }

    /// The arguments between `open` and `close` as byte ranges, for a rewrite that need not make
    /// text of them: `arguments(open:close:)` without the strings.
    func argumentRanges(open: Int, close: Int) -> [ArgumentRange] {
        var result: [ArgumentRange] = []
        forEachArgument(open: open, close: close) { result.append($0) }
        return result
    }

    /// Each argument between `open` and `close`, in order, with nothing allocated.
    func forEachArgument(open: Int, close: Int, _ body: (ArgumentRange) -> Void) {
        bytes.withUnsafeBufferPointer { CallBytes.forEachArgument($0, open: open, close: close, body) }
    }

    /// `range` without the white space and line breaks at its ends, as its first and end offsets.
    func trimmed(_ range: Range<Int>) -> (Int, Int) {
        var first = range.lowerBound
        var last = range.upperBound
        while first < last && Self.isTrimmed(bytes[first]) { first += 1 }
        while last > first && Self.isTrimmed(bytes[last - 1]) { last -= 1 }
        return (first, last)
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
