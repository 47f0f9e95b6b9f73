import AuditStore
import Interchange
import Scan

/// What `dtaudit scan` is asked, as its command line gives it.
public struct ScanRequest: Sendable {
    /// Files or folders to scan; none for the root.
    public var paths: [String]
    /// `--rule`: the rules to run whatever the configuration turns off, or nil for the configuration's.
    public var rules: Set<ScanRule>?
    public var failOn: Finding.Severity?
    /// `--config`, as typed.
    public var configPath: String?
    /// `--baseline`, as typed.
    public var baseline: String?
    /// Fail when the baseline lists findings that no longer exist.
    public var strictBaseline: Bool
    /// `--changed-since`: a git ref.
    public var changedSince: String?

    public init(paths: [String] = [], rules: Set<ScanRule>? = nil, failOn: Finding.Severity? = nil, configPath: String? = nil,
                baseline: String? = nil, strictBaseline: Bool = false, changedSince: String? = nil) {
        self.paths = paths
        self.rules = rules
        self.failOn = failOn
        self.configPath = configPath
        self.baseline = baseline
        self.strictBaseline = strictBaseline
        self.changedSince = changedSince
    }
}

/// One `dtaudit scan` from its settings to its verdict: the configuration and the flags, the scan,
/// the severities the team set, the screens each finding is on, the baseline and the changed lines,
/// a fix step and the scan again after it, and what a store keeps. The command parses its options,
/// hands them here and renders what comes back, as `GateResult` decides for `gate`.
public struct ScanSession {
    public let request: ScanRequest
    /// The folder paths in the report are relative to: the store's project, else the working folder.
    public let root: String
    public let settings: ScanSettings
    private let screens: [Screen]
    private let afterward: SourceScanner.FileMemory

    /// Resolves the settings for `request`: `dtaudit-scan.json` at the root (or `--config`),
    /// overridden by the flags. `store`, when there is one, gives the root and the screens that
    /// findings are placed on; `afterward` says what becomes of the scanned files' memory.
    public init(_ request: ScanRequest, store: AuditStore?, workingDirectory: String,
                afterward: SourceScanner.FileMemory = .freeInBackground) throws {
        self.request = request
        root = store?.location.root ?? workingDirectory
        screens = try store.map { store in try store.read { try store.screens() } } ?? []
        settings = try ScanSettings.resolve(
            ScanSettings.Flags(configPath: request.configPath, rules: request.rules, failOn: request.failOn, baseline: request.baseline),
            root: root, workingDirectory: workingDirectory)
        if request.strictBaseline && settings.baselinePath == nil { throw ScanSessionError.strictBaselineWithoutBaseline }
        self.afterward = afterward
    }

    /// The store a scan uses (`StoreQuery.openForScan`): the one `--store` or `DTAUDIT_STORE` names,
    /// which must be there; otherwise one found by walking up from the working folder, and none is
    /// fine unless the scan is to be recorded. Opened for writing only to record.
    public static func store(explicit: String?, environment: String?, workingDirectory: String, recording: Bool) throws -> AuditStore? {
        try StoreQuery(explicit: explicit, environment: environment, workingDirectory: workingDirectory).openForScan(recording: recording)
    }

    /// A scan's report and its findings' fingerprints, with the changed lines git is still listing.
    public struct Scanned {
        public var report: ScanReport
        public var fingerprints: [String]
        fileprivate let changes: ChangedLines.Pending?
    }

    /// Scans the request's paths with the settings' rules and files, gives each finding the
    /// severity the team set and the screen whose file patterns match its file. Git lists the lines
    /// changed since `--changed-since` meanwhile.
    /// With `keepingSources`, the report keeps the bytes the scan read (`ScanReport.sources`), for a
    /// fix step that rewrites them.
    /// With `forFix`, the scan also measures what holds a rewrite back (fixed heights) when `--rule`
    /// or the configuration leaves that rule out; `judge` drops those findings again after the fix.
    public func scan(keepingSources: Bool = false, forFix: Bool = false) throws -> Scanned {
        let changes = request.changedSince.map { ChangedLines.Pending($0, in: root) }
        let report = try report(afterward: keepingSources ? .keepWithSources : afterward,
                                rules: forFix ? settings.rules.union(Self.holdingRewritesBack) : settings.rules)
        return Scanned(report: report, fingerprints: Fingerprint.of(report.findings), changes: changes)
    }

    /// The rules whose findings hold a rewrite back: a font is not rewritten to a style its view's
    /// fixed height cannot hold at AX5, whichever rules were asked for.
    static let holdingRewritesBack: Set<ScanRule> = [.fixedHeightText]

    private func report(afterward: SourceScanner.FileMemory, rules: Set<ScanRule>? = nil) throws -> ScanReport {
        let configuration = settings.configuration
        let admits: ((String) -> Bool)? = configuration.include.isEmpty && configuration.exclude.isEmpty ? nil : { configuration.admits($0) }
        var report = try SourceScanner.scan(paths: request.paths, root: root, rules: Set((rules ?? settings.rules).map(\.rawValue)),
                                            admits: admits, afterward: afterward)
        settings.applySeverities(to: &report)
        report.assignScreens(screens.filter { !$0.files.isEmpty }.map { screen in
            (name: screen.name, globs: screen.files.map(Glob.init))
        })
        return report
    }

