import DynamicType

/// `Font.custom(NAME, size: N)` scales, but always along the body style's curve: a 34 pt title grows
/// to over 100 pt at AX5 where `.largeTitle` stops at 60. The scan counts it as scaled and reports
/// nothing; `--fix` still gives it `relativeTo:` with the style nearest its size, so that it grows as
/// that style does. The size at the default text size does not change.
enum RelativeCustomFonts {
    /// A custom font to give a style, found at `offset` (where `relativeTo:` goes), or why not.
    enum Found {
        case rewrite(at: Int, call: Range<Int>, style: TextStyle)
        case suggestion(String)
    }

    /// Appends to `list` the rewrite of each custom font in `source` on a line `admits` takes, and
    /// passes on why others are left. A byte search, since a file reaches here only when the scan
    /// counted a text style in it; each rewrite goes straight into the list, with nothing allocated
    /// for it alone (a file may hold hundreds of thousands).
    static func rewrites(in source: SourceText, file: String, admits: (_ line: Int) -> Bool, into list: inout RewriteList,
                         suggest: (_ line: Int, _ text: String) -> Void) {
        let needle = Array(".custom".utf8)
        var code = LineCode(source)
        var line = 1
        var from = 0
        while let k = source.find(needle, from: from) {
            from = k + needle.count
            // The line, followed along as the search goes forward.
            while line < source.lineStarts.count && source.lineStarts[line] <= k { line += 1 }
            guard admits(line), code.isCode(at: k, line: line), let found = rewrite(source, k + 1) else { continue }
            switch found {
            case let .rewrite(end, call, style):
                list.appendStyleInsertion(file: file, bytes: source.bytes, line: line, at: end, call: call, style: style)
            case let .suggestion(text):
                suggest(line, text)
            }
        }
    }

    /// `.custom(NAME, size: N)` at `offset` (just past the period) to `.custom(NAME, size: N, relativeTo: .style)`.
    static func rewrite(_ source: SourceText, _ offset: Int) -> Found? {
        guard source.identifier("custom", at: offset) else { return nil }
        // `Font.custom` or a bare `.custom` where a font is expected; `Other.custom(` is not a font.
        var before = offset - 1
        while before > 0 && (source.bytes[before - 1] == 0x20 || source.bytes[before - 1] == 0x09) { before -= 1 }
        if before > 0, source.isIdentifierByte(source.bytes[before - 1]) {
            guard before >= 4, source.bytes(before - 4..<before, equal: fontWord),
                  before == 4 || !source.isIdentifierByte(source.bytes[before - 5]) else { return nil }
        }
        let open = source.skipSpaces(from: offset + 6)
        guard open < source.bytes.count, source.bytes[open] == UInt8(ascii: "("), let close = source.closingParenthesis(from: open) else { return nil }
        // Read as bytes, with nothing allocated: a file may hold hundreds of thousands of these calls.
        var count = 0
        var name: SourceText.ArgumentRange?
        var size: SourceText.ArgumentRange?
        source.forEachArgument(open: open, close: close) { argument in
            if count == 0 { name = argument } else if count == 1 { size = argument }
            count += 1
        }
        guard count == 2, name?.label == nil, let size, let label = size.label, source.bytes(label, equal: sizeWord) else { return nil }
        guard let points = SwiftRewrites.number(source.bytes[size.value]) else { return nil }
        let choice = TextStyleChoice(pointSize: points)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: source.text(size.value))! + " for relativeTo:") }
        // The closing parenthesis stays where it is, so that a call spread over lines keeps its shape.
        var end = close - 1
        while end > open && SourceText.isTrimmed(source.bytes[end - 1]) { end -= 1 }
        // A trailing comma would need the new argument before it: left as it is.
        guard source.bytes[end - 1] != UInt8(ascii: ",") else { return nil }
        return .rewrite(at: end, call: offset..<close, style: style)
    }

    private static let fontWord = Array("Font".utf8)
    private static let sizeWord = Array("size".utf8)

    /// What a rewrite to a style adds, and how its summary ends.
    struct StyleTexts {
        var style: TextStyle
        var addition: String
        var additionBytes: [UInt8]
        var summaryEnd: [UInt8]
    }

    /// Made once, in the order of `TextStyle.allCases`.
    private static let styleTexts = TextStyle.allCases.map { style in
        let name = TextStyleChoice.swiftUIName(style)
        let addition = ", relativeTo: .\(name)"
        return StyleTexts(style: style, addition: addition, additionBytes: Array(addition.utf8),
                          summaryEnd: Array("` scales like .\(name): relativeTo: added".utf8))
    }

    static func texts(_ style: TextStyle) -> StyleTexts { styleTexts[slot(style)] }

    /// `body` given each style's argument as bytes, read in place.
    static func withAdditions<R>(_ body: ((TextStyle) -> UnsafeRawBufferPointer) -> R) -> R {
        additions.bytes.withUnsafeBytes { bytes in
            additions.bounds.withUnsafeBufferPointer { bounds in
                styleOrder.withUnsafeBufferPointer { styles in
                    body { style in
                        var k = 0
                        while styles[k] != style { k += 1 }
                        return UnsafeRawBufferPointer(rebasing: bytes[bounds[k]..<bounds[k + 1]])
                    }
                }
            }
        }
    }

    /// Every style's argument in one buffer, with where each starts and ends, in the order of `styleTexts`.
    private static let additions: (bytes: [UInt8], bounds: [Int]) = {
        var bounds = [0]
        for texts in styleTexts { bounds.append(bounds.last! + texts.additionBytes.count) }
        return (styleTexts.flatMap(\.additionBytes), bounds)
    }()

    /// Where `style`'s texts are in `styleTexts`: found without copying any of them.
    private static func slot(_ style: TextStyle) -> Int {
        var k = 0
        while styleOrder[k] != style { k += 1 }
        return k
    }

    /// The styles in the order of `styleTexts`.
    private static let styleOrder = styleTexts.map(\.style)

    /// "`.CALL` scales like .STYLE: relativeTo: added", written straight into the string's storage:
    /// a file may hold hundreds of thousands. Code that is not UTF-8 comes out repaired, with
    /// replacement characters, as in an editor.
    static func summary(_ call: ArraySlice<UInt8>, style: TextStyle) -> String {
        call.withUnsafeBufferPointer { code in
            String(unsafeUninitializedCapacity: summaryCapacity(code)) { buffer in writeSummary(code, style: style, into: buffer.baseAddress!) }
        }
    }

    /// Room enough for the summary of `call`.
    static func summaryCapacity(_ call: UnsafeBufferPointer<UInt8>) -> Int { 2 + call.count + longestEnding }

    private static let longestEnding = styleTexts.map(\.summaryEnd.count).max()!

    /// Writes the summary of `call` at `out` (room for `summaryCapacity`); returns its length. The
    /// call on one line: each run of white space and line breaks one space, none after `(` or before `)`.
    static func writeSummary(_ call: UnsafeBufferPointer<UInt8>, style: TextStyle, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "`")
        out[1] = UInt8(ascii: ".")
        var count = 2
        var pendingSpace = false
        for byte in call {
            if SourceText.isTrimmed(byte) {
                pendingSpace = count > 2
                continue
            }
            if pendingSpace && out[count - 1] != UInt8(ascii: "(") && byte != UInt8(ascii: ")") {
                out[count] = 0x20
                count += 1
            }
            pendingSpace = false
            out[count] = byte
            count += 1
        }
        return styleTexts[slot(style)].summaryEnd.withUnsafeBufferPointer { ending in
            (out + count).update(from: ending.baseAddress!, count: ending.count)
            return count + ending.count
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
