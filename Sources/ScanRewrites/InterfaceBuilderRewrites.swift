import Scan

/// The rewrites of findings in storyboards and xibs: attribute edits on the element the finding is on,
/// so that the file stays well-formed XML and Interface Builder reads it as before.
enum InterfaceBuilderRewrites {
    /// The elements whose font can follow the text size live.
    static let textElements = ["label", "textField", "textView"]

    static func rewrite(_ finding: Finding, in source: SourceText) -> Outcome {
        let line = finding.line
        guard line >= 1, line <= source.lineStarts.count else { return .suggestion("the line has changed since the scan") }
        let range = source.lineStarts[line - 1]..<source.lineEnd(line)
        let text = source.text(range)
        switch finding.rule {
        case .singleLine:
            if let attribute = text.firstRange(of: "numberOfLines=\"1\"") {
                let start = range.lowerBound + text.utf8.distance(from: text.startIndex, to: attribute.lowerBound)
                return .rewrite([Edit(start..<start + 17, "numberOfLines=\"0\"")], "`numberOfLines=\"1\"` to `\"0\"`")
            }
            // No Lines setting: Interface Builder leaves out the default of one.
            if let tag = StartTag(text, range, names: ["label"]), tag.attributes["numberOfLines"] == nil {
                return .rewrite([Edit(tag.nameEnd..<tag.nameEnd, " numberOfLines=\"0\"")], "Lines (`numberOfLines`) set to `\"0\"`")
            }
        case .noLiveUpdate:
            // A text style label, field or text view with "Automatically Adjusts Font" off.
            if let tag = StartTag(text, range, names: textElements) {
                switch tag.attributes["adjustsFontForContentSizeCategory"] {
                case "NO"?:
                    if let at = tag.offset(of: "adjustsFontForContentSizeCategory=\"NO\"", in: text, range) {
                        return .rewrite([Edit(at..<at + 38, "adjustsFontForContentSizeCategory=\"YES\"")], "\"Automatically Adjusts Font\" turned on")
                    }
                case nil:
                    return .rewrite([Edit(tag.close..<tag.close, " adjustsFontForContentSizeCategory=\"YES\"")], "\"Automatically Adjusts Font\" turned on")
                default:
                    break
                }
            }
        case .fixedFontSize:
            return systemFont(text, range, source) ?? .suggestion("no automatic rewrite for this font: choose a text style in Interface Builder and check Automatically Adjusts Font")
        default:
            break
        }
        return .suggestion("no automatic rewrite for this form: " + finding.rule.fix)
    }

