import Foundation
import Testing
@testable import Scan

/// A scanned tree comes from a pull request: its file names and lines reach terminals and build
/// logs only in the safe form, and no shape of file makes the scan's memory grow without bound.
@Suite("Hostile sources")
struct HostileSourceTests {
    @Test("text and Xcode reports show control characters of names and lines as visible symbols")
    func controlCharactersNeverReachTheOutput() throws {
        let folder = try TemporaryFolder()
        let name = "Evil\u{1B}]0;owned\u{07}\u{202E}.swift"
        try folder.write(name, "let a = Text(\"\u{1B}[2J\u{9B}31m\u{202E}x\").font(.system(size: 12)) // \u{1B}[8m\nlet b = Text(\"é\u{1B}[2J\").font(.system(size: 13))\n")
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        #expect(report.findings.count == 2)
        for format in [ScanFormat.text, .xcode] {
            for color in [false, true] {
                let output = try render(report, format, ReporterOptions(color: color))
                let hostile = output.unicodeScalars.filter { scalar in
                    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && !(color && scalar == "\u{1B}"))
                        || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{202E}"
                }
                #expect(hostile.isEmpty, "\(format) color \(color): \(hostile.map(\.value))")
                #expect(output.contains("Evil␛]0;owned␇\\u{202e}.swift"), "\(format): \(output)")
                if color {
                    // Colour escapes are the reporter's own, never the file's: each one sets a colour.
                    #expect(!output.contains("\u{1B}[2J") && !output.contains("\u{1B}]0"))
                }
            }
        }
        let text = try render(report, .text)
        #expect(text.contains("let a = Text(\"␛[2J\\u{9b}31m\\u{202e}x\").font(.system(size: 12)) // ␛[8m"), "\(text)")
    }

    @Test("findings on one huge line keep at most a fixed part of it, with their own columns")
    func manyFindingsOnOneHugeLine() throws {
        let folder = try TemporaryFolder()
        let call = "Text(\"a\").font(.system(size: 12)) "
        let count = 4_000
        try folder.write("Minified.swift", "let v = VStack { " + String(repeating: call, count: count) + "}\n")
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        let fonts = report.findings.filter { $0.rule == .fixedFontSize }
        #expect(fonts.count == count)
        #expect(fonts.allSatisfy { $0.sourceLine.utf8.count <= Finding.maximumSourceLineBytes + 3 && $0.sourceLine.hasSuffix("…") })
        // `.system(` of the k-th call: the columns count on along the line.
        let first = try #require(fonts.first?.column)
        #expect(fonts.map(\.column) == (0..<count).map { first + $0 * call.count })
        // A short line is kept whole.
        #expect(Finding.kept(line: "short") == "short")
        let wide = String(repeating: "é", count: 600)
        #expect(Finding.kept(line: Substring(wide)) == String(repeating: "é", count: 500) + "…")
    }

    @Test("a minified storyboard with many findings on its one line gets each finding's own column")
    func manyFindingsOnOneStoryboardLine() throws {
        let folder = try TemporaryFolder()
        let label = "<label text=\"é\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/></label>"
        let count = 2_000
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes><scene><objects><view>"
        try folder.write("Main.storyboard", head + String(repeating: label, count: count) + "</view></objects></scene></scenes></document>\n")
        let report = try SourceScanner.scan(paths: [folder.path], root: folder.path)
        let fonts = report.findings.filter { $0.rule == .fixedFontSize }
        #expect(fonts.count == count)
        // Columns count characters, not bytes: each label is one character shorter than its bytes.
        let first = try #require(fonts.first?.column)
        #expect(fonts.map(\.column) == (0..<count).map { first + $0 * label.unicodeScalars.count })
        #expect(fonts.allSatisfy { $0.line == 1 && $0.sourceLine.utf8.count <= Finding.maximumSourceLineBytes + 3 })
    }
}
