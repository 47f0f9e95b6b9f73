extension Unicode.Scalar {
    /// A C0 or C1 control character, or a Unicode line or paragraph separator: what a name never
    /// holds, and text that spans lines holds only as a line break or a tab.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// What no output ever carries raw, whoever wrote the text (a shared file, a scanned tree and
    /// a UI test's output come from other people): the C0 and C1 controls and DEL, the line and
    /// paragraph separators, and every invisible format character (Unicode's category Cf): the
    /// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
    /// U+202A-U+202E, U+2066-U+2069), the zero-width space, joiners and word joiner, the byte
    /// order mark, the soft hyphen, tag characters. Each can move a terminal's cursor, break a
    /// line, or reorder or hide the text around it in a terminal, an editor or a code review.
    ///
    /// The terminal, the Markdown, HTML and YAML exports, messages, and the Swift and shell files
    /// dtaudit writes each show such a character escaped in their own way (`\u{202e}`, `U+202E`).
    /// Emoji joined by U+200D show their joiners escaped too: the price of one rule.
    public var isUnsafeToShow: Bool {
        let value = value
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        if value < 0xAD { return false }
        if value == 0x2028 || value == 0x2029 { return true }
        return properties.generalCategory == .format
    }

    /// `U+001B`: how messages name a character that can't be shown.
    public var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension String {
    /// The text between double quotes as C-like languages write a string (Swift, YAML): `\` and `"`
    /// backslashed, and each scalar `escape` gives a form for written in that form.
    public func doubleQuoted(escaping escape: (Unicode.Scalar) -> String?) -> String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default:
                if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
