import Foundation
import Testing

/// The README and the pages of `Docs/` as a reader follows them on GitHub: every relative link leads
/// to a file or folder of the repository and, with a `#fragment`, to a heading of that page.
@Suite struct DocumentationLinkTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `README.md` and every Markdown page of `Docs/`, relative to the repository's root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    @Test func everyRelativeLinkInTheReadmeAndDocsResolves() throws {
        let pages = try Self.pages()
        #expect(pages.contains("Docs/workflow.md") && pages.contains("Docs/robustness.md"))
        var links = 0
        var broken: [String] = []
        for page in pages {
            let found = try MarkdownLinks.check(page: page, root: Self.root)
            links += found.checked
            broken += found.broken
        }
        #expect(links > 50, "the pages link to each other and to the repository's files")
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test func theReadmeLayoutNamesEveryFolderOfSourcesAndNoOther() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let table = readme.range(of: "| target |") else {
            Issue.record("the README has no layout table")
            return
        }
        var named: Set<String> = []
        for line in readme[table.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| ") else { break }
            let row = line.dropFirst(2)
            let cell = row[..<(row.range(of: " | ")?.lowerBound ?? row.endIndex)]
            for span in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where span.offset % 2 == 1 {
                named.insert(String(span.element))
            }
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).path, isDirectory: &folder) && folder.boolValue
        }
        #expect(folders.count > 10)
        #expect(Set(folders).subtracting(named).sorted() == [], "folders of Sources/ the README's layout does not name")
        #expect(named.subtracting(folders).sorted() == [], "targets the README's layout names that Sources/ lacks")
    }

    @Test func aMissingFileOrHeadingIsCaughtAndCodeIsNotReadAsLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-docs-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            # Guide

            ## How `--fix` writes files

            ## Where a screen stands

            ## Where a screen stands

            """.utf8).write(to: folder.appendingPathComponent("Docs/guide.md"))
        try Data("""
            # Tool

            [ok](Docs/guide.md#how---fix-writes-files), [ok](Docs/guide.md#where-a-screen-stands-1),
            [ok](Docs/), [ok](#tool), [ok](https://example.com/missing.md), [`guide`](Docs/guide.md)
            [gone](Docs/missing.md) and [no heading](Docs/guide.md#exit-status) and [here](#nowhere)

                [code](Docs/ignored.md)

            ```
            [fenced](Docs/ignored.md)
            ```
            `[span](Docs/ignored.md)`

            """.utf8).write(to: folder.appendingPathComponent("README.md"))
        let found = try MarkdownLinks.check(page: "README.md", root: folder)
        #expect(found.checked == 8)
        #expect(found.broken == [
            "README.md: Docs/missing.md (no such file)",
            "README.md: Docs/guide.md#exit-status (no such heading)",
            "README.md: #nowhere (no such heading)",
        ])
    }
}

/// Relative links of a Markdown page, checked the way GitHub resolves them.
enum MarkdownLinks {
    /// Checks every link of `page` (a path relative to `root`) that has no scheme; returns how many
    /// it checked and one line for each that leads nowhere.
    static func check(page: String, root: URL) throws -> (checked: Int, broken: [String]) {
        let url = root.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        var checked = 0
        var broken: [String] = []
        for link in links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
            checked += 1
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
            guard FileManager.default.fileExists(atPath: target.path) else {
                broken.append("\(page): \(link) (no such file)")
                continue
            }
            if parts.count == 2, target.pathExtension == "md" {
                let headings = anchors(of: try String(contentsOf: target, encoding: .utf8))
                if !headings.contains(parts[1]) { broken.append("\(page): \(link) (no such heading)") }
            }
        }
        return (checked, broken)
    }

    /// The targets of inline links, outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(of: text) {
            let bare = line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
            var rest = bare[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as
    /// hyphens, and `-1`, `-2` after a repeated one.
    static func anchors(of text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(of: text) {
            guard let match = line.range(of: "^#{1,6} ", options: .regularExpression) else { continue }
            var slug = ""
            for scalar in line[match.upperBound...].lowercased().unicodeScalars {
                if scalar == " " {
                    slug.append("-")
                } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                    slug.unicodeScalars.append(scalar)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines of a page that are not code: fenced blocks and lines indented as code are left out.
    private static func prose(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fenced.toggle()
            } else if !fenced && !line.hasPrefix("    ") && !line.hasPrefix("\t") {
                lines.append(line)
            }
        }
        return lines
    }
}

/// The README's command table against the commands the built binary has: a command a reader finds
/// in the table exists, and every command `dtaudit help` lists has its row.
@Suite(.tags(.endToEnd)) struct CommandTableTests {
    /// The commands each row's first cell names (`evidence list [SCREEN]`, `undo`, ...): the words
    /// before the first argument or option.
    static func tableCommands(_ readme: String) -> Set<String> {
        guard let start = readme.range(of: "| command | what it does |") else { return [] }
        var commands: Set<String> = []
        for line in readme[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| ") else { break }
            // Cells part at " | "; a "|" inside a command is escaped, "\|".
            let row = line.dropFirst(2)
            let cell = row[..<(row.range(of: " | ")?.lowerBound ?? row.endIndex)]
            for span in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where span.offset % 2 == 1 {
                let words = span.element.split(separator: " ").prefix { $0.range(of: "^[a-z][a-z-]*$", options: .regularExpression) != nil }
                if !words.isEmpty { commands.insert(words.joined(separator: " ")) }
            }
        }
        return commands
    }

    /// The subcommands a help text lists under its SUBCOMMANDS headings.
    static func listed(in help: String) -> [String] {
        var names: [String] = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("SUBCOMMANDS:") { inList = true; continue }
            if inList, let name = line.range(of: "^  [a-z][a-z-]* {2,}", options: .regularExpression) {
                names.append(line[name].trimmingCharacters(in: .whitespaces))
            }
        }
        return names
    }

    @Test func theReadmeTableNamesEveryCommandAndOnlyCommandsThatExist() throws {
        let readme = try String(contentsOf: DocumentationLinkTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = Self.tableCommands(readme)
        #expect(table.contains("screen add") && table.contains("evidence gc") && table.contains("undo"))

        let cli = try CLI()
        var commands: Set<String> = ["help"]  // the parser's own: `dtaudit help COMMAND`
        for name in Self.listed(in: try cli.ok(["help"])) {
            let group = Self.listed(in: try cli.ok([name, "--help"]))
            commands.formUnion(group.isEmpty ? [name] : group.map { name + " " + $0 })
        }
        #expect(commands.count > 30)
        #expect(commands.subtracting(table).sorted() == [], "commands without a row in the README's table")
        #expect(table.subtracting(commands).sorted() == [], "rows of the README's table that name no command")
    }
}
