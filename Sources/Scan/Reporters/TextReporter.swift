import Output
import Platform

/// For people: findings grouped by file, each with its line of code and a caret under the spot,
/// then suppressed findings with their reasons, then a summary line.
public struct TextReporter: ScanReporter {
    public static let name = "text"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    public func write(_ report: ScanReport, verdict: ScanVerdict, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        let findings = report.findings
        let shown = { (k: Int) in verdict.states[k] == .new }
        // New findings, grouped by file in report order (files are contiguous).
        var index = 0
        while index < findings.count {
            guard shown(index) else {
                index += 1
                continue
            }
            let file = findings[index].file
            var end = index
            var group: [Int] = []
            while end < findings.count && (!shown(end) || findings[end].file == file) {
                if shown(end) { group.append(end) }
                end += 1
            }
            paint(TextLayout.singleLine(options.path(file, root: report.root)), "1", into: &writer)
            if let screen = findings[group[0]].screen {
                writer.raw(" (screen: ")
                writer.plain(TextLayout.singleLine(screen))
                writer.raw(")")
            }
            writer.raw("\n")
            let width = String(group.map { findings[$0].line }.max() ?? 1).count
            for k in group {
                writeFinding(findings[k], width: width, into: &writer)
                writeLocalizedCopies(findings[k], width: width, into: &writer)
            }
            writer.raw("\n")
            index = end
        }

        var suppressedCount = 0
        var previewCount = 0
        var outdated: [(file: String, count: Int, reason: String)] = []
        for finding in findings {
            if let suppression = finding.suppression, suppression.scope == .outdatedCopy {
                if outdated.last?.file == finding.file { outdated[outdated.count - 1].count += 1 } else {
                    outdated.append((finding.file, 1, suppression.reason ?? ""))
                }
            } else if finding.suppression != nil {
                suppressedCount += 1
            } else if finding.inPreview {
                previewCount += 1
            }
        }
        if suppressedCount > 0 {
            paint("Suppressed", "1", into: &writer)
            writer.plain(" (\(suppressedCount)):\n")
            for finding in findings where finding.suppression != nil && finding.suppression?.scope != .outdatedCopy {
                let reason = finding.suppression?.reason.map { " \u{2014} \(TextLayout.singleLine($0))" } ?? " (no reason given)"
                writer.plain("  \(TextLayout.singleLine(options.path(finding.file, root: report.root))):\(finding.line):\(finding.column) \(finding.rule.rawValue)\(reason)\n")
            }
            writer.raw("\n")
        }
        if previewCount > 0 {
            paint("In preview-only code", "1", into: &writer)
            writer.plain(" (\(previewCount), not counted):\n")
            for finding in findings where finding.inPreview && finding.suppression == nil {
                writer.plain("  \(TextLayout.singleLine(options.path(finding.file, root: report.root))):\(finding.line):\(finding.column) \(finding.rule.rawValue)\n")
            }
            writer.raw("\n")
        }
        if !outdated.isEmpty {
            paint("In localized copies out of date with their Base file", "1", into: &writer)
            writer.plain(" (\(grouped(outdated.reduce(0) { $0 + $1.count })), not counted):\n")
            for copy in outdated {
                writer.plain("  \(TextLayout.singleLine(options.path(copy.file, root: report.root))): \(counted(copy.count, "finding", grouped: true)), \(TextLayout.singleLine(copy.reason))\n")
            }
            writer.raw("\n")
        }
        if verdict.strict && !verdict.fixed.isEmpty {
            paint("Fixed since the baseline", "1", into: &writer)
            writer.plain(" (\(verdict.fixed.count), rewrite it with --write-baseline):\n")
            for entry in verdict.fixed {
                // A baseline arrives through git from anyone: its texts reach the terminal made safe.
                writer.plain("  \(JSONReader.shown(options.path(entry.path, root: report.root), limit: 400)) \(JSONReader.shown(entry.rule)): \(JSONReader.shown(entry.code, limit: 160))\n")
            }
            writer.raw("\n")
        }
        writer.plain(summary(report, verdict: verdict) + "\n")
        writer.flush()
    }

    /// `paint(text, code)`, written out.
    private func paint(_ text: String, _ code: StaticString, into writer: inout JSONWriter) {
        if options.color {
            writer.raw("\u{1B}[")
            writer.raw(code)
            writer.raw("m")
            writer.plain(text)
            writer.raw("\u{1B}[0m")
        } else {
            writer.plain(text)
        }
    }

    private func writeFinding(_ finding: Finding, width: Int, into writer: inout JSONWriter) {
        writer.raw("  ")
        writer.int(finding.line)
        writer.raw(":")
        writer.int(finding.column)
        writer.raw(" ")
        let severity: StaticString = switch finding.severity {
        case .critical: "1;31"
        case .major: "33"
        case .minor: "36"
        }
        paint(finding.severity.rawValue, severity, into: &writer)
        writer.raw(" ")
        paint(finding.rule.rawValue, "1", into: &writer)
        if finding.confidence != .high {
            writer.raw(" (")
            writer.plain(finding.confidence.rawValue)
            writer.raw(" confidence)")
        }
        writer.raw(": ")
        writer.plain(TextLayout.singleLine(finding.message))
        writer.raw("\n")
        let line = finding.sourceLine
        // Printable ASCII and tabs go out as they are; anything else (a control character in a
        // hostile file too) takes the general way, which shows it in the safe form.
        guard line.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else {
            // Characters and scalars are not bytes here: the general way.
            writeSourceLine(Substring(line), finding: finding, width: width, into: &writer)
            return
        }
        // ASCII: characters, scalars and bytes are one.
        var end = line.utf8.count
        let utf8 = Array(line.utf8)
        while end > 0 && (utf8[end - 1] == 0x20 || utf8[end - 1] == 0x09) { end -= 1 }
        guard end > 0 else { return }
        let number = String(finding.line)
        writer.spaces(4 + width - number.count)
        paint(number, "2", into: &writer)
        writer.raw(" | ")
        writer.append(utf8[0..<end])
        writer.raw("\n")
        writer.spaces(4 + width)
        writer.raw(" | ")
        var column = 1
        var k = 0
        while k < end && column < finding.column {
            if utf8[k] == 0x09 { writer.raw("\t") } else { writer.raw(" ") }
            column += 1
            k += 1
        }
        paint("^", "32", into: &writer)
        writer.raw("\n")
    }

