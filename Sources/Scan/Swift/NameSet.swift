/// A set of names that tells whether a token's name is among them, for most tokens without making
/// a string: when every name in the set is ASCII, an ASCII token whose length no name has cannot
/// be one of them. (For ASCII text, string equality is byte equality; a non-ASCII token, which may
/// still equal an ASCII name once normalised, always takes the string path.)
struct NameSet: Sendable {
    let names: Set<String>
    /// Bit k set when some name has k bytes; bit 63 for names of 63 bytes or more.
    private let lengths: UInt64
    private let allASCII: Bool

    init(_ names: Set<String>) {
        self.names = names
        var lengths: UInt64 = 0
        var allASCII = true
        for name in names {
            let count = name.utf8.count
            lengths |= 1 << UInt64(min(count, 63))
            if name.utf8.contains(where: { $0 >= 0x80 }) { allASCII = false }
        }
        self.lengths = lengths
        self.allASCII = allASCII
    }

    var isEmpty: Bool { names.isEmpty }

    /// Whether `file.identifier(i)` is in the set; `i` must be an identifier token.
    func contains(identifierAt i: Int, in file: SwiftFile) -> Bool {
        if names.isEmpty { return false }
        if allASCII {
            let token = file.tokens[i]
            var start = Int(token.start)
            var end = Int(token.end)
            if token.flags.contains(.backticked) {
                start += 1
                end -= 1
            }
            start = max(0, min(start, file.bytes.count))
            end = max(start, min(end, file.bytes.count))
            if lengths & (1 << UInt64(min(end - start, 63))) == 0 {
                var ascii = true
                var k = start
                while k < end {
                    if file.bytes[k] >= 0x80 {
                        ascii = false
                        break
                    }
                    k += 1
                }
                if ascii { return false }
            }
        }
        return names.contains(file.identifier(i))
    }
}
