/// The kinds of file accepted as evidence, told apart by their first bytes, never by their name.
public enum MediaKind: String, CaseIterable, Sendable {
    case png, jpeg, heic, pdf, mov, mp4
    /// A screen's element hierarchy (WebDriverAgent's page source, which the UI-test harness
    /// writes too), kept from a run so that a later run can compare the look at Large. Only the
    /// import of a run stores these: people attach the media kinds.
    case hierarchy = "xml"

    /// What people attach to a result: screenshots and screen recordings.
    public static let media: Set<MediaKind> = [.png, .jpeg, .heic, .pdf, .mov, .mp4]

    /// How many bytes from the start of a file `detect` wants to see.
    public static let prefixLength = 256

    /// The extension stored files get.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .heic: "heic"
        case .pdf: "pdf"
        case .mov: "mov"
        case .mp4: "mp4"
        case .hierarchy: "xml"
        }
    }

    public var displayName: String { self == .hierarchy ? "element hierarchy" : rawValue.uppercased() }

    /// A still image a browser or Markdown viewer can show inline (HEIC and PDF are linked instead).
    public var isInlineImage: Bool { self == .png || self == .jpeg }

    public var isImage: Bool { self == .png || self == .jpeg || self == .heic }

    /// "PNG, JPEG, HEIC, PDF, MOV or MP4", for messages.
    public static var acceptedList: String {
        let names = allCases.filter(media.contains).map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The kind of file that starts with `prefix`, or nil for anything not accepted.
    public static func detect(_ prefix: [UInt8]) -> MediaKind? {
        // The signature, then the header chunk every PNG starts with: a signature alone is no image.
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return prefix.count >= 16 && prefix[12..<16].elementsEqual("IHDR".utf8) ? .png : nil
        }
        if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if prefix.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if let box = FileTypeBox(prefix) {
            if heicBrands.contains(box.major) { return .heic }
            if box.major == "qt  " { return .mov }
            if mp4Brands.contains(box.major) { return .mp4 }
            // An unknown major brand: go by the brands the file says it is compatible with.
            if box.compatible.contains(where: { heicBrands.contains($0) && $0 != "mif1" && $0 != "msf1" }) { return .heic }
            if box.compatible.contains("qt  ") { return .mov }
            if box.compatible.contains(where: mp4Brands.contains) { return .mp4 }
            return nil
        }
        if isPageSource(prefix) { return .hierarchy }
        // QuickTime files older than the `ftyp` box start with one of these atoms.
        if prefix.count >= 8, ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(String(decoding: prefix[4..<8], as: UTF8.self)) {
            return .mov
        }
        return nil
    }

    /// What a refused file looks like, for the message that refuses it: "text", "a GIF image".
    public static func describe(_ prefix: [UInt8]) -> String {
        if prefix.isEmpty { return "an empty file" }
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "a damaged or cut-off PNG file" }
        if prefix.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
        if prefix.starts(with: Array("BM".utf8)) && prefix.count > 14 && !looksLikeText(prefix) { return "a BMP image" }
        if prefix.count >= 12, prefix.starts(with: Array("RIFF".utf8)), String(decoding: prefix[8..<12], as: UTF8.self) == "WEBP" { return "a WebP image" }
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if prefix.starts(with: [0x49, 0x49, 0x2A, 0x00]) || prefix.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
        if let box = FileTypeBox(prefix) { return "an ISO media file of brand '\(box.major)'" }
        if isPageSource(prefix) { return "an element hierarchy, which only the import of a UI-test run takes in" }
        if looksLikeText(prefix) || (isUTF16(prefix) && looksLikeText(Array(utf16Text(prefix).utf8))) { return "text" }
        return "data of an unknown kind"
    }

    /// A page source starts, after an optional byte order mark, white space and XML declaration,
    /// with its root: `<AppiumAUT` or `<XCUIElementTypeApplication`. Other XML is not one.
    static func isPageSource(_ prefix: [UInt8]) -> Bool {
        // Windows PowerShell 5 saves text as UTF-16: its start is compared as UTF-8.
        if isUTF16(prefix) { return isPageSource(Array(utf16Text(prefix).utf8)) }
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        func skipSpace() { bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
        skipSpace()
        if bytes.starts(with: Array("<?xml".utf8)) {
            guard let end = bytes.firstIndex(of: UInt8(ascii: ">")) else { return false }
            bytes = bytes[(end + 1)...]
            skipSpace()
        }
        return bytes.starts(with: Array("<AppiumAUT".utf8)) || bytes.starts(with: Array("<XCUIElementTypeApplication".utf8))
    }

    /// Whether the first character of `prefix` after white space (and a byte order mark) is `<`,
    /// in UTF-8 or UTF-16: the start of XML.
    public static func startsWithMarkup(_ prefix: [UInt8]) -> Bool {
        let text = isUTF16(prefix) ? Array(utf16Text(prefix).utf8) : prefix
        return text.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
    }

    /// Whether `prefix` starts as UTF-16 text does: a byte order mark, or `<` as one 16-bit unit.
    static func isUTF16(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 2 else { return false }
        return (prefix[0] == 0xFF && prefix[1] == 0xFE) || (prefix[0] == 0xFE && prefix[1] == 0xFF)
            || (prefix[0] == 0x3C && prefix[1] == 0) || (prefix[0] == 0 && prefix[1] == 0x3C)
    }

    /// UTF-16 bytes as text, by their byte order mark (little-endian without one, as Windows writes).
    static func utf16Text(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        var bigEndian = body.first == 0 || body.first == 0xFE
        if body.starts(with: [0xFF, 0xFE]) { body = body.dropFirst(2); bigEndian = false }
        if body.starts(with: [0xFE, 0xFF]) { body = body.dropFirst(2); bigEndian = true }
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let (high, low) = bigEndian ? (body[index], body[index + 1]) : (body[index + 1], body[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        // A prefix cut in the middle of a character is still text.
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard !decoded.unicodeScalars.contains("\u{FFFD}") || bytes.count >= MediaKind.prefixLength else { return false }
        return bytes.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]
    private static let mp4Brands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP",
        "mmp4", "dash", "MSNV", "f4v ",
    ]
}

/// The `ftyp` box that opens ISO base media files (MP4, QuickTime, HEIF): a major brand and the
/// brands the file is compatible with.
struct FileTypeBox {
    var major: String
    var compatible: [String]

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 16, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        let declared = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard declared >= 16 else { return nil }
        major = String(decoding: bytes[8..<12], as: UTF8.self)
        compatible = []
        var offset = 16
        while offset + 4 <= min(declared, bytes.count) {
            compatible.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
    }
}
