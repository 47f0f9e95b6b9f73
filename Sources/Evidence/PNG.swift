/// A small indexed-colour picture drawn with filled rectangles, written as a PNG: enough for the
/// demo's screen sketches and for tests that need real image files.
///
/// The PNG is minimal but complete: signature, `IHDR`, `PLTE`, one `IDAT` and `IEND`, each chunk
/// with its CRC-32; the pixel rows go into a zlib stream of stored (uncompressed) deflate blocks
/// with its Adler-32. The same picture always gives the same bytes.
public struct IndexedImage: Sendable, Equatable {
    public struct Color: Sendable, Equatable {
        public var red: UInt8, green: UInt8, blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `0x2E7D4F` as a colour.
        public init(hex: UInt32) {
            self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
        }
    }

    public let width: Int
    public let height: Int
    /// Up to 256 colours; pixels are indexes into it.
    public let palette: [Color]
    /// One palette index per pixel, row by row from the top left.
    public private(set) var pixels: [UInt8]

    /// A picture filled with `palette[background]`.
    public init(width: Int, height: Int, palette: [Color], background: UInt8 = 0) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        precondition(!palette.isEmpty && palette.count <= 256, "a palette holds 1 to 256 colours")
        precondition(Int(background) < palette.count, "the background is a palette index")
        self.width = width
        self.height = height
        self.palette = palette
        pixels = [UInt8](repeating: background, count: width * height)
    }

    /// The palette index at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }

    /// Fills a rectangle with `palette[color]`; the parts outside the picture are left out.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: UInt8) {
        precondition(Int(color) < palette.count, "the colour is a palette index")
        let left = max(0, x), right = min(width, x + w)
        let top = max(0, y), bottom = min(height, y + h)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            let start = row * width
            for column in left..<right { pixels[start + column] = color }
        }
    }

    /// Bits per pixel in the file: the fewest that hold every palette index (1, 2, 4 or 8).
    public var bitDepth: Int {
        switch palette.count {
        case ...2: 1
        case ...4: 2
        case ...16: 4
        default: 8
        }
    }

    /// The picture as a PNG file.
    public func png() -> [UInt8] {
        var header: [UInt8] = []
        PNG.appendBigEndian(UInt32(width), to: &header)
        PNG.appendBigEndian(UInt32(height), to: &header)
        // Bit depth, colour type 3 (indexed), deflate, adaptive filtering, no interlace.
        header += [UInt8(bitDepth), 3, 0, 0, 0]
        let colors = palette.flatMap { [$0.red, $0.green, $0.blue] }

        var file = PNG.signature
        PNG.appendChunk("IHDR", header, to: &file)
        PNG.appendChunk("PLTE", colors, to: &file)
        PNG.appendChunk("IDAT", PNG.zlibStored(scanlines()), to: &file)
        PNG.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Each row as PNG wants it before compression: filter type 0 (none), then the pixels packed
    /// `bitDepth` bits each, the leftmost in the highest bits of a byte.
    func scanlines() -> [UInt8] {
        let depth = bitDepth
        let perByte = 8 / depth
        let rowBytes = (width * depth + 7) / 8
        var data: [UInt8] = []
        data.reserveCapacity(height * (rowBytes + 1))
        for row in 0..<height {
            data.append(0)
            let start = row * width
            var byte: UInt8 = 0
            var filled = 0
            for column in 0..<width {
                byte |= pixels[start + column] << UInt8(8 - depth * (filled + 1))
                filled += 1
                if filled == perByte {
                    data.append(byte)
                    byte = 0
                    filled = 0
                }
            }
            if filled > 0 { data.append(byte) }
        }
        return data
    }
}

/// The pieces of the PNG format `IndexedImage` writes, and the checksums it needs.
public enum PNG {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The largest stored deflate block.
    static let storedBlockLimit = 65_535

    /// CRC-32 (ISO 3309, the one of zlib and PNG) of `bytes`, continuing from `crc` of the bytes before.
    public static func crc32(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes {
            value = crcTable[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        return ~value
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    public static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var pending = 0
        for byte in bytes {
            a += UInt32(byte)
            b += a
            pending += 1
            // Reduce before the sums can overflow (5552 is zlib's bound).
            if pending == 5552 {
                a %= 65521
                b %= 65521
                pending = 0
            }
        }
        return (b % 65521) << 16 | (a % 65521)
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951, type 00).
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        // CMF 0x78: deflate with a 32 KB window; FLG 0x01: no dictionary, fastest, and a multiple of 31.
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / storedBlockLimit * 5 + 16)
        var offset = 0
        repeat {
            let count = min(storedBlockLimit, data.count - offset)
            let last = offset + count == data.count
            // BFINAL in the lowest bit, BTYPE 00; the rest of the byte is padding.
            stream.append(last ? 1 : 0)
            stream += [UInt8(truncatingIfNeeded: count), UInt8(truncatingIfNeeded: count >> 8)]
            stream += [UInt8(truncatingIfNeeded: ~count), UInt8(truncatingIfNeeded: ~count >> 8)]
            stream += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        appendBigEndian(adler32(data), to: &stream)
        return stream
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        appendBigEndian(crc32(data, continuing: crc32(typeBytes)), to: &file)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
