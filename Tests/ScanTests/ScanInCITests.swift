import Foundation
import Platform
@testable import Scan
import Testing
import TestSupport

/// What a team relies on to put the scan in CI: fingerprints that survive edits, a baseline file that
/// round-trips and merges, a configuration that refuses what it does not know, changed lines read
/// from git's diff, and the verdict that decides the exit status.
@Suite("Scan in CI")
struct ScanInCITests {
    static let feed = """
        import SwiftUI

        struct Feed: View {
            var body: some View {
                VStack {
                    Text("Title").font(.system(size: 17))
                    Text("Same").font(.system(size: 13))
                    Text("Same").font(.system(size: 13))
                    Text("Name").lineLimit(1) // keeps the row short
                }
            }
        }

        """

    func fingerprints(_ source: String, path: String = "App/Feed.swift") throws -> [String] {
        Fingerprint.of(try SourceScanner.scan(files: [(path, Array(source.utf8))]).findings)
    }

    @Test("a fingerprint stays when lines move, are re-indented or re-spaced, or a comment changes")
    func fingerprintsSurviveEdits() throws {
        let before = try fingerprints(Self.feed)
        #expect(before.count == 4)
        #expect(Set(before).count == 4, "the two identical lines are told apart")
        let edited = Self.feed
            .replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\nimport Combine\n\n// The feed.\n")
            .replacingOccurrences(of: "        Text(\"Title\").font(.system(size: 17))", with: "Text( \"Title\" ).font(.system(size:17))")
            .replacingOccurrences(of: "// keeps the row short", with: "// short rows")
        #expect(try fingerprints(edited) == before)
    }

    @Test("a fingerprint changes with the rule's code, the file, or a second identical line")
    func fingerprintsTellFindingsApart() throws {
        let before = try fingerprints(Self.feed)
        #expect(try fingerprints(Self.feed, path: "App/Other.swift").allSatisfy { !before.contains($0) })
        let changed = try fingerprints(Self.feed.replacingOccurrences(of: "size: 17", with: "size: 18"))
        #expect(changed[0] != before[0])
        #expect(Array(changed.dropFirst()) == Array(before.dropFirst()))
        // A third identical line after the two: the first two keep their fingerprints.
        let third = Self.feed.replacingOccurrences(of: "            Text(\"Name\")", with: "            Text(\"Same\").font(.system(size: 13))\n            Text(\"Name\")")
        let withThird = try fingerprints(third)
        #expect(withThird.count == 5)
        #expect(Array(withThird[0..<3]) == Array(before[0..<3]))
    }

    @Test("a long list's fingerprints count each file's identical lines in order, however the list is cut up")
    func longListFingerprints() {
        // Runs of one file longer than the stretches the list is cut into, identical lines, and a
        // file that comes back after another (its count starts again, as it always has).
        var findings: [Finding] = []
        for (file, count) in [("A.swift", 700), ("B.swift", 3), ("C.swift", 1_200), ("A.swift", 20), ("D.swift", 1)] {
            for k in 0..<count {
                findings.append(Finding(rule: k % 3 == 0 ? .singleLine : .fixedFontSize, confidence: .high, file: file, line: k + 1,
                                        column: 1, message: "m", sourceLine: k % 5 == 0 ? "  label.numberOfLines = 1" : "x\(k % 7) = 1 // n"))
            }
        }
        var expected: [String] = []
        var seen: [String: Int] = [:]
        for (k, finding) in findings.enumerated() {
            if k > 0 && findings[k - 1].file != finding.file { seen = [:] }
            let code = Fingerprint.normalizedCode(finding.sourceLine)
            let key = finding.rule.rawValue + " " + code
            expected.append(Fingerprint.hash(rule: finding.rule.rawValue, file: finding.file, code: code, occurrence: seen[key, default: 0]))
            seen[key, default: 0] += 1
        }
        let fingerprints = Fingerprint.of(findings)
        #expect(fingerprints == expected)
        #expect(Fingerprint.of(Array(findings[700..<703])) == Array(expected[700..<703]))
    }

    @Test("normalised code drops white space and a trailing comment, not a // in a string")
    func normalisedCode() {
        #expect(Fingerprint.normalizedCode("  let x = f( 1 ) // why") == "letx=f(1)")
        #expect(Fingerprint.normalizedCode("let u = \"https://example.com\" // link") == "letu=\"https://example.com\"")
        #expect(Fingerprint.normalizedCode("let s = \"a \\\" // b\"") == "lets=\"a \\\" // b\"")
    }

