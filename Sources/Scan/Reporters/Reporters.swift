import Platform

/// For people: findings grouped by file, each with its line of code and a caret under the spot,
/// then suppressed findings with their reasons, then a summary line.
public struct TextReporter: ScanReporter {
    public static let name = "text"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    public func write(_ report: ScanReport, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        let findings = report.findings
        // Active findings, grouped by file in report order (files are contiguous).
        var index = 0
        while index < findings.count {
            guard findings[index].isActive else {
                index += 1
                continue
            }
            let file = findings[index].file
            var end = index
            var group: [Int] = []
            while end < findings.count && (!findings[end].isActive || findings[end].file == file) {
                if findings[end].isActive { group.append(end) }
                end += 1
            }
            paint(options.path(file, root: report.root), "1", into: &writer)
            if let screen = findings[group[0]].screen {
                writer.raw(" (screen: ")
                writer.plain(screen)
                writer.raw(")")
            }
            writer.raw("\n")
            let width = String(group.map { findings[$0].line }.max() ?? 1).count
            for k in group { writeFinding(findings[k], width: width, into: &writer) }
            writer.raw("\n")
            index = end
        }

        var suppressedCount = 0
        var previewCount = 0
        for finding in findings {
            if finding.suppression != nil { suppressedCount += 1 } else if finding.inPreview { previewCount += 1 }
        }
        if suppressedCount > 0 {
            paint("Suppressed", "1", into: &writer)
            writer.plain(" (\(suppressedCount)):\n")
            for finding in findings where finding.suppression != nil {
                let reason = finding.suppression?.reason.map { " \u{2014} \($0)" } ?? " (no reason given)"
                writer.plain("  \(options.path(finding.file, root: report.root)):\(finding.line):\(finding.column) \(finding.rule.rawValue)\(reason)\n")
            }
            writer.raw("\n")
        }
        if previewCount > 0 {
            paint("In preview-only code", "1", into: &writer)
            writer.plain(" (\(previewCount), not counted):\n")
            for finding in findings where finding.inPreview && finding.suppression == nil {
                writer.plain("  \(options.path(finding.file, root: report.root)):\(finding.line):\(finding.column) \(finding.rule.rawValue)\n")
            }
            writer.raw("\n")
        }
        writer.plain(summary(report) + "\n")
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
        writer.plain(finding.message)
        writer.raw("\n")
        let line = finding.sourceLine
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else {
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

    /// The line of code and the caret under the finding's column, for any text.
    private func writeSourceLine(_ line: Substring, finding: Finding, width: Int, into writer: inout JSONWriter) {
        var source = line
        while let last = source.last, last == " " || last == "\t" { source.removeLast() }
        guard !source.isEmpty else { return }
        let number = String(finding.line)
        writer.spaces(4 + width - number.count)
        paint(number, "2", into: &writer)
        writer.plain(" | \(source)\n")
        var caret = ""
        var column = 1
        for scalar in source.unicodeScalars {
            if column >= finding.column { break }
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            column += 1
        }
        writer.spaces(4 + width)
        writer.plain(" | \(caret)")
        paint("^", "32", into: &writer)
        writer.raw("\n")
    }

    func summary(_ report: ScanReport) -> String {
        var active = 0
        var suppressed = 0
        var previews = 0
        var bySeverityCount = [Int](repeating: 0, count: Finding.Severity.allCases.count)
        var files: Set<String> = []
        var lastFile: String?
        for finding in report.findings {
            if finding.suppression != nil { suppressed += 1 } else if finding.inPreview { previews += 1 }
            guard finding.isActive else { continue }
            active += 1
            bySeverityCount[Finding.Severity.allCases.firstIndex(of: finding.severity) ?? 0] += 1
            if finding.file != lastFile {
                lastFile = finding.file
                files.insert(finding.file)
            }
        }
        var parts: [String] = []
        if active == 0 {
            parts.append("No findings")
        } else {
            var bySeverity: [String] = []
            for (offset, severity) in Finding.Severity.allCases.enumerated() where bySeverityCount[offset] > 0 {
                bySeverity.append("\(bySeverityCount[offset]) \(severity.rawValue)")
            }
            parts.append("\(plural(active, "finding")) (\(bySeverity.joined(separator: ", "))) in \(plural(files.count, "file"))")
        }
        if suppressed > 0 { parts.append("\(grouped(suppressed)) suppressed") }
        if previews > 0 { parts.append("\(grouped(previews)) in preview code") }
        return parts.joined(separator: "; ")
            + ". Scanned \(plural(report.filesScanned, "file")), \(plural(report.linesScanned, "line"))."
    }
}

/// For an Xcode build phase: `path:line:column: warning: message [rule]`, one finding a line.
/// Suppressed and preview-only findings are left out.
public struct XcodeReporter: ScanReporter {
    public static let name = "xcode"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    public func write(_ report: ScanReport, to stream: BufferedOutput) {
        for finding in report.activeFindings {
            stream.write("\(options.path(finding.file, root: report.root)):\(finding.line):\(finding.column): warning: \(finding.message) [\(finding.rule.rawValue)]\n")
        }
    }
}

/// For scripts: a JSON array of findings in report order. The first eight fields are fixed;
/// `item`, `preview` and `suppression` follow.
public struct JSONReporter: ScanReporter {
    public static let name = "json"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    /// Writes the array finding by finding, in the layout `JSONValue` renders: two-space indents,
    /// keys in the order above. A long list is rendered in stretches on every core and written in order.
    public func write(_ report: ScanReport, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        let findings = report.findings
        if findings.isEmpty {
            writer.raw("[]\n")
            writer.flush()
            return
        }
        writer.raw("[\n")
        writer.flush()
        let stretch = 512
        let stretches = (findings.count + stretch - 1) / stretch
        if stretches == 1 {
            var part = JSONWriter(stream: stream)
            render(findings, 0..<findings.count, root: report.root, into: &part)
            part.flush()
        } else {
            let parts = SourceScanner.inParallel(Array(0..<stretches)) { k -> [UInt8] in
                var part = JSONWriter()
                render(findings, (k * stretch)..<min(findings.count, (k + 1) * stretch), root: report.root, into: &part)
                return part.bytes
            }
            for part in parts { part.withUnsafeBufferPointer { stream.write($0) } }
        }
        writer.raw("]\n")
        writer.flush()
    }

    /// The findings in `range`, each followed by `,` but the last of the whole list.
    private func render(_ findings: [Finding], _ range: Range<Int>, root: String, into writer: inout JSONWriter) {
        for offset in range {
            // Fields are read in place: no finding is copied whole.
            writer.raw("  {\n    \"rule\": ")
            writer.string(findings[offset].rule.rawValue)
            writer.raw(",\n    \"severity\": ")
            writer.string(findings[offset].severity.rawValue)
            writer.raw(",\n    \"confidence\": ")
            writer.string(findings[offset].confidence.rawValue)
            writer.raw(",\n    \"file\": ")
            writer.string(options.path(findings[offset].file, root: root))
            writer.raw(",\n    \"line\": ")
            writer.int(findings[offset].line)
            writer.raw(",\n    \"column\": ")
            writer.int(findings[offset].column)
            writer.raw(",\n    \"message\": ")
            writer.string(findings[offset].message)
            writer.raw(",\n    \"screen\": ")
            if let screen = findings[offset].screen { writer.string(screen) } else { writer.raw("null") }
            writer.raw(",\n    \"item\": ")
            writer.string(findings[offset].item)
            writer.raw(",\n    \"preview\": ")
            writer.raw(findings[offset].inPreview ? "true" : "false")
            writer.raw(",\n    \"suppression\": ")
            if let suppression = findings[offset].suppression {
                writer.raw("{\n      \"scope\": ")
                writer.string(suppression.scope.rawValue)
                writer.raw(",\n      \"reason\": ")
                if let reason = suppression.reason { writer.string(reason) } else { writer.raw("null") }
                writer.raw(",\n      \"line\": ")
                writer.int(suppression.line)
                writer.raw("\n    }")
            } else {
                writer.raw("null")
            }
            writer.raw(offset == findings.count - 1 ? "\n  }\n" : "\n  },\n")
        }
    }
}

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers. Paths are relative to
/// `%SRCROOT%`; suppressed findings carry an in-source suppression; preview-only code is left out.
public struct SARIFReporter: ScanReporter {
    public static let name = "sarif"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    /// Streams the document that `document(_:)` describes, in the same layout: the tool part is
    /// rendered from its value, the results are written one by one as they are read.
    public func write(_ report: ScanReport, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        writer.raw("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n")
        writer.raw("  \"runs\": [\n    {\n      \"tool\": ")
        JSONValue.object([("driver", .object(driver()))]).render(into: &writer, indent: 6)
        writer.raw(",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": ")
        let rules = ScanRule.allCases
        let findings = report.findings
        var wroteAny = false
        var lastFile: String?
        var lastLocation: (uri: String, relative: Bool) = ("", true)
        for k in findings.indices where !findings[k].inPreview {
            writer.raw(wroteAny ? ",\n        {\n" : "[\n        {\n")
            wroteAny = true
            writer.raw("          \"ruleId\": ")
            writer.string(findings[k].rule.rawValue)
            writer.raw(",\n          \"ruleIndex\": ")
            writer.int(rules.firstIndex(of: findings[k].rule) ?? 0)
            writer.raw(",\n          \"level\": ")
            writer.string(findings[k].severity.sarifLevel)
            writer.raw(",\n          \"message\": {\n            \"text\": ")
            writer.string(findings[k].message)
            writer.raw("\n          },\n          \"locations\": [\n            {\n              \"physicalLocation\": {\n")
            writer.raw("                \"artifactLocation\": {\n                  \"uri\": ")
            // Findings come grouped by file: its URI is made once.
            if lastFile != findings[k].file {
                let file = findings[k].file
                lastFile = file
                lastLocation = file.hasPrefix("/")
                    ? ("file://" + SARIFReporter.percentEncoded(file), false)
                    : (SARIFReporter.percentEncoded(file), true)
            }
            writer.string(lastLocation.uri)
            if lastLocation.relative { writer.raw(",\n                  \"uriBaseId\": \"%SRCROOT%\"") }
            writer.raw("\n                },\n                \"region\": {\n                  \"startLine\": ")
            writer.int(findings[k].line)
            writer.raw(",\n                  \"startColumn\": ")
            writer.int(findings[k].column)
            writer.raw("\n                }\n              }\n            }\n          ],\n")
            if let suppression = findings[k].suppression {
                writer.raw("          \"suppressions\": [\n            {\n              \"kind\": \"inSource\"")
                if let reason = suppression.reason {
                    writer.raw(",\n              \"justification\": ")
                    writer.string(reason)
                }
                writer.raw("\n            }\n          ],\n")
            }
            writer.raw("          \"properties\": {\n            \"confidence\": ")
            writer.string(findings[k].confidence.rawValue)
            writer.raw(",\n            \"checklistItem\": ")
            writer.string(findings[k].item)
            if let screen = findings[k].screen {
                writer.raw(",\n            \"screen\": ")
                writer.string(screen)
            }
            writer.raw("\n          }\n        }")
        }
        writer.raw(wroteAny ? "\n      ]" : "[]")
        writer.raw("\n    }\n  ]\n}\n")
        writer.flush()
    }

    /// The tool's driver: name, version and the rules.
    func driver() -> [(String, JSONValue)] {
        let rules = ScanRule.allCases
        var driver: [(String, JSONValue)] = [("name", .string("dtaudit"))]
        if let version = options.toolVersion { driver.append(("version", .string(version))) }
        driver.append(("rules", .array(rules.map { rule in
            .object([
                ("id", .string(rule.rawValue)),
                ("name", .string(SARIFReporter.pascalCase(rule.rawValue))),
                ("shortDescription", .object([("text", .string(rule.title))])),
                ("fullDescription", .object([("text", .string(rule.explanation))])),
                ("help", .object([("text", .string(rule.fix))])),
                ("defaultConfiguration", .object([("level", .string(rule.severity.sarifLevel))])),
                ("properties", .object([
                    ("tags", .array([.string("accessibility"), .string("dynamic-type")])),
                    ("checklistItem", .string(rule.item)),
                ])),
            ])
        })))
        return driver
    }

    /// The whole SARIF document as a value (what `write` streams).
    func document(_ report: ScanReport) -> JSONValue {
        let rules = ScanRule.allCases
        let driver = driver()
        let results: [JSONValue] = report.findings.filter { !$0.inPreview }.map { finding in
            var location: [(String, JSONValue)]
            if finding.file.hasPrefix("/") {
                location = [("uri", .string("file://" + SARIFReporter.percentEncoded(finding.file)))]
            } else {
                location = [("uri", .string(SARIFReporter.percentEncoded(finding.file))), ("uriBaseId", .string("%SRCROOT%"))]
            }
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(rules.firstIndex(of: finding.rule) ?? 0)),
                ("level", .string(finding.severity.sarifLevel)),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([
                    ("physicalLocation", .object([
                        ("artifactLocation", .object(location)),
                        ("region", .object([
                            ("startLine", .int(finding.line)),
                            ("startColumn", .int(finding.column)),
                        ])),
                    ])),
                ])])),
            ]
            if let suppression = finding.suppression {
                var entry: [(String, JSONValue)] = [("kind", .string("inSource"))]
                if let reason = suppression.reason { entry.append(("justification", .string(reason))) }
                result.append(("suppressions", .array([.object(entry)])))
            }
            var properties: [(String, JSONValue)] = [
                ("confidence", .string(finding.confidence.rawValue)),
                ("checklistItem", .string(finding.item)),
            ]
            if let screen = finding.screen { properties.append(("screen", .string(screen))) }
            result.append(("properties", .object(properties)))
            return .object(result)
        }

        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object(driver))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference: unreserved characters and `/` stay, everything else is escaped.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