    /// The localized copies that share a finding, under it: "also in de (line 1004), fr (line 1004)".
    private func writeLocalizedCopies(_ finding: Finding, width: Int, into writer: inout JSONWriter) {
        guard !finding.localizedCopies.isEmpty else { return }
        writer.spaces(4 + width)
        writer.raw(" = ")
        let copies = finding.localizedCopies.map { "\(TextLayout.singleLine($0.localization)) (line \($0.line))" }
        writer.plain("also in the localized \(plural("copy", copies.count)) " + copies.joined(separator: ", ") + "\n")
    }

    /// A line of code in the safe form, its tabs kept so that the caret line lines up.
    static func shown(_ code: Substring) -> String {
        code.split(separator: "\t", omittingEmptySubsequences: false).map { TextLayout.singleLine(String($0)) }.joined(separator: "\t")
    }

    /// The line of code and the caret under the finding's column, for any text.
    private func writeSourceLine(_ line: Substring, finding: Finding, width: Int, into writer: inout JSONWriter) {
        var source = line
        while let last = source.last, last == " " || last == "\t" { source.removeLast() }
        guard !source.isEmpty else { return }
        let number = String(finding.line)
        writer.spaces(4 + width - number.count)
        paint(number, "2", into: &writer)
        writer.plain(" | \(Self.shown(source))\n")
        // Under the safe form of what precedes the column, which may be wider than the source.
        var before = ""
        var column = 1
        for scalar in source.unicodeScalars {
            if column >= finding.column { break }
            before.unicodeScalars.append(scalar)
            column += 1
        }
        var caret = ""
        for scalar in Self.shown(Substring(before)).unicodeScalars { caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ") }
        writer.spaces(4 + width)
        writer.plain(" | \(caret)")
        paint("^", "32", into: &writer)
        writer.raw("\n")
    }

    func summary(_ report: ScanReport, verdict: ScanVerdict? = nil) -> String {
        let verdict = verdict ?? ScanVerdict(report)
        var active = 0
        var suppressed = 0
        var previews = 0
        var outdated = 0
        var shared = 0
        var bySeverityCount = [Int](repeating: 0, count: Finding.Severity.allCases.count)
        var files: Set<String> = []
        var lastFile: String?
        for (k, finding) in report.findings.enumerated() {
            if finding.suppression?.scope == .outdatedCopy {
                outdated += 1
            } else if finding.suppression != nil {
                suppressed += 1
            } else if finding.inPreview {
                previews += 1
            }
            guard verdict.states[k] == .new else { continue }
            shared += finding.localizedCopies.count
            active += 1
            bySeverityCount[Finding.Severity.allCases.firstIndex(of: finding.severity) ?? 0] += 1
            if finding.file != lastFile {
                lastFile = finding.file
                files.insert(finding.file)
            }
        }
        var parts: [String] = []
        if active == 0 {
            parts.append(verdict.baselineGiven || verdict.changedLinesOnly ? "No new findings" : "No findings")
        } else {
            var bySeverity: [String] = []
            for (offset, severity) in Finding.Severity.allCases.enumerated() where bySeverityCount[offset] > 0 {
                bySeverity.append("\(bySeverityCount[offset]) \(severity.rawValue)")
            }
            parts.append("\(counted(active, "finding", grouped: true)) (\(bySeverity.joined(separator: ", "))) in \(counted(files.count, "file", grouped: true))")
        }
        if verdict.failOn != .minor && active > 0 {
            let failing = verdict.failing(in: report)
            parts.append("\(grouped(failing)) at \(verdict.failOn.rawValue) or worse \(plural("fails", failing)) the run")
        }
        if verdict.baselineGiven {
            parts.append("\(grouped(verdict.count(.baselined))) in the baseline; \(grouped(verdict.fixed.count)) fixed since")
        }
        if verdict.changedLinesOnly { parts.append("\(grouped(verdict.count(.outsideChanges))) outside the changed lines") }
        if suppressed > 0 { parts.append("\(grouped(suppressed)) suppressed") }
        if previews > 0 { parts.append("\(grouped(previews)) in preview code") }
        if shared > 0 { parts.append("\(grouped(shared)) more in localized copies, shown once") }
        if outdated > 0 { parts.append("\(grouped(outdated)) in out-of-date localized copies") }
        return parts.joined(separator: "; ")
            + ". Scanned \(counted(report.filesScanned, "file", grouped: true)), \(counted(report.linesScanned, "line", grouped: true))."
    }
}
