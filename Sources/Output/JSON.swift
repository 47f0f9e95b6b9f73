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
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
        return result
    }
}
