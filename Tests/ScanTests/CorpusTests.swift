import Foundation
import Testing
@testable import Scan

/// Precision and recall of each rule on real app code labelled by hand (`Fixtures/Corpus`).
@Suite("Real-code corpus")
struct CorpusTests {
    struct Score: Equatable {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
        var recall: Double { truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives) }
        var instances: Int { truePositives + falseNegatives }
    }

    struct Outcome {
        var scores: [ScanRule: Score] = [:]
        /// `file:line rule` of each false finding and each missed instance, for reading.
        var falsePositives: [String] = []
        var missed: [String] = []
    }

    static var corpus: String { Fixtures.root + "/Corpus" }

    /// Scans each app of a part on its own, as a team would scan its app, and scores the findings
    /// in the labelled files against the labels.
    static func evaluate(_ part: String) throws -> Outcome {
        let folder = corpus + "/" + part
        let files = Set(try String(contentsOfFile: folder + "/files.txt", encoding: .utf8).split(separator: "\n").map(String.init))
        var labels: Set<String> = []
        for line in try String(contentsOfFile: folder + "/labels.tsv", encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let rule = ScanRule(id: String(fields[2])) else {
                Issue.record("bad label line: \(line)")
                continue
            }
            #expect(files.contains(String(fields[0])), "a label for a file not listed: \(fields[0])")
            labels.insert("\(fields[0]):\(fields[1]) \(rule.id)")
        }
        var found: Set<String> = []
        let apps = Set(files.map { String($0.prefix { $0 != "/" }) })
        for app in apps.sorted() {
            let report = try SourceScanner.scan(paths: [folder + "/" + app], root: folder + "/" + app)
            for finding in report.findings where finding.isActive && files.contains(app + "/" + finding.file) {
                found.insert("\(app)/\(finding.file):\(finding.line) \(finding.rule.id)")
            }
        }
        var outcome = Outcome()
        for rule in ScanRule.allCases { outcome.scores[rule] = Score() }
        for key in found.union(labels) {
            let rule = ScanRule(id: String(key.split(separator: " ").last!))!
            switch (found.contains(key), labels.contains(key)) {
            case (true, true): outcome.scores[rule]!.truePositives += 1
            case (true, false): outcome.scores[rule]!.falsePositives += 1; outcome.falsePositives.append(key)
            case (false, true): outcome.scores[rule]!.falseNegatives += 1; outcome.missed.append(key)
            default: break
            }
        }
        outcome.falsePositives.sort()
        outcome.missed.sort()
        return outcome
    }

    /// The table the README shows.
    static func table(_ tuned: Outcome, _ heldOut: Outcome) -> String {
        func cell(_ score: Score) -> String {
            score.instances == 0 && score.falsePositives == 0 ? "none" :
                String(format: "%.2f / %.2f (%d)", score.precision, score.recall, score.instances)
        }
        var lines = ["| Rule | Tuned part: precision / recall (instances) | Held-out part |", "|---|---|---|"]
        for rule in ScanRule.allCases.sorted() {
            lines.append("| `\(rule.id)` | \(cell(tuned.scores[rule]!)) | \(cell(heldOut.scores[rule]!)) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test("precision and recall per rule, on the tuned part and the held-out part")
    func scores() throws {
        let tuned = try CorpusTests.evaluate("tuned")
        let heldOut = try CorpusTests.evaluate("heldout")
        print(CorpusTests.table(tuned, heldOut))
        print("false findings (tuned):", tuned.falsePositives.joined(separator: "; "))
        print("missed (tuned):", tuned.missed.joined(separator: "; "))
        print("false findings (held out):", heldOut.falsePositives.joined(separator: "; "))
        print("missed (held out):", heldOut.missed.joined(separator: "; "))
        // The tuned part holds the scan to the targets wherever a rule has enough instances.
        for (rule, score) in tuned.scores where score.instances >= 8 {
            #expect(score.precision >= 0.95, "\(rule.id) precision \(score.precision) on the tuned part")
            #expect(score.recall >= 0.90, "\(rule.id) recall \(score.recall) on the tuned part")
        }
    }
}
