import Platform

/// Writes JSON text as UTF-8 bytes into a buffer that goes to a stream whenever it fills, so that a
/// large report is never held whole as a string.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private let stream: BufferedOutput?
    private static let chunk = 1 << 16

    /// Collects everything in memory (read it with `text`).
    public init() {
        stream = nil
    }

    /// Passes the text on to `stream` in chunks; call `flush()` at the end.
    public init(stream: BufferedOutput) {
        self.stream = stream
        bytes.reserveCapacity(JSONWriter.chunk + 1024)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func flush() {
        guard let stream, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { stream.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func flushIfFull() {
        if stream != nil && bytes.count >= JSONWriter.chunk { flush() }
    }

    public mutating func append(_ slice: ArraySlice<UInt8>) {
        bytes.append(contentsOf: slice)
        flushIfFull()
    }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// `text`'s bytes as they are, without quotes or escapes.
    public mutating func plain(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    public mutating func spaces(_ count: Int) {
        for _ in 0..<max(0, count) { bytes.append(0x20) }
    }

    public mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        guard value > 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Digit by digit, from the largest power of ten in it: no string made for a line number.
        var power = 10
        while value / power >= 10 { power *= 10 }
        while power > 0 {
            bytes.append(0x30 + UInt8(value / power % 10))
            power /= 10
        }
    }

    /// `value` as a JSON string literal, escaped as every JSON file of dtaudit is.
    public mutating func string(_ value: String) {
        JSON.appendQuoted(value, to: &bytes)
        flushIfFull()
    }

    /// `value` in the layout of `JSON.serialized()` (two-space indents, objects in their order),
    /// starting at `indent` spaces: a document streamed in parts reads as one serialized whole.
    public mutating func value(_ value: JSON, indent: Int) {
        switch value {
        case let .string(text): string(text)
        case let .int(number): int(number)
        case let .double(number): plain(number.isFinite ? String(number) : "null")
        case let .bool(flag): raw(flag ? "true" : "false")
        case .null: raw("null")
        case let .array(values):
            if values.isEmpty {
                raw("[]")
                return
            }
            raw("[\n")
            for (offset, element) in values.enumerated() {
                spaces(indent + 2)
                self.value(element, indent: indent + 2)
                raw(offset == values.count - 1 ? "\n" : ",\n")
            }
            spaces(indent)
            raw("]")
        case let .object(members):
            if members.isEmpty {
                raw("{}")
                return
            }
            raw("{\n")
            for (offset, member) in members.enumerated() {
                spaces(indent + 2)
                string(member.0)
                raw(": ")
                self.value(member.1, indent: indent + 2)
                raw(offset == members.count - 1 ? "\n" : ",\n")
            }
            spaces(indent)
            raw("}")
        }
    }
}