    /// `--write-baseline`: the baseline at `path` (empty when there is none yet) with this scan's
    /// findings that count in place of its entries for the files and rules the scan covered.
    /// `shown` names the file in messages.
    public func updatedBaseline(_ scanned: Scanned, at path: String, shownAs shown: String) throws -> BaselineUpdate {
        var earlier = Scan.Baseline([])
        do throws(ScanSettingsError) {
            earlier = try ScanSettings.baseline(at: path, shownAs: shown)
        } catch {
            guard case .missing = error else { throw error }
        }
        let found = Scan.Baseline.entries(of: scanned.report, fingerprints: scanned.fingerprints)
        let updated = earlier.updated(with: found, scannedFiles: Set(scanned.report.scannedFiles.map(\.file)), rules: settings.rules)
        return BaselineUpdate(baseline: updated, found: found.count)
    }

    /// A baseline rewritten with a scan's findings.
    public struct BaselineUpdate: Sendable {
        public var baseline: Scan.Baseline
        /// The scan's findings it holds.
        public var found: Int
        /// Entries kept for files or rules the scan did not cover.
        public var kept: Int { baseline.entries.count - found }

        /// The file's text: a header that says what the file is, then one entry a line.
        public var text: String {
            baseline.rendered(header: """
                dtaudit scan baseline: findings accepted for now. 'dtaudit scan --baseline FILE' counts only others.
                One finding a line: path, rule, fingerprint (rule, path, the line's code without spaces, occurrence), code.
                Rewrite it with 'dtaudit scan --write-baseline FILE'; keep it sorted so that it merges.
                """)
        }
    }

    /// The rewrites of a fix step: given the report, its verdict and the changed lines, it rewrites
    /// files and returns what it rewrote, or shows what it would rewrite and returns nil.
    public typealias FixStep = (ScanReport, ScanVerdict, ChangedLines?) throws -> Rewritten?

    /// The files a fix step rewrote, each as the check that it is no worse scanned it.
    public struct Rewritten: Sendable {
        public var rescans: [String: FileRescan]
        /// Every rewritten file has its rescan.
        public var complete: Bool

        public init(rescans: [String: FileRescan], complete: Bool) {
            self.rescans = rescans
            self.complete = complete
        }
    }

    /// Judges the scan against the baseline and the changed lines. With `fix`, the fix step gets the
    /// findings first; when it rewrote files, the files are scanned again and what is left is
    /// judged against the lines as they are now. nil when the fix step only showed its rewrites.
    public func judge(_ scanned: Scanned, fix: FixStep? = nil) throws -> ScanOutcome? {
        let configuration = settings.configuration
        let baseline = try settings.baselinePath.map { path in
            try ScanSettings.baseline(at: path, shownAs: request.baseline ?? configuration.baseline ?? path)
        }
        let verdict = { (report: ScanReport, changes: ChangedLines?, fingerprints: [String]?) in
            ScanVerdict(report, fingerprints: fingerprints, baseline: baseline, changes: changes,
                        failOn: settings.failOn, strict: request.strictBaseline, rules: settings.rules)
        }
        let changes = try scanned.changes?.value()
        var outcome = ScanOutcome(report: scanned.report, verdict: verdict(scanned.report, changes, scanned.fingerprints))
        if let fix {
            guard let rewritten = try fix(outcome.report, outcome.verdict, changes) else { return nil }
            // The rewritten files as their check scanned them stand for a scan of the tree, unless a
            // rewrite changed what a file tells the others.
            var report: ScanReport
            if rewritten.complete, rewritten.rescans.values.allSatisfy(\.sameFacts) {
                report = outcome.report.replacing(rewritten.rescans)
                report.sources = nil
                settings.applySeverities(to: &report)
                report.assignScreens(screens.filter { !$0.files.isEmpty }.map { screen in
                    (name: screen.name, globs: screen.files.map(Glob.init))
                })
            } else {
                report = try self.report(afterward: afterward)
            }
            // Only the rules asked for are reported; a fixed height measured to hold fonts back is not.
            if !settings.rules.isSuperset(of: Self.holdingRewritesBack) {
                report.findings.removeAll { !settings.rules.contains($0.rule) }
            }
            outcome = ScanOutcome(report: report, verdict: verdict(report, try request.changedSince.map { try ChangedLines.since($0, in: root) }, nil))
        }
        return outcome
    }

    /// `--record`: keeps the report as the latest scan of every screen whose file patterns match a
    /// scanned file. Nothing is written when no screen's patterns match; the shares say what was
    /// kept. `author` is asked only when something is recorded.
    public func record(_ report: ScanReport, in store: AuditStore, by author: () throws -> String, at time: Timestamp = .now(),
                       tool: String) throws -> ScanRecorder.Shares {
        let shares = ScanRecorder.shares(of: report, screens: screens)
        if !shares.recorded.isEmpty {
            let run = ScanRecorder.run(of: report, paths: request.paths, by: try author(), at: time, tool: tool)
            _ = try store.write { try store.recordScan(run, screens: shares.recorded) }
        }
        return shares
    }
}

/// What a scan came to: the report to show and its verdict.
public struct ScanOutcome: Sendable {
    public var report: ScanReport
    public var verdict: ScanVerdict

    /// No new finding fails the run, and a strict baseline is not stale.
    public var passes: Bool { verdict.passes(report) }

    /// Entries of a strict baseline that no finding matches any more (0 when not strict).
    public var staleBaselineEntries: Int { verdict.strict ? verdict.fixed.count : 0 }
}

/// Why a scan cannot run as asked, in one line.
public enum ScanSessionError: Error, Sendable, CustomStringConvertible {
    case strictBaselineWithoutBaseline

    public var description: String {
        switch self {
        case .strictBaselineWithoutBaseline:
            "--strict-baseline needs a baseline: --baseline FILE, or \"baseline\" in \(ScanConfiguration.fileName)"
        }
    }
}
