import Foundation
import Testing

/// `export --format openacr` and `--format vpat`: the fields a conformance report must carry, read
/// back by a YAML reader and a JSON-schema validator that are not ours, and the refusals.
@Suite(.tags(.endToEnd)) struct ComplianceExportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = repository.appendingPathComponent("Tests/Schemas/openacr-fragment.schema.json")
    static let parties = ["--product-version", "3.2", "--author", "Ana Lima", "--author-email", "ana@trailhead.example", "--company", "Trailhead Outdoors"]

    func demo() throws -> (CLI, URL) {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        return (cli, cli.directory.appendingPathComponent("dtaudit-demo"))
    }

    /// The YAML that dtaudit writes (mappings by two-space indentation, `- ` sequence entries,
    /// double-quoted scalars, `#` comments), read into nested values: enough to check fields
    /// without a YAML library, and strict enough to fail on any other shape.
    static func read(_ yaml: String) throws -> Any {
        var lines: [(indent: Int, text: String)] = []
        for raw in yaml.split(separator: "\n") where !raw.hasPrefix("#") {
            let text = raw.drop { $0 == " " }
            lines.append((raw.count - text.count, String(text)))
        }
        var index = 0
        func scalar(_ text: String) throws -> String {
            guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { throw ReadError(line: text) }
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String ?? ""
        }
        func node(_ indent: Int) throws -> Any {
            if index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("- ") {
                var items: [Any] = []
                while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("- ") {
                    lines[index] = (indent + 2, String(lines[index].text.dropFirst(2)))
                    items.append(try node(indent + 2))
                }
                return items
            }
            var map: [String: Any] = [:]
            while index < lines.count, lines[index].indent == indent, !lines[index].text.hasPrefix("- ") {
                let text = lines[index].text
                guard let colon = text.range(of: ": ") ?? (text.hasSuffix(":") ? text.index(before: text.endIndex)..<text.endIndex : nil) else {
                    throw ReadError(line: text)
                }
                let key = String(text[..<colon.lowerBound])
                let rest = String(text[colon.upperBound...])
                index += 1
                if rest.isEmpty {
                    guard index < lines.count, lines[index].indent >= indent else { throw ReadError(line: text) }
                    map[key] = try node(lines[index].indent)
                } else {
                    map[key] = try scalar(rest)
                }
            }
            return map
        }
        let root = try node(0)
        guard index == lines.count else { throw ReadError(line: lines[index].text) }
        return root
    }

    struct ReadError: Error { var line: String }

    @Test func theOpenACRFragmentHasEveryRequiredFieldAndAllowedValue() throws {
        let (cli, demo) = try demo()
        let day = try cli.settleConformance(in: demo)
        let output = try cli.ok(["export", "--format", "openacr"] + Self.parties, in: demo)
        #expect(output.hasPrefix("Wrote Exports/trailhead-\(day)-openacr.yaml (1.4.4 Partially Supports, 1.4.10 Partially Supports, as of \(day))"), "\(output)")
        let yaml = try String(contentsOf: demo.appendingPathComponent("Exports/trailhead-\(day)-openacr.yaml"), encoding: .utf8)
        let document = try #require(try Self.read(yaml) as? [String: Any])

        // Required by OpenACR: title, product with its name, author with an email, catalog, chapters.
        #expect(Set(document.keys).isSuperset(of: ["title", "product", "author", "catalog", "chapters"]))
        #expect(document["title"] as? String == "Trailhead Outdoors Accessibility Conformance Report")
        let product = try #require(document["product"] as? [String: Any])
        #expect(product["name"] as? String == "Trailhead")
        #expect(product["version"] as? String == "3.2")
        let author = try #require(document["author"] as? [String: Any])
        #expect(author["email"] as? String == "ana@trailhead.example")
        #expect(author["name"] as? String == "Ana Lima" && author["company_name"] as? String == "Trailhead Outdoors")
        #expect(Set(author.keys).isSubset(of: ["name", "company_name", "address", "email", "phone", "website"]))
        #expect(document["catalog"] as? String == "2.5-edition-wcag-2.2-508-en")
        #expect(document["report_date"] as? String == day)

        let chapters = try #require(document["chapters"] as? [String: Any])
        #expect(Array(chapters.keys) == ["success_criteria_level_aa"])
        let chapter = try #require(chapters["success_criteria_level_aa"] as? [String: Any])
        let criteria = try #require(chapter["criteria"] as? [[String: Any]])
        #expect(criteria.map { $0["num"] as? String } == ["1.4.4", "1.4.10"])
        for criterion in criteria {
            let components = try #require(criterion["components"] as? [[String: Any]])
            #expect(components.map { $0["name"] as? String } == ["software"])
            let adherence = try #require(components.first?["adherence"] as? [String: Any])
            // An AA criterion takes one of four levels; not-evaluated is for AAA only.
            #expect(["supports", "partially-supports", "does-not-support", "not-applicable"].contains(adherence["level"] as? String ?? ""))
            #expect((adherence["notes"] as? String)?.hasPrefix("Audited on 18 screens") == true)
        }
        // The remarks name the screens that fail which checks at which sizes.
        let reflow = try #require((criteria[1]["components"] as? [[String: Any]])?.first?["adherence"] as? [String: Any])
        #expect((reflow["notes"] as? String)?.contains("Fails on 2 screens: Checkout: cart: reachable at ax5; Recovery: email: errors-near-fields at ax5.") == true)
        let resize = try #require((criteria[0]["components"] as? [[String: Any]])?.first?["adherence"] as? [String: Any])
        #expect((resize["notes"] as? String)?.contains("Text does not scale on 6 screens: Home, Map, Offline maps, Profile, Search, Trail detail.") == true)
    }

    @Test(.requires(.yamlReaders))
    func theOpenACRFragmentValidatesAsJSONAgainstTheSchema() throws {
        let (cli, demo) = try demo()
        try cli.settleConformance(in: demo)
        let hostile = "Trail \"head\": #1 - [x] {y} \\ é | & * ! % @ `z`"
        try cli.ok(["export", "--format", "openacr", "--output", "report.yaml", "--product", hostile] + Self.parties, in: demo)
        let script = """
            import json, sys, yaml, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            document = json.loads(json.dumps(yaml.safe_load(open(sys.argv[2], encoding="utf-8"))))
            errors = list(jsonschema.Draft7Validator(schema).iter_errors(document))
            for error in errors: print(list(error.path), error.message)
            print(json.dumps(document["product"]["name"]))
            # The validator must catch what is wrong, or passing it means nothing.
            broken = json.loads(json.dumps(document))
            broken["chapters"]["success_criteria_level_aa"]["criteria"][0]["components"][0]["adherence"]["level"] = "not-evaluated"
            del broken["author"]["email"]
            print(len(list(jsonschema.Draft7Validator(schema).iter_errors(broken))))
            sys.exit(1 if errors else 0)
            """
        let result = try Spawn.run(try RequiredTool.yamlReaders.location(), ["-c", script, Self.schema.path, "report.yaml"],
                                   in: demo, environment: ProcessInfo.processInfo.environment, input: nil)
        #expect(result.status == 0, "schema errors:\n\(result.output)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The name comes back exactly as given, whatever YAML would have read into it unquoted.
        let name = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8), options: .fragmentsAllowed) as? String
        #expect(name == hostile)
        #expect(lines.last == "2")
    }

    @Test func theVPATRowsGoBesideTheReviewPageAsMarkdownAndHTML() throws {
        let (cli, demo) = try demo()
        let day = try cli.settleConformance(in: demo)
        let output = try cli.ok(["export", "--format", "vpat"] + Self.parties, in: demo)
        #expect(output.hasPrefix("Wrote Exports/trailhead-\(day)-vpat.md and Exports/trailhead-\(day)-vpat.html (1.4.4 Partially Supports"), "\(output)")
        let html = try String(contentsOf: demo.appendingPathComponent("Exports/trailhead-\(day)-vpat.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<th scope=\"col\">Conformance Level</th>") && html.contains("<th scope=\"col\">Remarks and Explanations</th>"))
        #expect(html.components(separatedBy: "<td class=\"conformance\"><strong>Partially Supports</strong></td>").count == 3)
        // The page names who prepared it and whom to ask, as the Markdown does.
        #expect(html.contains("<p>Product: Trailhead 3.2 · Prepared by: Ana Lima · Contact: ana@trailhead.example · Report date: \(day)</p>"))
        // To standard output: the Markdown only.
        let markdown = try cli.ok(["export", "--format", "vpat", "--output", "-"] + Self.parties, in: demo)
        #expect(markdown.contains("| 1.4.4 Resize Text (Level AA) | **Partially Supports** | Software: Audited on 18 screens"))
        #expect(!markdown.contains("<html"))
        // The address copies whole: nothing invisible inside it, and a code span is never a link.
        #expect(markdown.contains("**Contact** `ana@trailhead.example` ·") && !markdown.unicodeScalars.contains("\u{2060}"))
    }

    @Test func aCriterionNotYetJudgedIsNotFiled() throws {
        let cli = try CLI().initialized()
        for format in ["openacr", "vpat"] {
            let result = try cli.run(["export", "--format", format, "--author-email", "a@example.com"], environment: ["COLUMNS": ""])
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let headline: String = "1.4.4 Resize Text (no check fails so far; the open checks could make it Supports or Does Not Support) and "
                + "1.4.10 Reflow (no check fails so far; the open checks could make it Supports or Does Not Support) cannot be reported yet: "
                + "a conformance report claims a level only once no open check can change it. "
                + "Record the open checks of this screen first ('dtaudit next'), or write a draft for review with --draft:"
            #expect(lines.first == headline, "\(lines)")
            #expect(lines.count == 2 && lines[1].hasPrefix("  Checkout: check ax5: text-scales, reachable, layout-adapts, errors-near-fields"), "\(lines)")
            #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))
        }
    }

    /// The issue as a lead met it: one screen of five failing and four unrecorded is no
    /// "Partially Supports" yet, since recording the four could make it "Does Not Support"; once
    /// more than half fail with nothing to take it back, "Does Not Support" is final, whatever else
    /// is open; and a fix puts a level back in question until its retest is recorded.
    @Test func aLevelThatOpenChecksCouldStillChangeIsNotFiled() throws {
        let cli = try CLI().initialized()
        let email = ["--author-email", "a@example.com"]
        for name in ["Map", "Search", "Profile", "Settings"] { try cli.ok(["screen", "add", name]) }
        func fail(_ screen: String) throws {
            try cli.ok(["record", screen, "--size", "xs", "--item", "text-scales", "--fail"])
            try cli.ok(["record", screen, "--size", "ax5", "--item", "layout-adapts", "--fail"])
        }
        try fail("Checkout")
        let open = try cli.run(["export", "--format", "vpat"] + email, environment: ["COLUMNS": ""])
        #expect(open.status == 1, "\(open.stdout)")
        let lines = open.stdout.split(separator: "\n").map(String.init)
        let headline: String = "1.4.4 Resize Text (Partially Supports so far; the open checks could make it Does Not Support) and "
            + "1.4.10 Reflow (Partially Supports so far; the open checks could make it Does Not Support) cannot be reported yet"
        #expect(lines.first?.hasPrefix(headline) == true, "\(lines)")
        #expect(lines.dropFirst().map { $0.prefix { $0 != ":" } } == ["  Map", "  Profile", "  Search", "  Settings"])
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))

        try fail("Map")
        try fail("Search")
        let final = try cli.ok(["export", "--format", "vpat", "--output", "-"] + email)
        #expect(final.contains("| 1.4.4 Resize Text (Level AA) | **Does Not Support** |"), "\(final)")
        #expect(final.contains("| 1.4.10 Reflow (Level AA) | **Does Not Support** |"))
        #expect(final.contains("2 screens have checks of 1.4.4 still to record."))

        // One screen: every check passes, then one fails and is fixed; until the retest and the
        // re-check at the default size are recorded, the level could go either way.
        let one = try CLI().initialized()
        try one.ok(["record", "Checkout", "--size", "all", "--item", "all", "--pass"])
        #expect(try one.ok(["export", "--format", "openacr", "--output", "-"] + email).contains("level: \"supports\""))
        try one.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--fail"])
        #expect(try one.ok(["export", "--format", "openacr", "--output", "-"] + email).contains("level: \"does-not-support\""))
        try one.ok(["fix", "Checkout", "--type", "scroll"])
        let fixed = try one.run(["export", "--format", "openacr", "--output", "-"] + email, environment: ["COLUMNS": ""])
        #expect(fixed.status == 1)
        #expect(fixed.stdout.hasPrefix("1.4.4 Resize Text (Does Not Support so far; the open checks could make it Supports) cannot be reported yet"), "\(fixed.stdout)")
        #expect(fixed.stdout.hasSuffix("\n  Checkout: retest ax3: no-truncation; re-check default l: text-scales\n"), "\(fixed.stdout)")
        try one.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--pass"])
        #expect(try one.run(["export", "--format", "openacr", "--output", "-"] + email).status == 1)
        try one.ok(["record", "Checkout", "--size", "l", "--item", "all", "--pass"])
        #expect(try one.ok(["export", "--format", "openacr", "--output", "-"] + email).contains("level: \"supports\""))
    }

    /// The files in Exports/, by name.
    static func exports(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Exports").path).sorted()
    }

    @Test func aDraftWhileChecksAreOpenSaysSoEverywhereAndClaimsNothing() throws {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Settings"])
        try cli.ok(["record", "Settings", "--size", "ax5", "--item", "reachable", "--pass"])
        let said = try cli.ok(["export", "--format", "vpat", "--draft", "--author-email", "a@example.com"])
        #expect(said.contains("-vpat-draft.md and Exports/") && said.contains("(DRAFT, not a conformance claim; so far 1.4.4 Not Evaluated, 1.4.10 Not Evaluated; still to record: Checkout, Settings, as of "))
        let names = try Self.exports(cli.directory)
        let markdownName = try #require(names.first { $0.hasSuffix("-vpat-draft.md") })
        #expect(names == [markdownName.replacingOccurrences(of: ".md", with: ".html"), markdownName])
        let markdown = try String(contentsOf: cli.directory.appendingPathComponent("Exports/" + markdownName), encoding: .utf8)
        #expect(markdown.hasPrefix("# DRAFT: Trailhead: Accessibility Conformance Report"))
        #expect(markdown.contains("> **DRAFT, not a conformance claim. Checks are still open on 2 screens: Checkout, Settings. Do not file it"))
        // Nothing in a draft says to paste its rows anywhere.
        #expect(!markdown.contains("paste them into the product's VPAT"), "\(markdown)")
        #expect(markdown.contains(", drafted for review: the export without --draft, once no open check can change a level, is the one for the product's report."))
        #expect(markdown.contains("### Table 2: Success Criteria, Level AA (DRAFT)"))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| 1.4.") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.contains("| **DRAFT: Not Evaluated** | Software: DRAFT, not a conformance claim. ") && $0.contains("Still to record: ") })
        for level in ["Supports", "Partially Supports", "Does Not Support"] { #expect(!markdown.contains("**\(level)**")) }

        let html = try String(contentsOf: cli.directory.appendingPathComponent("Exports/" + names[0]), encoding: .utf8)
        #expect(html.contains("<title>DRAFT: Trailhead") && html.contains("<h1>DRAFT: Trailhead") && html.contains("<p class=\"draft\""))
        #expect(html.contains("<caption>Table 2: Success Criteria, Level AA (DRAFT)</caption>"))
        #expect(html.components(separatedBy: "<td class=\"conformance\"><strong>DRAFT: Not Evaluated</strong></td>").count == 3)

        // The OpenACR draft: valid in shape, every level not-evaluated, every note marked.
        let yaml = try cli.ok(["export", "--format", "openacr", "--draft", "--author-email", "a@example.com", "--output", "-"])
        #expect(yaml.hasPrefix("# DRAFT, not a conformance claim. Checks are still open on 2 screens: Checkout, Settings."))
        let document = try #require(try Self.read(yaml) as? [String: Any])
        #expect((document["title"] as? String)?.hasPrefix("DRAFT: Trailhead Accessibility Conformance Report (not a conformance claim)") == true)
        let chapter = try #require((document["chapters"] as? [String: Any])?["success_criteria_level_aa"] as? [String: Any])
        #expect((chapter["notes"] as? String)?.hasPrefix("DRAFT, not a conformance claim.") == true)
        let adherence = (chapter["criteria"] as? [[String: Any]] ?? []).compactMap { ($0["components"] as? [[String: Any]])?.first?["adherence"] as? [String: Any] }
        #expect(adherence.count == 2)
        #expect(adherence.allSatisfy { $0["level"] as? String == "not-evaluated" && ($0["notes"] as? String)?.hasPrefix("DRAFT, not a conformance claim. ") == true })

        // --draft is for conformance reports only.
        let wrong = try cli.run(["export", "--draft"])
        #expect(wrong.status == 64 && wrong.stderr.hasPrefix("error: --draft marks a conformance report"))
    }

    @Test func aDraftOfAJudgedAuditGivesTheLevelSoFarOnlyInWords() throws {
        let (cli, demo) = try demo()
        let markdown = try cli.ok(["export", "--format", "vpat", "--draft", "--output", "-"] + Self.parties, in: demo)
        #expect(markdown.contains("| 1.4.4 Resize Text (Level AA) | **DRAFT: Not Evaluated (so far Partially Supports)** | Software: DRAFT, not a conformance claim. Audited on 18 screens"))
        #expect(!markdown.contains("| **Partially Supports** |"))
        // The report to file keeps its own name: a draft never replaces it.
        let day = try cli.settleConformance(in: demo)
        try cli.ok(["export", "--format", "vpat"] + Self.parties, in: demo)
        try cli.ok(["export", "--format", "vpat", "--draft"] + Self.parties, in: demo)
        #expect(try Self.exports(demo).filter { $0.contains("vpat") } == ["trailhead-\(day)-vpat-draft.html", "trailhead-\(day)-vpat-draft.md",
                                                                         "trailhead-\(day)-vpat.html", "trailhead-\(day)-vpat.md"])
    }

    @Test func wrongCombinationsAreUsageErrors() throws {
        let cli = try CLI().initialized()
        let noEmail = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "HOME": cli.directory.path]
        try cli.ok(["record", "Checkout", "--size", "ax3", "--item", "no-truncation", "--fail"])
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail"])
        let cases: [([String], String)] = [
            (["export", "--format", "openacr"], "error: an OpenACR report must name its author's email: give --author-email (or set git's user.email)\n"),
            (["export", "--summary", "--format", "json"], "error: --summary is the short form of the Markdown review page"),
            (["export", "--summary", "--since", "2026-01-01"], "error: --since adds what changed to the full review page; --summary leaves that section out"),
            (["export", "--product", "X"], "error: --product, --product-version, --product-description, --author, --author-email and --company name the parties of a conformance report (--format openacr or vpat)"),
            (["export", "--format", "vpat", "--owner", "ana"], "error: --owner, --flow and --mine choose the screens of a review page; a conformance report speaks for the whole product"),
            (["export", "--format", "openacr", "--author-email", "a\u{1B}[31m@x"], ""),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments, environment: noEmail)
            #expect(result.status == 64, "\(arguments): \(result.output)")
            if !message.isEmpty { #expect(result.stderr.hasPrefix(message), "\(arguments)") }
            #expect(result.stderr.components(separatedBy: "\n").count <= 3, "\(arguments)")
            #expect(!result.stderr.contains("\u{1B}"))
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))
        // With the email given, the one failure judges both criteria.
        let yaml = try cli.run(["export", "--format", "openacr", "--author-email", "a@example.com", "--output", "-"], environment: noEmail)
        #expect(yaml.status == 0)
        #expect(yaml.stdout.components(separatedBy: "level: \"does-not-support\"").count == 3)
    }
}
