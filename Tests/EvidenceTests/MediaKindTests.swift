import Evidence
import Testing

@Suite struct MediaKindTests {
    static func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        var bytes: [UInt8] = [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
        for brand in compatible { bytes += Array(brand.utf8) }
        return bytes + [0, 0, 0, 8] + Array("free".utf8)
    }

    @Test func acceptedKindsAreKnownByTheirFirstBytes() {
        #expect(MediaKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)) == .png)
        #expect(MediaKind.detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) == .jpeg)
        #expect(MediaKind.detect(Array("%PDF-1.7\n".utf8)) == .pdf)
        #expect(MediaKind.detect(Self.ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(MediaKind.detect(Self.ftyp("mif1", ["heic"])) == .heic)
        #expect(MediaKind.detect(Self.ftyp("qt  ", ["qt  "])) == .mov)
        #expect(MediaKind.detect([0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 0]) == .mov)
        #expect(MediaKind.detect(Self.ftyp("isom", ["isom", "iso2", "avc1", "mp41"])) == .mp4)
        #expect(MediaKind.detect(Self.ftyp("mp42")) == .mp4)
        // An unknown major brand that declares MP4 compatibility.
        #expect(MediaKind.detect(Self.ftyp("abcd", ["mp42"])) == .mp4)
    }

    /// A page source saved as UTF-16 (Windows PowerShell 5) is still a page source, known by its
    /// first 256 bytes, byte order mark or not; UTF-16 text that is no page source is not one.
    @Test func aUTF16PageSourceIsKnownAsAHierarchy() {
        let page = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\r\n<AppiumAUT>\r\n  <XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"Shop\""
        let little = page.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let big = page.utf16.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little] {
            #expect(MediaKind.detect(Array(bytes.prefix(MediaKind.prefixLength))) == .hierarchy)
        }
        let notes = "just some notes".utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        #expect(MediaKind.detect([0xFF, 0xFE] + notes) == nil)
        // A file named `.xml` is read as XML only when it starts as XML does, in either encoding.
        #expect(MediaKind.describe([0xFF, 0xFE] + notes) == "text")
        #expect(!MediaKind.startsWithMarkup([0xFF, 0xFE] + notes))
        #expect(MediaKind.startsWithMarkup([0xFF, 0xFE] + little) && MediaKind.startsWithMarkup(Array(" \n<plist>".utf8)))
    }

    @Test func otherFilesAreRefusedAndDescribed() {
        let text = Array("This is not a screenshot.\n".utf8)
        #expect(MediaKind.detect(text) == nil)
        #expect(MediaKind.describe(text) == "text")
        #expect(MediaKind.detect([]) == nil)
        #expect(MediaKind.describe([]) == "an empty file")
        #expect(MediaKind.detect(Array("GIF89a".utf8)) == nil)
        #expect(MediaKind.describe(Array("GIF89a".utf8)) == "a GIF image")
        #expect(MediaKind.describe([0x50, 0x4B, 0x03, 0x04, 20, 0]) == "a ZIP archive")
        // AVIF shares HEIF's container but is not HEIC.
        let avif = Self.ftyp("avif", ["mif1", "miaf", "avif"])
        #expect(MediaKind.detect(avif) == nil)
        #expect(MediaKind.describe(avif) == "an ISO media file of brand 'avif'")
        // Only the start counts: a PNG signature later in a file is not a PNG.
        #expect(MediaKind.detect([0x20] + [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil)
        // A truncated signature is not enough.
        #expect(MediaKind.detect([0x89, 0x50, 0x4E, 0x47]) == nil)
        // So is the signature without the header chunk that every PNG starts with.
        let signatureOnly: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(MediaKind.detect(signatureOnly) == nil)
        #expect(MediaKind.describe(signatureOnly) == "a damaged or cut-off PNG file")
    }

    @Test func acceptedListReadsAsASentence() {
        #expect(MediaKind.acceptedList == "PNG, JPEG, HEIC, PDF, MOV or MP4")
    }
}

@Suite struct ByteCountTests {
    @Test(arguments: [
        ("50MB", 50_000_000), ("50 MB", 50_000_000), ("1.5gb", 1_500_000_000), ("800k", 800_000),
        ("2MiB", 2_097_152), ("1048576", 1_048_576), ("12 bytes", 12),
    ] as [(String, Int64)])
    func parsesWhatPeopleType(text: String, bytes: Int64) {
        #expect(ByteCount.parse(text) == bytes)
    }

    @Test(arguments: ["", "MB", "-5MB", "5 parsecs", "1.2.3MB", "."])
    func refusesWhatIsNotASize(text: String) {
        #expect(ByteCount.parse(text) == nil)
    }

    @Test func formatsForPeople() {
        #expect(ByteCount.format(1) == "1 byte")
        #expect(ByteCount.format(812) == "812 bytes")
        #expect(ByteCount.format(1_200) == "1.2 KB")
        #expect(ByteCount.format(412_300) == "412 KB")
        #expect(ByteCount.format(50_000_000) == "50 MB")
        #expect(ByteCount.format(1_234_567) == "1.2 MB")
        #expect(ByteCount.format(999_999) == "1 MB")
        #expect(ByteCount.format(2_000_000_000) == "2 GB")
    }
}
