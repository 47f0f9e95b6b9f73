import Foundation
@testable import ScanRewrites
import Scan
import Testing

/// UIKit's form of the fixed-frame hold-back: a font is not scaled with a text style when the view it
/// is assigned to is held, by a height constraint (matched by the view's name) or by the height it is
/// created with, lower than one line of the scaled font at AX5.
@Suite("Fixed heights hold UIKit fonts back")
struct PinnedHeightTests {
    static let cell = """
        import UIKit

        final class BadgeCell: UITableViewCell {
            let countLabel = UILabel()
            let nameLabel = UILabel()
            let noteLabel = UILabel()
            let tagLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 18))
            let stackedLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 18))
            let titleButton = UIButton(type: .system)
            let pinnedLabel = UILabel()
            let roomyLabel = UILabel()
            let smallLabel = UILabel()
            let snapLabel = UILabel()
            let stack = UIStackView()

            func setUp() {
                countLabel.font = UIFont.systemFont(ofSize: 9)
                nameLabel.font = .systemFont(ofSize: 17)
                noteLabel.font = .systemFont(ofSize: 13)
                tagLabel.font = UIFont(name: "Brand", size: 12)!
                stackedLabel.font = .systemFont(ofSize: 12)
                titleButton.setTitle("Buy", for: .normal)
                self.titleButton.titleLabel?.font = .systemFont(ofSize: 11)
                pinnedLabel.font = .systemFont(ofSize: 17)
                roomyLabel.font = .systemFont(ofSize: 17)
                smallLabel.font = .systemFont(ofSize: 9)
                snapLabel.font = .systemFont(ofSize: 15)
                snapLabel.snp.makeConstraints { $0.height.equalTo(30) }
                stack.addArrangedSubview(stackedLabel)
                countLabel.heightAnchor.constraint(equalToConstant: 20).isActive = true
                NSLayoutConstraint.activate([
                    nameLabel.heightAnchor.constraint(lessThanOrEqualToConstant: 44),
                    noteLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 20),
                    titleButton.heightAnchor.constraint(lessThanOrEqualToConstant: 30),
                    roomyLabel.heightAnchor.constraint(lessThanOrEqualToConstant: 60),
                    smallLabel.heightAnchor.constraint(lessThanOrEqualToConstant: 36),
                ])
                // dtaudit:ignore fixed-height-text — the strip is drawn at this height
                pinnedLabel.heightAnchor.constraint(equalToConstant: 24).isActive = true
            }
        }

        """

