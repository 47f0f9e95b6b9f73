import Output

/// Building blocks for GitHub-flavoured Markdown that stays readable as plain text and that no
/// user-provided text can break: every name, note and reference goes through `text(_:)`.
public enum Markdown {
    /// `text` made inert inline: every character Markdown, GitHub's extensions (tables,
    /// strikethrough, math) or HTML give a meaning to is escaped, line breaks become a visible
    /// mark, and control and direction-changing characters are shown as code points. Safe in a
    /// paragraph, a list item, a heading and a table cell.
    public static func text(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        let scalars = Array(text.unicodeScalars)
        // What the current line holds so far, to spot the start of a list.
        var onlySpaces = true
        var onlyDigits = false
        var index = 0
        func lineBreak() {
            result += " ↵ "
            onlySpaces = true
            onlyDigits = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            var escaped = false
            switch scalar {
            case "\r":
                if index < scalars.count, scalars[index] == "\n" { continue }
                lineBreak()
                continue
            case "\n":
                lineBreak()
                continue
            case "\t":
                result += " "
                continue
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "$", "#", "!", "{", "}":
                escaped = true
            case "&":
                // Only an ampersand that starts an entity (&amp; &#38;) needs escaping.
                var end = index
                if end < scalars.count, scalars[end] == "#" { end += 1 }
                while end < scalars.count, end - index < 40, scalars[end].isASCII, scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) {
                    end += 1
                }
                escaped = end > index && end < scalars.count && scalars[end] == ";"
            case "-", "+", "=":
                // At the start of a line these could begin a list, a rule or a heading underline.
                escaped = onlySpaces
            case ".", ")":
                // `1.` or `1)` at the start of a line would begin a numbered list; the dot of
                // `www.` would begin one of GitHub's autolinks.
                escaped = onlyDigits || (scalar == "." && index >= 4 && scalars[index - 4] == "w" && scalars[index - 3] == "w" && scalars[index - 2] == "w")
            case ":":
                // `https://` and every other scheme's `://` begins an autolink.
                escaped = index + 1 < scalars.count && scalars[index] == "/" && scalars[index + 1] == "/"
            case "@":
                // An e-mail address becomes a link whatever is escaped, since GitHub finds it in the
                // text after escapes are read: a word joiner, which shows as nothing, keeps its
                // domain from starting right after the @.
                result.unicodeScalars.append(scalar)
                if Markdown.startsDomain(scalars, at: index) { result.unicodeScalars.append("\u{2060}") }
                onlySpaces = false
                onlyDigits = false
                continue
            default:
                if scalar.isUnsafeToShow {
                    result += scalar.codePoint
                    onlySpaces = false
                    onlyDigits = false
                    continue
                }
            }
            if escaped { result += "\\" }
            result.unicodeScalars.append(scalar)
            if scalar != " " {
                onlyDigits = (onlySpaces || onlyDigits) && ("0"..."9").contains(scalar)
                onlySpaces = false
            }
        }
        return result.withoutOuterSpaces
    }

    /// Whether `scalars` from `start` read as a domain an e-mail autolink takes: letters, digits,
    /// `-`, `_` and dots, with a dot followed by a letter or digit.
    static func startsDomain(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start
        var dotted = false
        while index < scalars.count, scalars[index].isASCII,
              scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || "-_.".unicodeScalars.contains(scalars[index]) {
            if scalars[index] == ".", index > start, index + 1 < scalars.count, scalars[index + 1].isASCII,
               scalars[index + 1].properties.isAlphabetic || ("0"..."9").contains(scalars[index + 1]) {
                dotted = true
            }
            index += 1
        }
        return dotted
    }

    /// `text` for a double-quoted HTML attribute (`alt`, `title`) in a Markdown table cell: the
    /// characters HTML gives a meaning to become entities, and so do the pipe that would end the
    /// cell and the backslash and backtick Markdown reads; line breaks and control characters
    /// become spaces.
    public static func attribute(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": result += "&#124;"
            case "\\": result += "&#92;"
            case "`": result += "&#96;"
            default:
                if let reference = XML.reference(for: scalar) {
                    result += reference
                } else if scalar.isUnsafeToShow {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A table: the header, the alignment row, then one line per row. Cells must already be escaped.
    public static func table(_ header: [String], _ alignments: [Alignment], _ rows: [[String]]) -> String {
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + alignments.map(\.delimiter).joined(separator: "|") + "|")
        for row in rows {
            lines.append("| " + row.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public enum Alignment {
        case left, center, right

        var delimiter: String {
            switch self {
            case .left: ":---"
            case .center: ":---:"
            case .right: "---:"
            }
        }
    }

    /// A text progress bar in a code span, so it keeps its width rendered and as plain text. It is
    /// full only when `part` is all of `total`, and empty only when `part` is nothing.
    public static func bar(_ part: Int, of total: Int, width: Int = 20) -> String {
        var filled = total == 0 ? 0 : part * width / total
        if part > 0 && filled == 0 { filled = 1 }
        if part < total && filled == width { filled = width - 1 }
        filled = min(width, max(0, filled))
        return "`" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "`"
    }

    /// `part` as a whole percentage of `total`, as the terminal shows it.
    public static func percent(_ part: Int, of total: Int) -> String {
        "\(TextLayout.percent(part, of: total)) %"
    }

    /// The anchor GitHub gives a heading: lower case, punctuation removed, spaces made hyphens;
    /// repeated headings get -1, -2 ... Keep one `Anchors` per document, in heading order.
    public struct Anchors {
        private var used: [String: Int] = [:]

        public init() {}

        public mutating func anchor(for heading: String) -> String {
            var slug = ""
            for character in heading.lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character == "-" || character == "_" || character.isLetter || character.isNumber
                            || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                    slug.append(character)
                }
            }
            if let count = used[slug] {
                used[slug] = count + 1
                return slug + "-\(count)"
            }
            used[slug] = 1
            return slug
        }
    }
}

extension String {
    /// Without leading and trailing spaces (U+0020); other white space is kept as typed.
    var withoutOuterSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
