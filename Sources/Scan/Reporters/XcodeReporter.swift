import Output
import Platform

/// For an Xcode build phase: `path:line:column: error: message [rule]`, one new finding a line.
/// Findings at the failing severity or worse are errors, so that the build fails on them; the rest are
/// warnings. Suppressed, preview-only, baselined findings and those outside the changed lines are left out.
public struct XcodeReporter: ScanReporter {
    public static let name = "xcode"
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) { self.options = options }

    public func write(_ report: ScanReport, verdict: ScanVerdict, to stream: BufferedOutput) {
        for (k, finding) in report.findings.enumerated() where verdict.states[k] == .new {
            let level = verdict.failsAt(finding.severity) ? "error" : "warning"
            // A path or message from a hostile tree reaches Xcode's log and terminals in the safe form.
            stream.write("\(TextLayout.singleLine(options.path(finding.file, root: report.root))):\(finding.line):\(finding.column): \(level): "
                         + "\(TextLayout.singleLine(finding.message)) [\(finding.rule.rawValue)]\n")
        }
    }
}