    static func line(_ text: String) -> Int {
        (cell.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }

    /// The plan for `text`; `baselining` findings of that rule are in the baseline (not new), as a
    /// team's existing constraints are when it adopts the scan.
    func fix(_ text: String, baselining: ScanRule? = nil) throws -> (plan: RewritePlan, output: String) {
        let input = Array(text.utf8)
        let report = try SourceScanner.scan(files: [("BadgeCell.swift", input)])
        let fingerprints = Fingerprint.of(report.findings)
        let entries = report.findings.indices.filter { report.findings[$0].rule == baselining }.map {
            Baseline.Entry(path: report.findings[$0].file, rule: report.findings[$0].rule.rawValue, fingerprint: fingerprints[$0], code: "")
        }
        let verdict = ScanVerdict(report, fingerprints: fingerprints, baseline: Baseline(entries))
        let plan = Fixer.plan(report, verdict: verdict) { _ in input }
        return (plan, String(decoding: plan.files.first?.new ?? input, as: UTF8.self))
    }

    @Test func aFontItsViewsFixedHeightCannotHoldAtAX5IsLeftWithTheReasonAndTheOthersAreScaled() throws {
        let (plan, output) = try fix(Self.cell)
        let made = Dictionary(plan.rewrites.map { ($0.line, $0.summary) }, uniquingKeysWith: { a, _ in a })
        let left = Dictionary(plan.suggestions.filter { $0.rule == .fixedFontSize }.map { ($0.line, $0.text) }, uniquingKeysWith: { a, _ in a })
        let line = Self.line
        // A cap is not rewritten, so it holds: 17 pt scaled as body is 53 pt at AX5, over 44.
        #expect(left[line("nameLabel.font")] == "held back: `.systemFont(ofSize: 17)` scaled with `UIFontMetrics(forTextStyle: .body)` would be 53 pt at AX5, "
            + "on `nameLabel`, whose height constraint holds it at 44 pt (line \(line("nameLabel.heightAnchor"))), which cannot hold one line of it: "
            + "let the height grow with its text (greaterThanOrEqualToConstant:), then run --fix again", "\(plan.suggestions)")
        // The height it is created with holds a view nothing sizes again: 12 pt as caption1 is 43 pt at AX5, over 18.
        #expect(left[line("tagLabel.font")]?.hasPrefix("held back: `UIFont(name: \"Brand\", size: 12)!` scaled with `UIFontMetrics(forTextStyle: .caption1)` would be 43 pt at AX5, on `tagLabel`, created 18 pt high") == true, "\(plan.suggestions)")
        // A button's height holds its title label.
        #expect(left[line("titleLabel?.font")]?.contains("would be 41 pt at AX5, on `titleButton.titleLabel`, whose height constraint holds it at 30 pt") == true, "\(plan.suggestions)")
        // SnapKit's height, which --fix leaves to a person, holds too: 15 pt as subheadline is 49 pt at AX5.
        #expect(left[line("snapLabel.font")]?.contains("would be 49 pt at AX5, on `snapLabel`, whose height constraint holds it at 30 pt (line \(line("snapLabel.snp")))") == true, "\(plan.suggestions)")
        // A suppressed constraint still holds its view at its height.
        #expect(left[line("pinnedLabel.font")]?.contains("whose height constraint holds it at 24 pt (line \(line("pinnedLabel.heightAnchor")))") == true, "\(plan.suggestions)")
        // A constraint rewritten to a minimum height in the same run grows with the text: both are made.
        #expect(made[line("countLabel.font")]?.hasPrefix("`UIFont.systemFont(ofSize: 9)` scaled with `UIFontMetrics(forTextStyle: .caption2)`") == true, "\(made)")
        #expect(made[line("countLabel.heightAnchor")] == "`heightAnchor.constraint(equalToConstant:)` to `greaterThanOrEqualToConstant:`", "\(made)")
        // A minimum holds nothing back; nor does a roomy cap, nor a created height a stack view lays out again.
        for name in ["noteLabel", "roomyLabel", "stackedLabel"] {
            #expect(made[line(name + ".font")] != nil, "\(name): \(left[line(name + ".font")] ?? "")")
        }
        // UIFontMetrics scales the 9 pt it is given, to about 33.5 pt at AX5, which a 36 pt cap holds
        // (caption2's own 41 pt would not fit).
        #expect(made[line("smallLabel.font")] != nil, "\(left[line("smallLabel.font")] ?? "")")

        #expect(output.contains("nameLabel.font = .systemFont(ofSize: 17)\n") && output.contains("tagLabel.font = UIFont(name: \"Brand\", size: 12)!\n"))
        // The rewritten file parses, and a second fix makes nothing new: the held-back fonts stay left.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-pinned-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(output.utf8).write(to: folder.appendingPathComponent("BadgeCell.swift"))
        try expectParses(folder.appendingPathComponent("BadgeCell.swift"))
        let again = try fix(output).plan
        #expect(again.rewrites.filter { $0.rule == .fixedFontSize }.isEmpty, "\(again.rewrites)")
        #expect(again.suggestions.filter { $0.text.hasPrefix("held back: ") }.count == 5, "\(again.suggestions)")
    }

    @Test func aBaselinedConstraintIsNotRewrittenAndHoldsTheFont() throws {
        let (plan, _) = try fix(Self.cell, baselining: .fixedHeightText)
        #expect(!plan.rewrites.contains { $0.rule == .fixedHeightText }, "\(plan.rewrites)")
        let held = plan.suggestions.first { $0.line == Self.line("countLabel.font") }?.text ?? ""
        #expect(held.hasPrefix("held back: `UIFont.systemFont(ofSize: 9)` scaled with `UIFontMetrics(forTextStyle: .caption2)` would be 33.5 pt at AX5, on `countLabel`, whose height constraint holds it at 20 pt"), "\(plan.suggestions)")
    }
}
