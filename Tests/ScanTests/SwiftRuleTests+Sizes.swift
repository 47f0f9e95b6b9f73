import Testing
@testable import Scan

/// The Swift rules on fixed heights, capped type sizes, live updates, previews and good signs.
extension SwiftRuleTests {
    // MARK: fixed-height-text

    @Test("fixed heights on text, SwiftUI, Auto Layout and SnapKit")
    func fixedHeights() throws {
        let findings = try scan("""
        struct V: View {
            @ScaledMetric var rowHeight: CGFloat = 44
            var body: some View {
                Text("a").frame(height: 44)
                Text("b").frame(minHeight: 44)
                Text("c").frame(height: rowHeight)
                Text("d").frame(maxHeight: .infinity)
                HStack { Text("e") }.frame(height: 30)
                Image("f").frame(height: 30)
                Rectangle().frame(height: 1)
            }
        }
        final class C: UIView {
            let label = UILabel()
            let icon = UIImageView()
            func layout() {
                label.heightAnchor.constraint(equalToConstant: 20).isActive = true
                label.heightAnchor.constraint(greaterThanOrEqualToConstant: 20).isActive = true
                icon.heightAnchor.constraint(equalToConstant: 20).isActive = true
                label.snp.makeConstraints { $0.height.equalTo(18) }
            }
        }
        """)
        #expect(lines(findings) == ["4:fixed-height-text", "8:fixed-height-text", "17:fixed-height-text", "20:fixed-height-text"])
        #expect(findings.map(\.confidence) == [.high, .medium, .high, .high])
    }

    // MARK: clamped-type-size

    @Test("caps below AX5 and forced sizes are findings; open ranges are not")
    func clamps() throws {
        let findings = try scan("""
        struct V: View {
            var body: some View {
                Text("a").dynamicTypeSize(...DynamicTypeSize.xxxLarge)
                Text("b").dynamicTypeSize(.small ... .accessibility5)
                Text("c").dynamicTypeSize(.xLarge...)
                Text("d").dynamicTypeSize(.medium)
                Text("e").environment(\\.dynamicTypeSize, .xSmall)
            }
            @Environment(\\.dynamicTypeSize) var size
        }
        func cap(view: UIView) {
            view.maximumContentSizeCategory = .extraExtraExtraLarge
            view.maximumContentSizeCategory = .unspecified
            view.traitOverrides.preferredContentSizeCategory = .large
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: base, maximumPointSize: 28)
        }
        """, rules: ["clamped-type-size"])
        #expect(lines(findings) == ["3:clamped-type-size", "6:clamped-type-size", "7:clamped-type-size",
                                    "12:clamped-type-size", "14:clamped-type-size", "15:clamped-type-size"])
        #expect(findings.last?.confidence == .medium)
    }

    // MARK: no-live-update

    @Test("text style fonts need adjustsFontForContentSizeCategory on the same view")
    func liveUpdate() throws {
        let findings = try scan("""
        final class C: UIViewController {
            let title = UILabel()
            let body = UILabel()
            let field = UITextField()
            let caption = UILabel()
            let footer = UILabel()
            func setup() {
                title.font = .preferredFont(forTextStyle: .title1)
                title.adjustsFontForContentSizeCategory = true
                body.font = UIFont.preferredFont(forTextStyle: .body)
                field.font = UIFontMetrics.default.scaledFont(for: brand)
                field.adjustsFontForContentSizeCategory = false
                [caption, footer].forEach {
                    $0.font = .preferredFont(forTextStyle: .caption1)
                    $0.adjustsFontForContentSizeCategory = true
                }
            }
        }
        """)
        #expect(lines(findings) == ["10:no-live-update", "11:no-live-update", "12:no-live-update"])
        #expect(findings.allSatisfy { $0.item == "live-update" })
    }

    @Test("fonts set again when the text size changes are refreshed by hand")
    func refreshedByHand() throws {
        let findings = try scan("""
        final class C: UIViewController {
            let title = UILabel()
            let note = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                note.font = .preferredFont(forTextStyle: .footnote)
            }
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                super.traitCollectionDidChange(previous)
                title.font = .preferredFont(forTextStyle: .title1)
            }
        }
        """)
        #expect(lines(findings) == ["6:no-live-update"])
        #expect(findings.first?.confidence == .low)
    }

    @Test("a label subclass that turns on live updates itself covers its instances")
    func liveUpdateSubclass() throws {
        let findings = try scan(files: [
            "DynamicLabel.swift": """
            final class DynamicLabel: UILabel {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    adjustsFontForContentSizeCategory = true
                }
            }
            """,
            "Screen.swift": """
            final class Screen: UIViewController {
                let label = DynamicLabel()
                func setup() { label.font = .preferredFont(forTextStyle: .body) }
            }
            """,
        ])
        #expect(findings.isEmpty)
    }

    // MARK: previews and good signs

    @Test("findings in preview-only code are marked and do not count")
    func previews() throws {
        let report = try SourceScanner.scan(files: [("V.swift", Array("""
        struct V: View { var body: some View { Text("a").font(.title) } }
        #Preview { V().environment(\\.sizeCategory, .accessibilityLarge).font(.system(size: 40)) }
        struct V_Previews: PreviewProvider {
            static var previews: some View { V().dynamicTypeSize(.xxxLarge) }
        }
        """.utf8))])
        #expect(report.findings.count == 3)
        #expect(report.findings.allSatisfy { $0.inPreview })
        #expect(report.activeFindings.isEmpty)
    }

    @Test("good signs are counted per file")
    func goodSigns() throws {
        let report = try SourceScanner.scan(files: [("V.swift", Array("""
        struct V: View {
            @ScaledMetric var pad: CGFloat = 8
            @Environment(\\.dynamicTypeSize) var size
            var body: some View {
                let layout = size.isAccessibilitySize ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
                layout { Text("a").font(.body); Text("b").font(.custom("X", size: 12, relativeTo: .body)) }
                ViewThatFits { Text("c") }
            }
        }
        func uikit() {
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.preferredFont(forTextStyle: .body))
            label.adjustsFontForContentSizeCategory = true
        }
        """.utf8))])
        let counts = report.goodSigns.first?.counts ?? [:]
        #expect(counts[.scaledMetric] == 1)
        #expect(counts[.accessibilitySizeCheck] == 1)
        #expect(counts[.anyLayout] == 2)
        #expect(counts[.viewThatFits] == 1)
        #expect(counts[.fontMetrics] == 1)
        #expect(counts[.liveUpdate] == 1)
        #expect((counts[.textStyle] ?? 0) >= 4)
    }

    @Test("rules can be limited, and an unknown rule is a clear error")
    func ruleSelection() throws {
        let source = "struct V: View { var body: some View { Text(\"a\").font(.system(size: 9)).lineLimit(1) } }"
        #expect(lines(try scan(source, rules: ["single-line"])) == ["1:single-line"])
        #expect(throws: ScanError.unknownRule("single-lines")) { try scan(source, rules: ["single-lines"]) }
        #expect(ScanError.unknownRule("x").description.contains("fixed-font-size"))
    }
}
