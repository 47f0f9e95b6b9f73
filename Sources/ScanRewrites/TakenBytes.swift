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

/// A set of small integers, a bit each, read and written a word at a time. Its words are shared by
/// its copies: a map is made, filled and let go, never copied.
struct BitMap {
    private let words: Words
    let count: Int

    init(count: Int) {
        self.count = count
        words = Words(count: (count + 63) / 64)
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

/// A map's words, zeroed. A bit for each byte of a file of many megabytes: a megabyte or more is a
/// block of its own from the system, written on large pages from its first byte to its last (the
/// heap's arrays have 4 KB pages at their ends), and only the pages written cost memory.
private final class Words {
    private let base: UnsafeMutablePointer<UInt64>
    private let block: UnsafeMutableRawBufferPointer?

    init(count: Int) {
        let byteCount = max(count, 1) * MemoryLayout<UInt64>.stride
        if byteCount >= 1 << 20, let block = Memory.mapBlock(byteCount: byteCount) {
            self.block = block
            base = block.baseAddress!.bindMemory(to: UInt64.self, capacity: max(count, 1))
        } else {
            block = nil
            base = .allocate(capacity: max(count, 1))
            base.initialize(repeating: 0, count: max(count, 1))
        }
    }

    /// Word `index`, which the map's own checks keep within its count.
    subscript(index: Int) -> UInt64 {
        get { base[index] }
        set { base[index] = newValue }
    }

    deinit {
        if let block { Memory.unmapBlock(block) } else { base.deallocate() }
    }
}
