import AuditLog
import DynamicType
import Evidence
import Output

/// What an issue says: its title, its body with the hidden marker that names the problem, and the
/// comments that close, reopen or mark a duplicate. Every word that comes from the audit (screen
/// names, notes, file names) is escaped, so that a name can neither format the issue, mention
/// somebody, link another issue nor forge a marker.
public enum IssueText {
    /// The first line of every body dtaudit writes: `<!-- dtaudit:problem=p-… cells=… -->`. The cells
    /// (screen id and size) say what a retest must pass even where the filing record is lost.
    public static func marker(_ problem: String, item: String, cells: [Cell]) -> String {
        let listed = cells.filter { Fields.isHTMLCommentSafe($0.screen) }.map(\.text)
        return "<!-- dtaudit:problem=\(problem) item=\(item)" + (listed.isEmpty ? "" : " cells=" + listed.joined(separator: ",")) + " -->"
    }

    /// What a body's marker names: the problem, and the cells when it lists them. Only a first
    /// line in the exact shape `marker` writes counts.
    public static func readMarker(_ body: String?) -> Marker? {
        guard let body, body.hasPrefix("<!-- dtaudit:problem=") else { return nil }
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r" }
        guard firstLine.hasSuffix(" -->"), firstLine.utf8.count < 16_384 else { return nil }
        let words = firstLine.dropFirst("<!-- ".count).dropLast(" -->".count).split(separator: " ")
        guard let first = words.first, first.hasPrefix("dtaudit:problem=") else { return nil }
        let problem = first.dropFirst("dtaudit:problem=".count)
        guard ProblemIdentity.isIdentity(problem) else { return nil }
        var marker = Marker(problem: String(problem))
        for word in words.dropFirst() {
            if word.hasPrefix("item="), ChecklistFile.isValidItemID(String(word.dropFirst(5))) {
                marker.item = String(word.dropFirst(5))
            } else if word.hasPrefix("cells=") {
                marker.cells = word.dropFirst("cells=".count).split(separator: ",").compactMap { FiledCell(text: String($0)) }
            }
        }
        return marker
    }

    /// A developer's issue: what fails at which sizes, the figures, the evidence, the likely code,
    /// the fix that usually helps, and who recorded it.
    public static func body(_ problem: TrackerProblem, links: EvidenceLinks?) -> String {
        var lines: [String] = [marker(problem.identity, item: problem.item, cells: problem.cells)]
        let screens = problem.places.map { "**" + escaped($0.name) + "**" }
        let sizes = problem.sizes.map(\.id).joined(separator: ", ")
        if let element = problem.element {
            lines.append("Shared UI: \(escaped(element)) fails `\(problem.item)` (\(escaped(problem.itemTitle))) the same way on \(problem.places.count) screens, "
                         + "\(listed(screens)), at **\(sizes)**. Fix it once, where it is drawn.")
        } else {
            lines.append("`\(problem.item)` (\(escaped(problem.itemTitle))) fails on \(screens.first ?? "") at **\(sizes)**.")
        }
        lines.append("")
        lines.append("| Screen | Size | What was seen | Recorded by |")
        lines.append("| --- | --- | --- | --- |")
        for figure in problem.figures.prefix(AuditProblems.listed) {
            lines.append("| \(escaped(figure.screen)) | \(figure.size.id) | \(escaped(String(figure.text.prefix(400)))) | \(escaped(figure.recordedBy)) |")
        }
        if problem.figures.count > AuditProblems.listed { lines.append("| and \(problem.figures.count - AuditProblems.listed) more | | | |") }
        lines.append("")
        if !problem.evidence.isEmpty {
            lines.append("**Evidence** (crops and screenshots in the repository):")
            lines.append("")
            for file in problem.evidence.prefix(AuditProblems.listed) {
                let label = escaped(file.label)
                if let links {
                    lines.append("- [\(label)](\(links.url(file.path)))" + (file.committed ? "" : " (not in the evidence folder yet: `dtaudit sync`, then commit it)"))
                } else {
                    lines.append("- \(label): `\(file.path)`")
                }
            }
            if problem.evidence.count > AuditProblems.listed { lines.append("- and \(problem.evidence.count - AuditProblems.listed) more (`dtaudit screen show`)") }
            lines.append("")
        }
        if let code = problem.likelyCode {
            lines.append("**Likely code**: `" + String(code.map { $0 == "`" ? "'" : $0 }) + "` (the recorded scan's finding for this check; `dtaudit explain` lists the rest)")
        } else {
            lines.append("**Likely code**: nothing ties this failure to a line yet (`dtaudit scan --record` records the scan's findings for each screen)")
        }
        if let fix = problem.usualFix {
            lines.append("**Fix that usually helps**: `\(fix.rawValue)`: \(fix.summary)")
        }
        if let progress = problem.fixInProgress {
            lines.append("**Fix recorded**: \(escaped(progress)); its retest is due")
        }
        lines.append("**Severity**: \(problem.severity.rawValue)" + (problem.critical ? ", on a critical screen (holds back Larger Text)" : ""))
        lines.append("")
        lines.append("---")
        lines.append("Filed by dtaudit from the team's audit. It rewrites this text when the problem changes (an edit stands until then), "
                     + "closes the issue when a retest passes at every size above, and reopens it if the check fails again. "
                     + "Close it as not planned, or label it `wontfix`, and dtaudit leaves it alone.")
        return lines.joined(separator: "\n")
    }

