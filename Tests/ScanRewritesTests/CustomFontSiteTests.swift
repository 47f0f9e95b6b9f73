import Foundation
@testable import ScanRewrites
import Scan
import Testing
import TestSupport
import DynamicType

/// The custom fonts `--fix` gives a text style are found from the scan's tokens: the same rewrites
/// as the byte search they replace wherever that search read the line right, and none in a block
/// comment, a multi-line string or a regex literal, where it did not.
/// DTAUDIT_PROPERTY_RUNS sets the number of random files (300 by default); a failure names its seed.
@Suite("Custom fonts found from tokens")
struct CustomFontSiteTests {
    static var runs: Int { ProcessInfo.processInfo.environment["DTAUDIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 300 }

    /// The rewrites of every custom font in `text`, and what is left, found from the tokens.
    static func fromTokens(_ text: String) -> (rewrites: [Rewrite], left: [String]) {
        let bytes = Array(text.utf8)
        let source = SourceText(bytes)
        var list = RewriteList()
        var left: [String] = []
        RelativeCustomFonts.rewrites(in: source, sites: CustomFontSites.offsets(inSwift: bytes), file: "A.swift", admits: { _ in true },
                                     into: &list) { line, text in left.append("\(line): \(text)") }
        return (Array(list), left)
    }

    /// The same found as before: every `.custom` in the bytes, kept when, read from its line's start,
    /// it follows no `//` outside a string and lies in no string.
    static func fromBytes(_ text: String) -> (rewrites: [Rewrite], left: [String]) {
        let bytes = Array(text.utf8)
        let source = SourceText(bytes)
        var list = RewriteList()
        var left: [String] = []
        let needle = Array(".custom".utf8)
        var from = 0
        while let k = source.find(needle, from: from) {
            from = k + needle.count
            let line = source.line(of: k)
            guard !inCommentOrString(source, line: line, offset: k), let found = rewrite(source, k + 1) else { continue }
            switch found {
            case let .rewrite(end, call, style):
                list.appendStyleInsertion(file: "A.swift", bytes: bytes, line: line, at: end, call: call, style: style)
            case let .suggestion(text):
                left.append("\(line): \(text)")
            }
        }
        return (Array(list), left)
    }

    /// The call at `offset` read as before: its `)` found, then its arguments split, in two walks.
    static func rewrite(_ source: SourceText, _ offset: Int) -> RelativeCustomFonts.Found? {
        guard source.identifier("custom", at: offset) else { return nil }
        var before = offset - 1
        while before > 0 && (source.bytes[before - 1] == 0x20 || source.bytes[before - 1] == 0x09) { before -= 1 }
        if before > 0, source.isIdentifierByte(source.bytes[before - 1]) {
            guard before >= 4, source.text(before - 4..<before) == "Font", before == 4 || !source.isIdentifierByte(source.bytes[before - 5]) else { return nil }
        }
        let open = source.skipSpaces(from: offset + 6)
        guard open < source.bytes.count, source.bytes[open] == UInt8(ascii: "("), let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.argumentRanges(open: open, close: close)
        guard arguments.count == 2, arguments[0].label == nil, let label = arguments[1].label, source.text(label) == "size",
              let points = SwiftRewrites.number(source.bytes[arguments[1].value]) else { return nil }
        let choice = TextStyleChoice(pointSize: points)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: source.text(arguments[1].value))! + " for relativeTo:") }
        var end = close - 1
        while end > open && SourceText.isTrimmed(source.bytes[end - 1]) { end -= 1 }
        guard source.bytes[end - 1] != UInt8(ascii: ",") else { return nil }
        return .rewrite(at: end, call: offset..<close, style: style)
    }

    static func inCommentOrString(_ source: SourceText, line: Int, offset: Int) -> Bool {
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

    /// Pieces a line-by-line reading gets right: calls plain, qualified, nested, spread over lines,
    /// with a trailing comma, empty or more arguments, commas in strings and brackets, of another
    /// type; in line comments, in strings with escaped quotes, in raw strings.
    static let pieces = [
        "Text(\"a\").font(.custom(\"Avenir\", size: 17))", "Text(\"b\").font(Font.custom(\"Avenir\", size: 34))",
        ".font(.custom(\"Avenir\", size: 14))", ".font(.custom(\"Avenir\", size: 40))", "Theme.custom(\"A\", size: 13)",
        ".custom(\"A\", size: max(12, 17))", ".custom(name(\"x\"), size: 12)", ".custom(\"A\", size: 17, )", ".custom(\"A\", fixedSize: 17)",
        ".font(.custom(\n    \"Avenir\",\n    size: 12\n))", "Font . custom(\"A\", size: 17)", ".customFont(\"A\", size: 17)",
        "x.custom(\"A\", size: 17)", "// .custom(\"A\", size: 17)", "\"text .custom(\\\"A\\\", size: 17)\"",
        "#\"raw .custom(\"A\", size: 28)\"#", "f(.custom(\"A\", size: 20), .custom(\"B\", size: 11))", "(.custom (\"A\", size: 22))",
        "\t.custom(\"A\",size:13)", ".custom(\"A\", , size: 17)", ".custom(\"A\", size: 17, relativeTo: .body)",
        ".custom(\"A,B\", size: 12)", ".custom(\"A\", size: [11, 17][1])", ".custom(a ? \"A\" : \"B\", size: 17)",
        ".custom(\"A\", size: 17,\n)", ".custom(\"A\", \n size:   17\t)", ".custom(\"A\", size: f(1, 2, 3))", ".custom()",
        ".custom(\"A\", size: 17.5)", ".custom(\"A\" /* x */, size: 17)",
    ]

    @Test("on random code, comments, strings and nested calls, the rewrites found from tokens are those of the byte search")
    func sameAsByteSearch() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let separators = [" ", "\n", "; ", ", ", "\n    "]
        var made = 0
        var left = 0
        for _ in 0..<Self.runs {
            var text = "import SwiftUI\n"
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                text += Self.pieces.randomElement(using: &random)! + separators.randomElement(using: &random)!
            }
            let tokens = Self.fromTokens(text)
            let bytes = Self.fromBytes(text)
            #expect(tokens.rewrites == bytes.rewrites, "seed \(seed): \(text.debugDescription)")
            #expect(tokens.left == bytes.left, "seed \(seed): \(text.debugDescription)")
            made += tokens.rewrites.count
            left += tokens.left.count
        }
        // The pieces make both kinds, and fonts found in neither.
        #expect(made > Self.runs && left > 0, "seed \(seed)")
    }

    @Test("custom fonts read half on another core make the rewrites and the notes of one core, in the same order")
    func halfReadOnAnotherCore() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let separators = [" ", "\n", "; ", ", ", "\n    "]
        for _ in 0..<max(Self.runs / 30, 3) {
            var text = "import SwiftUI\n"
            for _ in 0..<Int.random(in: 1...400, using: &random) {
                text += Self.pieces.randomElement(using: &random)! + separators.randomElement(using: &random)!
            }
            let bytes = Array(text.utf8)
            let source = SourceText(bytes)
            let sites = CustomFontSites.offsets(inSwift: bytes)
            // Some lines left out, as suppressed lines and changed lines leave them.
            let skipped = Int.random(in: 2...5, using: &random)
            func made(splittingFrom threshold: Int) -> ([Rewrite], [String]) {
                var list = RewriteList()
                var left: [String] = []
                RelativeCustomFonts.rewrites(in: source, sites: sites, file: "A.swift", admits: { $0 % skipped != 0 }, into: &list,
                                             splittingFrom: threshold) { line, text in left.append("\(line): \(text)") }
                return (Array(list), left)
            }
            let alone = made(splittingFrom: .max)
            let split = made(splittingFrom: 1)
            #expect(split.0 == alone.0, "seed \(seed): \(text.debugDescription)")
            #expect(split.1 == alone.1, "seed \(seed): \(text.debugDescription)")
        }
    }

    /// The byte search rewrote all three: the text of the string and the pattern changed.
    @Test("a custom font in a block comment, a multi-line string or a regex literal is left as it is")
    func notInCommentsOrLiterals() throws {
        let text = """
            import SwiftUI

            struct Card: View {
                /* Was Text("a").font(.custom("Avenir", size: 17)) */
                let note = \"\"\"
                    Text("x").font(.custom("Avenir", size: 17))
                    \"\"\"
                let pattern = #/(.custom("Avenir", size: 17))/#
                var body: some View {
                    Text("b").font(.custom("Avenir", size: 17))
                }
            }

            """
        let bytes = Array(text.utf8)
        let report = try SourceScanner.scan(files: [("Card.swift", bytes)])
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { _ in bytes }
        #expect(plan.rewrites.map(\.line) == [10])
        let rewritten = String(decoding: try #require(plan.files.first?.new), as: UTF8.self)
        #expect(rewritten == text.replacingOccurrences(of: "Text(\"b\").font(.custom(\"Avenir\", size: 17))",
                                                       with: "Text(\"b\").font(.custom(\"Avenir\", size: 17, relativeTo: .body))"))
    }

    /// A call's summary as it was made byte by byte: white space runs one space, none after `(`,
    /// before `)`, first or last.
    static func summaryByBytes(_ call: [UInt8], style: TextStyle) -> (text: [UInt8], printable: Bool) {
        var out = Array("`.".utf8)
        var pendingSpace = false
        for byte in call {
            if SourceText.isTrimmed(byte) {
                pendingSpace = out.count > 2
                continue
            }
            if pendingSpace && out.last != UInt8(ascii: "(") && byte != UInt8(ascii: ")") { out.append(0x20) }
            pendingSpace = false
            out.append(byte)
        }
        out += Array("` scales like .\(TextStyleChoice.swiftUIName(style)): relativeTo: added".utf8)
        return (out, out.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    @Test("a call's summary, copied whole when it is on one line, is what reading it byte by byte makes")
    func summaries() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let pieces = ["custom", "(", ")", " ", "  ", "\t", "\n", "\r\n", "\"A\"", ",", "size:", "17", "é", "\u{7F}", "\u{1}"]
        for _ in 0..<Self.runs {
            let call = Array((0..<Int.random(in: 1...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined().utf8)
            let style = TextStyle.allCases.randomElement(using: &random)!
            let expected = Self.summaryByBytes(call, style: style)
            call.withUnsafeBufferPointer { call in
                let out = UnsafeMutablePointer<UInt8>.allocate(capacity: RelativeCustomFonts.summaryCapacity(call))
                defer { out.deallocate() }
                var printable = false
                let count = RelativeCustomFonts.writeSummary(call, slot: RelativeCustomFonts.slot(style), into: out, printable: &printable)
                #expect(Array(UnsafeBufferPointer(start: out, count: count)) == expected.text, "seed \(seed): \(Array(call))")
                #expect(printable == expected.printable, "seed \(seed): \(Array(call))")
            }
        }
    }
}
