/// `Font.custom(NAME, size: N)` scales, but always along the body style's curve: a 34 pt title grows
/// to over 100 pt at AX5 where `.largeTitle` stops at 60. The scan counts it as scaled and reports
/// nothing; `--fix` still gives it `relativeTo:` with the style nearest its size, so that it grows as
/// that style does. The size at the default text size does not change.
enum RelativeCustomFonts {
    /// Where a `.custom(` call may start in `source`: a byte search, since a file reaches here only
    /// when the scan counted a text style in it.
    static func rewrites(in source: SourceText, admits: (_ line: Int) -> Bool) -> [(line: Int, outcome: Outcome)] {
        let needle = Array(".custom".utf8)
        let bytes = source.bytes
        var result: [(Int, Outcome)] = []
        var k = 0
        while k + needle.count <= bytes.count {
            guard bytes[k] == needle[0], bytes[k..<k + needle.count].elementsEqual(needle) else {
                k += 1
                continue
            }
            defer { k += needle.count }
            let line = source.line(of: k)
            guard admits(line), !inComment(source, line: line, offset: k), let outcome = rewrite(source, k + 1) else { continue }
            result.append((line, outcome))
        }
        return result
    }

    /// `.custom(NAME, size: N)` at `offset` (just past the period) to `.custom(NAME, size: N, relativeTo: .style)`.
    static func rewrite(_ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier("custom", at: offset) else { return nil }
        // `Font.custom` or a bare `.custom` where a font is expected; `Other.custom(` is not a font.
        var before = offset - 1
        while before > 0 && (source.bytes[before - 1] == 0x20 || source.bytes[before - 1] == 0x09) { before -= 1 }
        if before > 0, source.isIdentifierByte(source.bytes[before - 1]) {
            guard before >= 4, source.text(before - 4..<before) == "Font", before == 4 || !source.isIdentifierByte(source.bytes[before - 5]) else { return nil }
        }
        let open = source.skipSpaces(from: offset + 6)
        guard open < source.bytes.count, source.bytes[open] == UInt8(ascii: "("), let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard arguments.count == 2, arguments[0].label == nil, arguments[1].label == "size" else { return nil }
        guard SwiftRewrites.isNumber(arguments[1].value), let size = Double(arguments[1].value) else { return nil }
        let choice = TextStyleChoice(pointSize: size)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: arguments[1].value)! + " for relativeTo:") }
        // The closing parenthesis stays where it is, so that a call spread over lines keeps its shape.
        var end = close - 1
        while end > open && [0x20, 0x09, 0x0A, 0x0D].contains(source.bytes[end - 1]) { end -= 1 }
        // A trailing comma would need the new argument before it: left as it is.
        guard source.bytes[end - 1] != UInt8(ascii: ",") else { return nil }
        let addition = ", relativeTo: .\(TextStyleChoice.swiftUIName(style))"
        return .rewrite([Edit(end..<end, addition)], "`.\(oneLine(source.text(offset..<close)))` scales like .\(TextStyleChoice.swiftUIName(style)): relativeTo: added")
    }

    /// A call spread over lines, on one line for the summary.
    static func oneLine(_ code: String) -> String {
        var result = ""
        for word in code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            if !result.isEmpty && result.last != "(" && word.first != ")" { result += " " }
            result += word
        }
        return result
    }

    /// Whether `offset` follows a `//` on its line outside a string literal.
    static func inComment(_ source: SourceText, line: Int, offset: Int) -> Bool {
        var inString = false
        var k = source.lineStarts[line - 1]
        while k < offset {
            let byte = source.bytes[k]
            if inString {
                if byte == UInt8(ascii: "\\") { k += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/") && k + 1 < offset && source.bytes[k + 1] == UInt8(ascii: "/") {
                return true
            }
            k += 1
        }
        return inString
    }
}
