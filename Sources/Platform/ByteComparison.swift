#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// How far two byte runs agree from their start and from their end, compared by the C library a
/// block at a time, then byte by byte inside the block that differs.
public enum ByteComparison {
    private static let block = 1 << 14

    /// The length of the longest common start of `a` and `b`.
    public static func commonPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let limit = min(a.count, b.count)
        guard limit > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var offset = 0
        while offset < limit {
            let length = min(block, limit - offset)
            if memcmp(x + offset, y + offset, length) != 0 { break }
            offset += length
        }
        while offset < limit, a[offset] == b[offset] { offset += 1 }
        return offset
    }

    /// The length of the longest common end of `a` and `b`, at most `limit`.
    public static func commonSuffix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, limit: Int) -> Int {
        let limit = min(limit, a.count, b.count)
        guard limit > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var length = 0
        while length < limit {
            let step = min(block, limit - length)
            if memcmp(x + a.count - length - step, y + b.count - length - step, step) != 0 { break }
            length += step
        }
        while length < limit, a[a.count - length - 1] == b[b.count - length - 1] { length += 1 }
        return length
    }

    /// Whether two runs hold the same bytes.
    public static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    /// Whether `a` comes before `b` in byte-wise order (a run before any longer run it starts).
    @inline(__always)
    public static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order < 0 }
        }
        return a.count < b.count
    }

    /// Where `byte` first occurs in `haystack` (`memchr`), or nil.
    public static func firstOccurrence(of byte: UInt8, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let start = haystack.baseAddress, let found = memchr(start, Int32(byte), haystack.count) else { return nil }
        return UnsafeRawPointer(found) - start
    }

    /// Where `needle` first occurs in `haystack`, its first byte found by the C library (`memchr`)
    /// and the rest compared there; nil when it does not occur, or when the needle is empty.
    public static func firstOccurrence(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard needle.count > 0, needle.count <= haystack.count, let start = haystack.baseAddress, let word = needle.baseAddress else { return nil }
        let first = Int32(needle[0])
        let last = haystack.count - needle.count
        var k = 0
        while k <= last {
            guard let found = memchr(start + k, first, last - k + 1) else { return nil }
            k = UnsafeRawPointer(found) - start
            if needle.count == 1 || memcmp(start + k + 1, word + 1, needle.count - 1) == 0 { return k }
            k += 1
        }
        return nil
    }
}
