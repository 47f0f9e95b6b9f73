import Testing
@testable import Scan

/// fixed-font-size beyond its examples: sizes traced through branches and aliases, and helpers
/// judged where they are called.
@Suite("fixed-font-size")
struct FixedFontSizeTests {
    @Test("a constant declared in both halves of #if is quoted from the branch iOS compiles, or both")
    func constantPerPlatform() throws {
        let findings = try scan("""
        #if os(tvOS)
        let titleSize: CGFloat = 30
        #else
        let titleSize: CGFloat = 17
        #endif
        #if DEBUG
        let bodySize: CGFloat = 15
        #else
        let bodySize: CGFloat = 14
        #endif
        struct V: View {
            var body: some View {
                Text("a").font(.system(size: titleSize))
                Text("b").font(.system(size: bodySize))
            }
        }
        """)
        #expect(lines(findings) == ["13:fixed-font-size", "14:fixed-font-size"])
        #expect(findings.first?.message.contains("17 pt (titleSize)") == true)
        #expect(findings.dropFirst(1).first?.message.contains("bodySize: 15 pt or 14 pt") == true)
    }

    @Test("a size chosen by a condition is traced to its branches")
    func conditionalSize() throws {
        let findings = try scan("""
        struct V: View {
            let isTV: Bool
            @ScaledMetric var scaled: CGFloat = 17
            var body: some View {
                Text("a").font(.system(size: isTV ? 30 : 24))
                Text("b").font(.system(size: isTV ? 30 : scaled))
            }
        }
        """)
        #expect(lines(findings) == ["5:fixed-font-size"])
        #expect(findings.first?.confidence == .high)
        #expect(findings.first?.message.contains("30 or 24 pt") == true)
    }

    @Test("a helper that takes a size is judged at its calls; a public one, called from elsewhere, in its body")
    func helpersJudgedAtCalls() throws {
        let findings = try scan(files: [
            "Fonts.swift": """
            enum AppFont {
                private static func make(_ size: CGFloat) -> UIFont { UIFont(name: "Inter", size: size)! }
                static var title: UIFont { make(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 28)) }
                static var body: UIFont { make(UIFontMetrics(forTextStyle: .body).scaledValue(for: 17)) }
                static func regular(_ size: CGFloat) -> UIFont { .systemFont(ofSize: size) }
            }
            public extension UIFont {
                static func brand(size: CGFloat) -> UIFont { UIFont(name: "Brand", size: size)! }
            }
            """,
            "View.swift": """
            func style(_ a: UILabel, _ b: UILabel, _ c: UILabel) {
                a.font = AppFont.regular(13)
                b.font = AppFont.regular(UIFontMetrics.default.scaledValue(for: 13))
                c.font = AppFont.title
            }
            """,
        ])
        #expect(findings.map { "\($0.file):\($0.line)" } == ["Fonts.swift:8", "View.swift:2"])
        #expect(findings.dropFirst(1).first?.message.contains("13 pt") == true)
    }

    @Test("a type alias of UIFont makes fixed fonts too, declared in the file or another")
    func typeAlias() throws {
        let findings = try scan(files: [
            "Alias.swift": "typealias Font = UIFont\n",
            "Editor.swift": """
            final class Editor {
                let code = Font(name: "Menlo", size: 16)
                let small = Font.systemFont(ofSize: 12)
                let body = Font.preferredFont(forTextStyle: .body)
            }
            """,
        ])
        #expect(findings.map { "\($0.file):\($0.line):\($0.rule.id)" } == ["Editor.swift:2:fixed-font-size", "Editor.swift:3:fixed-font-size"])
        #expect(findings.first?.message.contains("Font(name: \"Menlo\", size: 16)") == true)
    }

    @Test("a call resolves by its argument labels: a scaling font(size:style:) helper leaves .font(_:) alone")
    func callsByLabels() throws {
        let findings = try scan("""
        extension View {
            func font(size: CGFloat, style: Font.TextStyle) -> some View {
                font(.custom("Inter", size: UIFontMetrics.default.scaledValue(for: size)))
            }
        }
        struct V: View {
            var body: some View {
                Text("a").font(Font.system(size: 15))
                Text("b").font(size: 15, style: .body)
            }
        }
        """)
        #expect(lines(findings) == ["8:fixed-font-size"])
    }

    @Test("an attributed text built in a local with fonts of its own replaces the nib's font")
    func attributedTextRestyles() throws {
        let xml = """
        <document><objects>
            <collectionViewCell id="cell" customClass="GemCell">
                <subviews>
                    <label numberOfLines="0" id="amount"><fontDescription key="fontDescription" type="system" pointSize="36"/></label>
                    <label numberOfLines="0" id="price"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                </subviews>
                <connections>
                    <outlet property="amountLabel" destination="amount" id="o1"/>
                    <outlet property="priceLabel" destination="price" id="o2"/>
                </connections>
            </collectionViewCell>
        </objects></document>
        """
        let swift = """
        class GemCell: UICollectionViewCell {
            @IBOutlet weak var amountLabel: UILabel!
            @IBOutlet weak var priceLabel: UILabel!
            func set(_ amount: Int) {
                let text = NSMutableAttributedString(string: "\\(amount) GEMS")
                text.addAttributes([.font: UIFont.preferredFont(forTextStyle: .body)], range: NSRange(location: 0, length: 2))
                amountLabel.attributedText = text
                let price = NSAttributedString(string: "1.99")
                priceLabel.attributedText = price
            }
        }
        """
        let findings = try SourceScanner.scan(files: [("GemCell.xib", Array(xml.utf8)), ("GemCell.swift", Array(swift.utf8))],
                                              rules: ["fixed-font-size"]).findings
        #expect(findings.map { "\($0.file):\($0.line)" } == ["GemCell.xib:5"])
    }
}
