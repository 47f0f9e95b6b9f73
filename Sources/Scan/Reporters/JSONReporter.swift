import Output
import Platform

/// For scripts: a JSON array of findings in report order. The first eight fields are fixed;
/// `item`, `cap` (a capped text size only: the size or multiple it stops at, and whether text still
/// reaches 200 % under it), `preview`, `suppression` and `fingerprint` follow, then `baseline` ("new" or "unchanged")
/// when a baseline was given, and `localizedCopies` (each copy's localization, file, line and column)
/// when localized copies of the file share the finding. With changed lines, findings outside them are left out.
public struct JSONReporter: ScanReporter {
    public static let name = "json"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    /// Writes the array finding by finding, in the layout `JSON` serializes in: two-space indents,
    /// keys in the order above. A long list is rendered in stretches on every core and written in order.
    public func write(_ report: ScanReport, verdict: ScanVerdict, to stream: BufferedOutput) {
        var writer = JSONWriter(stream: stream)
        let shown = verdict.changedLinesOnly
            ? report.findings.indices.filter { verdict.states[$0] != .outsideChanges }
            : Array(report.findings.indices)
        if shown.isEmpty {
            writer.raw("[]\n")
            writer.flush()
            return
        }
        writer.raw("[\n")
        writer.flush()
        let stretch = 512
        let stretches = (shown.count + stretch - 1) / stretch
        if stretches == 1 {
            var part = JSONWriter(stream: stream)
            render(report, verdict, shown, 0..<shown.count, into: &part)
            part.flush()
        } else {
            let parts = SourceScanner.inParallel(Array(0..<stretches)) { k -> [UInt8] in
                var part = JSONWriter()
                render(report, verdict, shown, (k * stretch)..<min(shown.count, (k + 1) * stretch), into: &part)
                return part.bytes
            }
            for part in parts { part.withUnsafeBufferPointer { stream.write($0) } }
        }
        writer.raw("]\n")
        writer.flush()
    }

    /// The findings `shown[range]`, each followed by `,` but the last of the whole list.
    private func render(_ report: ScanReport, _ verdict: ScanVerdict, _ shown: [Int], _ range: Range<Int>, into writer: inout JSONWriter) {
        let root = report.root
        let findings = report.findings
        for position in range {
            let offset = shown[position]
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
            if let cap = findings[offset].cap {
                writer.raw(",\n    \"cap\": {\n      \"at\": ")
                writer.string(cap.shown)
                writer.raw(",\n      \"claimable\": ")
                writer.raw(cap.reachesDoubling ? "true" : "false")
                writer.raw("\n    }")
            }
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
            writer.raw(",\n    \"fingerprint\": ")
            writer.string(verdict.fingerprints[offset])
            if verdict.baselineGiven, findings[offset].isActive {
                writer.raw(",\n    \"baseline\": ")
                writer.string(verdict.states[offset] == .baselined ? "unchanged" : "new")
            }
            if !findings[offset].localizedCopies.isEmpty {
                writer.raw(",\n    \"localizedCopies\": [")
                for (c, copy) in findings[offset].localizedCopies.enumerated() {
                    writer.raw(c == 0 ? "\n      {\n        \"localization\": " : ",\n      {\n        \"localization\": ")
                    writer.string(copy.localization)
                    writer.raw(",\n        \"file\": ")
                    writer.string(options.path(copy.file, root: root))
                    writer.raw(",\n        \"line\": ")
                    writer.int(copy.line)
                    writer.raw(",\n        \"column\": ")
                    writer.int(copy.column)
                    writer.raw("\n      }")
                }
                writer.raw("\n    ]")
            }
            writer.raw(position == shown.count - 1 ? "\n  }\n" : "\n  },\n")
        }
    }
}
