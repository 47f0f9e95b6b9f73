import Foundation
import Testing
@testable import Scan

/// From a failing element to its line, on a fixture app whose elements are tied to the code by
/// literal identifiers, constants, Interface Builder identifiers and localized labels: most map to
/// exactly one right line, none to a wrong one, and every other one says why.
@Suite("code locator")
struct CodeLocatorTests {
    static let app = Fixtures.root + "/LocatorApp"

    /// Each screen's files, as `dtaudit screen add --file` would give them.
    static let screens: [String: [String]] = [
        "Checkout": ["Checkout/*.swift"], "Cart": ["Cart/*.swift"], "Map": ["Map/*.swift"],
        "Settings": ["Settings/*.swift", "Shared/Theme.swift"], "Account": ["Account/*.swift"], "Profile": ["Profile/*.swift"],
        "Orders": ["Orders/*"], "Login": ["Login/**"], "Onboarding": ["Onboarding/*.swift"], "Search": ["Search/*.swift"],
    ]

    struct Element {
        var screens: [String]
        var query: ElementQuery
        var shown: String
        var item: String
        var expect: String
    }

    static func elements() throws -> [Element] {
        let text = try String(contentsOfFile: app + "/elements.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            let (kind, value) = (fields[1].prefix { $0 != "=" }, String(fields[1].drop { $0 != "=" }.dropFirst()))
            let query = kind == "id" ? ElementQuery(identifier: value) : kind == "label" ? ElementQuery(label: value) : ElementQuery(name: value)
            return Element(screens: fields[0].split(separator: ",").map(String.init), query: query, shown: fields[1], item: fields[2], expect: fields[3])
        }
    }

    /// Every file of the app, by path relative to it.
    static func files() throws -> [(path: String, bytes: [UInt8])] {
        let enumerator = FileManager.default.enumerator(atPath: app)
        var files: [(path: String, bytes: [UInt8])] = []
        while let path = enumerator?.nextObject() as? String {
            guard [".swift", ".xib", ".storyboard", ".strings", ".xcstrings"].contains(where: path.hasSuffix) else { continue }
            files.append((path, Array(try Data(contentsOf: URL(fileURLWithPath: app + "/" + path)))))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The lines the `expect:` comments mark, by key.
    static func marks(_ files: [(path: String, bytes: [UInt8])]) -> [String: [String]] {
        var marks: [String: [String]] = [:]
        for file in files where !file.path.hasSuffix("strings") {
            for (number, line) in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "expect: ") else { continue }
                let keys = line[range.upperBound...].replacingOccurrences(of: "-->", with: "").split(separator: ";")
                for key in keys { marks[key.trimmingCharacters(in: .whitespaces), default: []].append("\(file.path):\(number + 1)") }
            }
        }
        return marks
    }

