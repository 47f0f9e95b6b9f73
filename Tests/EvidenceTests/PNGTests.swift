import Evidence
import Imaging
import Testing

/// The PNG writer: its checksums against published values, and its files read back by a decoder
/// written from the specification (signature, chunk CRCs, stored deflate blocks, Adler-32).
@Suite struct PNGTests {
    @Test func checksumsMatchTheirPublishedCheckValues() {
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNG.crc32([UInt8]()) == 0)
        #expect(PNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        // A CRC continued over a second piece equals the CRC of both at once.
        #expect(PNG.crc32(Array("56789".utf8), continuing: PNG.crc32(Array("1234".utf8))) == 0xCBF4_3926)
        #expect(PNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(PNG.adler32([UInt8]()) == 1)
        // Long input: the sums are reduced before they overflow (checked against zlib).
        #expect(PNG.adler32([UInt8](repeating: 0xFF, count: 100_000)) == 0x149A_302C)
    }

    /// What a decoder finds in a PNG file.
    struct Decoded {
        var chunks: [(type: String, data: [UInt8])] = []
        var width = 0, height = 0, bitDepth = 0, colorType = 0
        var rows: [UInt8] = []
        var blocks = 0
    }

    func decode(_ file: [UInt8]) throws -> Decoded {
        var decoded = Decoded()
        #expect(Array(file.prefix(8)) == PNG.signature)
        func number(_ bytes: ArraySlice<UInt8>) -> Int {
            bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        var offset = 8
        while offset < file.count {
            let length = number(file[offset..<offset + 4])
            let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            let data = Array(file[offset + 8..<offset + 8 + length])
            let crc = UInt32(number(file[offset + 8 + length..<offset + 12 + length]))
            #expect(crc == PNG.crc32(Array(file[offset + 4..<offset + 8 + length])), "CRC of \(type)")
            decoded.chunks.append((type, data))
            offset += 12 + length
        }
        #expect(offset == file.count)
        let header = try #require(decoded.chunks.first { $0.type == "IHDR" }?.data)
        decoded.width = number(header[0..<4])
        decoded.height = number(header[4..<8])
        decoded.bitDepth = Int(header[8])
        decoded.colorType = Int(header[9])

        let zlib = decoded.chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        #expect(zlib[0] == 0x78 && (Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0)
        var position = 2
        while true {
            let header = zlib[position]
            #expect(header & 0b110 == 0, "a stored block")
            let length = Int(zlib[position + 1]) | Int(zlib[position + 2]) << 8
            let complement = Int(zlib[position + 3]) | Int(zlib[position + 4]) << 8
            #expect(length ^ complement == 0xFFFF)
            decoded.rows += zlib[position + 5..<position + 5 + length]
            decoded.blocks += 1
            position += 5 + length
            if header & 1 == 1 { break }
        }
        #expect(UInt32(number(zlib[position..<position + 4])) == PNG.adler32(decoded.rows))
        #expect(position + 4 == zlib.count)
        return decoded
    }

    func sketch(width: Int = 30, height: Int = 65) -> IndexedImage {
        var image = IndexedImage(width: width, height: height,
                                 palette: [.init(hex: 0xFFFFFF), .init(hex: 0x1C1C1E), .init(hex: 0x2E7D4F)])
        image.fill(x: 3, y: 10, width: 20, height: 4, color: 1)
        image.fill(x: -5, y: 60, width: 100, height: 100, color: 2)
        return image
    }

    @Test func aPictureBecomesAValidIndexedPNG() throws {
        let image = sketch()
        let file = image.png()
        #expect(MediaKind.detect(Array(file.prefix(MediaKind.prefixLength))) == .png)
        let decoded = try decode(file)
        #expect(decoded.chunks.map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect((decoded.width, decoded.height, decoded.bitDepth, decoded.colorType) == (30, 65, 2, 3))
        #expect(decoded.chunks[1].data == [0xFF, 0xFF, 0xFF, 0x1C, 0x1C, 0x1E, 0x2E, 0x7D, 0x4F])

        // Each row: filter byte 0, then 30 two-bit pixels in 8 bytes.
        #expect(decoded.rows.count == 65 * 9)
        func pixel(_ x: Int, _ y: Int) -> UInt8 {
            let byte = decoded.rows[y * 9 + 1 + x / 4]
            return byte >> UInt8(6 - 2 * (x % 4)) & 0b11
        }
        for y in 0..<65 {
            #expect(decoded.rows[y * 9] == 0)
            for x in 0..<30 { #expect(pixel(x, y) == image.pixel(x: x, y: y)) }
        }
        #expect(pixel(3, 10) == 1 && pixel(22, 13) == 1 && pixel(23, 13) == 0 && pixel(2, 10) == 0)
        #expect(pixel(0, 64) == 2 && pixel(29, 60) == 2 && pixel(29, 59) == 0)
    }

    @Test func theSamePictureGivesTheSameBytes() {
        #expect(sketch().png() == sketch().png())
        var other = sketch()
        other.fill(x: 0, y: 0, width: 1, height: 1, color: 1)
        #expect(other.png() != sketch().png())
    }

    @Test func largePicturesSpanSeveralStoredBlocks() throws {
        let palette = (0..<20).map { IndexedImage.Color(UInt8($0), 0, 0) }
        var image = IndexedImage(width: 400, height: 300, palette: palette)
        image.fill(x: 100, y: 100, width: 50, height: 50, color: 19)
        #expect(image.bitDepth == 8)
        let decoded = try decode(image.png())
        #expect(decoded.rows.count == 300 * 401)
        #expect(decoded.blocks == 2)
        #expect(decoded.rows[120 * 401 + 1 + 120] == 19)
        #expect(decoded.rows[120 * 401 + 1 + 99] == 0)
    }

    @Test func bitDepthFollowsThePaletteSize() {
        func depth(_ colors: Int) -> Int {
            IndexedImage(width: 1, height: 1, palette: (0..<colors).map { IndexedImage.Color(UInt8($0), 0, 0) }).bitDepth
        }
        #expect([1, 2, 3, 4, 5, 16, 17, 256].map(depth) == [1, 1, 2, 2, 4, 4, 8, 8])
    }
}
