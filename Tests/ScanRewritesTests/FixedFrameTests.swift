import Foundation
@testable import ScanRewrites
import Scan
import Testing

/// A font is not given a text style that a fixed frame left around it cannot hold at AX5: the 9 pt
/// badge in a 20 by 20 frame keeps its size, with the reason, until its frame can grow; a roomy frame,
/// or one rewritten to a minimum height in the same run, holds nothing back.
@Suite("Fixed frames hold fonts back")
struct FixedFrameTests {
    static let badges = """
        import SwiftUI

        struct Badges: View {
            var body: some View {
                HStack {
                    Text("3")
                        .font(.system(size: 9))
                        .frame(width: 20, height: 20)
                    Text("New")
                        .font(.system(size: 11, weight: .bold))
                        .frame(width: 80, height: 44)
                    Text("Sale")
                        .font(.custom("Brand", fixedSize: 12))
                        .padding(2)
                        .frame(width: 40, height: 24)
                    Text("Tag")
                        .font(.system(size: 13))
                        .frame(height: 20)
                    Text("Pinned")
                        .font(.system(size: 15))
                        // dtaudit:ignore fixed-height-text — the strip is drawn at this height
                        .frame(width: 90, height: 30)
                }
            }
        }

        """

    func fix(_ text: String) throws -> (plan: RewritePlan, output: [UInt8]) {
        let input = Array(text.utf8)
        let report = try SourceScanner.scan(files: [("Badges.swift", input)])
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { _ in input }
        return (plan, plan.files.first?.new ?? input)
    }

    @Test func aFontTheFrameAroundItCannotHoldAtAX5IsLeftWithTheReasonAndARoomyOneIsRewritten() throws {
        let (plan, output) = try fix(Self.badges)
        let made = Dictionary(plan.rewrites.map { ($0.line, $0.summary) }, uniquingKeysWith: { a, _ in a })
        let left = Dictionary(plan.suggestions.filter { $0.rule == .fixedFontSize }.map { ($0.line, $0.text) }, uniquingKeysWith: { a, _ in a })
        // 9 pt becomes .caption2, 41 pt at AX5: a 20 pt frame cannot hold one line of it.
        #expect(left[7]?.hasPrefix("held back: `.system(size: 9)` would become `.caption2`, 41 pt at AX5, in a frame fixed at 20 pt high (line 8)") == true, "\(plan.suggestions)")
        // 11 pt in a frame 44 pt high: .caption2 fits, so the font scales and the frame is left to a person.
        #expect(made[10] == "`.system(size: 11, weight: .bold)` to `.system(.caption2).weight(.bold)`", "\(made)")
        // A frame on the view after other modifiers holds it too: 12 pt becomes .caption (43 pt at AX5) in 24 pt.
        #expect(left[13]?.contains("would become `.caption`, 43 pt at AX5, in a frame fixed at 24 pt high (line 15)") == true, "\(plan.suggestions)")
        // A frame rewritten to a minimum height in the same run grows with the text: both are made.
        #expect(made[17] == "`.system(size: 13)` to `.system(.footnote)`" && made[18] == "`.frame(height: 20)` to `.frame(minHeight: 20)`", "\(made)")
        // A suppressed frame still holds its view at its height.
        #expect(left[20]?.contains("in a frame fixed at 30 pt high (line 22)") == true, "\(plan.suggestions)")

        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains(".font(.system(size: 9))\n") && text.contains(".font(.custom(\"Brand\", fixedSize: 12))\n"))
        // The rewritten file parses, and a second fix has nothing to rewrite: the held-back fonts stay left.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-frames-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(output).write(to: folder.appendingPathComponent("Badges.swift"))
        try expectParses(folder.appendingPathComponent("Badges.swift"))
        let again = try fix(text).plan
        #expect(again.rewrites.isEmpty, "\(again.rewrites)")
        #expect(again.suggestions.filter { $0.text.hasPrefix("held back: ") }.map(\.line) == [7, 13, 20])
    }

    @Test func aFrameThatGrowsLetsTheHeldFontGo() throws {
        let grown = Self.badges.replacingOccurrences(of: ".frame(width: 20, height: 20)", with: ".frame(minWidth: 20, minHeight: 20)")
        let (plan, _) = try fix(grown)
        #expect(plan.rewrites.contains { $0.line == 7 && $0.summary == "`.system(size: 9)` to `.system(.caption2)`" }, "\(plan.rewrites)")
    }
}
