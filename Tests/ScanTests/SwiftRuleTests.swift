import Testing
@testable import Scan

@Suite("Swift rules")
struct SwiftRuleTests {
    // MARK: fixed-font-size

    @Test("SwiftUI fixed sizes are findings; text styles, relative custom fonts and scaled sizes are not")
    func swiftUIFonts() throws {
        let findings = try scan("""
        struct V: View {
            @ScaledMetric var scaled: CGFloat = 17
            var body: some View {
                Text("a").font(.system(size: 17))
                Text("b").font(Font.system(size: 20, weight: .bold))
                Text("c").font(.custom("Inter", fixedSize: 15))
                Text("d").font(.custom("Inter", size: 15))
                Text("e").font(.custom("Inter", size: 15, relativeTo: .caption))
                Text("f").font(.system(size: scaled))
                Text("g").font(.system(.body, design: .rounded))
                Text("h").font(.title.weight(.bold))
            }
        }
        """)
        #expect(lines(findings) == ["4:fixed-font-size", "5:fixed-font-size", "6:fixed-font-size"])
        #expect(findings.map(\.item) == ["text-scales", "text-scales", "custom-fonts"])
        #expect(findings.allSatisfy { $0.confidence == .high && $0.severity == .critical })
        #expect(findings[0].message.contains("17 pt"))
    }

    @Test("UIKit: systemFont and its siblings, UIFont(name:size:), all flagged")
    func uikitFonts() throws {
        let findings = try scan("""
        func style() {
            a.font = UIFont.systemFont(ofSize: 14)
            b.font = .boldSystemFont(ofSize: 14)
            c.font = UIFont.italicSystemFont(ofSize: 14)
            d.font = .monospacedSystemFont(ofSize: 14, weight: .regular)
            e.font = UIFont.monospacedDigitSystemFont(ofSize: 14, weight: .bold)
            f.font = UIFont(name: "Avenir", size: 14)
            g.font = UIFont.systemFont(ofSize: UIFont.labelFontSize)
        }
        """)
        #expect(findings.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(findings[5].item == "custom-fonts")
        #expect(findings[6].message.contains("17 pt"))
    }

    @Test("a font built from a text style's point size, then scaled, is not fixed")
    func fontFromTextStyleSize() throws {
        let findings = try scan("""
        func font() -> UIFont {
            let base = UIFont.preferredFont(forTextStyle: .body)
            let bold = UIFont.systemFont(ofSize: base.pointSize, weight: .bold)
            let direct = UIFont.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize)
            _ = direct
            return UIFontMetrics(forTextStyle: .body).scaledFont(for: bold)
        }
        """)
        #expect(findings.isEmpty)
    }

    @Test("placeholder sizes that only pick a font family are not findings")
    func placeholders() throws {
        let findings = try scan("""
        func fonts() {
            let family = UIFont(name: "Avenir", size: 0)?.familyName
            let named = UIFont(name: "Avenir", size: 12)!.fontDescriptor
            let picked = UIFont(name: "Avenir", size: 1)!.withSize(UIFont.preferredFont(forTextStyle: .body).pointSize)
            let descriptor = UIFontDescriptor(name: "Avenir", size: 0)
            let keep = UIFont(descriptor: descriptor, size: 0)
            _ = (family, named, picked, keep)
        }
        """)
        #expect(findings.isEmpty)
    }

    @Test("fonts wrapped in UIFontMetrics, directly, through a name, or through a helper")
    func wrapping() throws {
        let findings = try scan("""
        extension UIFont {
            var scaled: UIFont { UIFontMetrics.default.scaledFont(for: self) }
        }
        func scale(_ font: UIFont) -> UIFont { UIFontMetrics(forTextStyle: .body).scaledFont(for: font) }
        enum Fonts {
            static let brand = UIFont(name: "Brand", size: 16)!
            static var title: UIFont { UIFont.systemFont(ofSize: 22, weight: .bold) }
        }
        func apply() {
            a.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: "Brand", size: 16)!)
            b.font = scale(UIFont.systemFont(ofSize: 15))
            c.font = UIFont(name: "Brand", size: 13)?.scaled
            d.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: Fonts.title)
            e.font = UIFontMetrics.default.scaledFont(for: Fonts.brand)
            guard let base = UIFont(name: "Brand", size: 18) else { return }
            f.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: base)
        }
        """)
        #expect(findings.isEmpty)
    }

