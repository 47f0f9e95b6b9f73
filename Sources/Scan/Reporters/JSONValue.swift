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
        var output = ""
        render(into: &output, indent: indent)
        return output
    }

    func render(into output: inout String, indent: Int) {
        switch self {
        case let .string(value): JSONValue.quote(value, into: &output)
        case let .int(value): output += String(value)
        case let .bool(value): output += value ? "true" : "false"
        case .null: output += "null"
        case let .array(values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (offset, value) in values.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                value.render(into: &output, indent: indent + 2)
                output += offset == values.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case let .object(members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (offset, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                JSONValue.quote(member.0, into: &output)
                output += ": "
                member.1.render(into: &output, indent: indent + 2)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    static func quote(_ value: String, into output: inout String) {
        output += "\""
        // Most strings need no escape at all: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