    /// The comment that closes an issue: the retest that passed, cell by cell.
    public static func closing(_ retests: [Retest]) -> String {
        var lines = ["The retest passes at every size this issue failed at:", ""]
        for retest in retests {
            var line = "- " + escaped(retest.screen) + " at " + retest.size.id + ": " + retest.status.rawValue
            line += ", recorded by " + escaped(retest.by) + " on " + retest.at.day
            if let run = retest.run { line += " in the run " + escaped(run) }
            lines.append(line)
        }
        return (lines + ["", "Closed by dtaudit."]).joined(separator: "\n")
    }

    public static func reopening(_ problem: TrackerProblem) -> String {
        "It fails again: " + problem.figures.prefix(5).map { "\(escaped($0.screen)) at \($0.size.id) (recorded by \(escaped($0.recordedBy)))" }.joined(separator: "; ")
            + ".\n\nReopened by dtaudit."
    }

    public static func duplicate(of number: Int) -> String {
        "This problem was filed twice (two clones filed it before their records met): #\(number) holds it. Closed as its duplicate by dtaudit."
    }

    /// A digest of what dtaudit writes for a problem: what its filing record remembers.
    public static func digest(title: String, body: String) -> String {
        var hash = SHA256()
        hash.update(title + "\n" + body)
        return String(SHA256.hex(hash.finalize()).prefix(24))
    }

    /// Text from the audit made inert in Markdown: the characters that format, link, mention,
    /// reference, open a tag or end a table cell backslash-escaped, line breaks and control
    /// characters made spaces.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result += " "
            } else {
                if Self.active.contains(scalar) { result += "\\" }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text from the audit for a place Markdown does not format (a title, a CSV cell): control,
    /// format and line-separating characters made spaces.
    public static func plain(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) { result += " " } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static let active = Set("\\`*_[]<>|#@~!".unicodeScalars)

    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        let shown = names.prefix(AuditProblems.listed)
        let rest = names.count - shown.count
        return shown.dropLast().joined(separator: ", ") + (rest > 0 ? ", \(shown.last!) and \(rest) more" : " and \(shown.last!)")
    }
}

/// What an issue's marker names.
public struct Marker: Sendable, Equatable {
    public var problem: String
    public var item: String?
    public var cells: [Cell] = []
}

/// Where the repository's files are on the tracker's web pages: `https://github.com/o/r/blob/REF/`.
public struct EvidenceLinks: Sendable {
    public var base: String

    public init(base: String) {
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    public func url(_ path: String) -> String { base + URIPath.encoded(path) }
}

/// A passing cell of a retest, as the closing comment names it.
public struct Retest: Sendable, Equatable {
    public var screen: String
    public var size: Size
    public var status: ResultStatus
    public var by: String
    public var at: Timestamp
    public var run: String?
}

extension Fields {
    /// Whether an id can sit in an HTML comment as it is (ids never hold `>`; `--` would end one).
    static func isHTMLCommentSafe(_ id: String) -> Bool {
        Fields.isID(id) && !id.contains("--")
    }
}
