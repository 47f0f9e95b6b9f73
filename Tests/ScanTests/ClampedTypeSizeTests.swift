import Testing
@testable import Scan

/// clamped-type-size beyond its examples: caps held in names or defaults, and reference traits
/// that only read a base size.
@Suite("clamped-type-size")
struct ClampedTypeSizeTests {
    @Test("a reference trait collection that only reads a base size for a scaled font is no cap")
    func referenceTraits() throws {
        let findings = try scan("""
        extension UIFont {
            static func preferredFont(for style: UIFont.TextStyle, weight: UIFont.Weight) -> UIFont {
                let traits = UITraitCollection(preferredContentSizeCategory: .large)
                let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style, compatibleWith: traits)
                let font = UIFont.systemFont(ofSize: descriptor.pointSize, weight: weight)
                return UIFontMetrics(forTextStyle: style).scaledFont(for: font)
            }
            static func inline(_ style: UIFont.TextStyle) -> UIFont {
                let base = UIFont.preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large))
                return UIFontMetrics(forTextStyle: style).scaledFont(for: base)
            }
            static func pinned(_ style: UIFont.TextStyle) -> UIFont {
                UIFont.preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large))
            }
        }
        func apply(_ view: UIView) {
            let traits = UITraitCollection(preferredContentSizeCategory: .medium)
            view.traitOverrides.preferredContentSizeCategory = traits.preferredContentSizeCategory
            _ = UIFontMetrics.default.scaledValue(for: 12)
        }
        """, rules: ["clamped-type-size"])
        #expect(lines(findings) == ["13:clamped-type-size", "17:clamped-type-size"])
    }

    @Test("a View helper whose default caps the size is a finding at each call that keeps the default")
    func viewHelperDefault() throws {
        let findings = try scan(files: [
            "View+Font.swift": """
            extension View {
                func font(size: CGFloat, style: Font.TextStyle, maxSizeCategory: UIContentSizeCategory = .extraExtraLarge) -> some View {
                    modifier(ScaledFont(size: size, style: style, maxSizeCategory: maxSizeCategory))
                }
            }
            """,
            "Row.swift": """
            struct Row: View {
                var body: some View {
                    Text("a").font(size: 15, style: .body)
                    Text("b").font(size: 15, style: .body, maxSizeCategory: .accessibilityExtraExtraExtraLarge)
                    Text("c")
                        .font(size: 13, style: .footnote)
                }
            }
            """,
        ], )
        let capped = findings.filter { $0.rule == .clampedTypeSize }
        #expect(capped.map { "\($0.file):\($0.line)" } == ["Row.swift:3", "Row.swift:6"])
        #expect(capped.first.map { $0.message.contains("xxLarge") && $0.message.contains("maxSizeCategory") } == true)
    }

    @Test("a cap held in a property or constant is traced")
    func capInProperty() throws {
        let findings = try scan("""
        struct ScanView: View {
            var maxDynamicTypeSize: DynamicTypeSize = .xxLarge
            let open: DynamicTypeSize = .accessibility5
            var body: some View {
                Text("a").dynamicTypeSize(...maxDynamicTypeSize)
                Text("b").dynamicTypeSize(...open)
            }
        }
        """, rules: ["clamped-type-size"])
        #expect(lines(findings) == ["5:clamped-type-size"])
        #expect(findings.first?.message.contains("xxLarge") == true)
    }

    @Test("a cap at AX3 or above still reaches 200 %; one below it, at xxxLarge or of 1.25x, does not")
    func capsAgainstTheClaim() throws {
        let findings = try scan("""
        struct Caps: View {
            var body: some View {
                Text("a").dynamicTypeSize(...DynamicTypeSize.accessibility3)
                Text("b").dynamicTypeSize(...DynamicTypeSize.xxxLarge)
                Text("c").dynamicTypeSize(.large ... .accessibility4)
                Text("d").dynamicTypeSize(min(dynamicTypeSize, .accessibility2))
            }
        }
        func style(_ label: UILabel, _ base: UIFont) {
            label.maximumContentSizeCategory = .accessibilityExtraLarge
            label.maximumContentSizeCategory = .extraExtraExtraLarge
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: base, maximumPointSize: base.pointSize * 1.25)
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17), maximumPointSize: 34)
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: base, maximumPointSize: 30)
        }
        """, rules: ["clamped-type-size"])
        #expect(findings.map { "\($0.line):\($0.cap?.verdict ?? "unknown")" } == [
            "3:claimable, capped at AX3", "4:below 200 %, capped at xxxLarge", "5:claimable, capped at AX4",
            "6:below 200 %, capped at AX2", "10:claimable, capped at AX3", "11:below 200 %, capped at xxxLarge",
            "12:below 200 %, capped at 1.25x", "13:claimable, capped at 2x", "14:unknown",
        ])
        try #require(findings.count == 9)
        #expect(findings[0].message.contains("claimable, capped at AX3"))
        #expect(findings[1].message.contains("cannot claim Larger Text"))
        #expect(TextSizeCap(shown: "xxxLarge") == TextSizeCap(size: .xxxl) && TextSizeCap(shown: "1.25x") == TextSizeCap(factor: 1.25))
        #expect(TextSizeCap(shown: "AX9") == nil && TextSizeCap(shown: "-2x") == nil)
    }
}
