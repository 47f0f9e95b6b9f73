import Foundation
import Imaging
import Testing

/// The decoder against files Python's zlib wrote with every one of PNG's row filters
/// (Fixtures/make-fixtures.py), and against hostile files.
@Suite struct PNGDecoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func decode(_ name: String) throws(ImageError) -> RGBAImage {
        try PNGDecoder().decode(path: Self.fixtures.appendingPathComponent(name).path)
    }

    func refusal(_ name: String) -> String? {
        do {
            _ = try decode(name)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func rgbInSeveralChunksWithEveryFilter() throws {
        let image = try decode("rgb8.png")
        #expect(image.width == 37 && image.height == 23)
        for y in 0..<23 {
            for x in 0..<37 {
                let expected = RGBA(UInt8((x * 7 + y * 3) & 255), UInt8((x * y) & 255), UInt8((255 - x * 5) & 255))
                guard image.pixel(x: x, y: y) == expected else {
                    Issue.record("(\(x), \(y)) is \(image.pixel(x: x, y: y)), not \(expected)")
                    return
                }
            }
        }
    }

    @Test func rgbaGreyAndIndexed() throws {
        let rgba = try decode("rgba8.png")
        #expect(rgba.pixel(x: 18, y: 10) == RGBA(UInt8((18 * 11) & 255), UInt8((10 * 17) & 255), 28, UInt8((18 * 13 + 10) & 255)))
        #expect((0..<11).allSatisfy { y in (0..<19).allSatisfy { x in
            rgba.pixel(x: x, y: y) == RGBA(UInt8((x * 11) & 255), UInt8((y * 17) & 255), UInt8((x + y) & 255), UInt8((x * 13 + y) & 255))
        } })
        let grey = try decode("gray8.png")
        #expect((0..<10).allSatisfy { y in (0..<10).allSatisfy { x in
            let v = UInt8((x * 25 + y) & 255)
            return grey.pixel(x: x, y: y) == RGBA(v, v, v)
        } })
        let indexed = try decode("palette4.png")
        #expect((0..<7).allSatisfy { y in (0..<13).allSatisfy { x in
            let i = (x + y) % 16
            return indexed.pixel(x: x, y: y) == RGBA(UInt8(i * 16), UInt8(255 - i * 16), UInt8(i * 8), i == 0 ? 0 : 255)
        } })
        let stripes = try decode("palette1.png")
        #expect((0..<3).allSatisfy { y in (0..<9).allSatisfy { x in
            stripes.pixel(x: x, y: y) == ((x + y) % 2 == 0 ? RGBA(0, 0, 0) : RGBA(255, 255, 255))
        } })
    }

    @Test func whatIsNotReadIsRefusedWithTheReason() {
        #expect(refusal("interlaced.png") == "is interlaced (Adam7); save screenshots without interlacing")
        #expect(refusal("rgb16.png") == "has 16 bits a sample; only 8-bit images are read")
        #expect(refusal("bomb.png") == "is 100000 x 100000 pixels, more than the 8388608 pixels a screenshot may have")
        #expect(refusal("lying.png") == "holds more pixel data than its header says")
        #expect(refusal("make-fixtures.py") == "is not a PNG file")
    }

    @Test func damagedFilesAreRefused() throws {
        let good = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("rgb8.png")))
        var flipped = good
        flipped[40] ^= 0xFF
        #expect(throws: ImageError.self) { try PNGDecoder().decode(flipped) }
        #expect(throws: ImageError("has a chunk longer than the file")) { try PNGDecoder().decode(Array(good.prefix(30))) }
        // Every truncation of a valid file is refused, none crashes.
        for length in stride(from: 0, to: good.count - 1, by: 7) {
            #expect(throws: ImageError.self) { try PNGDecoder().decode(Array(good.prefix(length))) }
        }
        var limits = PNGDecoder()
        limits.maximumFileBytes = 100
        #expect(throws: ImageError("is larger than the 100 bytes a screenshot may be")) { try limits.decode(good) }
    }

    @Test func randomImagesRoundTripThroughTheEncoder() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let width = Int.random(in: 1...70, using: &generator), height = Int.random(in: 1...40, using: &generator)
            var image = RGBAImage(width: width, height: height, background: RGBA(200, 10, 30))
            for _ in 0..<(width * height / 3) {
                let alpha: UInt8 = round % 2 == 0 ? 255 : UInt8.random(in: 0...255, using: &generator)
                image.setPixel(x: Int.random(in: 0..<width, using: &generator), y: Int.random(in: 0..<height, using: &generator),
                               RGBA(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                                    UInt8.random(in: 0...255, using: &generator), alpha))
            }
            let file = PNGEncoder.encode(image)
            #expect(try PNGDecoder().decode(file) == image)
            #expect(file[25] == (image.isOpaque ? 2 : 6), "RGB when opaque, RGBA otherwise")
        }
    }

    @Test func theEncoderCompresses() throws {
        var image = RGBAImage(width: 1000, height: 1000)
        image.fill(PixelRect(x: 100, y: 100, width: 300, height: 500), RGBA(hex: 0x2E7D4F))
        let file = PNGEncoder.encode(image)
        #expect(file.count < 10_000, "3 MB of pixels in \(file.count) bytes")
        #expect(try PNGDecoder().decode(file).pixel(x: 150, y: 150) == RGBA(hex: 0x2E7D4F))
    }

    @Test func outlinesSitOnTheRectanglesEdge() {
        var image = RGBAImage(width: 20, height: 20)
        image.stroke(PixelRect(x: 2, y: 3, width: 10, height: 8), lineWidth: 2, RGBA(255, 0, 0))
        #expect(image.pixel(x: 2, y: 3) == RGBA(255, 0, 0) && image.pixel(x: 11, y: 10) == RGBA(255, 0, 0))
        #expect(image.pixel(x: 3, y: 4) == RGBA(255, 0, 0), "two pixels wide")
        #expect(image.pixel(x: 4, y: 5) == .white, "inside stays")
        #expect(image.pixel(x: 1, y: 3) == .white && image.pixel(x: 12, y: 3) == .white, "outside stays")
        let crop = image.cropped(to: PixelRect(x: -5, y: 2, width: 10, height: 100))
        #expect(crop?.width == 5 && crop?.height == 18 && crop?.pixel(x: 2, y: 1) == RGBA(255, 0, 0))
        #expect(image.cropped(to: PixelRect(x: 30, y: 0, width: 5, height: 5)) == nil)
    }
}