    /// `<fontDescription key="fontDescription" type="system" pointSize="N"/>` to the nearest text style,
    /// with "Automatically Adjusts Font" on the label, text field or text view that holds it.
    static func systemFont(_ text: String, _ range: Range<Int>, _ source: SourceText) -> Outcome? {
        guard let element = text.firstRange(of: "<fontDescription "), let end = text[element.upperBound...].firstRange(of: "/>") else { return nil }
        let attributes = attributes(String(text[element.upperBound..<end.lowerBound]))
        guard attributes.count == 3, attributes["key"] != nil, attributes["type"] == "system",
              let size = attributes["pointSize"], let points = Double(size) else { return nil }
        let choice = TextStyleChoice(pointSize: points)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: size)!) }
        // The element that holds the font: the nearest text element opened above and not closed since.
        var holder: (start: Int, close: Int, text: String)?  // `close`: the offset of the start tag's `>`
        var line = source.line(of: range.lowerBound) - 1
        while line >= 1 && holder == nil && line > source.line(of: range.lowerBound) - 40 {
            let lineRange = source.lineStarts[line - 1]..<source.lineEnd(line)
            let lineText = source.text(lineRange)
            let trimmed = lineText.trimmingSpaces
            if trimmed.hasPrefix("</") { return nil }
            if textElements.contains(where: { trimmed.hasPrefix("<\($0) ") }), trimmed.hasSuffix(">"), !trimmed.hasSuffix("/>"),
               let greater = lineText.utf8.lastIndex(of: UInt8(ascii: ">")) {
                holder = (lineRange.lowerBound, lineRange.lowerBound + lineText.utf8.distance(from: lineText.startIndex, to: greater), lineText)
            } else if trimmed.hasPrefix("<"), !trimmed.hasSuffix("/>"), !trimmed.hasPrefix("<!--") {
                // Another element opened between: the font is not the text element's own.
                return nil
            }
            line -= 1
        }
        guard let holder else { return nil }
        let start = range.lowerBound + text.utf8.distance(from: text.startIndex, to: element.lowerBound)
        let stop = range.lowerBound + text.utf8.distance(from: text.startIndex, to: end.upperBound)
        let key = attributes["key"]!
        let replacement = "<fontDescription key=\"\(key)\" style=\"\(TextStyleChoice.interfaceBuilderName(style))\"/>"
        var edits = [Edit(start..<stop, replacement)]
        if let existing = holder.text.firstRange(of: "adjustsFontForContentSizeCategory=\"NO\"") {
            let at = holder.start + holder.text.utf8.distance(from: holder.text.startIndex, to: existing.lowerBound)
            edits.append(Edit(at..<at + 38, "adjustsFontForContentSizeCategory=\"YES\""))
        } else if !holder.text.contains("adjustsFontForContentSizeCategory=") {
            // Before the start tag's closing `>`.
            edits.append(Edit(holder.close..<holder.close, " adjustsFontForContentSizeCategory=\"YES\""))
        }
        return .rewrite(edits, "System \(size) pt to the \(style.rawValue) text style, adjusting automatically")
    }

    /// `name="value"` pairs of a start tag's text.
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstRange(of: "=\"") {
            let name = rest[..<equals.lowerBound].trimmingCharacters(in: " \t")
            guard let close = rest[equals.upperBound...].firstIndex(of: "\"") else { break }
            result[name] = String(rest[equals.upperBound..<close])
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}

/// The start tag of an element that begins a line of an Interface Builder file, read with its quotes:
/// where its name ends and where its closing `>` (or `/>`) is, in the file's bytes, and its attributes.
struct StartTag {
    var nameEnd: Int
    var close: Int
    var attributes: [String: String]

    /// The tag of one of `names` that is the first thing on the line `text` (at `range` of the file)
    /// and ends on it; nil otherwise.
    init?(_ text: String, _ range: Range<Int>, names: [String]) {
        let bytes = Array(text.utf8)
        var k = 0
        while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        guard k < bytes.count, bytes[k] == UInt8(ascii: "<"),
              let name = names.first(where: { bytes[(k + 1)...].starts(with: $0.utf8) && k + 1 + $0.utf8.count < bytes.count
                  && (bytes[k + 1 + $0.utf8.count] == 0x20 || bytes[k + 1 + $0.utf8.count] == UInt8(ascii: ">")) })
        else { return nil }
        let nameEnd = k + 1 + name.utf8.count
        // The first `>` outside quotes ends the tag; an attribute's value may hold one.
        var quote: UInt8?
        var j = nameEnd
        while j < bytes.count {
            let byte = bytes[j]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            j += 1
        }
        guard j < bytes.count else { return nil }
        let close = j > nameEnd && bytes[j - 1] == UInt8(ascii: "/") ? j - 1 : j
        self.nameEnd = range.lowerBound + nameEnd
        self.close = range.lowerBound + close
        attributes = InterfaceBuilderRewrites.attributes(String(decoding: bytes[nameEnd..<close], as: UTF8.self))
    }

    /// Where `attribute` (written whole, `name="value"`) is in the tag, in the file's bytes.
    func offset(of attribute: String, in text: String, _ range: Range<Int>) -> Int? {
        let bytes = Array(text.utf8)
        let needle = Array(attribute.utf8)
        let from = nameEnd - range.lowerBound
        let to = close - range.lowerBound
        guard let at = SourceText.find(needle, in: Array(bytes[..<to]), from: from), at > 0,
              bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 else { return nil }
        return range.lowerBound + at
    }
}
