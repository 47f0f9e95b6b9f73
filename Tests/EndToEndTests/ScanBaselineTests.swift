import Foundation
import Testing

/// `dtaudit scan` in a team's CI: a baseline that keeps an existing app's findings out of the count,
/// the checked-in configuration, the failing severity and the changed lines of a pull request, on a
/// real git repository.
@Suite(.tags(.endToEnd)) struct ScanBaselineTests {
    static let feed = """
        import SwiftUI

        struct FeedRow: View {
            let title: String

            var body: some View {
                VStack {
                    Text(title).font(.system(size: 17))
                    Text("Same").font(.system(size: 13))
                    Text("Same").font(.system(size: 13))
                    Text("Name").lineLimit(1)
                }
            }
        }

        """

    static let profile = """
        import UIKit

        final class ProfileHeader: UIView {
            let nameLabel = UILabel()

            func configure() {
                nameLabel.font = UIFont.systemFont(ofSize: 11)
                nameLabel.numberOfLines = 1
            }
        }

        """

    /// A repository with two files of findings, committed.
    func repository() throws -> CLI {
        let cli = try CLI()
        try write(Self.feed, to: "App/Feed/FeedRow.swift", in: cli)
        try write(Self.profile, to: "App/Profile/ProfileHeader.swift", in: cli)
        try git(["init", "-q", "-b", "main"], in: cli)
        try git(["add", "-A"], in: cli)
        try git(["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "app"], in: cli)
        return cli
    }

    func write(_ text: String, to path: String, in cli: CLI) throws {
        let url = cli.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String, in cli: CLI) throws -> String {
        try String(contentsOf: cli.directory.appendingPathComponent(path), encoding: .utf8)
    }

    @discardableResult
    func git(_ arguments: [String], in cli: CLI, sourceLocation: SourceLocation = #_sourceLocation) throws -> Spawn.Result {
        let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)", sourceLocation: sourceLocation)
        return result
    }

    /// Each SARIF result's rule, file and fingerprint.
    func fingerprints(_ cli: CLI, _ extra: [String] = []) throws -> [String] {
        let sarif = try cli.run(["scan", "--format", "sarif"] + extra).stdout
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        return results.compactMap { result in
            guard let fingerprint = (result["partialFingerprints"] as? [String: String])?["dtaudit/v1"] else { return nil }
            return "\(result["ruleId"] ?? "")/\(fingerprint)"
        }.sorted()
    }

    @Test func aBaselinedAppStaysGreenThroughEditsAndFailsOnExactlyTheNewFinding() throws {
        let cli = try repository()
        #expect(try cli.run(["scan"]).status == 1)
        let wrote = try cli.run(["scan", "--write-baseline", "dtaudit-baseline.txt"])
        #expect(wrote.status == 0)
        #expect(wrote.stdout == "Wrote 6 findings to dtaudit-baseline.txt.\n")
        let baseline = try read("dtaudit-baseline.txt", in: cli)
        let entries = baseline.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(entries.count == 6)
        #expect(entries.map(String.init) == entries.map(String.init).sorted(), "sorted, so that it merges")
        let before = try fingerprints(cli)

        let clean = try cli.run(["scan", "--baseline", "dtaudit-baseline.txt"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "No new findings; 6 in the baseline; 0 fixed since. Scanned 2 files, 24 lines.\n")

        // Lines added above, the file re-indented and re-spaced, a comment at the end of a line.
        let edited = Self.feed
            .replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\nimport Combine\n\n/// A row of the feed.\n")
            .replacingOccurrences(of: "    ", with: "  ")
            .replacingOccurrences(of: "Text(title).font(.system(size: 17))", with: "Text( title ).font(.system(size:17)) // the headline")
        try write(edited, to: "App/Feed/FeedRow.swift", in: cli)
        #expect(try cli.run(["scan", "--baseline", "dtaudit-baseline.txt"]).status == 0)
        #expect(try fingerprints(cli) == before, "SARIF fingerprints do not move with the code")

        // One new fixed font size: the run fails with that finding and only that one.
        try write(edited.replacingOccurrences(of: "      Text(\"Name\")", with: "      Text(\"Extra\").font(.system(size: 12))\n      Text(\"Name\")"),
                  to: "App/Feed/FeedRow.swift", in: cli)
        let failing = try cli.run(["scan", "--baseline", "dtaudit-baseline.txt", "--format", "xcode"])
        #expect(failing.status == 1)
        let lines = failing.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("App/Feed/FeedRow.swift:14:") == true)
        #expect(lines.first?.contains(": error: .system(size: 12)") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run(["scan", "--baseline", "dtaudit-baseline.txt", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(json.filter { $0["baseline"] as? String == "new" }.map { $0["line"] as? Int } == [14])
        #expect(json.filter { $0["baseline"] as? String == "unchanged" }.count == 6)
    }

    @Test func aFixedFindingFailsTheStrictBaselineUntilItIsRewritten() throws {
        let cli = try repository()
        try cli.ok(["scan", "--write-baseline", "base.txt"])
        try write(Self.profile.replacingOccurrences(of: "        nameLabel.font = UIFont.systemFont(ofSize: 11)\n", with: ""),
                  to: "App/Profile/ProfileHeader.swift", in: cli)
        let lenient = try cli.run(["scan", "--baseline", "base.txt"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("5 in the baseline; 1 fixed since"))

        let strict = try cli.run(["scan", "--baseline", "base.txt", "--strict-baseline"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("Fixed since the baseline (1, rewrite it with --write-baseline):\n  App/Profile/ProfileHeader.swift fixed-font-size: nameLabel.font = UIFont.systemFont(ofSize: 11)\n"))
        let strictJSON = try cli.run(["scan", "--baseline", "base.txt", "--strict-baseline", "--json"])
        #expect(strictJSON.status == 1)
        #expect(strictJSON.stderr == "error: the baseline lists 1 finding that no longer exist; rewrite it with --write-baseline\n")

        try cli.ok(["scan", "--write-baseline", "base.txt"])
        #expect(try !read("base.txt", in: cli).contains("systemFont(ofSize: 11)"))
        #expect(try cli.run(["scan", "--baseline", "base.txt", "--strict-baseline"]).status == 0)
    }

    @Test func writingABaselineFromPartOfTheAppKeepsTheRest() throws {
        let cli = try repository()
        try cli.ok(["scan", "--write-baseline", "base.txt"])
        let all = try read("base.txt", in: cli)
        // Only the feed, only one rule: the profile's entries and the feed's other rules stay.
        try write(Self.feed.replacingOccurrences(of: ".lineLimit(1)", with: ""), to: "App/Feed/FeedRow.swift", in: cli)
        let partial = try cli.run(["scan", "App/Feed", "--rule", "single-line", "--write-baseline", "base.txt"])
        #expect(partial.stdout == "Wrote 0 findings to base.txt; kept 5 for files or rules this scan did not cover.\n")
        let after = try read("base.txt", in: cli)
        #expect(after.split(separator: "\n").count == all.split(separator: "\n").count - 1)
        #expect(!after.contains("FeedRow.swift\tsingle-line"))
        #expect(after.contains("ProfileHeader.swift\tsingle-line"))
        #expect(after.contains("FeedRow.swift\tfixed-font-size"))
    }

    @Test func theConfigurationTurnsRulesOffRaisesSeveritiesAndNamesTheBaseline() throws {
        let cli = try repository()
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("ci"), withIntermediateDirectories: true)
        try cli.ok(["scan", "--write-baseline", "ci/base.txt"])
        // A new single-line finding (major): fails by default, passes when only critical fails the run.
        try write(Self.profile.replacingOccurrences(of: "    }\n}", with: "        let other = UILabel()\n        other.numberOfLines = 1\n    }\n}"),
                  to: "App/Profile/ProfileHeader.swift", in: cli)
        #expect(try cli.run(["scan", "--baseline", "ci/base.txt"]).status == 1)
        try write(#"{"baseline": "ci/base.txt", "failOn": "critical"}"#, to: "dtaudit-scan.json", in: cli)
        let lenient = try cli.run(["scan", "--format", "xcode"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains(": warning: numberOfLines = 1"))

        // Raising the rule's severity makes the same finding fail the run, as an error.
        try write(#"{"baseline": "ci/base.txt", "failOn": "critical", "rules": {"single-line": "critical"}}"#, to: "dtaudit-scan.json", in: cli)
        let raised = try cli.run(["scan", "--format", "xcode"])
        #expect(raised.status == 1)
        #expect(raised.stdout.contains(": error: numberOfLines = 1"))
        // The flag wins over the file.
        #expect(try cli.run(["scan", "--fail-on", "critical", "--format", "xcode"]).status == 1)

        // Turning the rule off: nothing new, and the baseline's single-line entries are not "fixed".
        try write(#"{"baseline": "ci/base.txt", "rules": {"single-line": "off"}}"#, to: "dtaudit-scan.json", in: cli)
        let off = try cli.run(["scan", "--strict-baseline"])
        #expect(off.status == 0)
        #expect(off.stdout.contains("0 fixed since"))

        // Excluded files are not scanned.
        try write(#"{"exclude": ["App/Profile/**"], "baseline": "ci/base.txt"}"#, to: "dtaudit-scan.json", in: cli)
        let excluded = try cli.run(["scan"])
        #expect(excluded.status == 0)
        #expect(excluded.stdout.contains("Scanned 1 file,"))
    }

    @Test func changedLinesOnlyReportWhatThePullRequestTouches() throws {
        let cli = try repository()
        try write(Self.profile.replacingOccurrences(of: "ofSize: 11", with: "ofSize: 12"), to: "App/Profile/ProfileHeader.swift", in: cli)
        try write("import UIKit\nlet badge = UIFont.boldSystemFont(ofSize: 9)\n", to: "App/Badge.swift", in: cli)
        let result = try cli.run(["scan", "--changed-since", "HEAD", "--format", "xcode"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map { String($0.split(separator: ":").prefix(2).joined(separator: ":")).components(separatedBy: "/App/").last ?? "" }
        #expect(lines == ["Badge.swift:2", "Profile/ProfileHeader.swift:7"])
        let text = try cli.run(["scan", "--changed-since", "HEAD"])
        #expect(text.stdout.contains("5 outside the changed lines"))
        try git(["checkout", "-q", "--", "."], in: cli)
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("App/Badge.swift"))
        #expect(try cli.run(["scan", "--changed-since", "HEAD"]).status == 0)
    }

    @Test func badSettingsEndInOneLineAndADocumentedStatus() throws {
        let cli = try repository()
        try write("App/Feed.swift fixed-font-size\n", to: "broken.txt", in: cli)
        let cases: [([String], Int32, String)] = [
            (["scan", "--baseline", "broken.txt"], 65, "broken.txt:1: not a baseline line: expected a path, a rule and a fingerprint separated by tabs"),
            (["scan", "--baseline", "missing.txt"], 66, "no such file: missing.txt"),
            (["scan", "--strict-baseline"], 64, "--strict-baseline needs a baseline"),
            (["scan", "--write-baseline", "b.txt", "--changed-since", "HEAD"], 64, "--write-baseline records every finding"),
            (["scan", "--changed-since", "no-such-branch"], 64, "'no-such-branch' is not a commit git knows here"),
            (["scan", "--changed-since", "--all"], 64, "--changed-since"),
            (["scan", "--fail-on", "blocker"], 64, "'blocker' is not one of critical, major, minor"),
            (["scan", "--config", "nothing.json"], 66, "no such file: nothing.json"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.output)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(arguments): \(result.stderr)")
        }
        try write("{\n  \"failOn\": \"major\",\n  \"exlude\": [\"App/**\"]\n}\n", to: "dtaudit-scan.json", in: cli)
        let typo = try cli.run(["scan"])
        #expect(typo.status == 64)
        #expect(typo.stderr == "error: dtaudit-scan.json:3: \"exlude\" is not a setting; did you mean 'exclude'? Settings are include, exclude, rules, baseline, failOn\n")
        #expect(typo.stdout.isEmpty)
    }

    /// A baseline or configuration too large to be one is a malformed setting, refused before it is
    /// read: the status the exit table gives a bad baseline (65) or a bad configuration (64), not
    /// that of a failed read (74).
    @Test func settingsFilesOverTheirLimitAreRefusedAsMalformed() throws {
        let cli = try repository()
        for (name, bytes) in [("big-baseline.txt", UInt64(65 << 20)), ("big.json", UInt64(65 << 20)), ("large.json", UInt64(2 << 20))] {
            try write("", to: name, in: cli)
            // Sparse: the size is there, the disk is not used.
            let handle = try FileHandle(forWritingTo: cli.directory.appendingPathComponent(name))
            try handle.truncate(atOffset: bytes)
            try handle.close()
        }
        let cases: [([String], Int32, String)] = [
            (["scan", "--baseline", "big-baseline.txt"], 65, "error: big-baseline.txt is larger than a baseline can be (64 MB)\n"),
            (["scan", "--write-baseline", "big-baseline.txt"], 65, "error: big-baseline.txt is larger than a baseline can be (64 MB)\n"),
            (["scan", "--config", "big.json"], 64, "error: big.json is larger than a scan configuration can be (1 MB)\n"),
            (["scan", "--config", "large.json"], 64, "error: large.json is larger than a scan configuration can be (1 MB)\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.output)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: cli.directory.appendingPathComponent("big-baseline.txt").path)[.size] as? Int == 65 << 20,
                "the baseline was rewritten")
    }
}
