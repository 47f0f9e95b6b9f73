extension Unicode.Scalar {
    /// A C0 or C1 control character, or a Unicode line or paragraph separator: what a name never
    /// holds, and text that spans lines holds only as a line break or a tab.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// A bidirectional embedding, override or isolate, or a byte order mark: invisible, and able to
    /// reorder or hide the text around it when shown.
    public var isInvisibleFormatting: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    }

    /// `U+001B`: how messages name a character that can't be shown.
    public var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
