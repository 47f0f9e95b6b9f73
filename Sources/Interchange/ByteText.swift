/// Text built as UTF-8 bytes, for exports that stream to a file instead of growing a `String`.
///
/// `quoted` escapes exactly as `JSON.quoted` does, byte for byte, so a record written here reads
/// the same as one serialized from a `JSON` value.
public struct ByteText {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends text that needs no escaping.
    @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    public mutating func append(_ other: ByteText, range: Range<Int>) {
        bytes.append(contentsOf: other.bytes[range])
    }

    /// `text` as a JSON string literal, as `JSON.quoted(text)` writes it.
    public mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted(valid: $0) }
    }

    /// Stored text as a JSON string literal, as `JSON.quoted(String(decoding: text, as: UTF8.self))`
    /// writes it: invalid UTF-8 is replaced the way `String(decoding:)` replaces it.
    public mutating func appendQuoted(stored text: UnsafeBufferPointer<UInt8>) {
        if ByteText.isASCII(text) {
            appendQuoted(valid: text)
        } else {
            appendQuoted(String(decoding: text, as: UTF8.self))
        }
    }

    /// Escapes quotes, backslashes, control characters, DEL and the line and paragraph separators,
    /// which are the scalars `JSON.quoted` escapes; `text` must be valid UTF-8.
    mutating func appendQuoted(valid text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
                index += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                guard index + 2 < count, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
                flush(text, from: runStart, to: index)
                append(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 3
                runStart = index
                continue
            }
            flush(text, from: runStart, to: index)
            switch byte {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
            index += 1
            runStart = index
        }
        flush(text, from: runStart, to: count)
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private mutating func flush(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        if end > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end])) }
    }

    public static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte >= 0x80 { return false }
        return true
    }
}
