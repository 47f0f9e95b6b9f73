import Foundation
import Testing

/// The Markdown export's evidence: the folder of copies beside the report, the links to it, and
/// what re-exporting does to it.
@Suite(.tags(.endToEnd)) struct ExportEvidenceTests {
    /// Checkout with a failure at ax5 documented by a screenshot and a screen recording, and
    /// whole-screen shots of Checkout (ax5, Large) and Home (ax3) imported from a capture folder.
    func audit() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Home"])
        try Fixture.write(Fixture.png("pay", padding: 3000), "shots/pay.png", in: cli.directory)
        try Fixture.write(Fixture.mp4(), "shots/pay.mp4", in: cli.directory)
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--fail", "--note", "Pay hidden",
                    "--evidence", "shots/pay.png", "--evidence", "shots/pay.mp4"])
        for name in ["Checkout_AX5@3x.png", "Checkout_Large.png", "Home_ax3.png"] {
            try Fixture.write(Fixture.png(name, padding: 2000), "capture/" + name, in: cli.directory)
        }
        try cli.ok(["evidence", "import", "capture"])
        #expect(try cli.storedEvidence().count == 5)
        return cli
    }

    /// The files in a folder, sorted; none when it does not exist.
    func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func bytes(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in names(in: folder) { result[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return result
    }

    /// Every `href` and `src` of the HTML, as written.
    func targets(in html: String, attribute: String? = nil) -> [String] {
        let pattern = "\(attribute ?? "(?:href|src)")=\"([^\"]*)\""
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    /// Checks that every link of the rendered report that is not an anchor leads to a file in the
    /// evidence folder, and that every file there is linked when `all`; returns the files linked.
    @discardableResult
    func checkLinks(_ html: String, report: URL, folder: URL, all: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<String> {
        var linked = Set<String>()
        for target in targets(in: html) where !target.hasPrefix("#") && !target.hasSuffix(".svg") {
            let decoded = try #require(target.removingPercentEncoding, sourceLocation: sourceLocation)
            #expect(!decoded.contains(":") && !decoded.hasPrefix("/"), "\(target) is not a relative link", sourceLocation: sourceLocation)
            let file = report.deletingLastPathComponent().appendingPathComponent(decoded).standardizedFileURL
            #expect(file.deletingLastPathComponent().path == folder.standardizedFileURL.path || file.path == folder.standardizedFileURL.path,
                    "\(target) leads outside \(folder.lastPathComponent)", sourceLocation: sourceLocation)
            if decoded.hasSuffix("/") { continue }
            #expect(FileManager.default.fileExists(atPath: file.path), "\(target) leads to no file", sourceLocation: sourceLocation)
            linked.insert(file.lastPathComponent)
        }
        if all {
            #expect(linked == Set(names(in: folder)), "the folder holds files the report does not link, or the other way round", sourceLocation: sourceLocation)
        }
        return linked
    }

    /// The audit's shared evidence folder.
    func shared(_ cli: CLI) -> URL { cli.directory.appendingPathComponent("Exports/trailhead-evidence") }

    @Test(.requires(.cmarkGFM)) func theReportLinksTheSharedEvidenceFolder() throws {
        let cli = try audit()
        let output = try cli.ok(["export"])
        let exports = cli.directory.appendingPathComponent("Exports")
        let report = try #require(names(in: exports).first { $0.hasSuffix(".md") })
        let base = String(report.dropLast(3))
        #expect(names(in: exports) == [report, base + ".svg", base + "-failures.svg", "trailhead-evidence"].sorted())
        let folder = shared(cli)
        #expect(output.contains("showing 5 evidence files (") && output.contains("from Exports/trailhead-evidence/ (5 copied there now)"))

        // Every stored file is linked, so every one is copied, under the same name and with the same bytes.
        #expect(names(in: folder) == (try cli.storedEvidence()))
        for name in names(in: folder) {
            let copy = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(copy == (try Data(contentsOf: cli.evidenceFolder.appendingPathComponent(name))))
            if let hash = EvidenceCommandTests.systemSHA256(folder.appendingPathComponent(name), cli: cli) {
                #expect(name == hash + "." + (name.split(separator: ".").last.map(String.init) ?? ""))
            }
        }

        let markdown = try String(contentsOf: exports.appendingPathComponent(report), encoding: .utf8)
        let html = try MarkdownSafetyTests().render(markdown)
        try checkLinks(html, report: exports.appendingPathComponent(report), folder: folder)
        // Images inline, in Markdown's own syntax: no raw HTML image that another renderer would drop.
        let images = targets(in: html, attribute: "src").filter { !$0.hasSuffix(".svg") }
        #expect(images.count == 4)
        #expect(images.allSatisfy { $0.hasSuffix(".png") })
        #expect(!markdown.contains("<img"))
        #expect(targets(in: html, attribute: "href").contains { $0.hasSuffix(".mp4") })
        // Each thumbnail links to its full image.
        #expect(html.components(separatedBy: "\"><img src=\"").count == 5)

        // Each screen's strip: the sizes as headers, the largest first and the default last; each
        // thumbnail captioned with its check (or "screen"), size and name, and who attached it when.
        let strips = HTMLTables.parse(html).filter { $0.count == 2 && $0[0].allSatisfy { $0.hasPrefix("ax") || $0.hasPrefix("l") || $0.hasPrefix("x") } }
        #expect(strips.map { $0[0] } == [["ax5", "l (default)"], ["ax3"]])
        let day = try NSRegularExpression(pattern: "attached by Tess Tester, [0-9]{4}-[0-9]{2}-[0-9]{2}")
        let captions = strips.map { $0[1].map { day.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: " (by Tess, day) ") } }
        #expect(captions == [["screen · ax5 (by Tess, day) reachable · ax5 · pay.png (by Tess, day) pay.mp4 (MP4, 32 bytes)", "screen · l (by Tess, day) "],
                             ["screen · ax3 (by Tess, day) "]], "\(captions)")
        let failure = try #require(HTMLTables.texts(of: "li", in: html).first { $0.contains("Pay hidden") })
        #expect(failure.hasSuffix("📎 pay.png, pay.mp4 (MP4, 32 bytes)"))
        #expect(markdown.contains("- **Evidence**: the 5 evidence files this page links"))
    }

    @Test func reportsOfEveryDateShareOneFolderThatOnlyGrows() throws {
        let cli = try audit()
        let folder = shared(cli)
        let report = cli.directory.appendingPathComponent("review.md")
        let first = try cli.ok(["export", "--output", "review.md"])
        #expect(first.contains("Wrote review.md and its charts review.svg and review-failures.svg (2 screens, as of "))
        #expect(first.contains("showing 5 evidence files (") && first.contains("from Exports/trailhead-evidence/"))
        let markdown = try Data(contentsOf: report)
        let copies = try bytes(in: folder)
        #expect(copies.count == 5)

        // A copy edited in place, a half-written copy from an interrupted export, a file of the team's.
        let edited = try #require(copies.keys.sorted().first)
        var changed = try #require(copies[edited])
        changed[changed.count - 1] ^= 0xFF
        try changed.write(to: folder.appendingPathComponent(edited))
        try Data("half".utf8).write(to: folder.appendingPathComponent(".incoming-4242-x.png.tmp"))
        try Data("ours".utf8).write(to: folder.appendingPathComponent("NOTES.txt"))

        let second = try cli.run(["export", "--output", "review.md"])
        #expect(second.status == 0)
        #expect(try Data(contentsOf: report) == markdown)
        var now = try bytes(in: folder)
        #expect(now.removeValue(forKey: "NOTES.txt") == Data("ours".utf8))
        #expect(now == copies, "the same audit must give the same names and bytes, the edited copy restored")
        #expect(second.stderr == "warning: Exports/trailhead-evidence/NOTES.txt was not written by dtaudit; it was left as it is\n")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("NOTES.txt"))

        // The failure is retested: the report no longer shows its two files, but they stay in the
        // folder, which other reports and the shared audit file use too.
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "reachable", "--pass"])
        let third = try cli.ok(["export", "--output", "review.md"])
        #expect(third.contains("showing 3 evidence files ("))
        #expect(try bytes(in: folder) == copies)
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(!text.contains("pay.png") && !text.contains(".mp4"))
        // A report in another file, dated as the user types it, copies nothing again.
        let dated = try cli.ok(["export", "--date", "today"])
        #expect(!dated.contains("copied there now"))
        #expect(try bytes(in: folder) == copies)
    }

    @Test(.requires(.cmarkGFM)) func hostileFileNamesStayTextAndNeverBecomePaths() throws {
        let cli = try CLI().initialized()
        let screen = "Pay | <b>now</b> *x*"
        try cli.ok(["screen", "edit", "Checkout", "--name", screen])
        let hostile = "Pay <img src=x onerror=alert(1)> | [l](javascript:alert(1)) \"q\" `c` &amp; ..%2F.png"
        try Fixture.write(Fixture.png("hostile"), "shots/" + hostile, in: cli.directory)
        try cli.ok(["record", screen, "--size", "ax5", "--item", "reachable", "--fail", "--note", "cut", "--evidence", "shots/" + hostile])
        let out = cli.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try cli.ok(["export", "--output", "out/review.md"])
        let folder = shared(cli)
        let stored = try cli.storedEvidence()
        #expect(names(in: folder) == stored)
        #expect(stored.allSatisfy { $0.count == 64 + 4 && $0.hasSuffix(".png") })

        let html = try MarkdownSafetyTests().render(try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8))
        try checkLinks(html, report: out.appendingPathComponent("review.md"), folder: folder)
        for leak in ["<b>", "<img src=x", "href=\"javascript", "src=\"x\""] {
            #expect(!html.contains(leak), "\(leak) leaked into the HTML")
        }
        // The only attributes are the ones the report writes; the name's "onerror=" stays text.
        let attributes = try NSRegularExpression(pattern: "<(?:img|a)((?:\\s+[a-z]+=\"[^\"]*\")*)\\s*>")
        let tags = attributes.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
        #expect(tags.count >= 3)
        for tag in tags {
            let names = try NSRegularExpression(pattern: "\\s([a-z]+)=\"").matches(in: tag, range: NSRange(tag.startIndex..., in: tag))
                .map { String(tag[Range($0.range(at: 1), in: tag)!]) }
            #expect(Set(names).isSubset(of: ["href", "src", "width", "alt", "title"]), "\(tag)")
        }
        #expect(!html.contains("<img src=\"x\"") && !html.contains(" onerror=\""))
        let failure = try #require(HTMLTables.texts(of: "li", in: html).first { $0.contains("cut") })
        #expect(failure.hasSuffix("📎 " + hostile))
        #expect(html.contains("title=\"Pay &lt;img src=x onerror=alert(1)&gt; | [l](javascript:alert(1)) &quot;q&quot; `c` &amp;amp; ..%2F.png\""))
        #expect(html.contains("alt=\"Pay | &lt;b&gt;now&lt;/b&gt; *x* at ax5, reachable: "), "\(html)")
        let strip = try #require(HTMLTables.parse(html).first { $0.first == ["ax5"] })
        #expect(strip.count == 2 && strip[1].count == 1)
    }

    @Test(.requires(.cmarkGFM)) func aReportInAFolderWithSpacesLinksTheSharedFolder() throws {
        let cli = try audit()
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("my reviews"), withIntermediateDirectories: true)
        try cli.ok(["export", "--output", "my reviews/review (v2).md"])
        let report = cli.directory.appendingPathComponent("my reviews/review (v2).md")
        let markdown = try String(contentsOf: report, encoding: .utf8)
        #expect(markdown.contains("](../Exports/trailhead-evidence/"))
        let html = try MarkdownSafetyTests().render(markdown)
        #expect(try checkLinks(html, report: report, folder: shared(cli)).count == 5)
    }

    @Test func standardOutputHasNoFolderAndShowsNoEvidence() throws {
        let cli = try audit()
        let markdown = try cli.ok(["export", "--output", "-"])
        #expect(markdown.hasPrefix("# Trailhead"))
        #expect(!markdown.contains("-evidence"))
        #expect(!markdown.contains("<img"))
        #expect(!markdown.contains("📎"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("Exports").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted() == [".dtaudit", "capture", "shots"])
        let help = try cli.ok(["help", "export"])
        #expect(help.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("(--output -) shows no evidence and copies nothing."))
    }

    @Test func aMissingStoredFileIsLeftOutWithAWarning() throws {
        let cli = try audit()
        let stored = try cli.storedEvidence()
        let gone = try #require(stored.first { $0.hasSuffix(".mp4") })
        try FileManager.default.removeItem(at: cli.evidenceFolder.appendingPathComponent(gone))
        let result = try cli.run(["export", "--output", "review.md"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("showing 4 evidence files"))
        #expect(result.stderr.hasPrefix("warning: 1 evidence file is missing from "))
        #expect(result.stderr.hasSuffix("so the report leaves it out; 'dtaudit evidence gc' lists it\n"))
        #expect(names(in: shared(cli)) == stored.filter { $0 != gone })
        #expect(!(try String(contentsOf: cli.directory.appendingPathComponent("review.md"), encoding: .utf8)).contains(gone))
    }

    @Test func aFileWhereTheFolderGoesIsAOneLineErrorAndNoReport() throws {
        let cli = try audit()
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("Exports"), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: shared(cli))
        let result = try cli.run(["export", "--output", "review.md"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot write the evidence folder "))
        #expect(result.stderr.hasSuffix("trailhead-evidence: a file of that name is in the way\n"))
        #expect(result.stderr.components(separatedBy: "\n").count == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("review.md").path))
    }
}
