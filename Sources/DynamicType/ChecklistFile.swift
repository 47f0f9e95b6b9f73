import Output

/// Reads the checklist format kept in `Checklists/`: Markdown that reads well in a pull request.
///
///     # Dynamic Type
///
///     - version: 1
///
///     What the checklist is for.
///
///     ## no-truncation: No text is cut off or clipped
///
///     - sizes: xxxl, ax3, ax5
///     - severity: critical
///     - fix: scroll
///     - wcag: 1.4.4
///
///     How to check it.
///
/// HTML comments are ignored. Every problem is reported with its line number, not only the first.
public enum ChecklistFile {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String

        public var description: String { "line \(line): \(message)" }
    }

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let problems: [Problem]

        public var description: String {
            problems.map(\.description).joined(separator: "\n")
        }
    }

    public static let itemFields = ["sizes", "severity", "scaling", "fix", "wcag"]

    /// Upper bounds that keep a hostile file from filling the store.
    static let maximumItems = 500
    static let maximumTextLength = 10_000

    public static func parse(_ text: String, name: String) throws(Invalid) -> Checklist {
        var parser = Parser(name: name, source: text)
        parser.run()
        if !parser.problems.isEmpty {
            // In the order of the file, each once: a problem can be found from two sides.
            var seen: Set<String> = []
            let problems = parser.problems.enumerated()
                .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
                .map(\.element)
                .filter { seen.insert($0.description).inserted }
            throw Invalid(problems: problems)
        }
        return parser.checklist()
    }

    /// A valid item id: lower-case words joined by single hyphens (`no-truncation`).
    /// Checked a byte at a time: every recording a file brings names one.
    public static func isValidItemID(_ id: some StringProtocol) -> Bool {
        let hyphen = UInt8(ascii: "-")
        var count = 0
        // A hyphen before the first byte, so that a leading one reads as two in a row.
        var previous = hyphen
        for byte in id.utf8 {
            count += 1
            guard count <= 64, (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte == hyphen && previous != hyphen) else { return false }
            previous = byte
        }
        return count > 0 && previous != hyphen
    }

    private struct PendingItem {
        var line: Int
        var id: String
        var title: String
        var fields: [String: (line: Int, value: String)] = [:]
        var description: [String] = []
        var fieldsClosed = false
    }

    private struct Parser {
        let name: String
        let source: String
        var problems: [Problem] = []
        var title: String?
        var titleLine = 0
        var version: String?
        var versionLine = 0
        var summary: [String] = []
        var headerFieldsClosed = false
        var pending: [PendingItem] = []
        var items: [ChecklistItem] = []

        init(name: String, source: String) {
            self.name = name
            self.source = source
        }

        mutating func problem(_ line: Int, _ message: String) {
            problems.append(Problem(line: line, message: message))
        }

        mutating func run() {
            if source.unicodeScalars.contains(where: { $0.value == 0 }) {
                problem(1, "the file holds NUL bytes; a checklist is plain UTF-8 text")
                return
            }
            var inComment = false
            var lineNumber = 0
            for line in source.textLines {
                lineNumber += 1
                // Titles and descriptions reach terminals and reports: an escape sequence must not.
                // Comments too: the store keeps the whole file, which travels in the shared file.
                let control = line.unicodeScalars.first(where: { $0.isControlCharacter && $0 != "\t" })
                if let control {
                    problem(lineNumber, "the line holds a control character (\(control.codePoint)); a checklist is plain text")
                }
                if inComment {
                    if line.contains("-->") { inComment = false }
                    continue
                }
                let trimmed = line.trimmingSpaces
                if trimmed.hasPrefix("<!--") {
                    inComment = !trimmed.contains("-->")
                    continue
                }
                if control != nil { continue }
                read(line: trimmed, number: lineNumber)
            }
            if inComment { problem(lineNumber, "an HTML comment is not closed with -->") }
            finish(lastLine: lineNumber)
        }

        mutating func read(line: Substring, number: Int) {
            if line.hasPrefix("## ") {
                startItem(line.dropFirst(3).trimmingSpaces, line: number)
            } else if line.hasPrefix("# ") {
                if title != nil {
                    problem(number, "a second '# ' title; a checklist has one title, and items start with '## '")
                } else if !pending.isEmpty {
                    problem(number, "the '# ' title must come before the first item")
                } else {
                    title = String(line.dropFirst(2).trimmingSpaces)
                    titleLine = number
                    if title!.isEmpty { problem(number, "the title is empty") }
                    if title!.count > 200 { problem(number, "the title is longer than 200 characters") }
                    if title!.contains("\t") { problem(number, "the title holds a tab; a title is one line of text") }
                }
            } else if line.hasPrefix("#") {
                problem(number, "only '# Title' and '## item-id: Title' headings are allowed")
            } else if pending.isEmpty {
                readHeader(line: line, number: number)
            } else {
                readItemLine(line: line, number: number)
            }
        }

        mutating func readHeader(line: Substring, number: Int) {
            if title == nil {
                if !line.isEmpty { problem(number, "text before the '# ' title") }
                return
            }
            if !headerFieldsClosed, let (key, value) = field(line) {
                if key == "version" {
                    if versionLine != 0 { problem(number, "'version' is given twice") }
                    versionLine = number
                    if isValidVersion(value) {
                        version = value
                    } else {
                        problem(number, "version '\(value)' is not a version number such as 1 or 2.1")
                    }
                } else {
                    problem(number, "unknown field '\(key)' in the header; the header has: version")
                }
                return
            }
            if line.isEmpty {
                if !summary.isEmpty { summary.append("") }
                return
            }
            headerFieldsClosed = true
            summary.append(String(line))
        }

        mutating func readItemLine(line: Substring, number: Int) {
            var item = pending.removeLast()
            defer { pending.append(item) }
            if !item.fieldsClosed, let (key, value) = field(line) {
                if !ChecklistFile.itemFields.contains(key) {
                    problem(number, "unknown field '\(key)' in item '\(item.id)'; fields are \(ChecklistFile.itemFields.joined(separator: ", "))")
                } else if item.fields[key] != nil {
                    problem(number, "'\(key)' is given twice in item '\(item.id)'")
                } else {
                    item.fields[key] = (number, value)
                }
                return
            }
            if line.isEmpty {
                if !item.description.isEmpty { item.description.append("") }
                return
            }
            item.fieldsClosed = true
            item.description.append(String(line))
        }

        mutating func startItem(_ heading: Substring, line: Int) {
            if title == nil && pending.isEmpty { problem(line, "the checklist must start with a '# Title' line") }
            guard let colon = heading.firstIndex(of: ":") else {
                problem(line, "an item heading is '## item-id: Title'; this one has no ':'")
                pending.append(PendingItem(line: line, id: "?", title: ""))
                return
            }
            let id = String(heading[..<colon].trimmingSpaces)
            let itemTitle = String(heading[heading.index(after: colon)...].trimmingSpaces)
            if !ChecklistFile.isValidItemID(id) {
                problem(line, "item id '\(id)' must be lower-case letters and digits joined by single hyphens, such as no-truncation")
            } else if let earlier = pending.first(where: { $0.id == id }) {
                problem(line, "item id '\(id)' is used twice (first on line \(earlier.line))")
            }
            if itemTitle.isEmpty { problem(line, "item '\(id)' has no title after the ':'") }
            if itemTitle.count > 200 { problem(line, "item '\(id)' has a title longer than 200 characters") }
            if itemTitle.contains("\t") { problem(line, "item '\(id)' has a tab in its title; a title is one line of text") }
            pending.append(PendingItem(line: line, id: id, title: itemTitle))
        }

        /// A `- key: value` line, with the key lower-cased.
        func field(_ line: Substring) -> (String, String)? {
            guard line.hasPrefix("- ") || line.hasPrefix("* ") else { return nil }
            let body = line.dropFirst(2)
            guard let colon = body.firstIndex(of: ":") else { return nil }
            let key = body[..<colon].trimmingSpaces
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
            return (key.lowercased(), String(body[body.index(after: colon)...].trimmingSpaces))
        }

        func isValidVersion(_ text: String) -> Bool {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return !text.isEmpty && parts.count <= 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }

        mutating func finish(lastLine: Int) {
            if title == nil && pending.isEmpty { problem(1, "the checklist must start with a '# Title' line") }
            if title != nil && versionLine == 0 {
                problem(titleLine, "no '- version: N' line under the title")
            }
            if pending.isEmpty { problem(lastLine, "the checklist has no items; an item starts with '## item-id: Title'") }
            if pending.count > ChecklistFile.maximumItems {
                problem(pending[ChecklistFile.maximumItems].line, "more than \(ChecklistFile.maximumItems) items")
            }
            for item in pending where item.id != "?" { build(item) }
        }

        mutating func build(_ item: PendingItem) {
            var sizes: [Size] = []
            if let (line, value) = item.fields["sizes"] {
                do {
                    sizes = try SizeList.parse(value)
                } catch {
                    problem(line, "item '\(item.id)': \(error)")
                }
            } else {
                problem(item.line, "item '\(item.id)' has no '- sizes:' line")
            }

            var severity = Severity.major
            if let (line, value) = item.fields["severity"] {
                if let parsed = Severity(rawValue: value.lowercased()) {
                    severity = parsed
                } else {
                    problem(line, "item '\(item.id)': severity '\(value)' is not one of critical, major, minor")
                }
            } else {
                problem(item.line, "item '\(item.id)' has no '- severity:' line")
            }

            var scaling = false
            if let (line, value) = item.fields["scaling"] {
                switch value.lowercased() {
                case "yes", "true": scaling = true
                case "no", "false": scaling = false
                default: problem(line, "item '\(item.id)': scaling '\(value)' must be yes or no")
                }
            }

            var fix: FixType?
            if let (line, value) = item.fields["fix"] {
                fix = FixType(rawValue: value.lowercased())
                if fix == nil {
                    problem(line, "item '\(item.id)': fix '\(value)' is not one of \(FixType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }

            var wcag: [String] = []
            if let (line, value) = item.fields["wcag"] {
                for criterion in value.split(separator: ",").map({ String($0.trimmingSpaces) }) {
                    let parts = criterion.split(separator: ".")
                    if parts.count == 3 && parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) && $0.allSatisfy(\.isASCII) }) {
                        wcag.append(criterion)
                    } else {
                        problem(line, "item '\(item.id)': '\(criterion)' is not a WCAG success criterion such as 1.4.4")
                    }
                }
            }

            let howToCheck = item.description.joined(separator: "\n").trimmingSpaces
            if howToCheck.isEmpty {
                problem(item.line, "item '\(item.id)' does not say how to check it (a paragraph after its fields)")
            } else if howToCheck.count > ChecklistFile.maximumTextLength {
                problem(item.line, "item '\(item.id)': the description is longer than \(ChecklistFile.maximumTextLength) characters")
            }

            items.append(ChecklistItem(id: item.id, title: item.title, howToCheck: String(howToCheck), sizes: sizes,
                                       severity: severity, scaling: scaling, fix: fix, wcag: wcag))
        }

        func checklist() -> Checklist {
            Checklist(name: name, title: title ?? name, version: version ?? "1",
                      summary: summary.joined(separator: "\n").trimmingSpaces.description,
                      items: items, source: source)
        }
    }
}
