import Foundation
@testable import ScanRewrites
import Scan
import Testing

/// What keeps `--fix` linear in the rewrites of one file, checked against the plain definitions it
/// replaces on random input: the bytes taken by earlier rewrites, the offsets of many places on a
/// line and the names a file declares as labels. Then files of thousands of rewrites, many on one
/// line, planned whole (the time is measured in `Scripts/bench`).
@Suite("Rewrites at scale")
struct ScaleTests {
    /// Whether two edits touch the same bytes, as the planner defined it pair by pair.
    static func conflicts(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty || b.isEmpty { return a.lowerBound <= b.upperBound && b.lowerBound <= a.upperBound }
        return a.overlaps(b)
    }

    @Test("the bytes taken agree with checking every earlier edit, edit by edit, in any order")
    func takenBytes() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let size = Int.random(in: 1...300, using: &random)
            var taken = TakenBytes(byteCount: size)
            var earlier: [Range<Int>] = []
            for _ in 0..<60 {
                let start = Int.random(in: 0...size, using: &random)
                let end = Bool.random(using: &random) ? start : Int.random(in: start...min(size, start + 80), using: &random)
                let edit = start..<end
                let expected = earlier.contains { Self.conflicts($0, edit) }
                #expect(taken.conflicts(edit) == expected, "\(edit) after \(earlier)")
                if !expected {
                    taken.take(edit)
                    earlier.append(edit)
                }
            }
        }
    }

    /// The offset of a line and column, walking from the line's start each time.
    static func offset(_ bytes: [UInt8], _ lineStarts: [Int], line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var offset = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0 {
            guard offset < bytes.count, bytes[offset] != 0x0A else { return nil }
            offset += 1
            while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }

    @Test("the offsets of many places found in one walk along each line are those found one by one")
    func offsets() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "🙂", " ", "\n", "\r\n", "字", "\t"]
        for _ in 0..<100 {
            let text = (0..<Int.random(in: 0...200, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let source = SourceText(Array(text.utf8))
            let places = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                (line: Int.random(in: 0...(source.lineStarts.count + 1), using: &random), column: Int.random(in: -1...60, using: &random))
            }
            let found = source.offsets(of: places)
            for (k, place) in places.enumerated() {
                #expect(found[k] == Self.offset(source.bytes, source.lineStarts, line: place.line, column: place.column), "\(place) in \(text.debugDescription)")
            }
        }
    }

    @Test("the labels a file declares and the views it already makes follow size changes are those a text search finds")
    func declaredNames() {
        var random = SystemRandomNumberGenerator()
        let words = ["title", "Label", "label", "x", "self.", ".", "?", " ", ": ", " = ", ":", "=", "UILabel", "UITextField()", "UITextView",
                     ".adjustsFontForContentSizeCategory", " = true\n", "\n", "é"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in words.randomElement(using: &random)! }.joined()
            let index = SourceIndex(Array(text.utf8))
            for name in ["title", "label", "titleLabel", "x", "Label", "tle"] {
                let expected = ["UILabel", "UITextField", "UITextView"].contains { type in
                    [": ", " = ", ":", "="].contains { contains(text, name + $0 + type) }
                }
                #expect(index.declaresTextHolder(name) == expected, "\(name) in \(text.debugDescription)")
            }
            for receiver in ["label", "self.label", "x?.label", "title", "?", "."] {
                #expect(index.setsLiveUpdate(receiver) == contains(text, receiver + ".adjustsFontForContentSizeCategory"),
                        "\(receiver) in \(text.debugDescription)")
            }
        }
    }

    /// A search for bytes, as the rewrites searched the file's text.
    func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test("thousands of rewrites on one line and on many lines are all made, and a second plan has nothing to do")
    func manyRewritesInOneFile() throws {
        let calls = 20_000
        let oneLine = "import SwiftUI\nlet texts = [" + Array(repeating: "Text(\"a\").font(.system(size: 13)), Text(\"b\").font(.custom(\"Avenir\", size: 17))",
                                                                 count: calls / 2).joined(separator: ", ") + "]\n"
        let manyLines = "import SwiftUI\nstruct Many: View {\n    var body: some View {\n        VStack {\n"
            + String(repeating: "            Text(\"a\").font(.system(size: 13)).lineLimit(1)\n            Text(\"b\").font(.custom(\"Avenir\", size: 17))\n", count: calls / 2)
            + "        }\n    }\n}\n"
        for (name, text) in [("one line", oneLine), ("many lines", manyLines)] {
            let bytes = Array(text.utf8)
            let report = try SourceScanner.scan(files: [("Many.swift", bytes)])
            let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { _ in bytes }
            let expected = name == "one line" ? calls : calls / 2 * 3
            #expect(plan.rewrites.count == expected, "\(name)")
            let rewritten = try #require(plan.files.first?.new)
            let output = String(decoding: rewritten, as: UTF8.self)
            #expect(output.components(separatedBy: ".system(.footnote)").count - 1 == calls / 2, "\(name)")
            #expect(output.components(separatedBy: "relativeTo: .body").count - 1 == calls / 2, "\(name)")
            let again = try SourceScanner.scan(files: [("Many.swift", rewritten)])
            #expect(Fixer.plan(again, verdict: ScanVerdict(again)) { _ in rewritten }.rewrites.isEmpty, "\(name)")
        }
    }
}
