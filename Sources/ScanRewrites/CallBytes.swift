/// A call's parentheses and arguments read from a file's bytes in place: the one reading behind
/// `SourceText.closingParenthesis` and `SourceText.forEachArgument`, which a rewrite of custom fonts
/// asks of every call it looks at (a file may hold hundreds of thousands) with the bytes held once.
enum CallBytes {
    /// The offset just past the `)` that closes the `(` at `open`, stepping over nested brackets,
    /// string literals and comments; nil when it does not close on the same few lines.
    static func closingParenthesis(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var commas = Commas()
        return closingParenthesis(bytes, from: open, commas: &commas)
    }

    /// Where the commas between a call's brackets and outside any nested ones lie: the first two, and
    /// how many there are.
    struct Commas {
        var first = -1
        var second = -1
        var count = 0
    }

    /// `closingParenthesis`, noting on the way the commas that split the arguments: one walk over the
    /// call for a caller that wants both.
    static func closingParenthesis(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int, commas: inout Commas) -> Int? {
        guard open >= 0, open < bytes.count, bytes[open] == UInt8(ascii: "(") else { return nil }
        var depth = 0
        var k = open
        let limit = min(bytes.count, open + 4096)
        while k < limit {
            // Most bytes are none of those below: passed over with one look in a table.
            if !isMarked(bytes[k]) {
                k += 1
                continue
            }
            switch bytes[k] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return bytes[k] == UInt8(ascii: ")") ? k + 1 : nil }
            case UInt8(ascii: "\""):
                // A string with an interpolation or a raw or multi-line string: not a rewrite's business.
                var j = k + 1
                while j < limit && bytes[j] != UInt8(ascii: "\"") {
                    if bytes[j] == 0x0A { return nil }
                    if bytes[j] == UInt8(ascii: "\\") { j += 1 }
                    j += 1
                }
                k = j
            case UInt8(ascii: "/") where k + 1 < limit && (bytes[k + 1] == UInt8(ascii: "/") || bytes[k + 1] == UInt8(ascii: "*")):
                return nil
            case UInt8(ascii: ",") where depth == 1:
                if commas.count == 0 { commas.first = k } else if commas.count == 1 { commas.second = k }
                commas.count += 1
            default: break
            }
            k += 1
        }
        return nil
    }

    /// Whether `byte` is one that `closingParenthesis` acts on: a bracket, a quote, a slash or a comma.
    @inline(__always) private static func isMarked(_ byte: UInt8) -> Bool {
        // Bit n of word n / 64: the bytes below 128 that matter, in two words.
        let low: UInt64 = 1 << 0x22 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2C | 1 << 0x2F
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        return byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte - 64) & 1 != 0
    }

    /// Each argument between `open` (a `(`) and `close` (just past its `)`, at most the bytes' count),
    /// in order: label (or nil) and value, each trimmed, split at top-level commas; nothing allocated.
    static func forEachArgument(_ bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int, _ body: (SourceText.ArgumentRange) -> Void) {
        precondition(open >= 0 && close <= bytes.count)
        var depth = 0
        var start = open + 1
        var k = open + 1
        func add(_ end: Int) {
            if let argument = argument(bytes, start..<end) { body(argument) }
        }
        while k < close - 1 {
            switch bytes[k] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "\""):
                k += 1
                while k < close && bytes[k] != UInt8(ascii: "\"") {
                    if bytes[k] == UInt8(ascii: "\\") { k += 1 }
                    k += 1
                }
            case UInt8(ascii: ",") where depth == 0:
                add(k)
                start = k + 1
            default: break
            }
            k += 1
        }
        add(close - 1)
    }

    /// The arguments between `open` and `close`, in order.
    static func argumentRanges(_ bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int) -> [SourceText.ArgumentRange] {
        var arguments: [SourceText.ArgumentRange] = []
        forEachArgument(bytes, open: open, close: close) { arguments.append($0) }
        return arguments
    }

    /// The argument written in `range` (between a call's bracket or comma and the next): its label,
    /// if it has one, and its value, each trimmed; nil when only white space is there.
    static func argument(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SourceText.ArgumentRange? {
        let (first, last) = trimmed(bytes, range)
        guard first < last else { return nil }
        // The `:` after a label, with no bracket, quote or `?` before it (a ternary's is not one).
        var colon = first
        scan: while colon < last && bytes[colon] != UInt8(ascii: ":") {
            switch bytes[colon] {
            case UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "?"):
                colon = last
                break scan
            default: colon += 1
            }
        }
        if colon < last {
            let label = trimmed(bytes, first..<colon)
            if label.0 < label.1, (label.0..<label.1).allSatisfy({ SourceIndex.isIdentifierByte(bytes[$0]) }) {
                let value = trimmed(bytes, colon + 1..<last)
                return SourceText.ArgumentRange(label: label.0..<label.1, value: value.0..<max(value.0, value.1))
            }
        }
        return SourceText.ArgumentRange(label: nil, value: first..<last)
    }

    /// `range` without the white space and line breaks at its ends, as its first and end offsets.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Int, Int) {
        var first = range.lowerBound
        var last = range.upperBound
        while first < last && SourceText.isTrimmed(bytes[first]) { first += 1 }
        while last > first && SourceText.isTrimmed(bytes[last - 1]) { last -= 1 }
        return (first, last)
    }
}
