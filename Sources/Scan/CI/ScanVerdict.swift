import DynamicType

/// What a scan's findings mean for a run: which are new, which the baseline already holds, which lie
/// outside the changed lines, which baseline entries were fixed since, and whether the run fails.
/// Reporters show it; the command only turns `passes` into an exit status.
public struct ScanVerdict: Sendable {
    public enum State: Sendable, Equatable {
        /// Counts: not suppressed, not in preview code, not in the baseline, in the changed lines.
        case new
        /// The baseline holds it.
        case baselined
        /// Not in a line changed since `--changed-since`'s ref.
        case outsideChanges
        /// Suppressed by a comment, or in preview-only code.
        case inactive
    }

    /// Index for index with the report's findings.
    public let fingerprints: [String]
    public let states: [State]
    /// Baseline entries for files the scan read and rules it ran that no finding matches any more.
    public let fixed: [Baseline.Entry]
    /// The least severe finding that fails the run.
    public let failOn: Finding.Severity
    public let baselineGiven: Bool
    public let changedLinesOnly: Bool
    /// Fail when the baseline lists findings that no longer exist.
    public let strict: Bool

    /// Judges `report`. `rules` are the rules the scan ran: a baseline entry of a rule that did not
    /// run was not looked for, so it is not fixed.
    public init(_ report: ScanReport, fingerprints: [String]? = nil, baseline: Baseline? = nil, changes: ChangedLines? = nil,
                failOn: Finding.Severity = .minor, strict: Bool = false, rules: Set<ScanRule> = Set(ScanRule.allCases)) {
        let fingerprints = fingerprints ?? Fingerprint.of(report.findings)
        let entries = baseline?.entries ?? []
        // The fingerprint already hashes the path and the rule: it alone finds an entry, and the
        // path and rule are compared only then.
        var byFingerprint: [String: Int] = [:]
        byFingerprint.reserveCapacity(entries.count)
        for (k, entry) in entries.enumerated() { byFingerprint[entry.fingerprint] = k }
        var matched = [Bool](repeating: false, count: entries.count)
        var states: [State] = []
        states.reserveCapacity(report.findings.count)
        for (k, finding) in report.findings.enumerated() {
            guard finding.isActive else {
                states.append(.inactive)
                continue
            }
            if let index = byFingerprint[fingerprints[k]], entries[index].path == finding.file, entries[index].rule == finding.rule.rawValue {
                matched[index] = true
                states.append(.baselined)
            } else if let changes, !changes.contains(file: finding.file, line: finding.line) {
                states.append(.outsideChanges)
            } else {
                states.append(.new)
            }
        }
        var fixed: [Baseline.Entry] = []
        if matched.contains(false) {
            let scanned = Set(report.scannedFiles.map(\.file))
            let ruleIDs = Set(rules.map(\.rawValue))
            for (k, entry) in entries.enumerated() where !matched[k] && scanned.contains(entry.path) && ruleIDs.contains(entry.rule) {
                fixed.append(entry)
            }
        }
        self.fixed = fixed
        self.fingerprints = fingerprints
        self.states = states
        self.failOn = failOn
        self.baselineGiven = baseline != nil
        self.changedLinesOnly = changes != nil
        self.strict = strict
    }

    /// Whether finding `k` fails the run: new, and at `failOn` or worse.
    public func fails(_ k: Int, in report: ScanReport) -> Bool {
        states[k] == .new && report.findings[k].severity <= failOn
    }

    /// Whether a finding of `severity` fails the run when it is new.
    public func failsAt(_ severity: Finding.Severity) -> Bool { severity <= failOn }

    public func count(_ state: State) -> Int { states.reduce(0) { $0 + ($1 == state ? 1 : 0) } }

    /// The findings that fail the run.
    public func failing(in report: ScanReport) -> Int {
        report.findings.indices.reduce(0) { $0 + (fails($1, in: report) ? 1 : 0) }
    }

    /// The run passes: no new finding at `failOn` or worse, and, when strict, no stale baseline entry.
    public func passes(_ report: ScanReport) -> Bool {
        failing(in: report) == 0 && !(strict && !fixed.isEmpty)
    }
}
