/// Byte constants and the byte classes the lexer tests, one byte or a word of eight at a time.

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
    /// None of `(`, `)`, `"`, `#`, `/` and the line ends: a byte code in an interpolation passes over.
    @inline(__always) static func isPlainInInterpolation(_ c: UInt8) -> Bool {
        c > slash || (c != leftParen && c != rightParen && c != quote && c != hash && c != slash && c != newline
                      && c != carriageReturn)
    }
    /// Neither quote, backslash nor line end: a byte a string literal's text passes over.
    @inline(__always) static func isPlainInString(_ c: UInt8) -> Bool {
        c > backslash || (c != quote && c != backslash && c != newline && c != carriageReturn)
    }

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

    /// The eight bytes at `p[k..<k + 8]`, unchecked: for loops whose own condition keeps
    /// `k + 8 <= p.count` (so `p` is not empty), where the check of `word` is paid at every step.
    @inline(__always) static func wordInside(_ p: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + k).loadUnaligned(as: UInt64.self))
    }

    /// Whether any byte of the word is below 0x0E, where the line breaks are (exact as a yes or
    /// no, though the top bits above the first such byte may be wrong).
    @inline(__always) static func hasByteBelow0E(_ word: UInt64) -> Bool {
        (word &- ones &* 0x0E) & ~word & highs != 0
    }

    /// The end of the run of spaces and tabs in `p` from `i` on.
    @inline(__always) static func spacesEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var i = i
        // Indentation comes in long runs of spaces: skip them a word at a time.
        while i &+ 8 <= p.count {
            let run = spaceRun(wordInside(p, i))
            i &+= run
            if run < 8 { break }
        }
        while i < p.count && (p[i] == space || p[i] == tab) { i &+= 1 }
        return i
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
