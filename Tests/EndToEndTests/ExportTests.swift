import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `dtaudit export`: where files go, determinism, formats, and text that tries to break the page.
@Suite(.tags(.endToEnd)) struct ExportTests {
    /// A demo audit in the test's folder; returns the folder holding `.dtaudit`.
    func demo(_ cli: CLI) throws -> URL {
        try cli.ok(["demo", "--quiet"])
        return cli.directory.appendingPathComponent("dtaudit-demo")
    }

    func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theReportGoesToExportsBesideTheStoreNamedByItsLatestActivity() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let nested = root.appendingPathComponent("Trailhead/Checkout")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let result = try cli.run(["export"], in: nested)
        #expect(result.status == 0, "\(result.stderr)")
        let report = root.appendingPathComponent("Exports/trailhead-2026-10-13.md")
        let chart = root.appendingPathComponent("Exports/trailhead-2026-10-13.svg")
        let failures = root.appendingPathComponent("Exports/trailhead-2026-10-13-failures.svg")
        #expect(FileManager.default.fileExists(atPath: report.path))
        #expect(FileManager.default.fileExists(atPath: chart.path))
        #expect(result.stdout.contains("Exports/trailhead-2026-10-13.svg and ") && result.stdout.contains("Exports/trailhead-2026-10-13-failures.svg (18 screens"))
        #expect(result.stdout.contains("Exports/trailhead-2026-10-13.md and its chart"))
        let markdown = try text(report)
        #expect(markdown.hasPrefix("# Trailhead: Dynamic Type audit\n"))
        #expect(markdown.contains("![Screens per category over time](trailhead-2026-10-13.svg)"))
        #expect(markdown.contains("![Open failures per size over time](trailhead-2026-10-13-failures.svg)"))
        #expect(!markdown.contains("## Changes since"))

        #expect(try text(chart).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"340\" viewBox=\"0 0 760 340\""))
        #expect(try text(failures).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"320\" viewBox=\"0 0 760 320\""))
        for file in [chart, failures] {
            let svg = try text(file)
            #expect(!svg.contains("<script"))
            #expect(!svg.contains("href"))
            #expect(svg.contains("<title id=") && svg.contains("<desc id="))
            // The chart must be well-formed XML to render at all.
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "the SVG is not well-formed: \(String(describing: parser.parserError))")
        }
    }

    /// The rows of "What to fix first", by their last column: the code that likely fails.
    static func likelyCode(_ page: String) -> [String] {
        guard let start = page.range(of: "## What to fix first") else { return [] }
        let rows = page[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("| # |") }.prefix { $0.hasPrefix("|") }
        #expect(rows.first?.hasSuffix("| Likely code |") == true)
        return rows.dropFirst(2).map { row in String(row.split(separator: "|", omittingEmptySubsequences: false).dropLast().last ?? "") }
    }

    @Test func theSummaryShowsTheLikelyCodeThePageShows() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let page = Self.likelyCode(try cli.ok(["export", "--output", "-"], in: root))
        let summary = Self.likelyCode(try cli.ok(["export", "--summary", "--output", "-"], in: root))
        #expect(page.contains(" `Trailhead/Map/MapControlsView.swift:17` `fixed-font-size` "), "\(page)")
        #expect(summary == page)
    }

    @Test func theSameAuditGivesTheSameBytes() throws {
        let cli = try CLI()
        let root = try demo(cli)
        for format in ["markdown", "json", "csv", "csv-log", "openacr", "vpat"] {
            // The conformance reports name their author's email; the demo's checks still open make them drafts.
            let parties = ["openacr", "vpat"].contains(format) ? ["--author-email", "a11y@example.com", "--draft"] : []
            let first = try cli.ok(["export", "--format", format, "--output", "-"] + parties, in: root)
            let second = try cli.ok(["export", "--format", format, "--output", "-"] + parties, in: root)
            #expect(first == second, "\(format)")
            #expect(!first.isEmpty)
        }
        let pinned = try cli.ok(["export", "--date", "2026-12-01"], in: root)
        #expect(pinned.contains("Exports/trailhead-2026-12-01.md"))
        let markdown = try text(root.appendingPathComponent("Exports/trailhead-2026-12-01.md"))
        #expect(markdown.contains("**Date** 2026-12-01"))
        #expect(markdown.contains("![Screens per category over time](trailhead-2026-12-01.svg)"))
    }

    @Test func standardOutputGetsTheReportWithoutAChart() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let markdown = try cli.ok(["export", "-o", "-"], in: root)
        #expect(markdown.hasPrefix("# Trailhead"))
        #expect(!markdown.contains("!["))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Exports").path))
        let named = try cli.ok(["export", "--output", "review.md"], in: root)
        #expect(named.contains("Wrote review.md and its charts review.svg and review-failures.svg"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("review.svg").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("review-failures.svg").path))
    }

    @Test func theOwnerTableHoldsNumbersAndNamesCriticalScreensBelowIt() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let page = try cli.ok(["export", "--output", "-"], in: root)
        // A column of screen names squeezed the table past a page's width; counts fit, names follow.
        // Open problems are counted one per cause, as 'next' counts them (the demo made without tesseract).
        #expect(page.contains("\n| Sam Okafor | 8 |   | 2 |   | 5 | 1 | 2 |\n| Jonas Berg | 10 | 5 |   | 1 | 2 | 2 | 6 |\n\n"))
        #expect(page.contains("\n- Sam Okafor: 3 critical screens not supported: [Checkout: cart](#checkout-cart), [Recovery: email](#recovery-email), [Recovery: new password](#recovery-new-password)\n"))
    }

    @Test func jsonAndCSVHaveTheirOwnDefaultNames() throws {
        let cli = try CLI()
        let root = try demo(cli)
        #expect(try cli.ok(["export", "--format", "json"], in: root).contains("Exports/trailhead.json (393 records)"))
        #expect(try cli.ok(["export", "--format", "csv"], in: root).contains("Exports/trailhead-2026-10-13.csv (432 cells of 18 screens, one row each, as they stand)"))
        #expect(try cli.ok(["export", "--format", "csv-log"], in: root).contains("Exports/trailhead-2026-10-13-log.csv (332 recordings, superseded ones included)"))
    }

    @Test func usageErrorsExit64AndWriteNothing() throws {
        let cli = try CLI()
        let root = try demo(cli)
        let cases: [([String], String)] = [
            (["export", "--format", "json", "--since", "2026-09-29"], "--since applies to the Markdown report"),
            (["export", "--format", "json", "--date", "2026-09-29"], "--date sets a report's date"),
            (["export", "--format", "pdf"], "'pdf' is not one of markdown, json, csv, csv-log, openacr, vpat"),
            (["export", "--format", "markdwn"], "did you mean 'markdown'?"),
            (["export", "--date", "2026-13-01"], "is not a day: write YYYY-MM-DD (such as 2026-10-13), today, yesterday or Nd"),
            (["export", "--date", "someday"], "is not a day"),
            // A day in the future shows nothing that happened: refused, never a page dated ahead.
            (["export", "--date", "2099-01-01"], "2099-01-01 is in the future (today is "),
            (["export", "--since", "2099-01-01"], "--since: 2099-01-01 is in the future"),
            // The demo's audit last changed on 2026-10-13: a page dated earlier would show later results.
            (["export", "--date", "2026-10-01"], "--date 2026-10-01: the audit changed after that day (last on 2026-10-13)"),
            (["export", "--since", "2026-02-30"], "--since: '2026-02-30' is neither a day (YYYY-MM-DD, today, yesterday, or Nd for N days ago) nor an export file"),
            (["export", "--since", "last-week"], "is neither a day"),
            (["export", "--output", ""], "--output: an empty path names no file or folder"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments, in: root)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let week = try cli.ok(["export", "--since", "7d", "--output", "-"], in: root)
        func day(_ daysAgo: Double) -> String {
            let format = DateFormatter()
            format.dateFormat = "yyyy-MM-dd"
            format.timeZone = TimeZone(identifier: "UTC")
            return format.string(from: Date().addingTimeInterval(-daysAgo * 86_400))
        }
        #expect(try cli.ok(["export", "--since", "yesterday", "--output", "-"], in: root).contains("Changes since \(day(1))"))
        #expect(week.contains("Changes since \(day(7))"))
        let missing = try cli.run(["export", "--since", "old.json"], in: root)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no file 'old.json'"))
        let noFolder = try cli.run(["export", "--output", "nowhere/report.md"], in: root)
        #expect(noFolder.status == 73)
        #expect(noFolder.stderr.contains("does not exist"))
        let folder = try cli.run(["export", "--output", "."], in: root)
        #expect(folder.status == 73)
        #expect(folder.stderr.contains("it is a folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted() == ["dtaudit-demo"])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Exports").path))
    }

    @Test func csvLogHasOneQuotedRowPerRecordingAndDefusesFormulas() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay, \"now\"\nsecond line"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "=HYPERLINK(\"http://x\")"])
        let csv = try cli.ok(["export", "--format", "csv-log", "--output", "-"])
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.first == "screen,flow,critical,item,size,status,note,by,at,id,run")
        #expect(csv.contains(",\"Pay, \"\"now\"\"\nsecond line\",Tess Tester,"))
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://x\"\")\",Tess Tester,"))
        #expect(csv.hasSuffix("\r\n"))
    }

    @Test func changesSinceAnEarlierExportOrADate() throws {
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable,no-truncation", "--pass"])
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-overlap", "--fail", "--note", "Badge over the price"])
        try cli.ok(["export", "--format", "json", "--output", "base.json"])
        Thread.sleep(forTimeInterval: 0.01)
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay button hidden again"])
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-overlap", "--pass"])
        try cli.ok(["screen", "add", "Settings"])

        let report = try cli.ok(["export", "--since", "base.json", "--output", "-"])
        let section = try #require(report.components(separatedBy: "## Changes since ").dropFirst().first?.components(separatedBy: "\n## ").first)
        #expect(section.contains("Since base.json"))
        let regressions = try #require(section.components(separatedBy: "### Regressions (pass → fail)").last?.components(separatedBy: "### ").first)
        #expect(regressions.contains("| [Checkout](#checkout) | `reachable` | ax5 | Pay button hidden again | Tess Tester |"))
        let fixed = try #require(section.components(separatedBy: "### Newly fixed (fail → pass)").last?.components(separatedBy: "### ").first)
        #expect(fixed.contains("| [Checkout](#checkout) | `no-overlap` | ax3 | Badge over the price | Tess Tester |"))
        let newScreens = try #require(section.components(separatedBy: "### New screens").last)
        #expect(newScreens.contains("- [Settings](#settings)"))

        // An earlier file whose recording names a screen the file lacks is refused as an import
        // refuses it: one line naming the file and the line, and nothing written.
        let lines = try String(contentsOf: cli.directory.appendingPathComponent("base.json"), encoding: .utf8).components(separatedBy: "\n")
        let recording = try #require(lines.firstIndex { $0.contains("\"record\":\"recording\"") })
        var edited = lines
        edited[recording] = edited[recording].replacingOccurrences(of: "\"screen\":\"", with: "\"screen\":\"nowhere-")
        try Data(edited.joined(separator: "\n").utf8).write(to: cli.directory.appendingPathComponent("edited.json"))
        let dangling = try cli.run(["export", "--since", "edited.json", "--output", "-"])
        #expect(dangling.status == 65)
        #expect(dangling.stdout.isEmpty)
        #expect(dangling.stderr.hasPrefix("error: edited.json line \(recording + 1): the recording record refers to the screen 'nowhere-"))
        #expect(dangling.stderr.hasSuffix("', which is not in the file\n"))

        // A date before everything: every screen is new, nothing regressed.
        let sinceDate = try cli.ok(["export", "--since", "2000-01-01", "--output", "-"])
        #expect(sinceDate.contains("## Changes since 2000-01-01"))
        #expect(sinceDate.contains("None: no check that passed has failed since."))
    }
}
