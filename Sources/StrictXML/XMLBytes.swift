/// Byte-level pieces of XML shared by the scanner and the values it hands out.
enum XMLBytes {
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    /// A letter, `_`, `:` or any byte of a non-ASCII character.
    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A || c >= 0x80
    }

    @inline(__always) static func isNameByte(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
    }

    static func starts(_ d: UnsafeBufferPointer<UInt8>, at i: Int, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard i + count <= d.count else { return false }
        let p = prefix.utf8Start
        for k in 0..<count where d[i + k] != p[k] { return false }
        return true
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let p = text.utf8Start
        for k in 0..<bytes.count where bytes[k] != p[k] { return false }
        return true
    }

    /// The 1-based line of `offset`.
    static func line(of offset: Int, in d: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for k in 0..<min(offset, d.count) where d[k] == 0x0A { line += 1 }
        return line
    }

    /// A name from the document as it may be shown in a message: ASCII name characters only,
    /// at most 40 of them, so that no byte of a hostile file reaches a terminal as it is.
    static func shown(_ d: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> String {
        var result = ""
        for k in start..<min(start + count, d.count) {
            let c = d[k]
            result.unicodeScalars.append(c < 0x80 ? Unicode.Scalar(c) : "?")
            if result.utf8.count == 40 { return result + "..." }
        }
        return result
    }

    /// Whether `value` is a character XML allows.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
            || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
    }

    /// The reference starting with the `&` at `i`: where it ends and the character it stands for.
    static func reference(_ d: UnsafeBufferPointer<UInt8>, at i: Int, end n: Int) throws(XMLError) -> (end: Int, scalar: Unicode.Scalar) {
        var k = i + 1
        // Its line is counted only when it is thrown: counting for every reference would read the
        // document again from its start at each one.
        var bad: XMLError {
            XMLError("an & that starts no reference XML defines (only &amp; &lt; &gt; &quot; &apos; and numeric ones are read)",
                     line: line(of: i, in: d))
        }
        guard k < n else { throw bad }
        if d[k] == 0x23 {
            k += 1
            let hex = k < n && d[k] == 0x78
            if hex { k += 1 }
            var value: UInt32 = 0
            let digitsStart = k
            while k < n && d[k] != 0x3B {
                let c = d[k]
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(c - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(c - 0x41 + 10)
                default: throw bad
                }
                value = value * (hex ? 16 : 10) + digit
                k += 1
                // Seven digits hold every character; more is an overflow waiting to happen.
                if k - digitsStart > 7 { throw bad }
            }
            guard k < n, k > digitsStart, isXMLCharacter(value), let scalar = Unicode.Scalar(value) else { throw bad }
            return (k + 1, scalar)
        }
        let nameStart = k
        while k < n && k - nameStart < 5 && d[k] != 0x3B { k += 1 }
        guard k < n, d[k] == 0x3B else { throw bad }
        let name = UnsafeBufferPointer(rebasing: d[nameStart..<k])
        let scalar: Unicode.Scalar
        if equal(name, "amp") { scalar = "&" } else if equal(name, "lt") { scalar = "<" } else if equal(name, "gt") {
            scalar = ">"
        } else if equal(name, "quot") { scalar = "\"" } else if equal(name, "apos") { scalar = "'" } else { throw bad }
        return (k + 1, scalar)
    }

    /// An attribute value with its references replaced and literal tabs and line breaks as spaces.
    /// The value was checked while it was scanned, so every reference in it is valid.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            let c = raw[k]
            if c == 0x26, let found = try? reference(raw, at: k, end: raw.count) {
                bytes.append(contentsOf: String(Character(found.scalar)).utf8)
                k = found.end
                continue
            }
            bytes.append(c == 0x09 || c == 0x0A || c == 0x0D ? 0x20 : c)
            k += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
