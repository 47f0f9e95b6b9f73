/// Writes `RGBAImage`s as PNG: RGB when every pixel is opaque, RGBA otherwise; each row filtered
/// with whichever of PNG's five filters leaves the smallest sum (the heuristic the PNG
/// specification suggests), then deflated by zlib.
public enum PNGEncoder {
    public static func encode(_ image: RGBAImage, level: Int32 = 6) -> [UInt8] {
        let opaque = image.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = image.width * channels
        var rows = [UInt8]()
        rows.reserveCapacity(image.height * (rowBytes + 1))
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        for y in 0..<image.height {
            let start = y * image.width * 4
            for x in 0..<image.width {
                for c in 0..<channels { current[x * channels + c] = image.samples[start + x * 4 + c] }
            }
            var best = 0
            var bestCost = Int.max
            for filter in 0..<5 {
                var cost = 0
                for i in 0..<rowBytes {
                    let left = i >= channels ? Int(current[i - channels]) : 0
                    let up = Int(previous[i])
                    let corner = i >= channels ? Int(previous[i - channels]) : 0
                    let predicted: Int
                    switch filter {
                    case 1: predicted = left
                    case 2: predicted = up
                    case 3: predicted = (left + up) / 2
                    case 4: predicted = PNGDecoder.paeth(left, up, corner)
                    default: predicted = 0
                    }
                    let value = UInt8(truncatingIfNeeded: Int(current[i]) - predicted)
                    candidates[filter][i] = value
                    cost += value < 128 ? Int(value) : 256 - Int(value)
                }
                if cost < bestCost {
                    bestCost = cost
                    best = filter
                }
            }
            rows.append(UInt8(best))
            rows += candidates[best]
            swap(&previous, &current)
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
}
