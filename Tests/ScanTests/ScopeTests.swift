import Testing
@testable import Scan

/// The weaknesses the scan had on real code it had never seen, each as a case.
@Suite("Scope and helpers")
struct ScopeTests {
    private static func findings(_ files: [String: String], in file: String) throws -> [String] {
        lines(try scan(files: files).filter { $0.file == file })
    }

    // MARK: Findings do not leak between files

    @Test("a parameter called font scaled in one file hides no fixed font of another file")
    func scaledFontParameter() throws {
        let helper = """
        enum Fonts {
            static func scaled(_ font: UIFont) -> UIFont { UIFontMetrics.default.scaledFont(for: font) }
        }
        """
        let screen = """
        final class Screen: UIView {
            func setUp() {
                let font = UIFont.systemFont(ofSize: 14)
                title.font = font
            }
        }
        """
        #expect(try ScopeTests.findings(["Fonts.swift": helper, "Screen.swift": screen], in: "Screen.swift") == ["3:fixed-font-size"])
        #expect(try ScopeTests.findings(["Screen.swift": screen], in: "Screen.swift") == ["3:fixed-font-size"])
    }

    @Test("a local scaled with scaledFont(for:) in one function hides no other function's local of that name")
    func scaledLocalByScope() throws {
        let source = """
        final class Screen: UIView {
            func a() {
                let font = UIFont.systemFont(ofSize: 14)
                title.font = UIFontMetrics.default.scaledFont(for: font)
            }
            func b() {
                let font = UIFont.systemFont(ofSize: 15)
                subtitle.font = font
            }
        }
        """
        #expect(lines(try scan(source)) == ["7:fixed-font-size"])
    }