    @Test("sizes from constants are fixed; from a parameter or an unknown helper, said with less certainty")
    func sizeOrigins() throws {
        let findings = try scan("""
        enum Metrics { static let title: CGFloat = 28 }
        let bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize
        struct V: View {
            let size: CGFloat
            var body: some View {
                Text("a").font(.system(size: Metrics.title))
                Text("b").font(.system(size: bodySize))
                Text("c").font(.system(size: size))
                Text("d").font(.system(size: theme.sizes.body))
                Text("e").font(.system(size: 12 + 2))
            }
        }
        public func make(size: CGFloat) -> UIFont { UIFont.systemFont(ofSize: size) }
        """)
        #expect(lines(findings) == ["6:fixed-font-size", "8:fixed-font-size", "9:fixed-font-size",
                                    "10:fixed-font-size", "13:fixed-font-size"])
        #expect(findings.map(\.confidence) == [.high, .medium, .medium, .high, .medium])
        #expect(findings[0].message.contains("28 pt (title)"))
        #expect(findings[4].message.contains("passed in as 'size'"))
    }

    @Test("constants and scaling helpers declared in other files are followed")
    func crossFile() throws {
        let findings = try scan(files: [
            "Theme.swift": """
            enum Theme {
                static let small: CGFloat = 11
                static var body: CGFloat { UIFontMetrics.default.scaledValue(for: 17) }
            }
            func scaled(_ value: CGFloat) -> CGFloat { UIFontMetrics.default.scaledValue(for: value) }
            """,
            "View.swift": """
            struct V: View {
                var body: some View {
                    Text("a").font(.system(size: Theme.small))
                    Text("b").font(.system(size: Theme.body))
                    Text("c").font(.system(size: scaled(15)))
                }
            }
            """,
        ])
        #expect(findings.map { "\($0.file):\($0.line)" } == ["View.swift:3"])
        #expect(findings.first?.confidence == .high)
    }

    @Test("withSize pins even a text style font; a relative withSize does not")
    func withSize() throws {
        let findings = try scan("""
        func f(font: UIFont) {
            a.font = UIFont.preferredFont(forTextStyle: .body).withSize(12)
            b.font = font.withSize(font.pointSize * 1.2)
        }
        """)
        #expect(lines(findings) == ["2:fixed-font-size"])
    }

    @Test(".custom( that is not a font is never a finding")
    func customThatIsNotAFont() throws {
        let findings = try scan("""
        struct V: View {
            var body: some View {
                Text("a").transition(.custom(name: "fade")).buttonStyle(.custom)
                Shape().fill(.custom(color, opacity: 3))
            }
        }
        enum Transition { case custom(String) }
        let fade = Transition.custom("fade")
        """)
        #expect(findings.isEmpty)
    }

    @Test("commented-out code and code inside strings are not read as code")
    func commentsAndStrings() throws {
        let findings = try scan(#"""
        // Text("a").font(.system(size: 12))
        /* label.numberOfLines = 1 /* nested */ .lineLimit(1) */
        let sample = "Text(a).font(.system(size: 12)).lineLimit(1)"
        let raw = #"label.adjustsFontSizeToFitWidth = true "# + "\(count)"
        let doc = """
            .minimumScaleFactor(0.5)
            """
        """#)
        #expect(findings.isEmpty)
    }

    // MARK: fixed-symbol-size

    @Test("a fixed font on an image or in a symbol configuration is a symbol finding")
    func symbols() throws {
        let findings = try scan("""
        struct V: View {
            @ScaledMetric var icon: CGFloat = 20
            var body: some View {
                Image(systemName: "star").font(.system(size: 20))
                Image(systemName: "star").font(.system(size: icon))
                Button { } label: { Image(systemName: "plus") }.font(.system(size: 18))
                Label("Star", systemImage: "star").font(.system(size: 16))
            }
        }
        let config = UIImage.SymbolConfiguration(pointSize: 24, weight: .bold)
        let byStyle = UIImage.SymbolConfiguration(textStyle: .title2)
        let byFont = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 12))
        """)
        #expect(lines(findings) == ["4:fixed-symbol-size", "6:fixed-symbol-size", "7:fixed-font-size",
                                    "10:fixed-symbol-size", "12:fixed-symbol-size"])
        #expect(findings.filter { $0.rule == .fixedSymbolSize }.allSatisfy { $0.item == "icons-scale" && $0.severity == .minor })
    }

    // MARK: shrinks-text and single-line

    @Test("shrinking and single-line text, SwiftUI and UIKit")
    func shrinkAndSingleLine() throws {
        let findings = try scan("""
        struct V: View {
            var body: some View {
                Text("a").lineLimit(1).minimumScaleFactor(0.5)
                Text("b").lineLimit(2)
                Text("c").minimumScaleFactor(1)
                Image("x").lineLimit(1)
            }
        }
        final class C: UIViewController {
            let label = UILabel()
            let button = UIButton()
            func setup() {
                label.numberOfLines = 1
                label.adjustsFontSizeToFitWidth = true
                button.titleLabel?.numberOfLines = 1
                label.numberOfLines = 0
            }
        }
        """)
        #expect(lines(findings) == ["3:single-line", "3:shrinks-text", "13:single-line", "14:shrinks-text", "15:single-line"])
        #expect(findings.first { $0.rule == .shrinksText }?.item == "no-shrink")
        #expect(findings.first { $0.rule == .singleLine }?.item == "no-truncation")
    }

    @Test("properties that only share a UIKit name are not findings")
    func lookalikeProperties() throws {
        let findings = try scan(files: [
            "Model.swift": """
            struct PreviewOptions {
                var numberOfLines = 1
                var adjustsFontSizeToFitWidth = true
            }
            final class Store {
                var options = PreviewOptions()
                func compact() {
                    options.numberOfLines = 1
                    options.adjustsFontSizeToFitWidth = true
                }
            }
            enum Lines: Int { case numberOfLines = 1 }
            """,
            "Label.swift": """
            final class TagLabel: UILabel {
                func setup() { numberOfLines = 1 }
            }
            """,
        ])
        #expect(findings.map { "\($0.file):\($0.line)" } == ["Label.swift:2"])
    }

    @Test("single-line text only below the accessibility sizes, or in ViewThatFits, is not a finding")
    func adaptiveCode() throws {
        let findings = try scan("""
        struct V: View {
            @Environment(\\.dynamicTypeSize) var size
            var body: some View {
                if !size.isAccessibilitySize {
                    Text("a").lineLimit(1)
                }
                Text("b").lineLimit(size.isAccessibilitySize ? nil : 1)
                ViewThatFits {
                    Text("c").lineLimit(1)
                    Text("c")
                }
            }
        }
        final class Cell: UITableViewCell {
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                if traitCollection.preferredContentSizeCategory.isAccessibilityCategory {
                    large()
                } else {
                    regular()
                }
            }
            private func large() { textLabel?.numberOfLines = 0 }
            private func regular() { textLabel?.numberOfLines = 1 }
        }
        """)
        #expect(findings.isEmpty)
    }

    @Test("Prelude lens setters and configuration closures are read like assignments")
    func lensesAndClosures() throws {
        let findings = try scan("""
        final class V: UIView {
            private lazy var nameLabel: UILabel = { UILabel() }()
            private lazy var tagLabel = UILabel().then { $0.numberOfLines = 1 }
            func bind() {
                _ = self.nameLabel
                    |> \\.numberOfLines .~ 1
                    |> \\.textAlignment .~ .left
            }
        }
        let style: (UILabel) -> UILabel = { (label: UILabel) in
            label |> UILabel.lens.adjustsFontSizeToFitWidth .~ true
        }
        """)
        #expect(lines(findings) == ["3:single-line", "6:single-line", "11:shrinks-text"])
    }

    @Test("a view's own property set right after a switch's case or default label is read as an assignment")
    func bareAssignmentsAfterCaseLabels() throws {
        let findings = try scan("""
        final class TagLabel: UILabel {
            enum Density { case compact, regular, roomy }
            func apply(_ density: Density, flag: Bool) {
                switch density {
                case .compact: numberOfLines = 1
                case .regular,
                     .roomy: adjustsFontSizeToFitWidth = true
                }
                switch flag {
                case true where isHighlighted: numberOfLines = 0
                default: numberOfLines = 1
                }
            }
        }
        """)
        #expect(lines(findings) == ["5:single-line", "7:shrinks-text", "11:single-line"])
    }

    @Test("a bare property after a colon that ends no case label is no assignment")
    func bareAssignmentsAfterOtherColons() {
        let file = SwiftFile("""
        final class TagLabel: UILabel {
            func apply(_ style: Style, flag: Bool) {
                switch style {
                case .body: font = a
                case .title(let size), .large(size: 2): font = b
                case .caption
                     , .footnote: font = c
                case let .custom(name) where name.isEmpty ||
                         flag: font = d
                @unknown default: font = e
                }
                var current: font = x
                _ = flag ? a : font = f
                _ = [.body: font = g]
                configure(with: font = h)
                apply(default: font = i)
                outer: font = j
            }
        }
        """)
        let reader = SwiftAnalyzer(file: file, index: ProjectIndex.Shared.empty)
        let fonts = file.tokens.indices.filter { file.isKind($0, .identifier) && file.textIs($0, "font") }
        #expect(fonts.map { reader.receiverTokens(ofProperty: $0) != nil }
                    == [true, true, true, true, true, false, false, false, false, false, false])
    }
}
