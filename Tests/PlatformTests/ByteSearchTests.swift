import Testing
@testable import Platform

/// The byte search a rewrite reads whole files with, against the plain definition on every short
/// run of two letters: the first place the needle's bytes all match, nil when there is none.
@Suite struct ByteSearchTests {
    static func runs(upTo length: Int) -> [[UInt8]] {
        var all: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { [$0 + [UInt8(ascii: "a")], $0 + [UInt8(ascii: "b")]] }
            all += last
        }
        return all
    }

    @Test func theFirstOccurrenceIsWhereThePlainSearchFindsIt() {
        let needles = Self.runs(upTo: 3)
        for haystack in Self.runs(upTo: 8) {
            for needle in needles {
                let expected = needle.isEmpty || needle.count > haystack.count
                    ? nil
                    : (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
                let found = haystack.withUnsafeBytes { h in needle.withUnsafeBytes { n in ByteComparison.firstOccurrence(of: n, in: h) } }
                #expect(found == expected, "\(needle) in \(haystack)")
            }
            for byte in [UInt8(ascii: "a"), UInt8(ascii: "b")] {
                let found = haystack.withUnsafeBytes { ByteComparison.firstOccurrence(of: byte, in: $0) }
                #expect(found == haystack.firstIndex(of: byte), "\(byte) in \(haystack)")
            }
        }
    }
}
