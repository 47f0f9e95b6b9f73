/// Valid PNG files that look like phone screenshots (a status bar, lines of text, a button),
/// different for every seed: what a UI-test run attaches, made at run time.
public enum Screenshot {
    /// A `width` x `height` RGB PNG, stored without compression so that `bytes` is about its size.
    public static func png(seed: Int, width: Int = 48, height: Int = 96) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        let textRows = Set(stride(from: 14, to: height - 20, by: 8).flatMap { [$0, $0 + 1, $0 + 2] })
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                var pixel: (UInt8, UInt8, UInt8) = (250, 250, 252)
                if y < 6 { pixel = (30, 30, 34) }
                // The status bar's first pixels carry the seed, so that no two seeds give the same file.
                if y == 0, x < 8 { pixel = (UInt8(truncatingIfNeeded: seed >> (x * 8)), 30, 34) }
                // Lines of "text" whose lengths follow the seed.
                if textRows.contains(y), x > 3, x < 6 + (seed &* 7 &+ y &* 13) % (width - 8) { pixel = (40, 40, 48) }
                if y >= height - 14, y < height - 6, x > 6, x < width - 6 { pixel = (0, 122, UInt8(truncatingIfNeeded: 200 &+ seed)) }
                raw += [pixel.0, pixel.1, pixel.2]
            }
        }
        // Stored deflate blocks of at most 65,535 bytes.
        var deflate: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            deflate += [last, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)]
            deflate += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        deflate += bigEndian(b << 16 | a)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate) + chunk("IEND", [])
    }

    /// The height that gives a PNG of about `bytes` at `width`.
    public static func height(forBytes bytes: Int, width: Int) -> Int {
        max(16, bytes / (width * 3 + 1))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }
}
