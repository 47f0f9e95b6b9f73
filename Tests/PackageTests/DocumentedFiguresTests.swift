import Foundation
import Testing

/// Figures the README and Docs state about the project itself are either counted here from the
/// sources or written in one place only, so that they cannot drift from what they describe.
@Suite struct DocumentedFiguresTests {
    /// The `@Test` functions and the files holding them, counted from the sources: what the
    /// README's Tests section states.
    static func countTests(under root: URL) throws -> (tests: Int, files: Int) {
        var tests = 0
        var files = 0
        let walker = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/Fixtures/"), !url.path.contains("/Golden/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            // An attribute opens its line (after indentation); a comment or a string that mentions one does not.
            let here = text.split(separator: "\n").filter { line in
                let trimmed = line.drop { $0 == " " }
                return trimmed.hasPrefix("@Test ") || trimmed.hasPrefix("@Test(") || trimmed == "@Test"
            }.count
            tests += here
            if here > 0 { files += 1 }
        }
        return (tests, files)
    }

    /// "1,023" and "1023" are the same figure.
    static func number(_ text: Substring) -> Int? { Int(text.filter { $0 != "," }) }

    @Test func theReadmeCountsTheTestsTheSourcesHold() throws {
        let root = try Manifest.here().root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let counted = try Self.countTests(under: root)
        // "The suite holds N tests (`@Test` functions ...) in M files"
        // (The README wraps its lines: any run of white space stands for a space.)
        let pattern = try Regex(#"holds\s+([0-9,]+)\s+tests\s+\(`@Test`\s+functions[^)]*\)\s+in\s+([0-9,]+)\s+files"#)
        let found = readme.matches(of: pattern)
        #expect(found.count == 1, "the README should state the suite's size once, as 'holds N tests (`@Test` functions) in M files'")
        guard let match = found.first, let tests = match.output[1].substring.flatMap(Self.number),
              let files = match.output[2].substring.flatMap(Self.number) else { return }
        #expect(tests == counted.tests, "the README says \(tests) tests; the sources hold \(counted.tests)")
        #expect(files == counted.files, "the README says \(files) files; \(counted.files) hold tests")
    }

    /// The scan's instruction count is measured into Docs/speed.md; another page that quoted its
    /// own copy went stale (725 M in one, 494 M in the other), so other pages point there.
    @Test func instructionCountsAreStatedOnlyInTheSpeedPage() throws {
        let root = try Manifest.here().root
        let docs = root.appendingPathComponent("Docs")
        // A figure in millions: "725 M instructions", "about 170 M".
        let pattern = try Regex(#"[0-9][0-9.,]* M\b"#)
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") && name != "speed.md" {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            let quoted = text.matches(of: pattern).map { String(text[$0.range]) }
            #expect(quoted.isEmpty, "Docs/\(name) quotes \(quoted); give the figure in Docs/speed.md and link to it")
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.matches(of: pattern).isEmpty, "the README quotes instruction counts; link to Docs/speed.md")
    }
}
