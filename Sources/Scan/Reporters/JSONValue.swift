import Platform

/// A JSON value whose objects keep their keys in the order written, so that output is stable
/// and reads in a sensible order.
indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Pretty-printed with two-space indentation, no trailing newline.
    func rendered(indent: Int = 0) -> String {
        var writer = JSONWriter()
        render(into: &writer, indent: indent)
        return writer.text
    }

    func render(into writer: inout JSONWriter, indent: Int) {
        switch self {
        case let .string(value): writer.string(value)
        case let .int(value): writer.int(value)
        case let .bool(value): writer.raw(value ? "true" : "false")
        case .null: writer.raw("null")
        case let .array(values):
            if values.isEmpty {
                writer.raw("[]")
                return
            }
            writer.raw("[\n")
            for (offset, value) in values.enumerated() {
                writer.spaces(indent + 2)
                value.render(into: &writer, indent: indent + 2)
                writer.raw(offset == values.count - 1 ? "\n" : ",\n")
            }
            writer.spaces(indent)
            writer.raw("]")
        case let .object(members):
            if members.isEmpty {
                writer.raw("{}")
                return
            }
            writer.raw("{\n")
            for (offset, member) in members.enumerated() {
                writer.spaces(indent + 2)
                writer.string(member.0)
                writer.raw(": ")
                member.1.render(into: &writer, indent: indent + 2)
                writer.raw(offset == members.count - 1 ? "\n" : ",\n")
            }
            writer.spaces(indent)
            writer.raw("}")
        }
    }
}

/// Writes JSON text as UTF-8 bytes into a buffer that goes to a stream whenever it fills, so that a
/// large report is never held whole as a string.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private let stream: Platform.OutputStream?
    private static let chunk = 1 << 16

    /// Collects everything in memory (read it with `text`).
    init() {
        stream = nil
    }

    /// Passes the text on to `stream` in chunks; call `flush()` at the end.
    init(stream: Platform.OutputStream) {
        self.stream = stream
        bytes.reserveCapacity(JSONWriter.chunk + 1024)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func flush() {
        guard let stream, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { stream.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func flushIfFull() {
        if stream != nil && bytes.count >= JSONWriter.chunk { flush() }
    }

    mutating func append(_ slice: ArraySlice<UInt8>) {
        bytes.append(contentsOf: slice)
        flushIfFull()
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// `text`'s bytes as they are, without quotes or escapes.
    mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    mutating func spaces(_ count: Int) {
        for _ in 0..<max(0, count) { bytes.append(0x20) }
    }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// How many of the word's bytes, from the first, need no escape and start no separator:
    /// not below 0x20, not `"`, `\\` or 0xE2 (the first byte of U+2028 and U+2029).
    @inline(__always)
    static func plainRun(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Top bit of each byte of `x` that is zero, exactly (no borrow between bytes).
        func zeros(_ x: UInt64) -> UInt64 { ~(((x & lows) &+ lows) | x) & highs }
        let atLeast20 = ((word & lows) &+ ones &* 0x60) & highs
        let control = ~atLeast20 & ~word & highs
        let special = control | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | zeros(word ^ (ones &* 0xE2))
        return special.trailingZeroBitCount / 8
    }

    /// `value` in quotes, with `"`, `\\`, control characters and the line and paragraph separators
    /// (U+2028, U+2029) escaped; everything else is copied as it is.
    mutating func string(_ value: String) {
        bytes.append(0x22)
        var value = value
        value.withUTF8 { source in
            let count = source.count
            var copied = 0
            var k = 0
            while k < count {
                // Eight plain bytes at a time: most of every string needs no escape.
                if k + 8 <= count {
                    let run = JSONWriter.plainRun(Byte.word(source, k))
                    k += run
                    if run == 8 { continue }
                }
                guard k < count else { break }
                let byte = source[k]
                var escape: StaticString? = nil
                var width = 1
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    switch byte {
                    case 0x22: escape = "\\\""
                    case 0x5C: escape = "\\\\"
                    case 0x0A: escape = "\\n"
                    case 0x0D: escape = "\\r"
                    case 0x09: escape = "\\t"
                    case 0x08: escape = "\\b"
                    case 0x0C: escape = "\\f"
                    default: break
                    }
                } else if byte == 0xE2 && k + 2 < count && source[k + 1] == 0x80 && (source[k + 2] == 0xA8 || source[k + 2] == 0xA9) {
                    escape = source[k + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                } else {
                    k += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<k]))
                if let escape {
                    escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
                } else {
                    // Other control characters: \u00XX in lowercase hex.
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
                k += width
                copied = k
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<count]))
        }
        bytes.append(0x22)
        flushIfFull()
    }
}