    @Test("at least 90 % of failing elements map to exactly one right line, none to a wrong one, the rest say why")
    func fixtureApp() throws {
        let files = try Self.files()
        let marks = Self.marks(files)
        let report = try SourceScanner.scan(paths: [Self.app], root: Self.app)
        let findings = report.findings.filter { !$0.inPreview }.map {
            CodeFinding(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule.rawValue, item: $0.item)
        }
        let elements = try Self.elements()
        var exact = 0
        var wrong: [String] = []
        var unmapped: [String] = []
        var missed: [String] = []
        var byKind: [String: (right: Int, all: Int)] = [:]
        for element in elements {
            let globs = element.screens.flatMap { Self.screens[$0] ?? [] }.map(Glob.init)
            let screenFiles = files.map(\.path).filter { path in globs.contains { $0.matches(path) } }
            let locator = CodeLocator(sources: LocatorSources(files: files, screenFiles: screenFiles), findings: findings)
            let trace = locator.trace(element.query, item: element.item)
            let got = trace.line.map { "\($0.file):\($0.line)" }
            let expected = marks[element.expect] ?? []
            let kind = trace.sites.first.map { $0.how.hasPrefix("label") ? "label" : $0.file.hasSuffix(".swift") ? ($0.how.contains(" through ") ? "constant" : "literal") : "Interface Builder" } ?? "unfound"
            if let got {
                if expected.count == 1 && expected[0] == got {
                    exact += 1
                    byKind[kind, default: (0, 0)].right += 1
                } else {
                    wrong.append("\(element.shown) \(element.item): \(got), expected \(element.expect) \(expected)")
                }
            } else {
                // No single line: it must say why, and be what the fixture expects of it.
                #expect(trace.reason.map { !$0.isEmpty } == true, "\(element.shown) gives no reason")
                unmapped.append("\(element.shown) \(element.item): \(trace.reason ?? "") \(trace.findings.map { "\($0.file):\($0.line)" })")
                if element.expect != "none" && element.expect != "candidates" { missed.append(element.shown + " " + element.item) }
                if element.expect == "candidates" { #expect(trace.findings.count > 1 || trace.sites.count > 1, "\(element.shown)") }
            }
            byKind[kind, default: (0, 0)].all += 1
        }
        print("locator: \(exact) of \(elements.count) exactly one right line; \(wrong.count) wrong; \(unmapped.count) unmapped")
        for (kind, counts) in byKind.sorted(by: { $0.key < $1.key }) { print("  \(kind): \(counts.right) of \(counts.all)") }
        for line in unmapped { print("  unmapped: " + line) }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(missed.isEmpty, "\(missed)")
        #expect(Double(exact) >= 0.9 * Double(elements.count), "\(exact) of \(elements.count)")
    }

    @Test("string tables: UTF-16 and UTF-8, comments and escapes, the development language only, format specifiers as patterns")
    func stringTables() {
        let english = "/* a comment */\n\"greeting\" = \"Hello \\\"you\\\"\";\n// another\n\"count\" = \"%1$@ of %2$lld done\";\n\"percent\" = \"100%% sure\";\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + english.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let tables = StringTables(files: [
            ("App/en.lproj/Localizable.strings", utf16),
            ("App/de.lproj/Localizable.strings", Array("\"greeting\" = \"Hallo\";".utf8)),
            ("App/Base.lproj/Main.strings", Array("\"abc-12-xyz.text\" = \"Sign in\";".utf8)),
        ])
        #expect(tables.keys(showing: "Hello \"you\"").map(\.key) == ["greeting"])
        #expect(tables.keys(showing: "Hallo").isEmpty)
        #expect(tables.keys(showing: "3 of 7 done").map(\.key) == ["count"])
        #expect(tables.keys(showing: " of 7 done").isEmpty)
        #expect(tables.keys(showing: "100% sure").map(\.key) == ["percent"])
        #expect(tables.keys(showing: "Sign in").map(\.key) == ["abc-12-xyz.text"])
        #expect(CodeLocator.interfaceBuilderKey("abc-12-xyz.normalTitle")! == ("abc-12-xyz", "normalTitle"))
        #expect(CodeLocator.interfaceBuilderKey("checkout.pay") == nil)
        // A hostile file of no shape gives nothing and stops nothing.
        let broken = StringTables(files: [("x.strings", Array("\"a\" = \"b\n\"c = ;;; /* open".utf8)), ("y.xcstrings", Array("{\"strings\": [".utf8))])
        #expect(broken.entries.count <= 1)
    }

    @Test("nothing in the screen's files: the reason names what was looked for")
    func notFound() throws {
        let sources = LocatorSources(files: [("A.swift", Array("struct A: View { var body: some View { Text(\"x\").font(.system(size: 9)) } }".utf8))],
                                     screenFiles: ["A.swift"])
        let trace = CodeLocator(sources: sources, findings: []).trace(ElementQuery(identifier: "checkout.pay", label: "Pay"), item: "text-scales")
        #expect(trace.line == nil && trace.findings.isEmpty)
        #expect(trace.reason == "nothing in the screen's files makes an element of identifier \"checkout.pay\" or label \"Pay\"")
    }
}
