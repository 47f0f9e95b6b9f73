import Imaging

/// A side of a label's frame.
public enum Edge: String, Sendable, CaseIterable, Comparable {
    case left, right, top, bottom

    public static func < (a: Edge, b: Edge) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    var isVertical: Bool { self == .left || self == .right }
}

/// What a label's frame in a screenshot shows, measured once: whether it holds text at all, on
/// how many lines, and how its ink meets each edge of the frame.
///
/// The background is the colour most of the frame's border has; a pixel's ink is how far its
/// colour lies from it (the largest difference of the three channels), so dark text on light,
/// light on dark and coloured text on a tint are measured alike. Strong ink is at least half the
/// frame's contrast (the 99.5th percentile of ink), faint ink a quarter.
public struct PixelFacts: Sendable, Equatable {
    /// The frame's contrast: 0 to 255. Below `Ink.leastContrast` the frame shows no text.
    public var contrast: Int
    /// Bands of rows holding strong ink, separated by empty rows: the text's lines.
    public var lines: Int
    /// Per edge, the share of the text's extent along that edge (its height for left and right,
    /// its width for top and bottom) where strong ink lies on the frame's outermost pixels and
    /// does not go on past them: text cut there.
    public var cut: [Edge: Double]
    /// Per edge, the share where any ink lies on the outermost two pixels: text that reaches the
    /// edge without being cut (a glyph whose drawing ends at its advance, a descender).
    public var near: [Edge: Double]

    public var showsText: Bool { contrast >= Ink.leastContrast }
}

/// A picture for the reader: the frame's ink as black on white, whatever its colours, scaled so
/// that its tallest line is about `Ink.lineHeight` pixels, with a white margin.
public struct TextImage: Sendable {
    public var width: Int
    public var height: Int
    /// One byte a pixel, 0 black.
    public var pixels: [UInt8]
    /// Lines of text in it: one is read as a single line, more as a block.
    public var lines: Int
}

public enum Ink {
    /// A frame whose ink is weaker than this holds no text a person can read.
    public static let leastContrast = 32
    /// The reader's favourite line height in pixels: larger text is scaled down to it (which also
    /// makes it quicker to read), smaller text up (to at most twice its size).
    static let lineHeight = 36
    static let margin = 12
    /// A frame read as text is at most this many pixels once scaled: a frame of a whole screen is not a label.
    public static let largestImage = 4_000_000

