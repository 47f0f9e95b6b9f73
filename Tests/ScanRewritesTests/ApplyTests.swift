import DynamicType
import Foundation
import Platform
@testable import ScanRewrites
@testable import Scan
import Testing

/// The faster paths of `--fix` checked against the plain definitions they replace, on random input:
/// the rewritten text made in one pass from the rewrites' edits, and a file's shape taken from the
/// scans the fix makes anyway instead of lexing the file again.
@Suite("Rewrites applied in one pass")
struct ApplyTests {
    /// The edits made one at a time, last first, each replacing its bytes in place.
    static func reference(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return result
    }

    @Test("the rewritten text is the edits made one by one, whatever their order, count and size")
    func oneBufferMatchesEditByEdit() {
        var random = SystemRandomNumberGenerator()
        let replacements = ["", "x", ", relativeTo: .body", "\n        label.adjustsFontForContentSizeCategory = true", "é🙂", "\r\n"]
        for _ in 0..<500 {
            let size = Int.random(in: 0...200, using: &random)
            let bytes = (0..<size).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            var taken: [Range<Int>] = []
            var rewrites: [Rewrite] = []
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                var edits: [Edit] = []
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    let start = Int.random(in: 0...size, using: &random)
                    let end = Bool.random(using: &random) ? start : Int.random(in: start...min(size, start + 12), using: &random)
                    guard !taken.contains(where: { ScaleTests.conflicts($0, start..<end) }) else { continue }
                    taken.append(start..<end)
                    edits.append(Edit(start..<end, replacements.randomElement(using: &random)!))
                }
                guard !edits.isEmpty else { continue }
                rewrites.append(Rewrite(file: "A.swift", line: 1, rule: .fixedFontSize, edits: edits, summary: ""))
            }
            // Most often in order, as a file's rewrites come; sometimes not.
            if Bool.random(using: &random) {
                rewrites.sort { $0.edits[0].range.lowerBound < $1.edits[0].range.lowerBound }
            } else {
                rewrites.shuffle(using: &random)
            }
            let expected = Self.reference(rewrites.flatMap(\.edits), to: bytes)
            #expect(Fixer.apply(rewrites[...], to: bytes) == expected, "\(rewrites.map(\.edits))")
            #expect(Fixer.apply(rewrites.flatMap(\.edits), to: bytes) == expected)
            let middle = rewrites.count / 2
            #expect(Fixer.apply(rewrites[middle...], to: bytes) == Self.reference(rewrites[middle...].flatMap(\.edits), to: bytes))
        }
    }

    @Test("a changed file staged a block at a time is its new text made whole, the edits in order or not, small or larger than a block")
    func stagedInBlocks() throws {
        var random = SystemRandomNumberGenerator()
        let large = String(repeating: "0123456789", count: 7_000)
        for _ in 0..<12 {
            let size = Int.random(in: 0...140_000, using: &random)
            let bytes = (0..<size).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            var rewrites: [Rewrite] = []
            var start = 0
            while start < size, rewrites.count < 200 {
                let at = Int.random(in: start...min(size, start + 3_000), using: &random)
                let end = min(size, at + Int.random(in: 0...3, using: &random))
                rewrites.append(Rewrite(file: "A.swift", line: 1, rule: .fixedFontSize,
                                        edits: [Edit(at..<end, Int.random(in: 0..<20, using: &random) == 0 ? large : ", relativeTo: .body")], summary: ""))
                start = end + 1
            }
            if Bool.random(using: &random) { rewrites.shuffle(using: &random) }
            var plan = RewritePlan()
            plan.rewrites = rewrites
            let file = ChangedFile(path: "A.swift", old: bytes, rewrites: plan.rewriteList.indices)
            let path = NSTemporaryDirectory() + "staged-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let output = try BufferedOutput.createNew(path: path)
            file.write(plan.rewriteList, to: output)
            #expect(output.close(syncing: false))
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == Self.reference(rewrites.flatMap(\.edits), to: bytes))
        }
    }

    @Test("a file's shape taken from the scan and from the scan of its rewrite is the shape of its bytes lexed again")
    func shapesFromTheScans() throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["struct A {", "}", "func f(", ")", " ", "\n", "var x = ", "[", "]", "1", "\"", "// c", "/*", "*/", "#if os(iOS)",
                      "#endif", "let y", ".font(.custom(\"A\", size: 17))", "class B: UIView {"]
        for _ in 0..<100 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let other = (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            let report = try SourceScanner.scan(files: [("A.swift", bytes)], afterward: .keepWithSources)
            let sources = try #require(report.sources)
            #expect(sources.shape(of: "A.swift") == nil, "no shape before the bytes are taken")
            #expect(sources.bytes(of: "A.swift") == bytes)
            sources.release()
            #expect(sources.shape(of: "A.swift") == SourceShape(path: "A.swift", bytes: bytes), "\(text.debugDescription)")
            let rewritten = Array(other.utf8)
            let rescan = try #require(sources.rescan("A.swift", bytes: rewritten))
            #expect(rescan.shape == SourceShape(path: "A.swift", bytes: rewritten), "\(other.debugDescription)")
        }
    }

    @Test("a custom font's rewrite kept in its entry reads, writes, drops and lists as one kept with its edit")
    func styleInsertionsKeptInTheirEntries() {
        var random = SystemRandomNumberGenerator()
        let styles: [TextStyle] = [.body, .title1, .caption1, .footnote]
        for _ in 0..<300 {
            let size = Int.random(in: 1...200, using: &random)
            let bytes = (0..<size).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            var list = RewriteList()
            var expected: [Rewrite] = []
            var position = 0
            while position < size, Bool.random(using: &random) || expected.isEmpty {
                let at = Int.random(in: position...size, using: &random)
                let line = expected.count + 1
                if Bool.random(using: &random) {
                    // A custom font given its style, the call being the bytes before the insertion.
                    let style = styles.randomElement(using: &random)!
                    list.appendStyleInsertion(file: "A.swift", bytes: bytes, line: line, at: at, call: position..<at, style: style)
                    expected.append(Rewrite(file: "A.swift", line: line, rule: .fixedFontSize,
                                            edits: [Edit(at..<at, RelativeCustomFonts.texts(style).addition)],
                                            summary: RelativeCustomFonts.summary(bytes[position..<at], style: style), fixesFinding: false))
                } else {
                    let end = Int.random(in: at...min(size, at + 5), using: &random)
                    let edit = Edit(at..<end, ["", "x", "\n    y"].randomElement(using: &random)!)
                    list.append(file: "A.swift", bytes: bytes, line: line, rule: .singleLine, edits: [edit], summary: .text("s\(line)"),
                                fixesFinding: true)
                    expected.append(Rewrite(file: "A.swift", line: line, rule: .singleLine, edits: [edit], summary: "s\(line)"))
                }
                // Each edit ends before the next starts.
                position = (expected.last!.edits.last!.range.upperBound) + 1
            }
            #expect(Array(list) == expected)
            #expect(Fixer.apply(list, list.indices, to: bytes) == Self.reference(expected.flatMap(\.edits), to: bytes))
            var listing: [UInt8] = []
            list.writeListing(shownPath: { $0 }, safe: { $0 }) { listing.append(contentsOf: $0) }
            let lines = expected.map { "  A.swift:\($0.line) \($0.rule.rawValue): \($0.summary)\n" }.joined()
            #expect(String(decoding: listing, as: UTF8.self) == lines)
            // Some dropped from the end, then every other one kept: what is left reads and writes as those rewrites.
            let cut = Int.random(in: 0...expected.count, using: &random)
            var shorter = list
            shorter.truncate(to: cut)
            #expect(Array(shorter) == Array(expected.prefix(cut)))
            shorter.keep(from: 0) { $0 % 2 == 0 }
            let kept = expected.prefix(cut).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            #expect(Array(shorter) == kept)
            #expect(Fixer.apply(shorter, shorter.indices, to: bytes) == Self.reference(kept.flatMap(\.edits), to: bytes))
        }
    }

    @Test("the listings of a list's rewrites cut anywhere, one after another, are the listing of all of them")
    func listingInRanges() {
        var random = SystemRandomNumberGenerator()
        let bytes = Array(".custom(\"A\", size: 17) and more".utf8)
        for _ in 0..<200 {
            var list = RewriteList()
            // Rewrites of a few files, each file's together, as a plan makes them.
            for (n, file) in ["A.swift", "B/é.swift", "C.xib"].enumerated() where Bool.random(using: &random) || n == 0 {
                for line in 1...Int.random(in: 1...6, using: &random) {
                    if Bool.random(using: &random) {
                        list.appendStyleInsertion(file: file, bytes: bytes, line: line, at: 22, call: 1..<22, style: .title1)
                    } else {
                        list.append(file: file, bytes: bytes, line: line, rule: .singleLine, edits: [Edit(0..<1, "x")],
                                    summary: .text("s\u{7}\(line)"), fixesFinding: true)
                    }
                }
            }
            func listing(_ range: Range<Int>?) -> String {
                var bytes: [UInt8] = []
                list.writeListing(range, shownPath: { "<\($0)>" }, safe: { $0.replacingOccurrences(of: "\u{7}", with: "?") }) {
                    bytes.append(contentsOf: $0)
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            var cuts = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...list.count, using: &random) }
            cuts = [0] + cuts.sorted() + [list.count]
            let pieces = zip(cuts, cuts.dropFirst()).map { listing($0..<$1) }.joined()
            let whole = listing(nil)
            #expect(pieces == whole)
            #expect(whole.split(separator: "\n").count == list.count && !whole.contains("\u{7}"))
            // Listed ahead in steps while they fit, then the rest: the same listing, never over the room.
            let most = Int.random(in: 0...whole.utf8.count + 10, using: &random)
            let ahead = ListingAhead(list, shownPath: { "<\($0)>" }, safe: { $0.replacingOccurrences(of: "\u{7}", with: "?") }, most: most,
                                     step: Int.random(in: 1...4, using: &random), fewest: 0)
            var listedAhead: [UInt8] = []
            ahead.forEachPart { listedAhead.append(contentsOf: $0) }
            let first = String(decoding: listedAhead, as: UTF8.self)
            #expect(first.utf8.count <= most)
            #expect(first + listing(ahead.listed..<list.count) == whole, "most \(most)")
        }
    }

    @Test("a rewritten file scanned where the first scan's files lay finds what a scan of its own finds")
    func aRescanInTheFirstScansMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rescan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Long enough for a block of its own, whose scratch the fix gives back.
        let row = "        Text(\"Row\").font(.custom(\"Avenir Next\", size: 17)).lineLimit(1)\n"
        let original = "import SwiftUI\n\nstruct A: View {\n    var body: some View {\n        VStack {\n"
            + String(repeating: row, count: 9_000) + "        }\n    }\n}\n"
        try original.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let report = try SourceScanner.scan(paths: [], root: folder.path, afterward: .keepWithSources)
        let sources = try #require(report.sources)
        #expect(sources.bytes(of: "A.swift") == Array(original.utf8))
        sources.release()
        // Shorter, then longer than the original: each scanned again must see only its own bytes.
        for rewritten in [String(original.prefix(original.utf8.count / 3)) + "\n}\n",
                          original.replacingOccurrences(of: "size: 17))", with: "size: 17, relativeTo: .body)).frame(height: 40)")] {
            let bytes = Array(rewritten.utf8)
            let rescan = try #require(sources.rescan("A.swift", bytes: bytes))
            let alone = try SourceScanner.scan(files: [("A.swift", bytes)], afterward: .freeNow)
            #expect(rescan.findings == alone.findings)
            #expect(rescan.lines == alone.linesScanned)
            #expect(rescan.shape == SourceShape(path: "A.swift", bytes: bytes))
        }
    }
}
