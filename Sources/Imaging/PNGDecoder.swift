import Platform

/// Reads PNG files into `RGBAImage`s: 8-bit RGB, RGBA, grey and grey with alpha, and indexed
/// colour at 1, 2, 4 or 8 bits (what simulators and dtaudit itself write). Interlaced and 16-bit
/// images are refused with the reason. Every size is checked before memory is taken for it: the
/// file's against `maximumFileBytes`, the pixels' from the header against `maximumPixels`, and the
/// inflated data never exceeds what the header's size needs.
public struct PNGDecoder: Sendable {
    /// 8,388,608: half as much again as the largest simulator's screen (an iPad Pro's 2064 x 2752
    /// is 5.7 million). With the file, the inflated rows and the decoded pixels, a screenshot at the
    /// limit takes about 100 MB while it is read.
    public var maximumPixels = 1 << 23
    public var maximumSide = 1 << 14
    public var maximumFileBytes = 32 << 20

    public init() {}

    /// The image in the file at `path`, its size checked before it is read.
    public func decode(path: String) throws(ImageError) -> RGBAImage {
        guard let file = RegularFile(opening: path) else { throw ImageError("is not a readable file") }
        guard file.byteCount <= maximumFileBytes else {
            throw ImageError("is \(file.byteCount) bytes, more than the \(Self.amount(maximumFileBytes)) a screenshot may be")
        }
        guard let bytes = file.readAll(), bytes.count <= maximumFileBytes else { throw ImageError("could not be read") }
        return try decode(bytes)
    }

