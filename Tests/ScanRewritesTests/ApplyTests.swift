import Foundation
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
}
