import Imaging

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
