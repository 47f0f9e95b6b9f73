/// Attribute values read straight from their bytes, without building strings on the way.
enum XMLTextBytes {
    /// `false`, `0` or `NO`, as the writers of page sources spell it.
    static func isFalse(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        equal(bytes, "false") || equal(bytes, "0") || equal(bytes, "NO")
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        equal(bytes, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == other.count else { return false }
        for k in 0..<bytes.count where bytes[k] != other[k] { return false }
        return true
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ other: [UInt8]) -> Bool {
        other.withUnsafeBufferPointer { equal(bytes, $0) }
    }

    /// A decimal number (`-12.5`, `390`, `1e3`); nil for anything else. Plain decimals are read
    /// here; anything with an exponent or a word (`nan`, `inf`) goes through the standard library,
    /// so that NaN and infinity come back as what they are and are refused by the frame's checks.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        var k = 0
        var negative = false
        if bytes[0] == 0x2D {
            negative = true
            k = 1
        }
        var whole: Int64 = 0
        var digits = 0
        while k < bytes.count, bytes[k] >= 0x30, bytes[k] <= 0x39, digits < 15 {
            whole = whole * 10 + Int64(bytes[k] - 0x30)
            digits += 1
            k += 1
        }
        var scale = 1.0
        var fraction: Int64 = 0
        if k < bytes.count, bytes[k] == 0x2E, digits > 0 {
            k += 1
            var fractionDigits = 0
            while k < bytes.count, bytes[k] >= 0x30, bytes[k] <= 0x39, fractionDigits < 15 {
                fraction = fraction * 10 + Int64(bytes[k] - 0x30)
                scale *= 10
                fractionDigits += 1
                k += 1
            }
        }
        if k == bytes.count && digits > 0 {
            let value = Double(whole) + Double(fraction) / scale
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// A number, or nil with the value as a message may show it in `written`.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, written: inout String?) -> Double? {
        let found = number(bytes)
        if found == nil { written = shown(bytes) }
        return found
    }

    /// A value as a message may show it: printable ASCII only, at most 24 characters.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result = ""
        for byte in bytes.prefix(24) {
            result.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : "?")
        }
        return bytes.count > 24 ? result + "..." : result
    }
}
