import Testing
@testable import Scan
import TestSupport

/// A file's findings depend on other files only through declarations it uses, in its own module.
@Suite("Scope independence")
struct ScopeIndependenceTests {
    struct Project {
        var files: [(path: String, text: String)]
        /// Files that use no declaration of another file.
        var selfContained: Set<String>
    }

    /// A small project whose names collide with every other project's: `Theme.titleSize`, a
    /// `font` parameter scaled by a helper, `appFont(ofSize:)`, locals called `label` and `font`.
    static func project(_ k: Int, _ generator: inout SplitMix64) -> Project {
        let root = "P\(k)/"
        let size = 10 + Int(generator.next() % 20)
        let theme = generator.next() % 2 == 0
            ? "enum Theme {\n    static let titleSize: CGFloat = \(size)\n}\n"
            : "enum Theme {\n    static var titleSize: CGFloat { UIFontMetrics.default.scaledValue(for: \(size)) }\n}\n"
        let wrapperScales = generator.next() % 2 == 0
        let helpers = """
        func scaled(_ font: UIFont) -> UIFont { UIFontMetrics.default.scaledFont(for: font) }
        extension UIFont {
            static func appFont(ofSize size: CGFloat) -> UIFont {
                \(wrapperScales ? "UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: size))" : ".systemFont(ofSize: size)")
            }
        }
        final class Styled: UILabel {
            override init(frame: CGRect) { super.init(frame: frame); adjustsFontForContentSizeCategory = \(generator.next() % 2 == 0) }
        }

        """
        let screen = """
        struct Row: View {
            var body: some View {
                Text("a").font(.system(size: Theme.titleSize))
            }
        }
        final class Screen: UIView {
            let title = Styled()
            func setUp() {
                title.font = .appFont(ofSize: \(size))
                title.font = .preferredFont(forTextStyle: .body)
            }
        }

        """
        var cells = "final class Cells {\n"
        for n in 0..<(1 + Int(generator.next() % 4)) {
            let live = generator.next() % 2 == 0
            cells += """
                lazy var view\(n): UIView = {
                    let label = UILabel()
                    let font = UIFont.systemFont(ofSize: \(12 + n))
                    label.font = .preferredFont(forTextStyle: .body)\(live ? "\n            label.adjustsFontForContentSizeCategory = true" : "")
                    label.numberOfLines = \(generator.next() % 2)
                    return label
                }()

            """
        }
        cells += "}\n"
        let files = [(root + "Package.swift", "// swift-tools-version:5.9\n"), (root + "Theme.swift", theme),
                     (root + "Helpers.swift", helpers), (root + "Screen.swift", screen), (root + "Cells.swift", cells)]
        return Project(files: files, selfContained: [root + "Cells.swift", root + "Theme.swift", root + "Package.swift"])
    }

    /// Each file's findings, as lines that say everything a report shows of them.
    static func findings(_ files: [(path: String, text: String)]) throws -> [String: [String]] {
        let report = try SourceScanner.scan(files: files.map { ($0.path, Array($0.text.utf8)) })
        var byFile: [String: [String]] = [:]
        for path in files.map(\.path) { byFile[path] = [] }
        for finding in report.findings {
            byFile[finding.file, default: []].append("\(finding.line):\(finding.column) \(finding.rule.id) \(finding.confidence) \(finding.message)")
        }
        return byFile
    }

    @Test("property: each file's findings are the same alone, with its own project, and with an unrelated project beside it")
    func randomPairs() throws {
        var generator = SplitMix64(seed: 0x5C09E)
        var checkedFiles = 0
        var sawFindings = 0
        for round in 0..<24 {
            let a = ScopeIndependenceTests.project(2 * round, &generator)
            let b = ScopeIndependenceTests.project(2 * round + 1, &generator)
            let own = try ScopeIndependenceTests.findings(a.files)
            let beside = try ScopeIndependenceTests.findings(a.files + b.files)
            let besideFirst = try ScopeIndependenceTests.findings(b.files + a.files)
            for (path, text) in a.files {
                #expect(beside[path] == own[path], "\(path) changes with an unrelated project beside it")
                #expect(besideFirst[path] == own[path], "\(path) changes with an unrelated project before it")
                if a.selfContained.contains(path) {
                    let alone = try ScopeIndependenceTests.findings([(path, text)])
                    #expect(alone[path] == own[path], "\(path) alone differs from \(path) in its project")
                    let aloneBeside = try ScopeIndependenceTests.findings([(path, text)] + b.files)
                    #expect(aloneBeside[path] == own[path], "\(path) alone beside an unrelated project differs")
                }
                checkedFiles += 1
                sawFindings += own[path]?.count ?? 0
            }
        }
        #expect(checkedFiles == 24 * 5)
        #expect(sawFindings > 100, "the projects have findings to lose or gain")
    }

    @Test("the projects are not unrelated by accident: one project's helpers do decide its own files' findings")
    func dependenceWithinAProject() throws {
        var generator = SplitMix64(seed: 7)
        var differed = false
        for k in 0..<16 {
            let project = ScopeIndependenceTests.project(k, &generator)
            let own = try ScopeIndependenceTests.findings(project.files)
            let screen = project.files.first { $0.path.hasSuffix("Screen.swift") }!
            let alone = try ScopeIndependenceTests.findings([screen])
            if alone[screen.path] != own[screen.path] { differed = true }
        }
        #expect(differed)
    }
}

