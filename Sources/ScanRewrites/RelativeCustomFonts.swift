import DynamicType
import Platform

/// `Font.custom(NAME, size: N)` scales, but always along the body style's curve: a 34 pt title grows
/// to over 100 pt at AX5 where `.largeTitle` stops at 60. The scan counts it as scaled and reports
/// nothing; `--fix` still gives it `relativeTo:` with the style nearest its size, so that it grows as
/// that style does. The size at the default text size does not change.
enum RelativeCustomFonts {
    /// A custom font to give a style, found at `offset` (where `relativeTo:` goes), or why not.
    enum Found: Sendable {
        case rewrite(at: Int, call: Range<Int>, style: TextStyle)
        case suggestion(String)
    }

    /// Appends to `list` the rewrite of each custom font in `source` on a line `admits` takes, and
    /// passes on why others are left. `sites` are where the file names `.custom` in code, in order
    /// (`CustomFontSites`, from the scan's tokens: nothing in a comment or a literal is rewritten);
    /// each rewrite goes straight into the list, with nothing allocated for it alone (a file may
    /// hold hundreds of thousands).
    /// From `splittingFrom` places on, half of them are read on another core.
    static func rewrites(in source: SourceText, sites: [Int32], file: String, admits: (_ line: Int) -> Bool, into list: inout RewriteList,
                         splittingFrom threshold: Int = sitesWorthASecondCore, suggest: (_ line: Int, _ text: String) -> Void) {
        // A rewrite for each place, nearly always.
        list.reserveCapacity(adding: sites.count)
        var line = 1
        var appended = false
        let lineStarts = source.lineStarts
        source.bytes.withUnsafeBufferPointer { bytes in
            func take(_ site: Int32, _ read: (Int) -> Found?) {
                // The period before the name, which the line is found from.
                let k = Int(site) - 1
                guard k >= 0, k < bytes.count else { return }
                // The line, followed along as the sites go forward.
                while line < lineStarts.count && lineStarts[line] <= k { line += 1 }
                guard admits(line), let found = read(k + 1) else { return }
                switch found {
                case let .rewrite(end, call, style) where appended:
                    list.appendStyleInsertion(line: line, at: end, call: call, style: style)
                case let .rewrite(end, call, style):
                    // The file is named with its first rewrite only.
                    list.appendStyleInsertion(file: file, bytes: source.bytes, line: line, at: end, call: call, style: style)
                    appended = true
                case let .suggestion(text):
                    suggest(line, text)
                }
            }
            // Each call is read on its own, from the bytes alone: with many, those of the second half
            // are read on another core while this one reads and lists the first half's; the lines,
            // the list and the suggestions then follow the sites' order as before.
            guard sites.count >= max(threshold, 2) else {
                for site in sites { take(site) { rewrite(bytes, $0) } }
                return
            }
            let half = sites.count / 2
            let (_, later) = atOnce({
                for site in sites[..<half] { take(site) { rewrite(bytes, $0) } }
            }, {
                [Found?](unsafeUninitializedCapacity: sites.count - half) { found, made in
                    Memory.preferLargePages(UnsafeMutableRawBufferPointer(found))
                    for (n, site) in sites[half...].enumerated() {
                        let k = Int(site) - 1
                        (found.baseAddress! + n).initialize(to: k >= 0 && k < bytes.count ? rewrite(bytes, k + 1) : nil)
                    }
                    made = sites.count - half
                }
            })
            for (site, found) in zip(sites[half...], later) { take(site) { _ in found } }
        }
    }

    /// Below this many places, reading them on one core costs less than handing half to another.
    static let sitesWorthASecondCore = 4096

    /// `.custom(NAME, size: N)` at `offset` (just past the period) to `.custom(NAME, size: N, relativeTo: .style)`.
    static func rewrite(_ source: SourceText, _ offset: Int) -> Found? {
        source.bytes.withUnsafeBufferPointer { rewrite($0, offset) }
    }

    /// The same, read from a file's `bytes` held in place.
    private static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Found? {
        guard offset >= 1, spells(bytes, offset, "custom"),
              offset + 6 == bytes.count || !SourceIndex.isIdentifierByte(bytes[offset + 6]) else { return nil }
        // `Font.custom` or a bare `.custom` where a font is expected; `Other.custom(` is not a font.
        var before = offset - 1
        while before > 0 && (bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09) { before -= 1 }
        if before > 0, SourceIndex.isIdentifierByte(bytes[before - 1]) {
            guard before >= 4, spells(bytes, before - 4, "Font"),
                  before == 4 || !SourceIndex.isIdentifierByte(bytes[before - 5]) else { return nil }
        }
        var open = offset + 6
        while open < bytes.count && (bytes[open] == 0x20 || bytes[open] == 0x09) { open += 1 }
        var commas = CallBytes.Commas()
        guard open < bytes.count, bytes[open] == UInt8(ascii: "("), let close = CallBytes.closingParenthesis(bytes, from: open, commas: &commas) else {
            return nil
        }
        // Read as bytes, with nothing allocated: a file may hold hundreds of thousands of these calls.
        // The arguments are split where the walk to the `)` found the commas, when there are at most two.
        guard let (name, size) = commas.count <= 2 ? twoArguments(bytes, open: open, close: close, commas: commas)
            : twoArguments(CallBytes.argumentRanges(bytes, open: open, close: close)) else { return nil }
        guard name.label == nil, let label = size.label, label.count == 4, spells(bytes, label.lowerBound, "size") else { return nil }
        guard let points = number(bytes, size.value) else { return nil }
        let choice = TextStyleChoice(pointSize: points)
        guard case let .style(style) = choice else {
            return .suggestion(choice.reason(for: String(decoding: UnsafeBufferPointer(rebasing: bytes[size.value]), as: UTF8.self))! + " for relativeTo:")
        }
        // The closing parenthesis stays where it is, so that a call spread over lines keeps its shape.
        var end = close - 1
        while end > open && SourceText.isTrimmed(bytes[end - 1]) { end -= 1 }
        // A trailing comma would need the new argument before it: left as it is.
        guard bytes[end - 1] != UInt8(ascii: ",") else { return nil }
        return .rewrite(at: end, call: offset..<close, style: style)
    }