    @Test("property: random insertions of blank lines, comments and indentation never change the fingerprints")
    func fingerprintsUnderRandomEdits() throws {
        var generator = SplitMix64(seed: 15)
        let base = try fingerprints(Self.feed)
        for _ in 0..<200 {
            var lines = Self.feed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let at = Int.random(in: 0...lines.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: lines.insert("", at: at)
                case 1: lines.insert("// note \(at)", at: at)
                default:
                    if at < lines.count { lines[at] = String(repeating: " ", count: Int.random(in: 0...8, using: &generator)) + lines[at].trimmingCharacters(in: .whitespaces) }
                }
            }
            #expect(try fingerprints(lines.joined(separator: "\n")) == base)
        }
    }

    @Test("a baseline round-trips sorted, escapes paths and code, and drops duplicates")
    func baselineRoundTrip() throws {
        let entries = [
            Baseline.Entry(path: "B.swift", rule: "single-line", fingerprint: "00000000000000ff", code: "x"),
            Baseline.Entry(path: "A\tb\\c.swift", rule: "fixed-font-size", fingerprint: "0123456789abcdef", code: "a\tb\nc"),
            Baseline.Entry(path: "B.swift", rule: "single-line", fingerprint: "00000000000000ff", code: "again"),
        ]
        let baseline = Baseline(entries)
        #expect(baseline.entries.map(\.path) == ["A\tb\\c.swift", "B.swift"])
        let text = baseline.rendered(header: "header\nsecond")
        #expect(text.hasPrefix("# header\n# second\n"))
        #expect(text.contains("A\\tb\\\\c.swift\tfixed-font-size\t0123456789abcdef\ta\\tb\\nc\n"))
        #expect(try Baseline.parse(Array(text.utf8), name: "b.txt") == baseline)
        #expect(try Baseline.parse(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), name: "b.txt") == baseline)
    }

    @Test("property: any paths and code, with tabs, backslashes, line breaks and non-ASCII text, read back as written")
    func baselineRoundTripProperty() throws {
        var random = SplitMix64(seed: 0xBA5E)
        let alphabet: [Character] = ["a", "Z", "/", ".", " ", "\t", "\n", "\r", "\\", "#", "é", "字", "🙂", "t", "n"]
        func text(_ count: Int) -> String { String((0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }) }
        for _ in 0..<200 {
            let entries = (0..<Int(random.next() % 6)).map { _ in
                Baseline.Entry(path: "p" + text(Int(random.next() % 12)), rule: ["fixed-font-size", "single-line", "x-unknown"][Int(random.next() % 3)],
                               fingerprint: String(format: "%016llx", random.next()), code: text(Int(random.next() % 20)))
            }
            let baseline = Baseline(entries)
            let read = try Baseline.parse(Array(baseline.rendered(header: "h").utf8), name: "b.txt")
            #expect(read == baseline)
        }
    }

    @Test("a malformed baseline line is named with its line number")
    func baselineErrors() {
        let cases: [(String, String)] = [
            ("# c\nA.swift fixed-font-size 0123456789abcdef\n", "b.txt:2: not a baseline line: expected a path, a rule and a fingerprint separated by tabs"),
            ("A.swift\tfixed-font-size\tXYZ\n", "b.txt:1: not a baseline line: the fingerprint is not 16 hexadecimal digits"),
            ("A\\q.swift\tfixed-font-size\t0123456789abcdef\n", "b.txt:1: not a baseline line: the path is empty or has an unknown backslash escape"),
            ("\tfixed-font-size\t0123456789abcdef\n", "b.txt:1: not a baseline line: the path is empty or has an unknown backslash escape"),
        ]
        for (text, message) in cases {
            #expect(throws: BaselineError.self) { try Baseline.parse(Array(text.utf8), name: "b.txt") }
            do { _ = try Baseline.parse(Array(text.utf8), name: "b.txt") } catch { #expect(error.description == message) }
        }
        #expect(throws: BaselineError.malformed(file: "b.txt", line: 1, reason: "the file is not UTF-8 text")) {
            try Baseline.parse([0xFF, 0xFE], name: "b.txt")
        }
    }

    @Test("updating a baseline replaces what the scan covered and keeps the rest")
    func baselineUpdate() {
        let old = Baseline([
            .init(path: "A.swift", rule: "fixed-font-size", fingerprint: "0000000000000001", code: "fixed since"),
            .init(path: "A.swift", rule: "single-line", fingerprint: "0000000000000002", code: "rule not run"),
            .init(path: "B.swift", rule: "fixed-font-size", fingerprint: "0000000000000003", code: "file not scanned"),
            .init(path: "A.swift", rule: "a-newer-rule", fingerprint: "0000000000000004", code: "unknown rule"),
        ])
        let found = [Baseline.Entry(path: "A.swift", rule: "fixed-font-size", fingerprint: "0000000000000005", code: "new")]
        let updated = old.updated(with: found, scannedFiles: ["A.swift"], rules: [.fixedFontSize])
        #expect(updated.entries.map(\.code).sorted() == ["file not scanned", "new", "rule not run", "unknown rule"])
    }

    @Test("the verdict: baselined findings pass, new ones fail at the failing severity, fixed entries fail when strict")
    func verdict() throws {
        let report = try SourceScanner.scan(files: [("App/Feed.swift", Array(Self.feed.utf8))])
        let all = Fingerprint.of(report.findings)
        let entries = Baseline.entries(of: report, fingerprints: all)
        let baseline = Baseline(entries + [.init(path: "App/Feed.swift", rule: "fixed-font-size", fingerprint: "00000000000000aa", code: "gone")])
        let judged = ScanVerdict(report, baseline: baseline)
        #expect(judged.states.allSatisfy { $0 == .baselined })
        #expect(judged.fixed.map(\.code) == ["gone"])
        #expect(judged.passes(report))
        #expect(!ScanVerdict(report, baseline: baseline, strict: true).passes(report))

        // Without the single-line entry, that finding is new: it fails at minor and major, not at critical.
        let partial = Baseline(entries.filter { $0.rule != "single-line" })
        #expect(!ScanVerdict(report, baseline: partial, failOn: .major).passes(report))
        #expect(ScanVerdict(report, baseline: partial, failOn: .critical).passes(report))
        #expect(ScanVerdict(report, baseline: partial).states.filter { $0 == .new }.count == 1)

        // Outside the changed lines nothing is new.
        let changes = ChangedLines(files: ["App/Feed.swift": .ranges([7...7])])
        let changed = ScanVerdict(report, changes: changes)
        #expect(changed.states == [.outsideChanges, .new, .outsideChanges, .outsideChanges])
    }

    @Test("the configuration: every key, and one line naming a bad key or value")
    func configuration() throws {
        let good = """
            {"include": ["App/"], "exclude": ["App/Generated/**"], "rules": {"fixed-symbol-size": "off", "single-line": "critical"},
             "baseline": "ci/baseline.txt", "failOn": "major"}
            """
        let configuration = try ScanConfiguration.parse(Array(good.utf8), name: "dtaudit-scan.json")
        #expect(configuration.admits("App/Feed.swift"))
        #expect(!configuration.admits("App/Generated/Strings.swift"))
        #expect(!configuration.admits("Tools/Script.swift"))
        #expect(!configuration.enabledRules.contains(.fixedSymbolSize))
        #expect(configuration.severity(of: .singleLine) == .critical)
        #expect(configuration.severity(of: .shrinksText) == .major)
        #expect(configuration.baseline == "ci/baseline.txt")
        #expect(configuration.failOn == .major)

        let bad: [(String, String)] = [
            (#"{"exlude": []}"#, #"c.json:1: "exlude" is not a setting; did you mean 'exclude'? Settings are include, exclude, rules, baseline, failOn"#),
            (#"{"failOn": "warning"}"#, #"c.json:1: "failOn" must be critical, major or minor"#),
            ("{\n\"rules\": {\n\"fixed-font-sise\": \"off\"}}", #"c.json:3: "rules.fixed-font-sise" is not a rule; did you mean 'fixed-font-size'? Rules are "#
                + ScanRule.allCases.map(\.rawValue).joined(separator: ", ")),
            (#"{"rules": {"single-line": "loud"}}"#, #"c.json:1: "rules.single-line" must be one of off, on, critical, major, minor"#),
            (#"{"include": "App"}"#, #"c.json:1: "include" must be an array of path patterns, found a string"#),
            (#"[]"#, "c.json:1: expected an object of settings, found an array"),
            (#"{"baseline": 3}"#, #"c.json:1: "baseline" must be the path of the baseline file, found a number"#),
        ]
        for (text, message) in bad {
            do {
                _ = try ScanConfiguration.parse(Array(text.utf8), name: "c.json")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("changed lines from a --unified=0 diff: hunks, deletions, quoted paths, new files")
    func changedLines() {
        let diff = """
            diff --git a/App/Feed.swift b/App/Feed.swift
            --- a/App/Feed.swift
            +++ b/App/Feed.swift
            @@ -3,0 +4,2 @@ struct Feed
            +a
            +b
            @@ -9 +11 @@
            -x
            +y
            @@ -20,3 +22,0 @@
            -gone
            diff --git "a/App/\\303\\244 \\"q\\".swift" "b/App/\\303\\244 \\"q\\".swift"
            --- /dev/null
            +++ "b/App/\\303\\244 \\"q\\".swift"
            @@ -0,0 +1,3 @@
            +new
            diff --git a/Old.swift b/Old.swift
            --- a/Old.swift
            +++ /dev/null
            @@ -1 +0,0 @@
            -old
            """
        let changes = ChangedLines.parse(diff: diff)
        #expect(changes.files["App/Feed.swift"] == .ranges([4...5, 11...11]))
        #expect(changes.files["App/ä \"q\".swift"] == .ranges([1...3]))
        #expect(changes.files["Old.swift"] == nil)
        #expect(changes.contains(file: "App/Feed.swift", line: 5))
        #expect(!changes.contains(file: "App/Feed.swift", line: 6))
        #expect(!changes.contains(file: "App/Feed.swift", line: 22))
    }
}

