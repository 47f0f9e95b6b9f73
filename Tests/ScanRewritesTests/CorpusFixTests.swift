import Foundation
@testable import ScanRewrites
import Scan
import Testing
import TestSupport

/// `scan --fix` over the labelled corpus of real apps' code (Tests/ScanTests/Fixtures/Corpus: the
/// tuned and held-out parts, and the unseen part when `DTAUDIT_CORPUS_UNSEEN` names the folder of its
/// files): no font is rewritten on a view whose fixed height, left after the fix, is lower than one
/// line of the new font at AX5; every rewritten file parses; a second fix finds nothing to rewrite.
@Suite("Fixing the labelled corpus")
struct CorpusFixTests {
    static let corpus = RoundTripTests.repository.appendingPathComponent("Tests/ScanTests/Fixtures/Corpus")

    @Test("no rewrite is certain to break at AX5, every rewritten file parses, and a second fix finds nothing")
    func fixingTheCorpusLeavesNoFontItsViewCannotHold() throws {
        let started = Date()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-corpus-fix-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var parts = [(Self.corpus.appendingPathComponent("tuned"), "tuned"), (Self.corpus.appendingPathComponent("heldout"), "heldout")]
        if let unseen = ProcessInfo.processInfo.environment["DTAUDIT_CORPUS_UNSEEN"], !unseen.isEmpty {
            parts.append((URL(fileURLWithPath: unseen), "unseen"))
        }
        for (source, name) in parts { try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name)) }
        let root = folder.resolvingSymlinksInPath().path
        let read = { (path: String) in try? [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) }

        let report = try SourceScanner.scan(paths: [root], root: root)
        let plan = Fixer.plan(report, verdict: ScanVerdict(report), read: read)
        try plan.write(root: root)
        let after = try SourceScanner.scan(paths: [root], root: root)

        // The fonts the fix wrote, each against the fixed heights the scan still finds on its view.
        var fonts = 0
        var held = 0
        var problems: [String] = []
        for file in plan.files where file.path.hasSuffix(".swift") {
            let checked = AX5Oracle.check(path: file.path, old: file.old, new: file.new, heights: after.findings.filter { $0.file == file.path })
            fonts += checked.fonts
            held += checked.held
            problems += checked.problems
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(fonts >= (parts.count > 2 ? 50 : 1), "the corpus has font rewrites to check: \(fonts)")
        let heldBack = plan.suggestions.filter { $0.text.hasPrefix("held back: ") && $0.text.contains("cannot hold one line of it") }

        // Every rewritten file parses: the Swift ones in one run of the toolchain's parser.
        let swift = plan.files.map(\.path).filter { $0.hasSuffix(".swift") }.map { root + "/" + $0 }
        if !swift.isEmpty {
            let parsed = try Spawn.run("/usr/bin/env", ["swiftc", "-parse"] + swift, in: folder, environment: ProcessInfo.processInfo.environment)
            #expect(parsed.status == 0, "swiftc -parse: \(parsed.output)")
        }
        for file in plan.files.map(\.path) where !file.hasSuffix(".swift") {
            try expectParses(URL(fileURLWithPath: root + "/" + file))
        }

        // A second fix has nothing left to rewrite.
        let again = Fixer.plan(after, verdict: ScanVerdict(after), read: read)
        #expect(again.rewrites.isEmpty, "\(again.rewrites.map { "\($0.file):\($0.line) \($0.summary)" })")
        print("scan --fix over the corpus: \(plan.rewrites.count) rewrites in \(plan.files.count) files, \(fonts) fonts checked against "
              + "the fixed heights left (\(held) on a view with one), \(heldBack.count) held back by a fixed height, in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        for suggestion in heldBack { print("  \(suggestion.file):\(suggestion.line): \(suggestion.text)") }
    }

    @Test("the check finds a font rewritten inside a fixed height too low for it")
    func theCheckFindsAFontItsViewCannotHold() throws {
        let old = """
            import SwiftUI
            import UIKit

            struct Badge: View {
                var body: some View {
                    Text("3")
                        .font(.system(size: 9))
                        .frame(width: 20, height: 20)
                }
            }

            final class Cell: UITableViewCell {
                let countLabel = UILabel()
                let tagLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 18))

                func setUp() {
                    countLabel.font = .systemFont(ofSize: 17)
                    tagLabel.font = .systemFont(ofSize: 12)
                    countLabel.heightAnchor.constraint(lessThanOrEqualToConstant: 44).isActive = true
                }
            }

            """
        // What a fix that ignored the heights would write.
        let new = old.replacingOccurrences(of: ".font(.system(size: 9))", with: ".font(.system(.caption2))")
            .replacingOccurrences(of: "countLabel.font = .systemFont(ofSize: 17)",
                                  with: "countLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17))")
            .replacingOccurrences(of: "tagLabel.font = .systemFont(ofSize: 12)",
                                  with: "tagLabel.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12))")
        let after = try SourceScanner.scan(files: [("Cell.swift", Array(new.utf8))])
        let checked = AX5Oracle.check(path: "Cell.swift", old: Array(old.utf8), new: Array(new.utf8), heights: after.findings)
        #expect(checked.fonts == 3 && checked.held == 3)
        #expect(checked.problems.count == 3, "\(checked.problems)")
        #expect(checked.problems.contains { $0.hasPrefix("Cell.swift:7: .caption2 is 41 pt at AX5") && $0.contains("20 pt") }, "\(checked.problems)")
        #expect(checked.problems.contains { $0.hasPrefix("Cell.swift:17: .body is 53 pt at AX5") && $0.contains("44 pt") }, "\(checked.problems)")
        #expect(checked.problems.contains { $0.hasPrefix("Cell.swift:18: .caption1 is 43 pt at AX5") && $0.contains("created 18 pt") }, "\(checked.problems)")

        // Heights that grow, or that hold the font, are no problem.
        let roomy = new.replacingOccurrences(of: ".frame(width: 20, height: 20)", with: ".frame(minWidth: 20, minHeight: 20)")
            .replacingOccurrences(of: "lessThanOrEqualToConstant: 44", with: "lessThanOrEqualToConstant: 60")
            .replacingOccurrences(of: "height: 18))", with: "height: 48))")
        let scanned = try SourceScanner.scan(files: [("Cell.swift", Array(roomy.utf8))])
        let fine = AX5Oracle.check(path: "Cell.swift", old: Array(old.utf8), new: Array(roomy.utf8), heights: scanned.findings)
        #expect(fine.fonts == 3 && fine.problems.isEmpty, "\(fine.problems)")
    }
}