    @Test("a constant or a scaling helper of another type, or of another module, is not this file's")
    func ownersAndModules() throws {
        let theme = """
        enum Theme {
            static let titleSize: CGFloat = 17
            static func font() -> UIFont { UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 12)) }
        }
        """
        let other = """
        enum Other { static var titleSize: CGFloat { UIFontMetrics.default.scaledValue(for: 20) } }
        """
        let screen = """
        struct Row: View {
            var body: some View {
                Text("a").font(.system(size: Theme.titleSize))
            }
        }
        """
        #expect(try ScopeTests.findings(["App/Theme.swift": theme, "App/Other.swift": other, "App/Row.swift": screen],
                                        in: "App/Row.swift") == ["3:fixed-font-size"])
        // Another project beside it, with a scaling `Theme.titleSize` of its own, changes nothing.
        let foreign = "enum Theme { static var titleSize: CGFloat { UIFontMetrics.default.scaledValue(for: 17) } }"
        let files = ["App/Package.swift": "", "App/Theme.swift": theme, "App/Row.swift": screen,
                     "Other/Package.swift": "", "Other/Theme.swift": foreign]
        #expect(try ScopeTests.findings(files, in: "App/Row.swift") == ["3:fixed-font-size"])
        let row = try scan(files: files).first { $0.file == "App/Row.swift" }
        #expect(row?.message.contains("17 pt") == true, "the constant of its own module")
    }

    @Test("modules: a package's targets, an Xcode project's folder, imports")
    func moduleMap() {
        let map = ModuleMap(paths: ["Package.swift", "Sources/Kit/A.swift", "Sources/Kit/Sub/B.swift", "Sources/App/C.swift",
                                    "Tests/KitTests/D.swift", "Other/E.swift"])
        #expect(map.moduleOf[1] == map.moduleOf[2])
        #expect(map.moduleOf[1] != map.moduleOf[3])
        #expect(map.moduleOf[4] != map.moduleOf[1])
        #expect(map.moduleOf[5] == map.moduleOf[0], "a file outside the targets belongs to the package")
        #expect(map.names[map.moduleOf[1]] == "Kit")
        var facts = [FileFacts](repeating: FileFacts(), count: 6)
        facts[3].imports = ["Kit"]
        let visible = map.visibleModules(imports: facts.map(\.imports))
        #expect(visible[map.moduleOf[3]] == [map.moduleOf[3], map.moduleOf[1]])
        #expect(visible[map.moduleOf[1]] == [map.moduleOf[1]])
    }

    @Test("a file's module follows from its own path, however many files share its folder")
    func moduleOfEachPath() {
        // Files outside the root keep absolute paths; names that are not ASCII, or a combining mark
        // right after a slash, are read by characters.
        let paths = ["Package.swift", "Sources/Kit/A.swift", "Sources/Kit/B.swift", "/elsewhere/Sources/Kit/C.swift",
                     "/elsewhere/D.swift", "D.swift", "App/E.swift", "App/Sub/F.swift", "Café/G.swift", "Cafe\u{301}/H.swift",
                     "Sources/Kit/\u{301}I.swift", "Sources/Kit/\u{301}/J.swift", "App/K.swift", "Sources/Kit/L.swift"]
        let projects: Set<String> = ["App/", "/elsewhere/", "Café/"]
        let map = ModuleMap(paths: paths) { projects.contains($0) }
        let packageRoots: Set<String> = [""]
        let roots = paths.map { ModuleMap.moduleRoot(of: $0, packageRoots: packageRoots, holdsProject: { projects.contains($0) }) }
        for a in paths.indices {
            for b in paths.indices {
                #expect((map.moduleOf[a] == map.moduleOf[b]) == (roots[a] == roots[b]), "\(paths[a]) and \(paths[b])")
            }
        }
        #expect(map.moduleOf[1] == map.moduleOf[13])
        #expect(map.moduleOf[3] != map.moduleOf[1], "the same folders elsewhere are another module")
        #expect(map.moduleOf[4] != map.moduleOf[5])
        #expect(map.moduleOf[6] == map.moduleOf[12])
    }

    @Test("paths relative to the root, ASCII or not")
    func relativePaths() {
        #expect(SourceScanner.relative("/r/App/a.swift", to: "/r") == "App/a.swift")
        #expect(SourceScanner.relative("/r/", to: "/r") == "")
        #expect(SourceScanner.relative("/rx/a.swift", to: "/r") == "/rx/a.swift")
        #expect(SourceScanner.relative("/cafe\u{301}/a.swift", to: "/café") == "a.swift", "the same characters, other bytes")
        #expect(SourceScanner.relative("/r/\u{301}a.swift", to: "/r") == "/r/\u{301}a.swift", "a mark joined to the slash")
        #expect(SourceScanner.relative("/r/é.swift", to: "/r") == "é.swift")
    }

    @Test("a design-system module imported by the app lends it its helpers")
    func importedModule() throws {
        let kit = "extension UIFont { static func body() -> UIFont { UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 17)) } }"
        let app = """
        import Kit
        func style(_ label: UILabel) {
            label.font = UIFont.wrapped(.systemFont(ofSize: 12))
        }
        """
        let kitWrap = kit + "\nextension UIFont { static func wrapped(_ f: UIFont) -> UIFont { UIFontMetrics.default.scaledFont(for: f) } }"
        let files = ["Package.swift": "", "Sources/Kit/Fonts.swift": kitWrap, "Sources/App/Screen.swift": app]
        #expect(try ScopeTests.findings(files, in: "Sources/App/Screen.swift").isEmpty)
        let notImported = files.merging(["Sources/App/Screen.swift": String(app.dropFirst("import Kit\n".count))]) { $1 }
        #expect(try ScopeTests.findings(notImported, in: "Sources/App/Screen.swift") == ["2:fixed-font-size"])
    }

    // MARK: Identity follows scope

    @Test("two closures that each build a local label are two labels")
    func twoClosures() throws {
        let source = """
        final class Cells {
            lazy var first: UIView = {
                let label = UILabel()
                label.font = .preferredFont(forTextStyle: .body)
                label.adjustsFontForContentSizeCategory = true
                return label
            }()
            lazy var second: UIView = {
                let label = UILabel()
                label.font = .preferredFont(forTextStyle: .headline)
                return label
            }()
            lazy var third: UIView = {
                let label = UILabel()
                label.font = .preferredFont(forTextStyle: .caption1)
                return label
            }()
        }
        """
        #expect(lines(try scan(source)) == ["10:no-live-update", "15:no-live-update"])
    }

    // MARK: Whether a view holds text

    @Test("a fixed height on an image-only button is not text; on a titled button it is")
    func imageOnlyButton() throws {
        let source = """
        final class Bar: UIView {
            let chevron = UIButton(type: .system)
            let done = UIButton(type: .system)
            func setUp() {
                chevron.setImage(UIImage(systemName: "chevron.left"), for: .normal)
                chevron.heightAnchor.constraint(equalToConstant: 44).isActive = true
                done.setTitle("Done", for: .normal)
                done.heightAnchor.constraint(equalToConstant: 44).isActive = true
            }
        }
        """
        #expect(lines(try scan(source)) == ["8:fixed-height-text"])
    }

    @Test("a fixed height on a stack that holds a label, in code")
    func stackWithLabel() throws {
        let source = """
        final class Header: UIView {
            let title = UILabel()
            let icon = UIImageView()
            lazy var stack = UIStackView(arrangedSubviews: [icon, title])
            let icons = UIStackView()
            func setUp() {
                stack.heightAnchor.constraint(equalToConstant: 48).isActive = true
                icons.addArrangedSubview(icon)
                icons.heightAnchor.constraint(equalToConstant: 48).isActive = true
            }
        }
        """
        let findings = try scan(source)
        #expect(lines(findings) == ["7:fixed-height-text"])
        #expect(findings.first?.message.contains("holds text") == true)
    }

    @Test("a ButtonStyle or LabelStyle that fixes the height of its label, with the height in a named constant")
    func styles() throws {
        let source = """
        private let buttonHeight: CGFloat = 44
        struct PrimaryButtonStyle: ButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label
                    .frame(height: buttonHeight)
            }
        }
        struct TagStyle: LabelStyle {
            let height: CGFloat = 28
            func makeBody(configuration: Configuration) -> some View {
                HStack { configuration.icon; configuration.title }.frame(height: height)
            }
        }
        struct IconStyle: LabelStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.icon.frame(height: 20)
            }
        }
        """
        let findings = try scan(source)
        #expect(lines(findings) == ["5:fixed-height-text", "11:fixed-height-text"])
        #expect(findings[0].message.contains("44 pt"))
        #expect(findings[1].message.contains("28 pt"))
    }

    // MARK: Caps and sizes through helpers

    @Test("a font helper whose default parameter caps the size category: at the calls that keep the default")
    func defaultCap() throws {
        let source = """
        extension UIFont {
            static func app(_ style: UIFont.TextStyle, maxSizeCategory: UIContentSizeCategory = .extraExtraLarge) -> UIFont {
                UIFont.preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: maxSizeCategory))
            }
            static func open(_ style: UIFont.TextStyle, maxSizeCategory: UIContentSizeCategory = .accessibilityExtraExtraExtraLarge) -> UIFont {
                UIFont.preferredFont(forTextStyle: style)
            }
        }
        let title = UIFont.app(.title1)
        let body = UIFont.app(.body, maxSizeCategory: .accessibilityExtraExtraExtraLarge)
        let note = UIFont.open(.footnote)
        """
        let findings = try scan(source, rules: ["clamped-type-size"])
        #expect(lines(findings) == ["9:clamped-type-size"])
        #expect(findings.first?.message.contains("xxLarge") == true)
        // Called from outside its module, a public helper's default is reported where it is written.
        let library = try scan(source.replacingOccurrences(of: "    static func app", with: "    public static func app"),
                               rules: ["clamped-type-size"])
        #expect(lines(library) == ["2:clamped-type-size", "9:clamped-type-size"])
    }

    @Test("a wrapper around a fixed size is a finding where it is called with a fixed size")
    func wrapper() throws {
        let kit = """
        extension UIFont {
            static func appFont(ofSize size: CGFloat, weight: UIFont.Weight = .regular) -> UIFont {
                UIFont.systemFont(ofSize: size, weight: weight)
            }
        }
        """
        let screen = """
        final class Screen {
            func style() {
                title.font = .appFont(ofSize: 20, weight: .bold)
                body.font = UIFont.appFont(ofSize: bodySize)
            }
            @ScaledMetric var bodySize: CGFloat = 17
        }
        """
        let findings = try scan(files: ["Kit.swift": kit, "Screen.swift": screen]).filter { $0.file == "Screen.swift" }
        #expect(lines(findings) == ["3:fixed-font-size"])
        #expect(findings.first?.message.contains("20 pt") == true)
    }

    @Test("a fixed size passed to a private helper whose every call passes a scaled size is not a finding")
    func privateHelper() throws {
        let scaledOnly = """
        final class Screen {
            @ScaledMetric var size: CGFloat = 17
            func style() {
                title.font = makeFont(size)
                body.font = makeFont(UIFontMetrics.default.scaledValue(for: 15))
            }
            private func makeFont(_ points: CGFloat) -> UIFont { UIFont.systemFont(ofSize: points) }
        }
        """
        #expect(lines(try scan(scaledOnly)).isEmpty)
        let oneFixed = scaledOnly.replacingOccurrences(of: "makeFont(UIFontMetrics.default.scaledValue(for: 15))", with: "makeFont(15)")
        // The call that passes a fixed size is the finding, not the helper's body.
        #expect(lines(try scan(oneFixed)) == ["5:fixed-font-size"])
    }

    @Test("a font passed as an argument labelled for a symbol is a fixed symbol size")
    func symbolArgument() throws {
        let source = """
        struct Badge: View {
            var body: some View {
                Tile(title: "A", symbolFont: .system(size: 35), titleFont: .system(size: 12))
            }
        }
        """
        #expect(lines(try scan(source)) == ["3:fixed-symbol-size", "3:fixed-font-size"])
    }

    @Test("dynamicTypeSize(min(current, .accessibility1)) is reported as a cap, not a pinned size")
    func minimumCap() throws {
        let findings = try scan("""
        struct V: View {
            @Environment(\\.dynamicTypeSize) var current
            var body: some View { Text("a").dynamicTypeSize(min(current, .accessibility1)) }
        }
        """)
        #expect(lines(findings) == ["3:clamped-type-size"])
        #expect(findings.first?.message.contains("caps the text below it at accessibility1") == true)
        #expect(findings.first?.message.contains("one size") == false)
    }
}
