import Foundation
@testable import ScanRewrites
import Scan
import Testing
import TestSupport

/// The rewrites of `scan --fix`, each kind on an input file with its expected output and diff
/// (golden files), applied by `git apply` to the same result, and parsed afterwards by the toolchain's
/// Swift parser or an XML parser: no rewrite may break a file.
@Suite("Rewrites")
struct RewriteTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The plan for one input file scanned on its own.
    func plan(_ name: String) throws -> (plan: RewritePlan, input: [UInt8], path: String) {
        let input = try [UInt8](Data(contentsOf: Self.golden.appendingPathComponent(name)))
        let path = name.replacingOccurrences(of: ".input", with: "")
        let report = try SourceScanner.scan(files: [(path, input)])
        return (Fixer.plan(report, verdict: ScanVerdict(report)) { $0 == path ? input : nil }, input, path)
    }

    /// What the plan says, as the golden `.plan.txt` keeps it: each rewrite and each suggestion.
    func describe(_ plan: RewritePlan) -> String {
        plan.rewrites.map { "rewrite \($0.line) \($0.rule.rawValue): \($0.summary)\n" }.joined()
            + plan.suggestions.map { "left \($0.line) \($0.rule.rawValue): \($0.text)\n" }.joined()
    }

    func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let difference = try GoldenFile.compare(actual, with: Self.golden.appendingPathComponent(name)) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    }

    static let inputs = ["SwiftUIFonts.input.swift", "CustomFonts.input.swift", "SwiftUILayout.input.swift", "UIKitViews.input.swift", "Settings.input.storyboard"]

    @Test("each input's rewritten text, diff and plan match their golden files", arguments: inputs)
    func golden(_ name: String) throws {
        let (plan, _, path) = try plan(name)
        let base = name.replacingOccurrences(of: ".input", with: "")
        let rewritten = try #require(plan.files.first { $0.path == path })
        let ext = (base as NSString).pathExtension
        try expectGolden(String(decoding: rewritten.new, as: UTF8.self), (base as NSString).deletingPathExtension + ".expected." + ext)
        try expectGolden(plan.diff, (base as NSString).deletingPathExtension + ".diff")
        try expectGolden(describe(plan), (base as NSString).deletingPathExtension + ".plan.txt")
    }

    @Test("git apply takes the diff and makes the same bytes; the result parses", arguments: inputs)
    func appliesAndParses(_ name: String) throws {
        let (plan, input, path) = try plan(name)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-fix-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(path)
        try Data(input).write(to: file)
        try Data(plan.diff.utf8).write(to: folder.appendingPathComponent("fix.diff"))
        let applied = try Spawn.run("/usr/bin/env", ["git", "apply", "--unsafe-paths", "fix.diff"], in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(applied.status == 0, "git apply: \(applied.output)")
        let result = try [UInt8](Data(contentsOf: file))
        #expect(result == plan.files.first?.new)
        try expectParses(file)
    }

    @Test("line endings, comments and the code around a rewrite are kept")
    func keepsTheFile() throws {
        let (plan, input, _) = try plan("UIKitViews.input.swift")
        let output = try #require(plan.files.first?.new)
        #expect(output.count > input.count)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("\r") }, "every line keeps its CRLF")
        #expect(output.last != 0x0A, "no line break added at the end")
        let swiftUI = try self.plan("SwiftUIFonts.input.swift").plan
        #expect(String(decoding: swiftUI.files[0].new, as: UTF8.self).contains(".weight(.heavy)) // the headline number"))
    }

    @Test("two functions' locals of one name each get their own line, so that a second --fix has nothing to do")
    func sameNameInTwoScopes() throws {
        let text = """
            import UIKit

            final class About {
                func title() -> UILabel {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .title1)
                    return label
                }

                func version() -> UILabel {
                    let label = UILabel()
                    label.font = UIFont.preferredFont(forTextStyle: .body)
                    return label
                }
            }

            """
        let input = Array(text.utf8)
        let report = try SourceScanner.scan(files: [("About.swift", input)])
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { _ in input }
        #expect(plan.rewrites.map(\.line) == [6, 12])
        let output = try #require(plan.files.first?.new)
        #expect(String(decoding: output, as: UTF8.self).components(separatedBy: "label.adjustsFontForContentSizeCategory = true").count == 3)
        let again = try SourceScanner.scan(files: [("About.swift", output)])
        #expect(Fixer.plan(again, verdict: ScanVerdict(again)) { _ in output }.rewrites.isEmpty)
    }

    @Test("a file edited after the scan read it is named and nothing is written, not even the other files")
    func changedFileStopsTheWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-fix-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var inputs: [(String, [UInt8])] = []
        for name in ["SwiftUIFonts.input.swift", "UIKitViews.input.swift"] {
            let bytes = try [UInt8](Data(contentsOf: Self.golden.appendingPathComponent(name)))
            let path = name.replacingOccurrences(of: ".input", with: "")
            try Data(bytes).write(to: folder.appendingPathComponent(path))
            inputs.append((path, bytes))
        }
        let report = try SourceScanner.scan(files: inputs)
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { path in inputs.first { $0.0 == path }?.1 }
        #expect(plan.files.count == 2)
        // An editor saves one file between the scan and the write.
        let edited = Array("// unsaved work\n".utf8) + inputs[1].1
        try Data(edited).write(to: folder.appendingPathComponent(inputs[1].0))
        #expect(throws: FixWriteError.self) { try plan.write(root: folder.path) }
        do { try plan.write(root: folder.path) } catch { #expect(error.description.hasPrefix("\(inputs[1].0) changed while the scan ran")) }
        #expect(try [UInt8](Data(contentsOf: folder.appendingPathComponent(inputs[0].0))) == inputs[0].1, "all or none")
        #expect(try [UInt8](Data(contentsOf: folder.appendingPathComponent(inputs[1].0))) == edited, "the edit is kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == inputs.map(\.0).sorted(), "no temporary file is left")
    }

    @Test("sizes map to the nearest text style; ties and far sizes are left to a person")
    func textStyles() {
        let cases: [(Double, TextStyleChoice)] = [
            (17, .style(.body)), (13, .style(.footnote)), (11, .style(.caption2)), (12, .style(.caption1)), (16, .style(.callout)),
            (19, .style(.title3)), (24, .style(.title2)), (30, .style(.title1)), (32, .style(.largeTitle)), (36, .style(.largeTitle)),
            (14, .tie(.subheadline, .footnote)), (21, .tie(.title3, .title2)), (45, .far(.largeTitle)), (8, .far(.caption2)),
        ]
        for (size, expected) in cases {
            let choice = TextStyleChoice(pointSize: size)
            switch (choice, expected) {
            case let (.tie(a, b), .tie(c, d)): #expect(Set([a, b]) == Set([c, d]), "\(size)")
            default: #expect(choice == expected, "\(size)")
            }
        }
    }
}

/// The toolchain's Swift parser, or Python's XML parser for Interface Builder files.
func expectParses(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result: Spawn.Result
    if file.pathExtension == "swift" {
        result = try Spawn.run("/usr/bin/env", ["swiftc", "-parse", file.path], in: file.deletingLastPathComponent(), environment: ProcessInfo.processInfo.environment)
    } else {
        guard let python = try RequiredTool.python3.locationIfInstalled(for: "\(file.lastPathComponent) as XML", sourceLocation: sourceLocation) else { return }
        result = try Spawn.run(python, ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", file.path],
                               in: file.deletingLastPathComponent(), environment: ProcessInfo.processInfo.environment)
    }
    #expect(result.status == 0, "\(file.lastPathComponent) does not parse: \(result.output)", sourceLocation: sourceLocation)
}
