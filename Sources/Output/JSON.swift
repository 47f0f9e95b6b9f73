/// A JSON value whose object keys keep the order they were given in, so that every `--json` output
/// and export is byte-for-byte deterministic.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The key an id takes in every JSON output: camelCase (`recheck-pending` → `recheckPending`),
    /// so that keys have one style whether they were written by hand or come from an id.
    public static func key(_ id: String) -> String {
        var key = ""
        var upper = false
        for character in id {
            if character == "-" || character == "_" {
                upper = !key.isEmpty
            } else {
                key.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return key
    }

    public static func optional(_ text: String?) -> JSON {
        text.map(JSON.string) ?? .null
    }

    /// The value as text: indented by two spaces per level, or on one line when `pretty` is false.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    public func write(to output: inout some TextOutputStream, pretty: Bool, indent: Int) {
        switch self {
        case .null: output.write("null")
        case .bool(let value): output.write(value ? "true" : "false")
        case .int(let value): output.write(String(value))
        case .double(let value):
            output.write(value.isFinite ? String(value) : "null")
        case .string(let value): JSON.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty { output.write("[]"); return }
            output.write("[")
            for (index, value) in values.enumerated() {
                if index > 0 { output.write(",") }
                if pretty { JSON.newline(&output, indent + 1) }
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(&output, indent) }
            output.write("]")
        case .object(let members):
            if members.isEmpty { output.write("{}"); return }
            output.write("{")
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.write(",") }
                if pretty { JSON.newline(&output, indent + 1) }
                JSON.writeString(key, to: &output)
                output.write(pretty ? ": " : ":")
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSON.newline(&output, indent) }
            output.write("}")
        }
    }

    private static func newline(_ output: inout some TextOutputStream, _ indent: Int) {
        output.write("\n")
        output.write(String(repeating: "  ", count: indent))
    }

    /// Writes `text` as a JSON string literal, escaping quotes, backslashes and every control
    /// character, so that no note or name can break the document.
    public static func writeString(_ text: String, to output: inout some TextOutputStream) {
        output.write(quoted(text))
    }

    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal: the one escaping rule of every JSON file dtaudit
    /// writes, streamed or not.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &bytes) }
    }

    /// Whether the eight bytes of `word` are all printable ASCII other than a quote or a backslash:
    /// none below 0x20, none above 0x7E (DEL and every byte of a non-ASCII character), no 0x22, no 0x5C.
    @inline(__always)
    private static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = ((word &+ ones) | word) & highs
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let matches = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
        return (below | above | (matches & highs)) == 0
    }

    /// Appends valid UTF-8 `text` as a JSON string literal, escaping quotes, backslashes, every
    /// control character, DEL, and the line and paragraph separators (U+2028, U+2029), which some
    /// JavaScript readers take for line breaks. Runs that need no escape are copied whole.
    public static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = text.count
        func flush(to end: Int) {
            if end > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<end])) }
        }
        // Eight bytes at a time while none needs a look; after a word that does, its bytes one by one.
        var wordsFrom = 0
        while index < count {
            if index >= wordsFrom && index &+ 8 <= count {
                if isPlain(UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                    index &+= 8
                    continue
                }
                wordsFrom = index &+ 8
            }
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
                flush(to: index)
                bytes.append(contentsOf: (text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 3
                runStart = index
                continue
            }
            flush(to: index)
            switch byte {
            case 0x22: bytes.append(contentsOf: "\\\"".utf8)
            case 0x5C: bytes.append(contentsOf: "\\\\".utf8)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
            index += 1
            runStart = index
        }
        flush(to: count)
        bytes.append(UInt8(ascii: "\""))
    }
}