    /// Measures the frame `rect` of `image` (which must lie inside it) and makes its picture for the reader.
    public static func measure(_ image: RGBAImage, _ rect: PixelRect) -> (facts: PixelFacts, picture: TextImage?) {
        let width = rect.width, height = rect.height
        precondition(width > 0 && height > 0 && rect.x >= 0 && rect.y >= 0 && rect.x + width <= image.width && rect.y + height <= image.height)
        return image.samples.withUnsafeBufferPointer { samples in
            let background = self.background(samples, imageWidth: image.width, rect)
            // Ink of the frame and of the ring of pixels around it (outside the picture: none).
            let ringWidth = width + 2, ringHeight = height + 2
            var ink = [UInt8](repeating: 0, count: ringWidth * ringHeight)
            var histogram = [Int](repeating: 0, count: 256)
            // Written without generic helpers (`abs`, `max`): this loop sees every pixel, in debug builds too.
            let (backRed, backGreen, backBlue) = background
            ink.withUnsafeMutableBufferPointer { ink in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for ringY in 0..<ringHeight {
                        let y = rect.y + ringY - 1
                        if y < 0 || y >= image.height { continue }
                        let firstX = rect.x == 0 ? 1 : 0, lastX = rect.x + width >= image.width ? ringWidth - 1 : ringWidth
                        let inside = ringY > 0 && ringY <= height
                        var offset = (y * image.width + rect.x + firstX - 1) * 4
                        var slot = ringY * ringWidth + firstX
                        for ringX in firstX..<lastX {
                            var value = Int(samples[offset]) &- backRed
                            if value < 0 { value = 0 &- value }
                            var other = Int(samples[offset &+ 1]) &- backGreen
                            if other < 0 { other = 0 &- other }
                            if other > value { value = other }
                            other = Int(samples[offset &+ 2]) &- backBlue
                            if other < 0 { other = 0 &- other }
                            if other > value { value = other }
                            ink[slot] = UInt8(truncatingIfNeeded: value)
                            if inside && ringX > 0 && ringX <= width { histogram[value] &+= 1 }
                            offset &+= 4
                            slot &+= 1
                        }
                    }
                }
            }
            var contrast = 255
            var above = 0
            while contrast > 0 && (above + histogram[contrast]) * 200 <= width * height {
                above += histogram[contrast]
                contrast -= 1
            }
            guard contrast >= leastContrast else {
                return (PixelFacts(contrast: contrast, lines: 0, cut: [:], near: [:]), nil)
            }
            let strong = UInt8(max(contrast / 2, 24)), faint = UInt8(max(contrast / 4, 12))
            return ink.withUnsafeBufferPointer { ink in
                let facts = edges(ink, width: width, height: height, strong: strong, faint: faint, contrast: contrast)
                return (facts.facts, picture(ink, width: width, height: height, contrast: contrast, bands: facts.bands))
            }
        }
    }

    /// The colour of most of the frame's border: border pixels counted by colour at 4 bits a
    /// channel, then the most frequent kind averaged.
    static func background(_ samples: UnsafeBufferPointer<UInt8>, imageWidth: Int, _ rect: PixelRect) -> (Int, Int, Int) {
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 4096)
        func add(_ x: Int, _ y: Int) {
            let offset = (y * imageWidth + x) * 4
            let red = Int(samples[offset]), green = Int(samples[offset + 1]), blue = Int(samples[offset + 2])
            let key = (red >> 4) << 8 | (green >> 4) << 4 | blue >> 4
            counts[key] += 1
            sums[key].0 += red
            sums[key].1 += green
            sums[key].2 += blue
        }
        for x in rect.x..<(rect.x + rect.width) {
            add(x, rect.y)
            if rect.height > 1 { add(x, rect.y + rect.height - 1) }
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<(rect.y + rect.height - 1) {
                add(rect.x, y)
                if rect.width > 1 { add(rect.x + rect.width - 1, y) }
            }
        }
        let mode = counts.indices.max { counts[$0] < counts[$1] }!
        let count = max(1, counts[mode])
        return (sums[mode].0 / count, sums[mode].1 / count, sums[mode].2 / count)
    }

    /// The text's lines and how its ink meets each edge. `ink` holds the frame with a ring of one pixel around it.
    static func edges(_ ink: UnsafeBufferPointer<UInt8>, width: Int, height: Int, strong: UInt8, faint: UInt8,
                      contrast: Int) -> (facts: PixelFacts, bands: [Range<Int>]) {
        let stride = width + 2
        @inline(__always) func at(_ x: Int, _ y: Int) -> UInt8 { ink[(y + 1) * stride + x + 1] }
        var rowHasInk = [Bool](repeating: false, count: height)
        var left = width, right = -1
        for y in 0..<height {
            var slot = (y + 1) * stride + 1
            var first = -1, last = -1
            for x in 0..<width {
                if ink[slot] >= strong {
                    if first < 0 { first = x }
                    last = x
                }
                slot &+= 1
            }
            if first >= 0 {
                rowHasInk[y] = true
                if first < left { left = first }
                if last > right { right = last }
            }
        }
        var bands: [Range<Int>] = []
        var start: Int?
        for y in 0...height {
            let inked = y < height && rowHasInk[y]
            if inked && start == nil { start = y }
            if !inked, let first = start {
                bands.append(first..<y)
                start = nil
            }
        }
        let tallest = bands.map(\.count).max() ?? 0
        // Dots and accents separated from their line by an empty row are not lines of their own.
        let lines = bands.filter { $0.count * 10 >= tallest * 3 }.count
        guard let top = bands.first?.lowerBound, let bottom = bands.last?.upperBound, right >= left else {
            return (PixelFacts(contrast: contrast, lines: 0, cut: [:], near: [:]), [])
        }
        let textWidth = Double(right - left + 1), textHeight = Double(bottom - top)
        var cut: [Edge: Double] = [:], near: [Edge: Double] = [:]
        for edge in Edge.allCases {
            let along = edge.isVertical ? height : width
            var cutCount = 0, nearCount = 0
            for position in 0..<along {
                // The outermost pixel, the one inside it, and the one past the frame.
                let (outer, inner, past): (UInt8, UInt8, UInt8)
                switch edge {
                case .left: (outer, inner, past) = (at(0, position), width > 1 ? at(1, position) : 0, at(-1, position))
                case .right: (outer, inner, past) = (at(width - 1, position), width > 1 ? at(width - 2, position) : 0, at(width, position))
                case .top: (outer, inner, past) = (at(position, 0), height > 1 ? at(position, 1) : 0, at(position, -1))
                case .bottom: (outer, inner, past) = (at(position, height - 1), height > 1 ? at(position, height - 2) : 0, at(position, height))
                }
                if outer >= strong && past < faint { cutCount += 1 }
                if outer >= faint { nearCount += 1 }
                if inner >= faint { nearCount += 1 }
            }
            let extent = edge.isVertical ? textHeight : textWidth
            // Faint ink may reach beyond the strong ink's extent: a share is at most the whole edge.
            cut[edge] = min(1, Double(cutCount) / extent)
            near[edge] = min(1, Double(nearCount) / (2 * extent))
        }
        return (PixelFacts(contrast: contrast, lines: max(1, lines), cut: cut, near: near), bands)
    }

    /// The frame as black text on white, scaled to the reader's line height, with a margin; nil
    /// when that would still be larger than `largestImage`.
    static func picture(_ ink: UnsafeBufferPointer<UInt8>, width: Int, height: Int, contrast: Int, bands: [Range<Int>]) -> TextImage? {
        let tallest = max(1, bands.map(\.count).max() ?? height)
        let factor = min(2.0, Double(lineHeight) / Double(tallest))
        let outWidth = max(1, Int((Double(width) * factor).rounded())), outHeight = max(1, Int((Double(height) * factor).rounded()))
        let fullWidth = outWidth + 2 * margin, fullHeight = outHeight + 2 * margin
        guard fullWidth * fullHeight <= largestImage else { return nil }
        let stride = width + 2
        var pixels = [UInt8](repeating: 255, count: fullWidth * fullHeight)
        // Ink to grey through a table: 0 is the background's white, the contrast and beyond black.
        var grey = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 { grey[value] = UInt8(255 - min(255, value * 255 / contrast)) }
        // The source rows and columns each pixel covers: an average when shrinking, the nearest when growing.
        func spans(_ count: Int, _ source: Int) -> [Range<Int>] {
            (0..<count).map { out in
                let from = min(source - 1, Int(Double(out) / factor))
                return from..<max(from + 1, min(source, Int(Double(out + 1) / factor)))
            }
        }
        let columns = spans(outWidth, width), rows = spans(outHeight, height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            grey.withUnsafeBufferPointer { grey in
                for outY in 0..<outHeight {
                    let fromY = rows[outY].lowerBound, toY = rows[outY].upperBound
                    var target = (outY + margin) * fullWidth + margin
                    for outX in 0..<outWidth {
                        let fromX = columns[outX].lowerBound, toX = columns[outX].upperBound
                        var sum = 0
                        for y in fromY..<toY {
                            var slot = (y + 1) * stride + 1 + fromX
                            for _ in fromX..<toX {
                                sum &+= Int(grey[Int(ink[slot])])
                                slot &+= 1
                            }
                        }
                        pixels[target] = UInt8(truncatingIfNeeded: sum / ((toY - fromY) * (toX - fromX)))
                        target &+= 1
                    }
                }
            }
        }
        return TextImage(width: fullWidth, height: fullHeight, pixels: pixels, lines: max(1, bands.filter { $0.count * 10 >= tallest * 3 }.count))
    }
}
