/// Page sources saved by Windows PowerShell 5 (`>`, `Out-File`) are UTF-16 with a byte order
/// mark; the XML reader reads UTF-8 only, so such a file is turned into UTF-8 first. At most 1.5
/// bytes come out for each byte in, so the file's bound holds.
enum UTF16Source {
    /// The UTF-8 bytes of `bytes` when they are UTF-16 (a byte order mark, or `<` as one 16-bit
    /// unit); nil when they are not; an error when they are cut in the middle of a unit.
    static func utf8(_ bytes: [UInt8]) throws(HierarchyError) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        var start = 0
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): (bigEndian, start) = (false, 2)
        case (0xFE, 0xFF): (bigEndian, start) = (true, 2)
        case (0x3C, 0): bigEndian = false
        case (0, 0x3C): bigEndian = true
        default: return nil
        }
        guard (bytes.count - start) % 2 == 0 else { throw HierarchyError("is UTF-16 cut in the middle of a character (an odd number of bytes)") }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        // A lone surrogate becomes U+FFFD, as a label would show it.
        var result: [UInt8] = []
        result.reserveCapacity(units.count + units.count / 2)
        _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { result.append($0) }
        return result
    }
}
