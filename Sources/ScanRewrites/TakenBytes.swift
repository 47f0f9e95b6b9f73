import Platform

/// The bytes of a file that rewrites already took, and the places where they insert, as two bit
/// maps of the file's size: whether a new edit conflicts costs its own length, never the count of
/// edits taken before it, so that a file of many rewrites is planned in time linear in its size.
///
/// An edit that replaces bytes conflicts with one that replaces any of the same bytes, and with an
/// insertion at either of its ends or between; two insertions conflict at the same place.
struct TakenBytes {
    private var replaced: BitMap
    private var inserted: BitMap

    init(byteCount: Int) {
        replaced = BitMap(count: byteCount)
        inserted = BitMap(count: byteCount + 1)
    }

    func conflicts(_ range: Range<Int>) -> Bool {
        if range.isEmpty {
            let place = range.lowerBound
            return inserted.contains(place)
                || (place > 0 && replaced.contains(place - 1))
                || replaced.contains(place)
        }
        return replaced.containsAny(range) || inserted.containsAny(range.lowerBound..<range.upperBound + 1)
    }

    mutating func take(_ range: Range<Int>) {
        if range.isEmpty {
            inserted.insert(range.lowerBound)
        } else {
            replaced.insert(range)
        }
    }
}

/// A set of small integers, a bit each, read and written a word at a time.
struct BitMap {
    private var words: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        // A bit for each byte of a file of many megabytes: on large pages, not a fault per 4 KB.
        words = Memory.largePageArray(repeating: 0, count: (count + 63) / 64)
    }

    func contains(_ bit: Int) -> Bool {
        guard bit >= 0 && bit < count else { return false }
        return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    mutating func insert(_ bit: Int) {
        guard bit >= 0 && bit < count else { return }
        words[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// Whether any bit of `range` (clamped to the map) is set.
    func containsAny(_ range: Range<Int>) -> Bool {
        var bit = max(0, range.lowerBound)
        let upper = min(count, range.upperBound)
        while bit < upper {
            let (index, mask) = Self.word(from: bit, below: upper)
            if words[index] & mask != 0 { return true }
            bit = (index + 1) << 6
        }
        return false
    }

    mutating func insert(_ range: Range<Int>) {
        var bit = max(0, range.lowerBound)
        let upper = min(count, range.upperBound)
        while bit < upper {
            let (index, mask) = Self.word(from: bit, below: upper)
            words[index] |= mask
            bit = (index + 1) << 6
        }
    }

    /// The word that holds `bit`, and the mask of its bits from `bit` up to (not including) `upper`.
    private static func word(from bit: Int, below upper: Int) -> (Int, UInt64) {
        let index = bit >> 6
        let first = bit & 63
        let last = min(63, upper - 1 - (index << 6))
        let width = last - first + 1
        let mask = width == 64 ? UInt64.max : ((UInt64(1) << UInt64(width)) - 1) << UInt64(first)
        return (index, mask)
    }
}
