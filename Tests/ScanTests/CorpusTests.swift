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

        /// All rules together.
        var total: Score {
            scores.values.reduce(into: Score()) { sum, score in
                sum.truePositives += score.truePositives
                sum.falsePositives += score.falsePositives
                sum.falseNegatives += score.falseNegatives
            }
        }
    }

    static var corpus: String { Fixtures.root + "/Corpus" }

    /// Scans each app of a part on its own, as a team would scan its app, and scores the findings
    /// in the labelled files against the labels. `lists` holds `files.txt` and `labels.tsv`; the
    /// apps' files are under `sources` (the same folder for the committed parts). `scanned` names, per
    /// app, the files to scan (paths in the part); nil scans each app's whole folder.
    static func evaluate(lists: String, sources: String? = nil, scanned: [String: [String]]? = nil) throws -> Outcome {
        let sources = sources ?? lists
        let files = Set(try String(contentsOfFile: lists + "/files.txt", encoding: .utf8).split(separator: "\n").map(String.init))
        var labels: Set<String> = []
        for line in try String(contentsOfFile: lists + "/labels.tsv", encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let rule = ScanRule(id: String(fields[2])) else {
                Issue.record("bad label line: \(line)")
                continue
            }
            #expect(files.contains(String(fields[0])), "a label for a file not listed: \(fields[0])")
            labels.insert("\(fields[0]):\(fields[1]) \(rule.id)")
        }
        var found: Set<String> = []
        let apps = Set(files.map(app(of:)))
        for app in apps.sorted() {
            let folder = sources + "/" + app
            let paths = scanned.map { ($0[app] ?? []).map { sources + "/" + $0 } } ?? [folder]
            let report = try SourceScanner.scan(paths: paths, root: folder)
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

    /// `owner+repository`, the first folder of a path in a part.
    static func app(of path: String) -> String { String(path.prefix { $0 != "/" }) }

    /// A table of precision / recall (instances) per rule, one column per part.
    static func table(_ parts: [(title: String, outcome: Outcome)]) -> String {
        func cell(_ score: Score) -> String {
            score.instances == 0 && score.falsePositives == 0 ? "none" :
                String(format: "%.2f / %.2f (%d)", score.precision, score.recall, score.instances)
        }
        var lines = ["| Rule | " + parts.map(\.title).joined(separator: " | ") + " |",
                     "|---|" + String(repeating: "---|", count: parts.count)]
        for rule in ScanRule.allCases.sorted() {
            lines.append("| `\(rule.id)` | " + parts.map { cell($0.outcome.scores[rule]!) }.joined(separator: " | ") + " |")
        }
        lines.append("| all rules | " + parts.map { cell($0.outcome.total) }.joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }

    /// Found and labelled counts per rule, to set floors from: "rule: true/false findings, missed".
    static func counts(_ title: String, _ outcome: Outcome) -> String {
        let rules = ScanRule.allCases.sorted().map { rule in
            let score = outcome.scores[rule]!
            return "\(rule.id) \(score.truePositives)/\(score.falsePositives)/\(score.falseNegatives)"
        }
        let total = outcome.total
        return "\(title) (true/false findings/missed): " + rules.joined(separator: ", ")
            + ", all \(total.truePositives)/\(total.falsePositives)/\(total.falseNegatives)"
    }

    /// The false findings and misses of a part, printed for the parts the scan is tuned on; a held-out
    /// part's only when `DTAUDIT_CORPUS_SHOW_HELDOUT` is set, so that tuning never reads them.
    static func printDetails(_ title: String, _ outcome: Outcome, heldOut: Bool) {
        guard !heldOut || ProcessInfo.processInfo.environment["DTAUDIT_CORPUS_SHOW_HELDOUT"] != nil else { return }
        print("false findings (\(title)):", outcome.falsePositives.joined(separator: "; "))
        print("missed (\(title)):", outcome.missed.joined(separator: "; "))
    }

    /// The least each rule, and all rules together (`all`), may score on each part: precision and
    /// recall as measured when they were set (Docs/scan-precision.md), rounded down. A change may
    /// not go below them; one that goes above raises them.
    static let floors: [String: [String: (precision: Double, recall: Double)]] = [
        "tuned": [
            "fixed-font-size": (0.97, 1.00), "fixed-symbol-size": (1.00, 1.00), "shrinks-text": (1.00, 1.00),
            "single-line": (1.00, 1.00), "fixed-height-text": (1.00, 0.93), "clamped-type-size": (1.00, 1.00),
            "no-live-update": (1.00, 1.00), "all": (0.99, 0.99),
        ],
        "heldout": [
            "fixed-font-size": (1.00, 1.00), "fixed-symbol-size": (1.00, 1.00), "shrinks-text": (1.00, 1.00),
            "single-line": (1.00, 1.00), "fixed-height-text": (1.00, 1.00), "clamped-type-size": (1.00, 1.00),
            "no-live-update": (1.00, 1.00), "all": (1.00, 1.00),
        ],
        "unseen/dev": [
            "fixed-font-size": (0.99, 1.00), "fixed-symbol-size": (1.00, 1.00), "shrinks-text": (1.00, 1.00),
            "single-line": (1.00, 1.00), "fixed-height-text": (1.00, 0.81), "clamped-type-size": (1.00, 1.00),
            "no-live-update": (0.88, 1.00), "all": (0.98, 0.98),
        ],
        "unseen/heldout": [
            "fixed-font-size": (1.00, 0.82), "fixed-symbol-size": (1.00, 1.00), "shrinks-text": (1.00, 1.00),
            "single-line": (1.00, 1.00), "fixed-height-text": (1.00, 0.82), "clamped-type-size": (0.80, 1.00),
            "no-live-update": (1.00, 0.83), "all": (0.99, 0.89),
        ],
    ]

    /// Records an issue for each rule of `part` that scores below its floor.
    static func expectFloors(_ part: String, _ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let floors = floors[part] else {
            Issue.record("no floors for the corpus part \(part)", sourceLocation: sourceLocation)
            return
        }
        for (id, floor) in floors.sorted(by: { $0.key < $1.key }) {
            let score = id == "all" ? outcome.total : ScanRule(id: id).flatMap { outcome.scores[$0] }
            guard let score else {
                Issue.record("a floor for an unknown rule: \(id)", sourceLocation: sourceLocation)
                continue
            }
            #expect(score.precision >= floor.precision, "\(id) precision \(score.precision) on \(part), below its floor \(floor.precision)",
                    sourceLocation: sourceLocation)
            #expect(score.recall >= floor.recall, "\(id) recall \(score.recall) on \(part), below its floor \(floor.recall)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("precision and recall per rule, on the tuned part and the held-out part, at or above their floors")
    func scores() throws {
        let tuned = try CorpusTests.evaluate(lists: CorpusTests.corpus + "/tuned")
        let heldOut = try CorpusTests.evaluate(lists: CorpusTests.corpus + "/heldout")
        print(CorpusTests.table([("Tuned part: precision / recall (instances)", tuned), ("Held-out part", heldOut)]))
        print(CorpusTests.counts("tuned", tuned))
        print(CorpusTests.counts("held out", heldOut))
        CorpusTests.printDetails("tuned", tuned, heldOut: false)
        CorpusTests.printDetails("held out", heldOut, heldOut: true)
        CorpusTests.expectFloors("tuned", tuned)
        CorpusTests.expectFloors("heldout", heldOut)
        // The tuned part holds the scan to the targets wherever a rule has enough instances.
        for (rule, score) in tuned.scores where score.instances >= 8 {
            #expect(score.precision >= 0.95, "\(rule.id) precision \(score.precision) on the tuned part")
            #expect(score.recall >= 0.90, "\(rule.id) recall \(score.recall) on the tuned part")
        }
    }
}
