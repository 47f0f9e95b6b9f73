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
}