    struct Header {
        var width = 0, height = 0, bitDepth = 0, colorType = 0
        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }
        var bitsPerPixel: Int { channels * bitDepth }
        var rowBytes: Int { (width * bitsPerPixel + 7) / 8 }
    }

    public func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        guard bytes.count <= maximumFileBytes else { throw ImageError("is larger than the \(Self.amount(maximumFileBytes)) a screenshot may be") }
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else { throw ImageError("is not a PNG file") }
        var header: Header?
        var palette: [RGBA] = []
        var raw: UnsafeMutableRawBufferPointer?
        var inflater: Zlib.BoundedInflater?
        defer { raw?.deallocate() }
        var offset = 8
        var sawEnd = false
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw ImageError("ends inside a chunk") }
            let length = Int(Self.bigEndian(bytes, offset))
            guard length <= bytes.count - offset - 12 else { throw ImageError("has a chunk longer than the file") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = (offset + 8)..<(offset + 8 + length)
            let stored = Self.bigEndian(bytes, offset + 8 + length)
            let computed = bytes.withUnsafeBytes { PNG.crc32(UnsafeRawBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)])) }
            guard stored == computed else { throw ImageError("has a damaged \(Self.printable(type)) chunk (its CRC does not match)") }
            offset += 12 + length
            if header == nil && type != "IHDR" { throw ImageError("does not start with its header chunk") }
            switch type {
            case "IHDR":
                guard header == nil else { throw ImageError("has two header chunks") }
                let found = try readHeader(bytes, data)
                header = found
                let count = found.height * (found.rowBytes + 1)
                raw = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
                inflater = try Zlib.BoundedInflater(into: raw!)
            case "PLTE":
                guard length % 3 == 0, length / 3 >= 1, length / 3 <= 256 else { throw ImageError("has a palette of a wrong length") }
                palette = stride(from: data.lowerBound, to: data.upperBound, by: 3).map { RGBA(bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) }
            case "tRNS" where header?.colorType == 3:
                for (index, alpha) in bytes[data].enumerated() where index < palette.count { palette[index].alpha = alpha }
            case "IDAT":
                guard let inflater else { throw ImageError("does not start with its header chunk") }
                let failure = bytes.withUnsafeBytes { all -> ImageError? in
                    do throws(ImageError) {
                        try inflater.feed(UnsafeRawBufferPointer(rebasing: all[data]))
                        return nil
                    } catch { return error }
                }
                if let failure { throw failure }
            case "IEND":
                sawEnd = true
            default:
                // A critical chunk (upper-case first letter) that this reader does not know changes
                // how the image must be read: refuse rather than guess.
                if let first = type.utf8.first, first >= 0x41 && first <= 0x5A {
                    throw ImageError("has a critical chunk this reader does not know (\(Self.printable(type)))")
                }
            }
            if sawEnd { break }
        }
        guard sawEnd, let header, let raw, let inflater else { throw ImageError("ends before its end chunk") }
        guard inflater.ended, inflater.produced == raw.count else { throw ImageError("holds fewer pixels than its header says") }
        if header.colorType == 3 && palette.isEmpty { throw ImageError("is indexed but has no palette") }
        try Self.unfilter(raw, header)
        return try Self.expand(raw, header, palette)
    }

    private func readHeader(_ bytes: [UInt8], _ data: Range<Int>) throws(ImageError) -> Header {
        guard data.count == 13 else { throw ImageError("has a header chunk of a wrong length") }
        var header = Header()
        header.width = Int(Self.bigEndian(bytes, data.lowerBound))
        header.height = Int(Self.bigEndian(bytes, data.lowerBound + 4))
        header.bitDepth = Int(bytes[data.lowerBound + 8])
        header.colorType = Int(bytes[data.lowerBound + 9])
        let interlace = bytes[data.lowerBound + 12]
        guard header.width > 0, header.height > 0 else { throw ImageError("has no pixels") }
        guard header.width <= maximumSide, header.height <= maximumSide, header.width * header.height <= maximumPixels else {
            throw ImageError("is \(header.width) x \(header.height) pixels, more than the \(maximumPixels) pixels a screenshot may have")
        }
        guard bytes[data.lowerBound + 10] == 0, bytes[data.lowerBound + 11] == 0 else { throw ImageError("uses a compression or filter method PNG does not define") }
        guard interlace == 0 else { throw ImageError("is interlaced (Adam7); save screenshots without interlacing") }
        switch (header.colorType, header.bitDepth) {
        case (0, 8), (2, 8), (4, 8), (6, 8), (3, 1), (3, 2), (3, 4), (3, 8): return header
        case (_, 16): throw ImageError("has 16 bits a sample; only 8-bit images are read")
        default: throw ImageError("has colour type \(header.colorType) at \(header.bitDepth) bits, which this reader does not take")
        }
    }

    /// `64 MB`, or bytes for a limit under a megabyte.
    static func amount(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// A chunk type as text that is safe to show: its four bytes are letters in a valid file.
    static func printable(_ type: String) -> String {
        type.unicodeScalars.allSatisfy { ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A) } ? type : "unnamed"
    }

    /// Undoes each row's filter in place (PNG's five: none, sub, up, average, Paeth). Each filter
    /// has its own loop over raw pointers, and the first row and first pixel (whose neighbours are
    /// zero) are done apart, so that the loop over the rest has no branch but Paeth's own.
    static func unfilter(_ raw: UnsafeMutableRawBufferPointer, _ header: Header) throws(ImageError) {
        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let stride = header.rowBytes + 1, count = header.rowBytes
        let bpp = min(max(1, header.bitsPerPixel / 8), count)
        for row in 0..<header.height {
            let line = base + row * stride + 1
            let up: UnsafeMutablePointer<UInt8>? = row > 0 ? line - stride : nil
            let filter = line[-1]
            switch (filter, up) {
            case (0, _), (2, nil): break
            case (1, _), (4, nil):
                // Paeth over a zero row picks the left neighbour: the same as sub.
                var i = bpp
                while i < count { line[i] &+= line[i - bpp]; i += 1 }
            case (2, let up?):
                for i in 0..<count { line[i] &+= up[i] }
            case (3, nil):
                var i = bpp
                while i < count { line[i] &+= line[i - bpp] >> 1; i += 1 }
            case (3, let up?):
                for i in 0..<bpp { line[i] &+= up[i] >> 1 }
                var i = bpp
                while i < count { line[i] &+= UInt8(truncatingIfNeeded: (UInt16(line[i - bpp]) + UInt16(up[i])) >> 1); i += 1 }
            case (4, let up?):
                // The first pixel's left and corner are zero: Paeth picks the one above.
                for i in 0..<bpp { line[i] &+= up[i] }
                var i = bpp
                while i < count { line[i] &+= paeth(line[i - bpp], up[i], up[i - bpp]); i += 1 }
            default:
                throw ImageError("has a row with filter type \(filter); PNG defines 0 to 4")
            }
        }
    }

    /// Paeth's predictor on bytes: `|p - a|` is `|b - c|`, `|p - b|` is `|a - c|`, `|p - c|` is
    /// `|a + b - 2c|`, in 16 bits.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a16 = Int16(a), b16 = Int16(b), c16 = Int16(c)
        let pa = abs(b16 - c16), pb = abs(a16 - c16), pc = abs(a16 + b16 - 2 * c16)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The unfiltered rows as RGBA samples: one loop for each colour type, RGBA rows copied whole.
    static func expand(_ raw: UnsafeMutableRawBufferPointer, _ header: Header, _ palette: [RGBA]) throws(ImageError) -> RGBAImage {
        let data = UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: UInt8.self)
        let stride = header.rowBytes + 1
        let width = header.width
        var badIndex = false
        let samples = [UInt8](unsafeUninitializedCapacity: width * header.height * 4) { buffer, initialized in
            let out = buffer.baseAddress!
            for row in 0..<header.height {
                let line = data + row * stride + 1
                let target = out + row * width * 4
                switch header.colorType {
                case 6:
                    target.update(from: line, count: width * 4)
                case 2:
                    for x in 0..<width {
                        target[x * 4] = line[x * 3]; target[x * 4 + 1] = line[x * 3 + 1]; target[x * 4 + 2] = line[x * 3 + 2]; target[x * 4 + 3] = 255
                    }
                case 0:
                    for x in 0..<width {
                        let v = line[x]
                        target[x * 4] = v; target[x * 4 + 1] = v; target[x * 4 + 2] = v; target[x * 4 + 3] = 255
                    }
                case 4:
                    for x in 0..<width {
                        let v = line[x * 2]
                        target[x * 4] = v; target[x * 4 + 1] = v; target[x * 4 + 2] = v; target[x * 4 + 3] = line[x * 2 + 1]
                    }
                default:
                    let depth = header.bitDepth
                    for x in 0..<width {
                        let bit = x * depth
                        let index = Int(line[bit / 8] >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
                        let color = index < palette.count ? palette[index] : RGBA(0, 0, 0, 0)
                        if index >= palette.count { badIndex = true }
                        target[x * 4] = color.red; target[x * 4 + 1] = color.green; target[x * 4 + 2] = color.blue; target[x * 4 + 3] = color.alpha
                    }
                }
            }
            initialized = width * header.height * 4
        }
        if badIndex { throw ImageError("has a pixel whose colour is not in its palette") }
        return RGBAImage(width: width, height: header.height, samples: samples)
    }
}
