import Platform

/// What a scan in CI runs with: the checked-in configuration, overridden by the command line's flags.
/// The command parses and renders; this decides.
public struct ScanSettings: Sendable {
    public var configuration: ScanConfiguration
    /// Where the configuration came from, or nil when there is none.
    public var configurationPath: String?
    /// The rules the scan runs.
    public var rules: Set<ScanRule>
    public var failOn: Finding.Severity
    /// The baseline to compare with, as an absolute path, or nil for none.
    public var baselinePath: String?

    /// The flags that override the configuration, as the command line gives them.
    public struct Flags: Sendable {
        public var configPath: String?
        public var rules: Set<ScanRule>?
        public var failOn: Finding.Severity?
        public var baseline: String?

        public init(configPath: String? = nil, rules: Set<ScanRule>? = nil, failOn: Finding.Severity? = nil, baseline: String? = nil) {
            self.configPath = configPath
            self.rules = rules
            self.failOn = failOn
            self.baseline = baseline
        }
    }

    /// Reads the configuration (`flags.configPath`, else `dtaudit-scan.json` in `root` when it exists)
    /// and applies the flags: `--rule` runs the rules named even when the configuration turns them off;
    /// `--fail-on` and `--baseline` win over the file. Paths in the file are relative to its folder;
    /// paths on the command line to `workingDirectory`.
    public static func resolve(_ flags: Flags, root: String, workingDirectory: String) throws(ScanSettingsError) -> ScanSettings {
        var configuration = ScanConfiguration()
        var configurationPath: String?
        let explicit = flags.configPath.map { Files.absolute($0, from: workingDirectory) }
        let candidate = explicit ?? (root == "/" ? "/" : root + "/") + ScanConfiguration.fileName
        if Files.status(candidate) != nil || explicit != nil {
            let shown = flags.configPath ?? ScanConfiguration.fileName
            let bytes = try read(candidate, shownAs: shown, limit: ScanConfiguration.maximumBytes,
                                 tooLarge: .configuration(ScanConfiguration.tooLarge(shown)))
            do {
                configuration = try ScanConfiguration.parse(bytes, name: shown)
            } catch {
                throw .configuration(error)
            }
            configurationPath = candidate
        }
        let folder = configurationPath.map { PathNames.folder(of: $0) } ?? root
        let baseline = flags.baseline.map { Files.absolute($0, from: workingDirectory) }
            ?? configuration.baseline.map { Files.absolute($0, from: folder) }
        return ScanSettings(configuration: configuration, configurationPath: configurationPath,
                            rules: flags.rules ?? configuration.enabledRules,
                            failOn: flags.failOn ?? configuration.failOn ?? .minor, baselinePath: baseline)
    }

    /// Gives each finding the severity the configuration sets for its rule.
    public func applySeverities(to report: inout ScanReport) {
        guard !configuration.rules.isEmpty else { return }
        for k in report.findings.indices {
            let severity = configuration.severity(of: report.findings[k].rule)
            if report.findings[k].severity != severity { report.findings[k].severity = severity }
        }
    }

    /// The baseline file at `path`; `shown` names it in messages.
    public static func baseline(at path: String, shownAs shown: String) throws(ScanSettingsError) -> Baseline {
        let bytes = try read(path, shownAs: shown, limit: Baseline.maximumBytes,
                             tooLarge: .baseline(.tooLarge(file: shown, limit: Baseline.maximumBytes)))
        do {
            return try Baseline.parse(bytes, name: shown)
        } catch {
            throw .baseline(error)
        }
    }

    /// A file's bytes, refusing what is not a regular file. A file over `limit` is refused before
    /// it is read, with `tooLarge`: as the parser would refuse it, a malformed setting, not a
    /// failed read.
    static func read(_ path: String, shownAs shown: String, limit: Int, tooLarge: ScanSettingsError) throws(ScanSettingsError) -> [UInt8] {
        guard let status = Files.status(path) else { throw .missing(shown) }
        guard status.kind == .regular else { throw .notAFile(shown) }
        guard status.byteCount <= Int64(limit) else { throw tooLarge }
        guard let file = RegularFile(opening: path), let bytes = file.readAll() else { throw .unreadable(shown, "permission denied") }
        return bytes
    }
}

/// Why the scan's settings could not be used, in one line; the command maps each case to an exit status.
public enum ScanSettingsError: Error, Sendable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    /// A device, a pipe or a folder where the file should be.
    case notAFile(String)
    case configuration(ConfigurationError)
    case baseline(BaselineError)

    public var description: String {
        switch self {
        case let .missing(path): "no such file: \(path)"
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .notAFile(path): "cannot read \(path): it is not a regular file"
        case let .configuration(error): error.description
        case let .baseline(error): error.description
        }
    }
}
