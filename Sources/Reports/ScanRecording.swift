import AuditStore
import Scan

/// Turns a scan into what the store keeps of it: each screen's share of the findings and good signs.
public enum ScanRecorder {
    public struct Shares: Sendable {
        /// Screens with at least one scanned file, and what the scan found in those files.
        public var recorded: [ScreenScanResult] = []
        /// Screens with file patterns that matched no scanned file: their earlier scan stays.
        public var unmatched: [Screen] = []
        /// Screens without file patterns.
        public var withoutFiles: [Screen] = []

        /// Whether the audit has a screen at all: each of its screens is in one of the lists.
        public var auditHasScreens: Bool { !(recorded.isEmpty && unmatched.isEmpty && withoutFiles.isEmpty) }

        /// Recorded screens whose code still sets fixed font sizes, with how many findings say so
        /// (suppressed ones left out), in the order of `recorded`.
        public var fixedFontSizes: [(screen: Screen, count: Int)] {
            recorded.compactMap { share in
                let count = share.findings.filter { $0.isActive && $0.rule == ScanRule.fixedFontSize.rawValue }.count
                return count == 0 ? nil : (share.screen, count)
            }
        }
    }

    /// Each screen's share of `report`, by the screen's file patterns. A file that several screens
    /// list counts for each of them.
    public static func shares(of report: ScanReport, screens: [Screen]) -> Shares {
        var findingsByFile: [String: [Finding]] = [:]
        for finding in report.findings where !finding.inPreview { findingsByFile[finding.file, default: []].append(finding) }
        var signsByFile: [String: [GoodSign: Int]] = [:]
        for signs in report.goodSigns { signsByFile[signs.file] = signs.counts }

        var shares = Shares()
        for screen in screens {
            guard !screen.files.isEmpty else {
                shares.withoutFiles.append(screen)
                continue
            }
            let globs = screen.files.map(Glob.init)
            let files = report.scannedFiles.filter { file in globs.contains { $0.matches(file.file) } }
            guard !files.isEmpty else {
                shares.unmatched.append(screen)
                continue
            }
            var findings: [StoredFinding] = []
            var signs: [String: Int] = [:]
            for file in files {
                findings += (findingsByFile[file.file] ?? []).map(stored)
                for (sign, count) in signsByFile[file.file] ?? [:] { signs[sign.rawValue, default: 0] += count }
            }
            shares.recorded.append(ScreenScanResult(screen: screen, files: files.count, lines: files.reduce(0) { $0 + $1.lines },
                                                    findings: findings, signs: signs))
        }
        return shares
    }

    /// A finding as the store keeps it: ids as text, the store does not interpret them.
    public static func stored(_ finding: Finding) -> StoredFinding {
        StoredFinding(rule: finding.rule.rawValue, severity: finding.severity.rawValue, confidence: finding.confidence.rawValue,
                      file: finding.file, line: finding.line, column: finding.column, message: finding.message, item: finding.item,
                      suppression: finding.suppression.map { $0.scope == .file ? .file : .line },
                      suppressionReason: finding.suppression?.reason, cap: finding.cap?.shown)
    }

    /// The run as the store keeps it; `paths` as typed, kept relative to the report's root.
    public static func run(of report: ScanReport, paths: [String], by author: String, at time: Timestamp, tool: String) -> ScanRun {
        let relative = paths.isEmpty ? ["."] : paths.map { path -> String in
            let full = SourceScanner.absolute(path)
            if full == report.root { return "." }
            let prefix = report.root == "/" ? "/" : report.root + "/"
            return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
        }
        return ScanRun(at: time, by: author, root: report.root, paths: relative, files: report.filesScanned, lines: report.linesScanned,
                       findings: report.activeFindings.count, suppressed: report.suppressedFindings.count,
                       previews: report.previewFindings.count, tool: tool)
    }
}
