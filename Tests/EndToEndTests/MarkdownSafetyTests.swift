import Foundation
import Testing

/// Renders exports with GitHub's own Markdown parser (cmark-gfm) and checks, cell by cell, that no
/// name, note or reference can break a table or inject markup.
@Suite(.tags(.endToEnd)) struct MarkdownSafetyTests {
    /// HTML of `markdown`, with raw HTML let through (`--unsafe`) so that any that leaked would show.
    func render(_ markdown: String) throws -> String {
        let cmark = try RequiredTool.cmarkGFM.location()
        let result = try Spawn.run(cmark, ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter"],
                                   in: FileManager.default.temporaryDirectory, environment: [:], input: markdown)
        return result.stdout
    }

    static let name = "Pay | <b>now</b> *x* _y_ [link](http://e.com) `code` ~~gone~~ $a$ #1 &amp; \\ !"
    static let flow = "a|b <i>"
    static let owner = "<script>alert(1)</script>"
    static let note = "Cut | off\n# not a heading\n- not a list\n<img src=x onerror=alert(1)> **bold** ![img](x.png) 1. one &lt;"
    static let ref = "[PR](javascript:alert(1)) <!-- c -->"

    @Test(.requires(.cmarkGFM)) func userTextStaysTextInEveryTableCell() throws {
        let cli = try CLI()
        try cli.ok(["init", "--app", "Trail|head <app>"])
        try cli.ok(["screen", "add", Self.name, "--flow", Self.flow, "--critical", "--owner", Self.owner, "--notes", Self.note])
        try cli.ok(["record", "Pay", "--size", "ax5", "--item", "reachable", "--fail", "--note", Self.note, "--by", Self.owner])
        try cli.ok(["export", "--format", "json", "--output", "base.json"])
        try cli.ok(["fix", "Pay", "--type", "custom", "--note", Self.note, "--ref", Self.ref, "--by", "Sam"])
        try cli.ok(["record", "Pay", "--size", "ax5", "--item", "reachable", "--pass"])
        try cli.ok(["record", "Pay", "--size", "ax3", "--item", "no-overlap", "--fail", "--note", Self.note])
        let markdown = try cli.ok(["export", "--since", "base.json", "--output", "-"])
        let html = try render(markdown)

        // Nothing the user typed became an element.
        for tag in ["<b>", "<i>", "<script", "<img", "<em>", "<del>", "<ol>", "<!--"] {
            #expect(!html.contains(tag), "\(tag) leaked into the HTML")
        }
        #expect(html.components(separatedBy: "<h1>").count == 2)
        #expect(!html.contains("href=\"javascript"))
        // No link text can be forged, and a bare URL stays text.
        #expect(!html.contains("href=\"http"))
        #expect(!html.contains(">link</a>"))
        #expect(!html.contains(">PR</a>"))

        let shownNote = Self.note.replacingOccurrences(of: "\n", with: " ↵ ")
        let tables = HTMLTables.parse(html)
        #expect(tables.count >= 6)
        for table in tables {
            let columns = table.first?.count ?? 0
            for row in table {
                #expect(row.count == columns, "a row has \(row.count) cells instead of \(columns): \(row)")
            }
        }
        let screens = try #require(tables.first { $0.first == ["Screen", "Flow", "Critical", "Category", "Failed checks", "Fixes", "Owner"] })
        #expect(screens.count == 2)
        #expect(screens[1][0] == Self.name)
        #expect(screens[1][1] == Self.flow)
        #expect(screens[1][2] == "yes")
        #expect(screens[1][6] == Self.owner)

        let fixes = try #require(tables.first { $0.first == ["Date", "Fix", "Checks", "Note", "Ref", "By"] })
        #expect(fixes[1][3] == shownNote)
        #expect(fixes[1][4] == Self.ref)

        let fixed = try #require(tables.first { $0.first == ["Screen", "Check", "Size", "Failed with", "By", "Date"] })
        #expect(fixed[1][0] == Self.name)
        #expect(fixed[1][3] == shownNote)
        #expect(fixed[1][4] == "Tess Tester")

        // The heading, the notes and the failure keep the text whole.
        #expect(HTMLTables.texts(of: "h3", in: html).contains(Self.name))
        #expect(HTMLTables.texts(of: "p", in: html).contains("Notes: " + shownNote))
        #expect(HTMLTables.texts(of: "li", in: html).contains { $0.hasPrefix("❌ no-overlap at ax3: " + shownNote) })
        #expect(HTMLTables.texts(of: "h1", in: html) == ["Trail|head <app>: Dynamic Type audit"])
        // The screen's link in the table leads to its heading.
        #expect(html.contains("<a href=\"#pay--bnowb-x-_y_-linkhttpecom-code-gone-a-1-amp--\">"))
    }

    @Test(.requires(.cmarkGFM)) func addressesInNotesStayTextWhenGitHubRendersThePage() throws {
        let cli = try CLI().initialized()
        let note = "See https://evil.example/login, www.evil.example and mail help@evil.example or mailto:x@evil.example"
        try cli.ok(["screen", "edit", "Checkout", "--notes", note, "--owner", "ana@evil.example"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", note])
        try cli.ok(["fix", "Checkout", "--type", "scroll", "--note", note, "--ref", "https://evil.example/pr/1"])
        let html = try render(try cli.ok(["export", "--output", "-"]))
        for scheme in ["href=\"http", "href=\"mailto", "href=\"xmpp", "href=\"ftp", "href=\"www"] {
            #expect(!html.contains(scheme), "\(scheme) in the rendered page")
        }
        // The text reads as it was typed (the word joiner after an @ shows as nothing).
        let text = html.replacingOccurrences(of: "\u{2060}", with: "")
        #expect(text.contains("Notes: " + note))
        #expect(text.contains("ana@evil.example"))
        #expect(text.contains("https://evil.example/pr/1"))
    }

    @Test(.requires(.cmarkGFM)) func theDemoReportRendersWithWellFormedTables() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let markdown = try cli.ok(["export", "--since", "2026-09-29", "--output", "-"], in: cli.directory.appendingPathComponent("dtaudit-demo"))
        let html = try render(markdown)
        let tables = HTMLTables.parse(html)
        // Actions, owners, summary, sizes, critical flows, 3 change tables, screens, fixes, code scan,
        // 15 matrices (3 screens have nothing recorded), 10 fix tables, checklist, and the screenshot
        // tables of the screens the UI-test run reached.
        #expect(tables.count == 37)
        for table in tables {
            let columns = table.first?.count ?? 0
            #expect(table.allSatisfy { $0.count == columns })
        }
        // Screens whose code has findings get a last column counting them per check.
        let matrices = tables.filter { $0.first?.first == "Check" && ($0.first?.count == 7 || $0.first?.last == "Code") }
        #expect(matrices.count == 15)
        #expect(matrices.filter { $0.first?.count == 8 }.count == 4)
        for matrix in matrices {
            #expect(matrix.count == 18)
            let sizes = matrix.map { Array($0.prefix(7)) }
            // 🤖 marks a result the demo's UI-test run recorded.
            #expect(sizes.dropFirst().allSatisfy { row in row.dropFirst().allSatisfy { ["✅", "❌", "➖", "⬜", "", "✅🤖", "❌🤖"].contains($0) } })
            if matrix[0].count == 8 {
                #expect(matrix.dropFirst().allSatisfy { $0[7].isEmpty || $0[7].hasPrefix("⚠️ ") })
            }
        }
        let code = try #require(tables.first { $0.first?.first == "Screen" && $0.first?.contains("Good signs") == true })
        #expect(code.count == 17, "a header and the 16 scanned screens")
        #expect(HTMLTables.texts(of: "h2", in: html) == ["What to fix first", "Who owns what", "Summary", "Changes since 2026-09-29", "Screens", "Fixes", "Code scan", "Screen details", "Checklist", "About this report"])

        // The action list: every open failure, critical screens first, each with its owner and age.
        let actions = try #require(tables.first { $0.first?.first == "#" })
        #expect(actions[0] == ["#", "Screen", "Check", "Size", "Severity", "Blocks", "Owner", "Age (days)", "Fix in progress", "Likely code"])
        #expect(actions.count == 9)
        let screens = actions.dropFirst().map { $0[1] }
        // The run's offline banner, failing on three screens, is one row naming them.
        #expect(screens.count == 8 && screens[5].hasPrefix("Home, Search, Trail detail (shared UI on 3 screens: StaticText"), "\(screens)")
        // A problem a run found on one screen names its element beside the screen.
        #expect(screens.enumerated().filter { $0.offset != 5 }.map { $0.element.components(separatedBy: " (")[0] }
                == ["Checkout: cart", "Recovery: email", "Map", "Profile", "Search", "Profile", "Search"])
        #expect(screens[7].hasPrefix("Search (Button \"filter.wheelchair\" and Button \"filter.dogs\" overlap by "), "\(screens)")
        #expect(actions.dropFirst().allSatisfy { Int($0[7]) != nil && !$0[6].isEmpty })
        #expect(actions[1][8].hasPrefix("scroll 2026-09-15 PR 412"))
        let owners = try #require(tables.first { $0.first?.first == "Owner" })
        #expect(owners.map(\.first) == ["Owner", "Sam Okafor", "Jonas Berg"])
        // Screens that need work have a heading each, in the order of need; supported ones share one,
        // each a single line that opens onto its matrix.
        let headings = HTMLTables.texts(of: "h3", in: html)
        let details = try #require(headings.split(separator: "Supported screens", omittingEmptySubsequences: false).first.map(Array.init))
        // The run's banner failure puts Home and Trail detail among the screens that need work.
        #expect(details.suffix(9) == ["Recovery: new password", "Search", "Map", "Home", "Profile", "Trail detail", "Offline maps", "Trip planner", "Elevation chart"])
        #expect(html.components(separatedBy: "<details><summary>").count - 1 == 15)
        #expect(html.components(separatedBy: "<details><summary>🟢 <strong>").count - 1 == 7)
    }

    @Test(.requires(.cmarkGFM)) func theSummaryAndTheVPATRowsRenderAsTables() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let summary = try cli.ok(["export", "--summary", "--output", "-"], in: demo)
        // The summary reads no recordings: its header gives the full page's date, screens and
        // fixers, but names no auditors.
        let full = try cli.ok(["export", "--output", "-"], in: demo)
        let header = try #require(full.split(separator: "\n").dropFirst().first)
        #expect(summary.split(separator: "\n").dropFirst().first == header.replacingOccurrences(of: " · **Auditors** Ana Lima, Mei Chen, Sam Okafor", with: "")[...])
        let html = try render(summary)
        #expect(HTMLTables.texts(of: "h2", in: html) == ["What to fix first", "Who owns what"])
        #expect(HTMLTables.parse(html).map { $0.count } == [9, 3], "the shared banner one row, as on the full page")
        #expect(!html.contains("href=\"#"), "the summary has no sections to link to")
        #expect(!html.contains("<img") && !html.contains("<details>"))

        try cli.settleConformance(in: demo)
        let vpat = try render(try cli.ok(["export", "--format", "vpat", "--author-email", "a11y@example.com", "--output", "-"], in: demo))
        let rows = try #require(HTMLTables.parse(vpat).first)
        #expect(rows.map { $0.count } == [3, 3, 3])
        #expect(rows[0] == ["Criteria", "Conformance Level", "Remarks and Explanations"])
        #expect(rows.dropFirst().map(\.first) == ["1.4.4 Resize Text (Level AA)", "1.4.10 Reflow (Level AA)"])
        #expect(rows.dropFirst().allSatisfy { ["Supports", "Partially Supports", "Does Not Support"].contains($0[1]) })
        #expect(rows[2][2].contains("Recovery: email: errors-near-fields at ax5"))
    }
}