    /// The call's arguments when there are exactly two, split at the commas its walk found.
    private static func twoArguments(_ bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int,
                                     commas: CallBytes.Commas) -> (SourceText.ArgumentRange, SourceText.ArgumentRange)? {
        var found: (SourceText.ArgumentRange?, SourceText.ArgumentRange?) = (nil, nil)
        var count = 0
        var start = open + 1
        for piece in 0...commas.count {
            let end = piece == commas.count ? close - 1 : piece == 0 ? commas.first : commas.second
            if let argument = CallBytes.argument(bytes, start..<end) {
                if count == 0 { found.0 = argument } else if count == 1 { found.1 = argument }
                count += 1
            }
            start = end + 1
        }
        guard count == 2, let name = found.0, let size = found.1 else { return nil }
        return (name, size)
    }

    private static func twoArguments(_ arguments: [SourceText.ArgumentRange]) -> (SourceText.ArgumentRange, SourceText.ArgumentRange)? {
        arguments.count == 2 ? (arguments[0], arguments[1]) : nil
    }

    /// `SwiftRewrites.number` of the bytes in `range`, read in place when they are a few digits.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count <= 9 else { return SwiftRewrites.number(ArraySlice(bytes[range])) }
        var value = 0
        for k in range {
            let digit = bytes[k] &- UInt8(ascii: "0")
            guard digit < 10 else { return SwiftRewrites.number(ArraySlice(bytes[range])) }
            value = value * 10 + Int(digit)
        }
        return range.isEmpty ? SwiftRewrites.number([]) : Double(value)
    }

    /// Whether `word` is written in `bytes` at `offset`.
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ word: StaticString) -> Bool {
        guard offset >= 0, offset + word.utf8CodeUnitCount <= bytes.count else { return false }
        let letters = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where bytes[offset + k] != letters[k] { return false }
        return true
    }

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

    /// `body` given each style's argument as bytes, read in place, by the style's `slot`.
    static func withAdditions<R>(_ body: ((_ slot: Int) -> UnsafeRawBufferPointer) -> R) -> R {
        additions.bytes.withUnsafeBytes { bytes in
            additions.bounds.withUnsafeBufferPointer { bounds in
                body { k in UnsafeRawBufferPointer(rebasing: bytes[bounds[k]..<bounds[k + 1]]) }
            }
        }
    }

    /// Every style's argument in one buffer, with where each starts and ends, in the order of `styleTexts`.
    private static let additions: (bytes: [UInt8], bounds: [Int]) = {
        var bounds = [0]
        for texts in styleTexts { bounds.append(bounds.last! + texts.additionBytes.count) }
        return (styleTexts.flatMap(\.additionBytes), bounds)
    }()

    /// Where `style`'s texts are in `styleTexts`: found without copying any of them. A rewrite keeps
    /// its style's, so that the many readings of its edit need not look for it again.
    static func slot(_ style: TextStyle) -> Int {
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
        var printable = true
        return writeSummary(call, slot: slot(style), into: out, printable: &printable)
    }

    /// The same for the style at `slot`, saying too whether the summary is all printable ASCII (space to tilde, as the
    /// listing needs to write it as it is), read in the same pass.
    static func writeSummary(_ call: UnsafeBufferPointer<UInt8>, slot: Int, into out: UnsafeMutablePointer<UInt8>,
                             printable: inout Bool) -> Int {
        out[0] = UInt8(ascii: "`")
        out[1] = UInt8(ascii: ".")
        var count = 2
        // The prefix, a space and the ending are printable: only the bytes taken from the call may not be.
        if !call.isEmpty && isOneLine(call) {
            (out + 2).update(from: call.baseAddress!, count: call.count)
            printable = true
            return ending(slot: slot, at: out, count + call.count)
        }
        var pendingSpace = false
        var outside: UInt8 = 0
        for byte in call {
            if byte <= 0x20 && SourceText.isTrimmed(byte) {
                pendingSpace = count > 2
                continue
            }
            if pendingSpace && out[count - 1] != UInt8(ascii: "(") && byte != UInt8(ascii: ")") {
                out[count] = 0x20
                count += 1
            }
            pendingSpace = false
            outside |= byte &- 0x20 >= 0x5F ? 1 : 0
            out[count] = byte
            count += 1
        }
        printable = outside == 0
        return ending(slot: slot, at: out, count)
    }

    /// Writes the summary's ending for the style at `slot` after the `count` bytes at `out`; returns the length.
    private static func ending(slot: Int, at out: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        styleTexts[slot].summaryEnd.withUnsafeBufferPointer { ending in
            (out + count).update(from: ending.baseAddress!, count: ending.count)
            return count + ending.count
        }
    }

    /// Whether `call` is its own summary's text: printable ASCII, and single spaces only, none first
    /// or last, after `(` or before `)`. Nearly every call is, and is then copied whole.
    private static func isOneLine(_ call: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous = UInt8(ascii: "(")
        for byte in call {
            // Printable and not a space: most bytes.
            if byte &- 0x21 < 0x5E {
                if byte == UInt8(ascii: ")") && previous == 0x20 { return false }
                previous = byte
                continue
            }
            guard byte == 0x20, previous != 0x20, previous != UInt8(ascii: "(") else { return false }
            previous = byte
        }
        return previous != 0x20
    }
}
