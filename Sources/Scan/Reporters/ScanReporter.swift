import Platform

/// Writes a scan report in one format.
public protocol ScanReporter: Sendable {
    /// The name `--format` takes.
    static var name: String { get }
    /// Writes `report` as `verdict` judges it: what is new, baselined or outside the changed lines.
    func write(_ report: ScanReport, verdict: ScanVerdict, to stream: BufferedOutput)
}

extension ScanReporter {
    /// Writes `report` with no baseline and no changed lines: every finding that counts is new.
    public func write(_ report: ScanReport, to stream: BufferedOutput) {
        write(report, verdict: ScanVerdict(report), to: stream)
    }
}

/// Choices the caller makes for every format.
public struct ReporterOptions: Sendable {
    /// Colour the text format with ANSI escapes (only when writing to a terminal, never with `NO_COLOR`).
    public var color: Bool
    /// Write absolute paths (root joined with the relative path) instead of paths relative to the root.
    public var absolutePaths: Bool
    /// The version of the tool, for SARIF's `tool.driver.version`.
    public var toolVersion: String?
    /// Where each rule is explained, for SARIF's `helpUri`: the rule id is appended as a fragment.
    public var rulesHelpBase: String?
    /// The folder SARIF's paths are relative to; nil for the top of the git checkout that holds the
    /// scanned root, else the root itself.
    public var repositoryRoot: String?

    public init(color: Bool = false, absolutePaths: Bool = false, toolVersion: String? = nil, rulesHelpBase: String? = nil,
                repositoryRoot: String? = nil) {
        self.color = color
        self.absolutePaths = absolutePaths
        self.toolVersion = toolVersion
        self.rulesHelpBase = rulesHelpBase
        self.repositoryRoot = repositoryRoot
    }

    /// A finding's path as the options ask for it.
    func path(_ file: String, root: String) -> String {
        guard absolutePaths, !file.hasPrefix("/") else { return file }
        return root == "/" ? "/" + file : root + "/" + file
    }
}

/// The report formats, by the name `--format` takes.
public enum ScanFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif

    public func reporter(_ options: ReporterOptions = ReporterOptions()) -> any ScanReporter {
        switch self {
        case .text: TextReporter(options: options)
        case .xcode: XcodeReporter(options: options)
        case .json: JSONReporter(options: options)
        case .sarif: SARIFReporter(options: options)
        }
    }

    /// The reporter for a format name, or nil for a name that is not one.
    public static func reporter(named name: String, options: ReporterOptions = ReporterOptions()) -> (any ScanReporter)? {
        ScanFormat(rawValue: name)?.reporter(options)
    }
}