/// Just enough HTML reading for the output of cmark-gfm: tables as rows of cell texts.
enum HTMLTables {
    static func parse(_ html: String) -> [[[String]]] {
        html.components(separatedBy: "<table>").dropFirst().map { chunk in
            let table = chunk.components(separatedBy: "</table>")[0]
            return table.components(separatedBy: "<tr>").dropFirst().map { row in
                let body = row.components(separatedBy: "</tr>")[0]
                return cells(body)
            }
        }
    }

    static func cells(_ row: String) -> [String] {
        var result: [String] = []
        var rest = Substring(row)
        while let open = rest.range(of: "<t") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let kind = rest[open.upperBound...].prefix(1)
            guard kind == "d" || kind == "h", let close = rest[tagEnd...].range(of: "</t\(kind)>") else {
                rest = rest[tagEnd...]
                continue
            }
            result.append(text(String(rest[rest.index(after: tagEnd)..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return result
    }

    /// The text of every `<tag>` element.
    static func texts(of tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag)").dropFirst().compactMap { chunk in
            guard let start = chunk.firstIndex(of: ">") else { return nil }
            let body = chunk[chunk.index(after: start)...].components(separatedBy: "</\(tag)>")[0]
            return text(body)
        }
    }

    /// Tags removed, entities decoded, spaces trimmed.
    static func text(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; continue }
            if character == ">" && inTag { inTag = false; continue }
            if !inTag { result.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
