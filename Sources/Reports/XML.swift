/// Text written into XML or HTML: the charts' SVG and the VPAT page, and (through
/// `Markdown.attribute`) the HTML inside the review page.
enum XML {
    /// The reference that stands for `scalar` where XML and HTML give it a meaning; nil for any other.
    /// An apostrophe is written `&#39;`, which XML and every version of HTML read alike.
    static func reference(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
    }

    /// `text` safe in an element's text or a quoted attribute; the characters XML 1.0 forbids
    /// (control characters but the tab and line break, U+FFFE, U+FFFF) become spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let reference = reference(for: scalar) {
                result += reference
            } else if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0xFFFE...0xFFFF).contains(scalar.value) {
                result += " "
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
