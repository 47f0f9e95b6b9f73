/// Writes `RGBAImage`s as PNG: RGB when every pixel is opaque, RGBA otherwise; each row filtered
/// with whichever of PNG's five filters leaves the smallest sum (the heuristic the PNG
/// specification suggests), then deflated by zlib.
public enum PNGEncoder {
    public static func encode(_ image: RGBAImage, level: Int32 = 6) -> [UInt8] {
        let opaque = image.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = image.width * channels
        var rows = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        // The row before (zero above the first) and this one, then each filter's bytes of this row.
        var lines = [UInt8](repeating: 0, count: rowBytes * 2)
        var candidates = [UInt8](repeating: 0, count: rowBytes * 5)
        image.samples.withUnsafeBufferPointer { samples in
            rows.withUnsafeMutableBufferPointer { out in
                lines.withUnsafeMutableBufferPointer { both in
                    candidates.withUnsafeMutableBufferPointer { filtered in
                        var previous = both.baseAddress!, current = both.baseAddress! + rowBytes
                        for y in 0..<image.height {
                            let source = samples.baseAddress! + y * image.width * 4
                            if channels == 4 {
                                current.update(from: source, count: rowBytes)
                            } else {
                                for x in 0..<image.width {
                                    current[x * 3] = source[x * 4]; current[x * 3 + 1] = source[x * 4 + 1]; current[x * 3 + 2] = source[x * 4 + 2]
                                }
                            }
                            var best = 0
                            var bestCost = Int.max
                            for filter in 0..<5 {
                                let cost = Self.filter(filter, current, previous, rowBytes, channels, into: filtered.baseAddress! + filter * rowBytes)
                                if cost < bestCost {
                                    bestCost = cost
                                    best = filter
                                }
                            }
                            let line = out.baseAddress! + y * (rowBytes + 1)
                            line[0] = UInt8(best)
                            (line + 1).update(from: filtered.baseAddress! + best * rowBytes, count: rowBytes)
                            swap(&previous, &current)
                        }
                    }
                }
            }
        }
        var header: [UInt8] = []
        PNG.appendBigEndian(UInt32(image.width), to: &header)
        PNG.appendBigEndian(UInt32(image.height), to: &header)
        // 8 bits, colour type 2 (RGB) or 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        var file = PNG.signature
        PNG.appendChunk("IHDR", header, to: &file)
        PNG.appendChunk("IDAT", Zlib.deflate(rows, level: level), to: &file)
        PNG.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Writes `current` with `filter` applied into `target` and returns the sum the heuristic
    /// compares: each byte as a signed difference, its magnitude. One loop a filter, the first
    /// pixel (no left neighbour) apart.
    static func filter(_ filter: Int, _ current: UnsafeMutablePointer<UInt8>, _ previous: UnsafeMutablePointer<UInt8>, _ count: Int,
                       _ bpp: Int, into target: UnsafeMutablePointer<UInt8>) -> Int {
        var cost = 0
        @inline(__always) func put(_ i: Int, _ value: UInt8) {
            target[i] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        let head = min(bpp, count)
        switch filter {
        case 1:
            for i in 0..<head { put(i, current[i]) }
            for i in head..<count { put(i, current[i] &- current[i - bpp]) }
        case 2:
            for i in 0..<count { put(i, current[i] &- previous[i]) }
        case 3:
            for i in 0..<head { put(i, current[i] &- previous[i] >> 1) }
            for i in head..<count { put(i, current[i] &- UInt8(truncatingIfNeeded: (UInt16(current[i - bpp]) + UInt16(previous[i])) >> 1)) }
        case 4:
            for i in 0..<head { put(i, current[i] &- previous[i]) }
            for i in head..<count { put(i, current[i] &- PNGDecoder.paeth(current[i - bpp], previous[i], previous[i - bpp])) }
        default:
            for i in 0..<count { put(i, current[i]) }
        }
        return cost
    }
}
