import Output

/// Text built as UTF-8 bytes, for exports that stream to a file instead of growing a `String`.
///
/// Strings are quoted by `JSON.appendQuoted`, so a record written here reads the same as one
/// serialized from a `JSON` value.
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

    /// `text` must be valid UTF-8.
    mutating func appendQuoted(valid text: UnsafeBufferPointer<UInt8>) {
        JSON.appendQuoted(text, to: &bytes)
    }

    public static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte >= 0x80 { return false }
        return true
    }
}
