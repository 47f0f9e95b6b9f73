import Foundation
@testable import ScanRewrites
import Scan
import Testing

/// The forms `scan --fix` rewrites in real apps' code: a trailing comment does not stop a rewrite,
/// Interface Builder labels get Lines and "Automatically Adjusts Font", and UIKit views set up in
/// `init` or in a lazy closure follow size changes. Each rewritten file parses, and a second fix finds
/// nothing to rewrite.
@Suite("Fix list")
struct FixListTests {
    static let cell = """
        import UIKit

        final class PriceCell: UITableViewCell {
            let priceLabel = UILabel()
            let noteLabel: UILabel
            private let detailLabel = UILabel()

            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                noteLabel = UILabel()
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                priceLabel.font = UIFont.systemFont(ofSize: 17) // the price
                noteLabel.font = UIFont.preferredFont(forTextStyle: .footnote) // small print
                detailLabel.font = .preferredFont(forTextStyle: .body)
                priceLabel.numberOfLines = 1 // one line
            }

            required init?(coder: NSCoder) { fatalError() }

            private lazy var titleLabel: UILabel = {
                let label = UILabel()
                label.font = .preferredFont(forTextStyle: .headline)
                return label
            }()

            private lazy var subtitleLabel: UILabel = {
                let label = UILabel()
                label.font = UIFont.systemFont(ofSize: 15)
                label.adjustsFontSizeToFitWidth = true // shrinks to fit
                return label
            }()
        }

        """

    static let title = """
        import SwiftUI

        struct Title: View {
            var body: some View {
                VStack {
                    Text("Hello").font(.system(size: 17)) // the title
                    Text("World").lineLimit(1) // one line
                    Text("Bye").frame(height: 30) // a row
                }
            }
        }

        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <subviews>
                                    <label opaque="NO" text="Welcome &gt; home" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
                                        <rect key="frame" x="16" y="20" width="200" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <nil key="textColor"/>
                                    </label>
                                    <label opaque="NO" text="Fine print" numberOfLines="0" adjustsFontForContentSizeCategory="NO" id="l2">
                                        <rect key="frame" x="16" y="60" width="200" height="21"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                                    </label>
                                    <textView opaque="NO" text="Terms" id="t1">
                                        <rect key="frame" x="16" y="100" width="200" height="80"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleCallout"/>
                                    </textView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    /// The plan for one file, its rewritten text, and the plan a second fix would make of that.
    func fix(_ path: String, _ text: String) throws -> (plan: RewritePlan, output: String, again: RewritePlan) {
        let input = Array(text.utf8)
        let report = try SourceScanner.scan(files: [(path, input)])
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { _ in input }
        let output = try #require(plan.files.first?.new)
        let rescan = try SourceScanner.scan(files: [(path, output)])
        let again = Fixer.plan(rescan, verdict: ScanVerdict(rescan)) { _ in output }
        // The rewritten file parses.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-fixlist-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(output).write(to: folder.appendingPathComponent(path))
        try expectParses(folder.appendingPathComponent(path))
        return (plan, String(decoding: output, as: UTF8.self), again)
    }

    func rewritten(_ plan: RewritePlan) -> [String] { plan.rewrites.map { "\($0.line) \($0.rule.rawValue): \($0.summary)" } }

    @Test func aTrailingCommentDoesNotStopARewriteAndStays() throws {
        let (plan, output, again) = try fix("PriceCell.swift", Self.cell)
        #expect(rewritten(plan).contains("11 fixed-font-size: `UIFont.systemFont(ofSize: 17)` scaled with `UIFontMetrics(forTextStyle: .body)`, and `priceLabel` follows size changes"), "\(rewritten(plan))")
        #expect(output.contains("priceLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17)) // the price\n        priceLabel.adjustsFontForContentSizeCategory = true\n"), "\(output)")
        #expect(output.contains("noteLabel.font = UIFont.preferredFont(forTextStyle: .footnote) // small print\n        noteLabel.adjustsFontForContentSizeCategory = true\n"), "\(output)")
        #expect(output.contains("priceLabel.numberOfLines = 0 // one line\n"))
        // The statement goes; its comment stays.
        #expect(!output.contains("adjustsFontSizeToFitWidth") && output.contains("\n        // shrinks to fit\n"), "\(output)")
        #expect(!plan.suggestions.contains { $0.text.contains("more code follows") }, "\(plan.suggestions)")
        #expect(again.rewrites.isEmpty, "\(rewritten(again))")

        let (swiftUI, text, second) = try fix("Title.swift", Self.title)
        #expect(rewritten(swiftUI).count == 3)
        #expect(text.contains(".font(.system(.body)) // the title\n") && text.contains("Text(\"World\") // one line\n")
                    && text.contains(".frame(minHeight: 30) // a row\n"), "\(text)")
        #expect(second.rewrites.isEmpty)
    }

    @Test func uiKitViewsSetUpInInitOrALazyClosureFollowSizeChanges() throws {
        let (plan, output, again) = try fix("PriceCell.swift", Self.cell)
        let made = rewritten(plan)
        #expect(made.contains("12 no-live-update: `noteLabel` follows size changes"), "\(made)")
        #expect(made.contains("13 no-live-update: `detailLabel` follows size changes"), "\(made)")
        #expect(made.contains("21 no-live-update: `label` follows size changes"), "\(made)")
        #expect(made.contains("27 fixed-font-size: `UIFont.systemFont(ofSize: 15)` scaled with `UIFontMetrics(forTextStyle: .subheadline)`, and `label` follows size changes"), "\(made)")
        #expect(output.contains("detailLabel.font = .preferredFont(forTextStyle: .body)\n        detailLabel.adjustsFontForContentSizeCategory = true\n"))
        #expect(output.contains("        label.font = .preferredFont(forTextStyle: .headline)\n        label.adjustsFontForContentSizeCategory = true\n        return label\n"), "\(output)")
        #expect(output.components(separatedBy: "adjustsFontForContentSizeCategory = true").count == 6, "five views follow size changes, each once")
        #expect(again.rewrites.isEmpty, "\(rewritten(again))")
    }

    @Test func interfaceBuilderLabelsGetLinesAndAutomaticallyAdjustsFont() throws {
        let (plan, output, again) = try fix("Main.storyboard", Self.storyboard)
        let made = rewritten(plan)
        #expect(made.contains("9 single-line: Lines (`numberOfLines`) set to `\"0\"`"), "\(made)")
        #expect(made.contains("9 no-live-update: \"Automatically Adjusts Font\" turned on"), "\(made)")
        #expect(made.contains("14 no-live-update: \"Automatically Adjusts Font\" turned on"), "\(made)")
        #expect(made.contains("18 no-live-update: \"Automatically Adjusts Font\" turned on"), "\(made)")
        // Attributes added inside the start tag, past a `>` written in a value; an "off" turned on.
        #expect(output.contains(#"<label numberOfLines="0" opaque="NO" text="Welcome &gt; home" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="l1" adjustsFontForContentSizeCategory="YES">"#), "\(output)")
        #expect(output.contains(#"numberOfLines="0" adjustsFontForContentSizeCategory="YES" id="l2">"#))
        #expect(output.contains(#"<textView opaque="NO" text="Terms" id="t1" adjustsFontForContentSizeCategory="YES">"#))
        #expect(WellFormedXML.check(Array(output.utf8)))
        #expect(again.rewrites.isEmpty, "\(rewritten(again))")
        #expect(!again.suggestions.contains { $0.rule == .singleLine || $0.rule == .noLiveUpdate }, "\(again.suggestions)")
    }
}
