import Foundation
import Testing

/// The GitHub Action's scan and gate, each step run as the runner runs it (`ActionRunner`) with the
/// built dtaudit, over an app with findings and one without, with every input empty and given, and
/// with the inputs its documentation shows.
@Suite(.tags(.endToEnd)) struct ActionScriptTests {
    static let findings = ["App/Checkout/PayButton.swift": "import SwiftUI\n\nstruct PayButton: View {\n    var body: some View { Text(\"Pay\").font(.system(size: 17)) }\n}\n"]
    static let clean = ["App/Checkout/PayButton.swift": "import SwiftUI\n\nstruct PayButton: View {\n    var body: some View { Text(\"Pay\").font(.body) }\n}\n"]

    /// The SARIF results of the file the scan step wrote.
    static func results(_ runner: ActionRunner, _ file: String = "dtaudit.sarif") throws -> [[String: Any]] {
        let data = try Data(contentsOf: runner.workspace.appendingPathComponent(file))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try #require(run["results"] as? [[String: Any]])
    }

    @Test func newFindingsAreRecordedSummedUpAndFailTheJobOnlyAtItsEnd() throws {
        let runner = try ActionRunner()
        try runner.write(Self.findings)
        let scan = try runner.run("Scan")
        #expect(scan.result.status == 0, "the step ends before the upload: \(scan.result.output)")
        #expect(scan.outputs["status"] == "1")
        #expect(try Self.results(runner).count == 1)
        #expect(scan.result.stdout.contains("1 finding (1 critical) in 1 file."), "the text summary in the log: \(scan.result.output)")
        #expect(scan.summary.contains("new findings fail the run"), "\(scan.summary)")
        let fail = try runner.run("Fail on new findings")
        #expect(fail.result.status == 1)
        #expect(fail.result.stderr.contains("dtaudit scan found new findings"))
    }

    @Test func anAppWithoutFindingsRecordsZeroAndAnEmptyReport() throws {
        let runner = try ActionRunner()
        try runner.write(Self.clean)
        let scan = try runner.run("Scan")
        #expect(scan.result.status == 0, "\(scan.result.output)")
        #expect(scan.outputs["status"] == "0")
        #expect(try Self.results(runner).isEmpty)
        #expect(scan.summary.contains("no new finding fails the run"), "\(scan.summary)")
    }

    @Test func everyInputGivenReachesTheScan() throws {
        let runner = try ActionRunner()
        try runner.write(Self.findings)
        try runner.ok("dtaudit", ["scan", "--write-baseline", "dtaudit-baseline.txt"])
        try runner.commitAll()
        let inputs = ["path": "App", "baseline": "dtaudit-baseline.txt", "fail-on": "major", "changed-since": "origin/main",
                      "strict-baseline": "true", "sarif-file": "reports/dtaudit.sarif"]
        let known = try runner.run("Scan", inputs: inputs)
        #expect(known.result.status == 0, "\(known.result.output)")
        #expect(known.outputs["status"] == "0")
        #expect(try Self.results(runner, "reports/dtaudit.sarif").count == 1, "the baselined finding, marked unchanged")

        // A file git does not track yet counts as changed: its finding is new.
        try runner.write(["App/Cart/Total.swift": "import SwiftUI\n\nlet total = Text(\"Total\").font(.system(size: 15))\n"])
        let new = try runner.run("Scan", inputs: inputs)
        #expect(new.result.status == 0, "\(new.result.output)")
        #expect(new.outputs["status"] == "1")

        // --strict-baseline: a baselined finding that is gone fails the run too.
        try runner.write(Self.clean)
        try FileManager.default.removeItem(at: runner.workspace.appendingPathComponent("App/Cart/Total.swift"))
        #expect(try runner.run("Scan", inputs: inputs).outputs["status"] == "1")
        #expect(try runner.run("Scan", inputs: inputs.merging(["strict-baseline": "false"]) { $1 }).outputs["status"] == "0")
    }

    @Test func aUsageErrorStopsTheStepWithItsStatusAndNothingIsUploaded() throws {
        let runner = try ActionRunner()
        try runner.write(Self.findings)
        let scan = try runner.run("Scan", inputs: ["fail-on": "sometimes"])
        #expect(scan.result.status == 64, "\(scan.result.output)")
        // The upload step runs only for 0 and 1.
        #expect(scan.outputs["status"] == "64")
        #expect(scan.summary.isEmpty)
    }

    /// The `with:` block of the workflow that Docs/scan.md shows, its commented inputs included, as
    /// input names and values (`${{ github.base_ref }}` as GitHub fills it for a pull request).
    static func documentedInputs() throws -> [String: String] {
        let page = try String(contentsOf: ActionFile.repository.appendingPathComponent("Docs/scan.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let uses = try #require(lines.firstIndex { $0.contains("- uses: dtaudit/dtaudit@") })
        #expect(lines[uses + 1].trimmingCharacters(in: .whitespaces) == "with:")
        var inputs: [String: String] = [:]
        for line in lines[(uses + 2)...] {
            var entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, line.prefix(while: { $0 == " " }).count > lines[uses + 1].prefix(while: { $0 == " " }).count else { break }
            if entry.hasPrefix("# ") { entry.removeFirst(2) }
            if let comment = entry.range(of: "  #") { entry = String(entry[..<comment.lowerBound]) }
            let name = String(entry.prefix { $0 != ":" })
            inputs[name] = ActionFile.unquoted(String(entry.dropFirst(name.count + 1))).replacingOccurrences(of: "${{ github.base_ref }}", with: "main")
        }
        return inputs
    }

    @Test func theWorkflowTheDocumentationShowsRunsWithEveryInputItNames() throws {
        let inputs = try Self.documentedInputs()
        #expect(Set(inputs.keys) == ["baseline", "fail-on", "changed-since", "gate"])
        let runner = try ActionRunner()
        try runner.write(Self.findings)
        try runner.ok("dtaudit", ["scan", "--write-baseline", try #require(inputs["baseline"])])
        try runner.ok("dtaudit", ["init", "--app", "Trailhead"])
        try runner.ok("dtaudit", ["screen", "add", "Checkout", "--critical"])
        try runner.ok("dtaudit", ["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        try runner.commitAll()
        let scan = try runner.run("Scan", inputs: inputs)
        #expect(scan.result.status == 0, "\(scan.result.output)")
        #expect(scan.outputs["status"] == "0")
        #expect(inputs["gate"] == "true")
        let gate = try runner.run("Gate", inputs: inputs)
        #expect(gate.result.status == 0, "\(gate.result.output)")
    }

    /// Every `e.g. "..."` in the description of `gate-arguments`, and every `gate-arguments: "..."`
    /// in the documentation, is arguments `dtaudit gate` takes.
    @Test func theGateRunsWithNoArgumentsAndWithEachDocumentedExample() throws {
        let runner = try ActionRunner()
        try runner.ok("dtaudit", ["init", "--app", "Trailhead"])
        try runner.ok("dtaudit", ["screen", "add", "Checkout", "--critical"])
        try runner.ok("dtaudit", ["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        let empty = try runner.run("Gate")
        #expect(empty.result.status == 0, "\(empty.result.output)")

        let description = try #require(runner.action.input("gate-arguments")?.description)
        var examples = description.components(separatedBy: "e.g. \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(!examples.isEmpty)
        for page in ["README.md", "Docs/scan.md"] {
            let text = try String(contentsOf: ActionFile.repository.appendingPathComponent(page), encoding: .utf8)
            examples += text.components(separatedBy: "gate-arguments: \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(examples.count >= 2)
        for example in examples {
            let gate = try runner.run("Gate", inputs: ["gate-arguments": example])
            #expect(gate.result.status == 0, "\(example): \(gate.result.output)")
        }
        // Arguments gate does not take stop the step with its usage status.
        let unknown = try runner.run("Gate", inputs: ["gate-arguments": "--min-supported 80"])
        #expect(unknown.result.status == 64, "\(unknown.result.output)")

        try runner.ok("dtaudit", ["screen", "add", "Settings", "--critical"])
        let short = try runner.run("Gate", inputs: ["gate-arguments": "--min-size ax3  --accept-rechecks"])
        #expect(short.result.status == 1, "\(short.result.output)")
        #expect(short.result.stdout.contains("Settings"), "\(short.result.output)")
    }

    /// Debian has no bash 3.2 to run the scripts with, and bash 4.4 and later accept "${a[@]}" of an
    /// empty array under set -u; so every array expansion must be the form bash 3.2 accepts too.
    @Test func everyArrayExpansionIsSafeWhenTheArrayIsEmpty() throws {
        var expansions = 0
        let safe = try NSRegularExpression(pattern: #"\$\{(\w+)\[@\]\+"\$\{\1\[@\]\}"\}"#)
        for step in try ActionFile.load().steps {
            guard let script = step.script else { continue }
            let whole = NSRange(script.startIndex..., in: script)
            expansions += safe.numberOfMatches(in: script, range: whole)
            let rest = safe.stringByReplacingMatches(in: script, range: whole, withTemplate: "")
            #expect(!rest.contains("[@]") && !rest.contains("[*]"), "step '\(step.name)' expands an array in a form bash 3.2 refuses when it is empty under set -u")
        }
        #expect(expansions >= 3)
    }
}
