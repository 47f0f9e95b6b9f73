import Foundation
import Testing

/// `dtaudit explain SCREEN [ITEM]` as a team uses it after an audit session and a scan: each failed
/// check traced to the code the scan found for the same item, the most likely cause first, and each
/// fix's commit checked against those lines.
@Suite(.tags(.endToEnd)) struct ExplainTests {
    static let summary = """
        import SwiftUI

        struct Summary: View {
            var body: some View {
                Text("Total").font(.body).dynamicTypeSize(...DynamicTypeSize.xxLarge)
            }
        }

        """

    static let payButton = """
        import SwiftUI

        struct PayButton: View {
            var body: some View {
                VStack {
                    Text("Pay now").font(.system(size: 17))
                    Text("Secure checkout").lineLimit(1)
                }
            }
        }

        """

    /// A checkout whose two files are committed, scanned and recorded in the store, with a failed
    /// check for each of two items.
    func audited() throws -> CLI {
        let cli = try CLI().initialized()
        try write(Self.summary, to: "App/Checkout/A-Summary.swift", in: cli)
        try write(Self.payButton, to: "App/Checkout/B-PayButton.swift", in: cli)
        try git(["init", "-q", "-b", "main"], in: cli)
        try git(["add", "App"], in: cli)
        try commit("app", in: cli)
        #expect(try cli.run(["scan", "--record"]).status == 1)
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "Secure checkout cut off"])
        try cli.ok(["record", "Checkout", "--size", "xs", "--item", "text-scales", "--fail", "--note", "Pay now stays small"])
        return cli
    }

    func write(_ text: String, to path: String, in cli: CLI) throws {
        let url = cli.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func git(_ arguments: [String], in cli: CLI) throws {
        let result = try Spawn.run("/usr/bin/env", ["git"] + arguments, in: cli.directory, environment: cli.environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
    }

    /// Commits everything under App and returns the commit's short id.
    @discardableResult
    func commit(_ message: String, in cli: CLI) throws -> String {
        try git(["add", "App"], in: cli)
        try git(["-c", "user.email=dev@example.com", "-c", "user.name=Dev", "commit", "-q", "-m", message], in: cli)
        let head = try Spawn.run("/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"], in: cli.directory, environment: cli.environment)
        return head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func eachFailedCheckNamesItsLikelyCodeTheMostSevereFirst() throws {
        let cli = try audited()
        let text = try cli.ok(["explain", "Checkout"])
        #expect(text.hasPrefix("Checkout  2 failed checks  (code scanned "), "\(text)")
        // The fixed font (critical) is the likelier cause of text that does not scale than the clamp
        // (major), though the clamp's file comes first.
        #expect(text.contains("text-scales failed at xs (Tess Tester: \"Pay now stays small\"): likely App/Checkout/B-PayButton.swift:6 fixed-font-size\n"), "\(text)")
        let fixed = try #require(text.range(of: "1. App/Checkout/B-PayButton.swift:6  fixed-font-size (critical)"))
        let clamped = try #require(text.range(of: "2. App/Checkout/A-Summary.swift:5  clamped-type-size (major)"))
        #expect(fixed.lowerBound < clamped.lowerBound)
        #expect(text.contains("no-truncation failed at ax5 (Tess Tester: \"Secure checkout cut off\"): likely App/Checkout/B-PayButton.swift:7 single-line\n"), "\(text)")

        // One item only; and the same in JSON, the findings in order.
        let only = try cli.ok(["explain", "Checkout", "no-truncation"])
        #expect(only.hasPrefix("Checkout  1 failed no-truncation check") && !only.contains("text-scales"), "\(only)")
        let json = try #require(try cli.json(["explain", "Checkout", "text-scales"]) as? [String: Any])
        let failed = try #require(json["failed"] as? [[String: Any]])
        #expect(failed.count == 1 && failed[0]["size"] as? String == "xs")
        let likely = try #require(failed[0]["likely"] as? [[String: Any]])
        #expect(likely.map { $0["rule"] as? String } == ["fixed-font-size", "clamped-type-size"])

        // screen show puts the likeliest cause beside each failure (on one line, piped without COLUMNS).
        let shown = try cli.run(["screen", "show", "Checkout"], environment: ["COLUMNS": ""]).stdout
        #expect(shown.contains("Secure checkout cut off  (Tess Tester, ") && shown.contains("likely App/Checkout/B-PayButton.swift:7 single-line"), "\(shown)")
    }

    @Test func theReviewPagesWhatToFixFirstNamesTheLikelyCodeOfEachFailure() throws {
        let cli = try audited()
        // A screen with no files: its failure has no code to point at.
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "no-truncation", "--fail"])
        try cli.ok(["export", "--output", "review.md"])
        let page = try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## What to fix first").dropFirst().first?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("|") }.map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = try #require(rows.first)
        #expect(header.last == "Likely code", "\(section)")
        func likely(_ screen: String, _ check: String) -> String? {
            rows.first { $0.count == header.count && $0[1].contains(screen) && $0[2] == "`\(check)`" }?.last
        }
        // The same cause explain puts first: the fixed font before the clamp for text that does not scale.
        #expect(likely("Checkout", "text-scales") == "`App/Checkout/B-PayButton.swift:6` `fixed-font-size`", "\(section)")
        #expect(likely("Checkout", "no-truncation") == "`App/Checkout/B-PayButton.swift:7` `single-line`", "\(section)")
        #expect(likely("Settings", "no-truncation") == "", "\(section)")

        // An audit without a recorded scan has no such column.
        let unscanned = try CLI().initialized()
        try unscanned.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        let plain = try unscanned.ok(["export", "--output", "-"])
        #expect(plain.contains("| Fix in progress |") && !plain.contains("Likely code"), "\(plain)")
    }

    @Test func aFixWhoseRefIsACommitSaysWhetherTheCommitChangedTheLikelyLines() throws {
        let cli = try audited()
        // A commit that changes the single line's limit, one that changes the file elsewhere, and a
        // reference that names no commit.
        try write(Self.payButton.replacingOccurrences(of: ".lineLimit(1)", with: ""), to: "App/Checkout/B-PayButton.swift", in: cli)
        let wraps = try commit("wrap the secure checkout line", in: cli)
        try write("// The checkout's pay button.\n" + Self.payButton.replacingOccurrences(of: ".lineLimit(1)", with: ""), to: "App/Checkout/B-PayButton.swift", in: cli)
        let comment = try commit("a comment", in: cli)
        try cli.ok(["fix", "Checkout", "--type", "custom", "--item", "no-truncation", "--ref", wraps])
        try cli.ok(["fix", "Checkout", "--type", "custom", "--item", "no-truncation", "--ref", comment])
        try cli.ok(["fix", "Checkout", "--type", "scroll", "--item", "no-truncation", "--ref", "PR 412"])

        let text = try cli.ok(["explain", "Checkout", "no-truncation"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("(\(wraps)): commit \(wraps)") && $0.hasSuffix("changed App/Checkout/B-PayButton.swift:7") }, "\(text)")
        #expect(lines.contains { $0.contains("(\(comment)): commit \(comment)") && $0.hasSuffix("changed App/Checkout/B-PayButton.swift but none of these lines") }, "\(text)")
        #expect(lines.contains { $0.hasSuffix("(PR 412): not a commit here") }, "\(text)")
        // A fix of another item is not shown under this one.
        #expect(!(try cli.ok(["explain", "Checkout", "text-scales"])).contains("fix "))

        let json = try #require(try cli.json(["explain", "Checkout", "no-truncation"]) as? [String: Any])
        let fixes = try #require((json["failed"] as? [[String: Any]])?.first?["fixes"] as? [[String: Any]])
        #expect(fixes.map { $0["touched"] as? [String] } == [["line"], ["file"], nil])
    }

    @Test func withoutAScanOrAFailureItSaysSoAndBadInputIsOneLine() throws {
        let cli = try CLI().initialized()
        #expect(try cli.ok(["explain", "Checkout"]) == "Checkout  0 failed checks\n")
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        let unscanned = try cli.ok(["explain", "Checkout"])
        #expect(unscanned.contains("No scan is recorded for the screen's files: run 'dtaudit scan --record'."), "\(unscanned)")
        #expect(unscanned.contains("no-truncation failed at ax5 (Tess Tester)\n"), "\(unscanned)")

        let unknownItem = try cli.run(["explain", "Checkout", "no-such-item"])
        #expect(unknownItem.status == 64 && unknownItem.stdout.isEmpty)
        #expect(unknownItem.stderr == "error: the checklist has no item 'no-such-item'; 'dtaudit checklist show' lists them\n")
        let unknownScreen = try cli.run(["explain", "Nowhere"])
        #expect(unknownScreen.status == 64 && unknownScreen.stderr.split(separator: "\n").count == 1, "\(unknownScreen.stderr)")
    }
}
