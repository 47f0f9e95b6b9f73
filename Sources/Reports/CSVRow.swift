import AuditLog

/// One CSV row as both CSV exports write it: RFC 4180 (comma separated, CRLF line ends, fields
/// quoted when they hold a comma, quote or line break, quotes doubled). A field that starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, so that no
/// spreadsheet runs it as a formula.
public enum CSVRow {
    /// Appends `fields` as one row, line end included.
    public static func append(_ fields: [String], to text: inout ByteText) {
        for (index, value) in fields.enumerated() {
            if index > 0 { text.append(",") }
            appendField(value, to: &text)
        }
        text.append("\r\n")
    }

    static func field(_ value: String) -> String {
        var text = ByteText(capacity: value.utf8.count + 4)
        appendField(value, to: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    static func appendField(_ value: String, to text: inout ByteText) {
        var value = value
        value.withUTF8 { appendField(valid: $0, to: &text) }
    }

    /// The field as RFC 4180 wants it, made inert for spreadsheets; `value` is valid UTF-8, so its
    /// first byte is one of `=+-@`, a tab or a carriage return exactly when its first scalar is.
    static func appendField(valid value: UnsafeBufferPointer<UInt8>, to text: inout ByteText) {
        let formula: Bool
        switch value.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: formula = true
        default: formula = false
        }
        let needsQuotes = value.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            if formula { text.append("'") }
            text.append(value)
            return
        }
        text.append("\"")
        if formula { text.append("'") }
        var start = 0
        for (index, byte) in value.enumerated() where byte == UInt8(ascii: "\"") {
            text.append(UnsafeBufferPointer(rebasing: value[start...index]))
            text.append("\"")
            start = index + 1
        }
        text.append(UnsafeBufferPointer(rebasing: value[start...]))
        text.append("\"")
    }
}
