import DynamicType

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
        var result: [(line: Int, outcome: Outcome)] = []
        var code = LineCode(source)
        var line = 1
        var k = 0
        while k + needle.count <= bytes.count {
            guard bytes[k] == needle[0], bytes[k..<k + needle.count].elementsEqual(needle) else {
                k += 1
                continue
            }
            defer { k += needle.count }
            // The line, followed along as the search goes forward.
            while line < source.lineStarts.count && source.lineStarts[line] <= k { line += 1 }
            guard admits(line), code.isCode(at: k, line: line), let outcome = rewrite(source, k + 1) else { continue }
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
            guard before >= 4, source.bytes[before - 4..<before].elementsEqual("Font".utf8),
                  before == 4 || !source.isIdentifierByte(source.bytes[before - 5]) else { return nil }
        }
        let open = source.skipSpaces(from: offset + 6)
        guard open < source.bytes.count, source.bytes[open] == UInt8(ascii: "("), let close = source.closingParenthesis(from: open) else { return nil }
        // Read as bytes: a file may hold hundreds of thousands of these calls.
        let arguments = source.argumentRanges(open: open, close: close)
        guard arguments.count == 2, arguments[0].label == nil, let label = arguments[1].label,
              source.bytes[label].elementsEqual("size".utf8) else { return nil }
        let value = source.text(arguments[1].value)
        guard SwiftRewrites.isNumber(value), let size = Double(value) else { return nil }
        let choice = TextStyleChoice(pointSize: size)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: value)! + " for relativeTo:") }
        // The closing parenthesis stays where it is, so that a call spread over lines keeps its shape.
        var end = close - 1
        while end > open && SourceText.isTrimmed(source.bytes[end - 1]) { end -= 1 }
        // A trailing comma would need the new argument before it: left as it is.
        guard source.bytes[end - 1] != UInt8(ascii: ",") else { return nil }
        return .rewrite([Edit(end..<end, additions[style]!)], summary(source.bytes[offset..<close], style))
    }

    /// "`.CALL` scales like .STYLE: relativeTo: added", made in one buffer.
    static func summary(_ call: ArraySlice<UInt8>, _ style: TextStyle) -> String {
        var text: [UInt8] = Array("`.".utf8)
        text.reserveCapacity(call.count + 48)
        oneLine(call, into: &text)
        text.append(contentsOf: "` scales like .".utf8)
        text.append(contentsOf: TextStyleChoice.swiftUIName(style).utf8)
        text.append(contentsOf: ": relativeTo: added".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// What each style's rewrite adds, made once: a file may hold hundreds of thousands of them.
    private static let additions = Dictionary(uniqueKeysWithValues: TextStyle.allCases.map {
        ($0, ", relativeTo: .\(TextStyleChoice.swiftUIName($0))")
    })

    /// A call spread over lines, on one line for the summary: each run of white space and line breaks
    /// one space, none after `(` or before `)`.
    static func oneLine(_ code: ArraySlice<UInt8>, into result: inout [UInt8]) {
        var pendingSpace = false
        var last: UInt8?
        for byte in code {
            if SourceText.isTrimmed(byte) {
                pendingSpace = last != nil
                continue
            }
            if pendingSpace && last != UInt8(ascii: "(") && byte != UInt8(ascii: ")") { result.append(0x20) }
            pendingSpace = false
            result.append(byte)
            last = byte
        }
    }

    /// Whether places of a line, asked in order, are code: not after a `//` on their line outside a
    /// string literal, nor inside one. The line is read once from its start, however many places it has.
    struct LineCode {
        let source: SourceText
        private var line = 0
        private var position = 0
        private var inString = false
        private var inComment = false

        init(_ source: SourceText) { self.source = source }

        mutating func isCode(at offset: Int, line: Int) -> Bool {
            if line != self.line {
                self.line = line
                position = source.lineStarts[line - 1]
                inString = false
                inComment = false
            }
            while !inComment && position < offset {
                let byte = source.bytes[position]
                if inString {
                    if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "/") && position + 1 < offset && source.bytes[position + 1] == UInt8(ascii: "/") {
                    inComment = true
                }
                position += 1
            }
            return !inComment && !inString
        }
    }
}
