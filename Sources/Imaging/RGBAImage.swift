/// A colour with its opacity, 8 bits a channel.
public struct RGBA: Sendable, Equatable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xD81B60` as an opaque colour.
    public init(hex: UInt32) {
        self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
    }

    public static let white = RGBA(255, 255, 255)

    public var description: String {
        "rgba(\(red), \(green), \(blue), \(alpha))"
    }
}

/// A rectangle of whole pixels: `x` and `y` of its top left, then its size.
public struct PixelRect: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of the rectangle inside `bounds`, or nil when nothing is.
    public func clamped(to width: Int, _ height: Int) -> PixelRect? {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + self.width), bottom = min(height, y + self.height)
        guard left < right, top < bottom else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A picture of 8-bit red, green, blue and alpha samples, row by row from the top left: what
/// screenshots are decoded to and crops are drawn on.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Four bytes a pixel.
    public internal(set) var samples: [UInt8]

    /// A picture filled with `background`.
    public init(width: Int, height: Int, background: RGBA = .white) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        let row = RGBAImage.row(of: background, width: width)
        var samples: [UInt8] = []
        samples.reserveCapacity(width * height * 4)
        for _ in 0..<height { samples += row }
        self.samples = samples
    }

    init(width: Int, height: Int, samples: [UInt8]) {
        self.width = width
        self.height = height
        self.samples = samples
    }

    public func pixel(x: Int, y: Int) -> RGBA {
        let offset = (y * width + x) * 4
        return RGBA(samples[offset], samples[offset + 1], samples[offset + 2], samples[offset + 3])
    }

    public mutating func setPixel(x: Int, y: Int, _ color: RGBA) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let offset = (y * width + x) * 4
        samples[offset] = color.red
        samples[offset + 1] = color.green
        samples[offset + 2] = color.blue
        samples[offset + 3] = color.alpha
    }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        stride(from: 3, to: samples.count, by: 4).allSatisfy { samples[$0] == 255 }
    }

    /// The part of the picture inside `rect` (clamped to the picture), or nil when none is.
    public func cropped(to rect: PixelRect) -> RGBAImage? {
        guard let area = rect.clamped(to: width, height) else { return nil }
        var result = [UInt8]()
        result.reserveCapacity(area.width * area.height * 4)
        for row in area.y..<(area.y + area.height) {
            let start = (row * width + area.x) * 4
            result += samples[start..<(start + area.width * 4)]
        }
        return RGBAImage(width: area.width, height: area.height, samples: result)
    }

    /// Fills `rect` (the part inside the picture) with `color`.
    public mutating func fill(_ rect: PixelRect, _ color: RGBA) {
        guard let area = rect.clamped(to: width, height) else { return }
        let width = self.width
        // Written in place: a row built of four-byte arrays and copied in made and freed one
        // array a pixel.
        samples.withUnsafeMutableBufferPointer { samples in
            for row in area.y..<(area.y + area.height) {
                let start = (row * width + area.x) * 4
                for index in stride(from: start, to: start + area.width * 4, by: 4) {
                    samples[index] = color.red
                    samples[index + 1] = color.green
                    samples[index + 2] = color.blue
                    samples[index + 3] = color.alpha
                }
            }
        }
    }

    /// `width` pixels of `color`, as samples.
    static func row(of color: RGBA, width: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * 4) { row, count in
            for index in stride(from: 0, to: width * 4, by: 4) {
                row[index] = color.red
                row[index + 1] = color.green
                row[index + 2] = color.blue
                row[index + 3] = color.alpha
            }
            count = width * 4
        }
    }

    /// Draws the outline of `rect`, `lineWidth` pixels wide, inside its edges: the outermost row
    /// and column of the rectangle carry the colour.
    public mutating func stroke(_ rect: PixelRect, lineWidth: Int, _ color: RGBA) {
        let line = max(1, min(lineWidth, rect.width, rect.height))
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: line), color)
        fill(PixelRect(x: rect.x, y: rect.y + rect.height - line, width: rect.width, height: line), color)
        fill(PixelRect(x: rect.x, y: rect.y, width: line, height: rect.height), color)
        fill(PixelRect(x: rect.x + rect.width - line, y: rect.y, width: line, height: rect.height), color)
    }

    /// Copies `image` onto this picture with its top left at (`x`, `y`).
    public mutating func draw(_ image: RGBAImage, x: Int, y: Int) {
        guard let area = PixelRect(x: x, y: y, width: image.width, height: image.height).clamped(to: width, height) else { return }
        for row in area.y..<(area.y + area.height) {
            let source = ((row - y) * image.width + (area.x - x)) * 4
            let target = (row * width + area.x) * 4
            samples.replaceSubrange(target..<(target + area.width * 4), with: image.samples[source..<(source + area.width * 4)])
        }
    }

    /// Pictures placed top to bottom, left edges aligned, `gap` pixels apart on `background`.
    public static func stacked(_ images: [RGBAImage], gap: Int, background: RGBA = .white) -> RGBAImage? {
        guard !images.isEmpty else { return nil }
        let height = images.reduce(0) { $0 + $1.height } + gap * (images.count - 1)
        var canvas = RGBAImage(width: images.map(\.width).max() ?? 1, height: height, background: background)
        var y = 0
        for image in images {
            canvas.draw(image, x: 0, y: y)
            y += image.height + gap
        }
        return canvas
    }

    /// Pictures placed left to right, tops aligned, `gap` pixels apart on `background`.
    public static func sideBySide(_ images: [RGBAImage], gap: Int, background: RGBA = .white) -> RGBAImage? {
        guard !images.isEmpty else { return nil }
        let width = images.reduce(0) { $0 + $1.width } + gap * (images.count - 1)
        let height = images.map(\.height).max() ?? 1
        var canvas = RGBAImage(width: width, height: height, background: background)
        var x = 0
        for image in images {
            canvas.draw(image, x: x, y: 0)
            x += image.width + gap
        }
        return canvas
    }
}