/// An independent reading of what a rewritten font needs at AX5 and what holds its view: the lines
/// a fix added, read as text, against the fixed heights a scan of the rewritten file finds (a SwiftUI
/// frame by the bytes its view spans, a UIKit constraint by the view's name) and the heights UIKit
/// views are created with (read as text here).
enum AX5Oracle {
    /// Each text style's point size at Large and at AX5, by its SwiftUI and UIKit names (Apple's
    /// size table).
    static let sizes: [String: (large: Double, ax5: Double)] = [
        "largeTitle": (34, 60), "title": (28, 58), "title1": (28, 58), "title2": (22, 56), "title3": (20, 55),
        "headline": (17, 53), "body": (17, 53), "callout": (16, 51), "subheadline": (15, 49), "footnote": (13, 44),
        "caption": (12, 43), "caption1": (12, 43), "caption2": (11, 41),
    ]

    /// How many added lines hold a text style font, how many of them are on a view of fixed height,
    /// and each that its view's height cannot hold.
    static func check(path: String, old: [UInt8], new: [UInt8], heights: [Finding]) -> (fonts: Int, held: Int, problems: [String]) {
        let text = String(decoding: new, as: UTF8.self)
        let lines = text.components(separatedBy: "\n")
        var before: [String: Int] = [:]
        for line in String(decoding: old, as: UTF8.self).components(separatedBy: "\n") { before[line, default: 0] += 1 }
        var lineStarts = [0]
        for line in lines { lineStarts.append(lineStarts.last! + line.utf8.count + 1) }
        let fixed = heights.filter { $0.rule == .fixedHeightText && $0.view?.height != nil }
        var fonts = 0
        var held = 0
        var problems: [String] = []
        for (n, line) in lines.enumerated() {
            if before[line, default: 0] > 0 {
                before[line]! -= 1
                continue
            }
            guard let (style, at) = textStyle(in: line), let size = sizes[style] else { continue }
            fonts += 1
            // A fixed size scaled with a style grows along its curve; a style alone is the style's size.
            let needed = pointSize(in: line).map { $0 * size.ax5 / size.large } ?? size.ax5
            let offset = lineStarts[n] + at
            var holders: [(Double, String)] = []
            for finding in fixed {
                guard let view = finding.view, let height = view.height else { continue }
                if let span = view.span, span.contains(offset) { holders.append((height, "a frame \(points(height)) pt high (line \(finding.line))")) }
                if let name = view.name, let receiver = receiver(in: line), receiver == name || receiver == name + ".titleLabel" {
                    holders.append((height, "a constraint of \(points(height)) pt on \(name) (line \(finding.line))"))
                }
            }
            if let receiver = receiver(in: line), let created = createdHeight(of: receiver.split(separator: ".").last.map(String.init) ?? receiver, in: text) {
                holders.append((created, "created \(points(created)) pt high"))
            }
            if !holders.isEmpty { held += 1 }
            for (height, what) in holders where height < needed {
                problems.append("\(path):\(n + 1): .\(style) is \(points((needed * 10).rounded() / 10)) pt at AX5 in \(what): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return (fonts, held, problems)
    }

    /// The text style a line's font is given, and where in the line it is written.
    static func textStyle(in line: String) -> (String, Int)? {
        for marker in ["system(.", "relativeTo: .", "UIFontMetrics(forTextStyle: ."] {
            guard let range = line.range(of: marker) else { continue }
            let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber }
            return (String(name), line.utf8.distance(from: line.startIndex, to: range.lowerBound))
        }
        return nil
    }

    /// The point size written in a line's font (`ofSize: 9`, `size: 12`), if any.
    static func pointSize(in line: String) -> Double? {
        for marker in ["ofSize: ", "size: "] {
            guard let range = line.range(of: marker) else { continue }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        return nil
    }

    /// The view a `VIEW.font = ...` line assigns to, without `self.` and optional chaining.
    static func receiver(in line: String) -> String? {
        guard let range = line.range(of: ".font = ") else { return nil }
        var name = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "?", with: "")
            .replacingOccurrences(of: "!", with: "")
        if name.hasPrefix("self.") { name.removeFirst(5) }
        return name.isEmpty || name.contains(" ") ? nil : name
    }

    /// The height `name` is created with (`let name = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 18))`),
    /// unless the file sizes it again.
    static func createdHeight(of name: String, in text: String) -> Double? {
        let again = [".frame", ".bounds", ".sizeToFit", ".translatesAutoresizingMaskIntoConstraints", ".snp"].map { name + $0 }
            + ["ArrangedSubview(\(name)"]
        guard !again.contains(where: text.contains) else { return nil }
        var lowest: Double?
        for type in ["UILabel", "UIButton", "UITextField", "UITextView"] {
            for separator in [" = ", ": \(type) = "] {
                let start = "\(name)\(separator)\(type)(frame: CGRect("
                var rest = Substring(text)
                while let found = rest.range(of: start) {
                    rest = rest[found.upperBound...]
                    let call = rest.prefix { $0 != ")" }
                    if let height = call.range(of: "height: "), let value = Double(call[height.upperBound...].prefix { $0.isNumber || $0 == "." }) {
                        lowest = min(value, lowest ?? value)
                    }
                }
            }
        }
        return lowest
    }

    static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
