/// Writes `RGBAImage`s as PNG: RGB when every pixel is opaque, RGBA otherwise; each row filtered
/// with whichever of PNG's five filters leaves the smallest sum (the heuristic the PNG
/// specification suggests), then deflated by zlib.
public enum PNGEncoder {
    public static func encode(_ image: RGBAImage, level: Int32 = 6) -> [UInt8] {
        let opaque = image.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = image.width * channels
        var rows = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        // The previous and current rows and the five filtered candidates in one buffer, written
        // through pointers: an array of arrays checked its uniqueness on every byte written.
        var scratch = [UInt8](repeating: 0, count: max(1, rowBytes * 7))
        image.samples.withUnsafeBufferPointer { samples in
            scratch.withUnsafeMutableBufferPointer { buffer in
                rows.withUnsafeMutableBufferPointer { output in
                    var previous = buffer.baseAddress!
                    var current = previous + rowBytes
                    let candidates = previous + 2 * rowBytes
                    for y in 0..<image.height {
                        let start = y * image.width * 4
                        for x in 0..<image.width {
                            for c in 0..<channels { current[x * channels + c] = samples[start + x * 4 + c] }
                        }
                        var best = 0
                        var bestCost = Int.max
                        for filter in 0..<5 {
                            let cost = Self.filter(filter, current, previous, into: candidates + filter * rowBytes, count: rowBytes, channels: channels)
                            if cost < bestCost {
                                bestCost = cost
                                best = filter
                            }
                        }
                        let row = output.baseAddress! + y * (rowBytes + 1)
                        row.pointee = UInt8(best)
                        (row + 1).update(from: candidates + best * rowBytes, count: rowBytes)
                        swap(&previous, &current)
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

    /// Writes `current` filtered with PNG filter `filter` (none, sub, up, average, Paeth) against
    /// `previous` to `out`, and returns the sum of the bytes as signed values, which the encoder
    /// keeps smallest. One loop per filter, without a branch per byte for the bytes that have a
    /// left neighbour.
    @inline(__always)
    static func filter(_ filter: Int, _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                       count: Int, channels: Int) -> Int {
        var cost = 0
        let first = min(channels, count)
        switch filter {
        case 1:
            for i in 0..<first { out[i] = current[i] }
            for i in first..<count { out[i] = current[i] &- current[i - channels] }
        case 2:
            for i in 0..<count { out[i] = current[i] &- previous[i] }
        case 3:
            for i in 0..<first { out[i] = current[i] &- previous[i] / 2 }
            for i in first..<count { out[i] = current[i] &- UInt8(truncatingIfNeeded: (Int(current[i - channels]) + Int(previous[i])) / 2) }
        case 4:
            for i in 0..<first { out[i] = current[i] &- UInt8(truncatingIfNeeded: PNGDecoder.paeth(0, Int(previous[i]), 0)) }
            for i in first..<count {
                let predicted = PNGDecoder.paeth(Int(current[i - channels]), Int(previous[i]), Int(previous[i - channels]))
                out[i] = current[i] &- UInt8(truncatingIfNeeded: predicted)
            }
        default:
            for i in 0..<count { out[i] = current[i] }
        }
        // A byte as a signed value's size: v below 128, else 256 - v.
        for i in 0..<count { cost &+= Int(min(out[i], 0 &- out[i])) }
        return cost
    }
}
