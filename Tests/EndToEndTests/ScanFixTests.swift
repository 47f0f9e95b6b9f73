import Foundation
import Testing

/// `dtaudit scan --fix` and `--fix --dry-run` as a developer runs them in an app's checkout: the diff
/// applies with git and changes nothing by itself, the rewrite keeps what it does not fix, a second
/// run has nothing left to do, and suppressed, baselined and other rules' findings stay as they are.
@Suite(.tags(.endToEnd)) struct ScanFixTests {
    static let card = """
        import SwiftUI

        struct TrailCard: View {
            let name: String

            var body: some View {
                VStack(alignment: .leading) {
                    Text(name).font(.system(size: 17, weight: .semibold))
                    Text("Distance").font(.system(size: 13)).lineLimit(1)
                    Text("Elevation").font(.custom("Avenir Next", size: 34))
                    Text("Badge").font(.system(size: 11)) // dtaudit:ignore fixed-font-size — a fixed-size badge
                    Text("Tie").font(.system(size: 14))
                }
                .frame(height: 44)
            }
        }

        """

    static let header = "import UIKit\r\n\r\nfinal class TrailHeader: UIView {\r\n    let titleLabel = UILabel()\r\n\r\n"
        + "    func configure() {\r\n        titleLabel.font = UIFont.systemFont(ofSize: 20)\r\n        titleLabel.numberOfLines = 1\r\n    }\r\n}\r\n"

    /// A git checkout with a SwiftUI and a UIKit file, the UIKit one with CRLF line ends and executable.
    func checkout() throws -> CLI {
        let cli = try CLI()
        try write(Self.card, to: "App/TrailCard.swift", in: cli)
        try write(Self.header, to: "App/TrailHeader.swift", in: cli)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.directory.appendingPathComponent("App/TrailHeader.swift").path)
        try git(["init", "-q", "-b", "main"], in: cli)
        try git(["add", "-A"], in: cli)
        try git(["-c", "user.email=dev@example.com", "-c", "user.name=Dev", "commit", "-q", "-m", "app"], in: cli)
        return cli
    }

    func write(_ text: String, to path: String, in cli: CLI) throws {
        let url = cli.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String, in cli: CLI) throws -> String {
        String(decoding: try Data(contentsOf: cli.directory.appendingPathComponent(path)), as: UTF8.self)
    }

    @discardableResult
    func git(_ arguments: [String], in cli: CLI, sourceLocation: SourceLocation = #_sourceLocation) throws -> Spawn.Result {
        let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)", sourceLocation: sourceLocation)
        return result
    }

    @Test func theDryRunPrintsADiffThatGitAppliesAndChangesNothing() throws {
        let cli = try checkout()
        let dry = try cli.run(["scan", "--fix", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("--- a/App/TrailCard.swift\n+++ b/App/TrailCard.swift\n"))
        #expect(dry.stderr.hasPrefix("Would rewrite 6 findings and 1 custom font to scale with a text style in 2 files:\n"), "\(dry.stderr)")
        #expect(dry.stderr.contains("App/TrailCard.swift:12 fixed-font-size: 14 pt is as near to .subheadline (15 pt) as to .footnote (13 pt): choose one"))
        #expect(try git(["status", "--porcelain"], in: cli).stdout.isEmpty, "a dry run writes nothing")

        try Data(dry.stdout.utf8).write(to: cli.directory.appendingPathComponent("fix.diff"))
        try git(["apply", "fix.diff"], in: cli)
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("fix.diff"))
        let applied = try read("App/TrailCard.swift", in: cli)
        #expect(applied.contains("Text(name).font(.system(.body).weight(.semibold))"))
        #expect(applied.contains("Text(\"Distance\").font(.system(.footnote))\n"))
        #expect(applied.contains(".font(.custom(\"Avenir Next\", size: 34, relativeTo: .largeTitle))"))
        #expect(applied.contains(".frame(minHeight: 44)"))
        #expect(applied.contains("Text(\"Badge\").font(.system(size: 11)) // dtaudit:ignore"), "a suppressed finding is never touched")
    }

    @Test func fixRewritesKeepsLineEndsAndPermissionsReportsWhatIsLeftAndIsIdempotent() throws {
        let cli = try checkout()
        let fixed = try cli.run(["scan", "--fix"])
        #expect(fixed.stdout.hasPrefix("Rewrote 6 findings and 1 custom font to scale with a text style in 2 files:\n"), "\(fixed.stdout)")
        // The scan that follows reports only what a person has to decide: the tie, which fails the run.
        #expect(fixed.status == 1)
        #expect(fixed.stdout.contains("App/TrailCard.swift\n  12:"), "\(fixed.stdout)")
        #expect(!fixed.stdout.contains("TrailHeader.swift\n  "), "nothing is left in the UIKit file: \(fixed.stdout)")

        let header = try read("App/TrailHeader.swift", in: cli)
        #expect(header == "import UIKit\r\n\r\nfinal class TrailHeader: UIView {\r\n    let titleLabel = UILabel()\r\n\r\n    func configure() {\r\n"
            + "        titleLabel.font = UIFontMetrics(forTextStyle: .title3).scaledFont(for: UIFont.systemFont(ofSize: 20))\r\n"
            + "        titleLabel.adjustsFontForContentSizeCategory = true\r\n        titleLabel.numberOfLines = 0\r\n    }\r\n}\r\n")
        let mode = try FileManager.default.attributesOfItem(atPath: cli.directory.appendingPathComponent("App/TrailHeader.swift").path)[.posixPermissions] as? Int
        #expect(mode == 0o755, "the rewritten file keeps its permissions")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.appendingPathComponent("App").path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")

        let after = try read("App/TrailCard.swift", in: cli)
        let again = try cli.run(["scan", "--fix"])
        #expect(again.stdout.hasPrefix("Nothing to rewrite.\n"), "\(again.stdout)")
        #expect(try read("App/TrailCard.swift", in: cli) == after, "a second --fix changes nothing")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run(["scan", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(findings.filter { $0["suppression"] == nil || $0["suppression"] is NSNull }.map { $0["line"] as? Int } == [12])
    }

    @Test func ruleAndBaselineLimitWhatIsRewritten() throws {
        let cli = try checkout()
        let lines = try cli.run(["scan", "--fix", "--rule", "single-line"])
        #expect(lines.stdout.hasPrefix("Rewrote 2 findings in 2 files:\n"), "\(lines.stdout)")
        let card = try read("App/TrailCard.swift", in: cli)
        #expect(!card.contains(".lineLimit(1)"))
        #expect(card.contains(".font(.system(size: 17, weight: .semibold))"), "other rules' findings stay")
        #expect(try read("App/TrailHeader.swift", in: cli).contains("numberOfLines = 0\r\n"))

        // Accepted findings are not touched; a new one is.
        try cli.ok(["scan", "--write-baseline", "base.txt"])
        try write(try read("App/TrailCard.swift", in: cli).replacingOccurrences(of: "            Text(\"Tie\")", with: "            Text(\"New\").font(.system(size: 12))\n            Text(\"Tie\")"),
                  to: "App/TrailCard.swift", in: cli)
        // (12 pt becomes caption, 40 pt at AX5, which the card's 44 pt frame holds even with the
        // fixed-height rule left out.)
        let baselined = try cli.run(["scan", "--fix", "--baseline", "base.txt", "--rule", "fixed-font-size"])
        // The custom font that scales with body is no finding, so no baseline holds it: it gets its style too.
        #expect(baselined.stdout.hasPrefix("Rewrote 1 finding and 1 custom font to scale with a text style in 1 file:\n"), "\(baselined.stdout)")
        #expect(baselined.stdout.contains("  App/TrailCard.swift:12 fixed-font-size: `.system(size: 12)` to `.system(.caption)`\n"), "\(baselined.stdout)")
        #expect(baselined.status == 0, "what is left is in the baseline")
        let now = try read("App/TrailCard.swift", in: cli)
        #expect(now.contains(".font(.system(size: 17, weight: .semibold))") && now.contains("Text(\"New\").font(.system(.caption))"))
    }

    /// A generated file of 80,000 custom fonts (4.5 MB, 6 MB once rewritten) is fixed whole within
    /// 512 MB of address space (Linux's prlimit; not under the address sanitizer, whose shadow memory
    /// alone is larger). Scanning the rewritten file lays out about 260 MB of that for its tokens; the
    /// fix lets the first scan's memory go before it plans, holds each rewrite's few hundred bytes, and
    /// scans again. Planning the rewrites of one file used to take time and memory quadratic in them.
    @Test(.tags(.stress), .enabled(if: Stress.enabled, "DTAUDIT_SKIP_STRESS is set"), .requires(.prlimit),
          .enabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil, "the address sanitizer's shadow memory is larger than the limit"))
    func aLargeGeneratedFileIsFixedInBoundedMemory() throws {
        let cli = try CLI()
        let calls = 80_000
        let row = "            Text(\"a\").font(.custom(\"Avenir\", size: 17))\n"
        let file = "import SwiftUI\n\nstruct Generated: View {\n    var body: some View {\n        VStack {\n"
            + String(repeating: row, count: calls) + "        }\n    }\n}\n"
        try write(file, to: "Generated.swift", in: cli)
        // A guard against a run that never ends, not a measure of time (Scripts/bench has the figures).
        let result = try Spawn.run("/usr/bin/timeout", ["600", try RequiredTool.prlimit.location(), "--as=\(512 << 20)", CLI.binary.path, "scan", "--fix", "Generated.swift"],
                                   in: cli.directory, environment: cli.environment.merging(CLI.oneMallocArena) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Rewrote \(calls) custom fonts to scale with a text style in 1 file:\n"), "\(result.stdout.prefix(200))")
        // Listed in chunks, the first made while the file was written: every rewrite once, in order.
        let listed = result.stdout.split(separator: "\n").dropFirst().prefix(calls)
        let expected = (6..<6 + calls).map { "  Generated.swift:\($0) fixed-font-size: `.custom(\"Avenir\", size: 17)` scales like .body: relativeTo: added" }
        #expect(listed.elementsEqual(expected.map { Substring($0) }), "\(listed.first ?? "") ... \(listed.last ?? "")")
        let rewritten = try read("Generated.swift", in: cli)
        #expect(rewritten == file.replacingOccurrences(of: "size: 17))", with: "size: 17, relativeTo: .body))"))
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
        #expect(names == ["Generated.swift"], "no temporary file or journal is left: \(names)")
    }

    @Test func aSymbolicLinkIsLeftForTheFileItNamesAndTheRestIsRewritten() throws {
        let cli = try checkout()
        let outside = try CLI()
        try write(Self.card, to: "Shared/Card.swift", in: outside)
        try FileManager.default.createSymbolicLink(atPath: cli.directory.appendingPathComponent("App/Linked.swift").path,
                                                   withDestinationPath: outside.directory.appendingPathComponent("Shared/Card.swift").path)
        let fixed = try cli.run(["scan", "--fix"])
        #expect(fixed.stdout.contains("App/Linked.swift:8 fixed-font-size: a symbolic link: fix the file it names"), "\(fixed.stdout)")
        #expect(try read("App/TrailCard.swift", in: cli).contains(".font(.system(.footnote))"), "the other files are rewritten")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.directory.appendingPathComponent("App/Linked.swift").path)
                    == outside.directory.appendingPathComponent("Shared/Card.swift").path)
        #expect(try read("Shared/Card.swift", in: outside) == Self.card, "nothing is written through the link")
    }

    @Test func aDryRunNeedsFixAndTakesNoFormat() throws {
        let cli = try checkout()
        let alone = try cli.run(["scan", "--dry-run"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--dry-run shows what --fix would rewrite; use it with --fix"))
        let format = try cli.run(["scan", "--fix", "--dry-run", "--format", "sarif"])
        #expect(format.status == 64)
        #expect(try git(["status", "--porcelain"], in: cli).stdout.isEmpty)
    }
}
