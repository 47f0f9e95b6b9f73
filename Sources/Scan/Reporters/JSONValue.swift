import Output
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
    private let stream: BufferedOutput?
    private static let chunk = 1 << 16

    /// Collects everything in memory (read it with `text`).
    init() {
        stream = nil
    }

    /// Passes the text on to `stream` in chunks; call `flush()` at the end.
    init(stream: BufferedOutput) {
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

    /// `value` as a JSON string literal, escaped as every JSON file of dtaudit is.
    mutating func string(_ value: String) {
        JSON.appendQuoted(value, to: &bytes)
        flushIfFull()
    }
}
