import Platform

/// One file a scan read: its path relative to the scanned root, and how many lines it has.
public struct ScannedFile: Sendable, Hashable {
    public var file: String
    public var lines: Int
    /// Which version of the file the scan opened, when it read it from disk: a rewrite checks that
    /// the file is still that one.
    public var identity: FileIdentity?

    public init(file: String, lines: Int, identity: FileIdentity? = nil) {
        self.file = file
        self.lines = lines
        self.identity = identity
    }
}

/// What a scan found.
public struct ScanReport: Sendable {
    /// The root the file paths are relative to, as an absolute path.
    public var root: String
    /// Every finding, suppressed and preview-only ones included, in file, line, column, rule order.
    public var findings: [Finding]
    public var filesScanned: Int
    public var linesScanned: Int
    /// Files with at least one good sign, in file order.
    public var goodSigns: [FileSigns]
    /// Every file scanned, in file order, so that a caller can tell which of its own file patterns
    /// the scan covered.
    public var scannedFiles: [ScannedFile]
    /// The bytes the scan read, when it was asked to keep them (`FileMemory.keepWithSources`).
    public var sources: ScannedSources?

    public init(root: String, findings: [Finding], filesScanned: Int, linesScanned: Int, goodSigns: [FileSigns],
                scannedFiles: [ScannedFile] = []) {
        self.root = root
        self.findings = Finding.inReportOrder(findings)
        self.filesScanned = filesScanned
        self.linesScanned = linesScanned
        self.goodSigns = goodSigns.sortedIfNeeded { SourceScanner.utf8Precedes($0.file, $1.file) }
        self.scannedFiles = scannedFiles.sortedIfNeeded { SourceScanner.utf8Precedes($0.file, $1.file) }
    }

    /// Findings that are neither suppressed nor in preview-only code.
    public var activeFindings: [Finding] { findings.filter(\.isActive) }
    public var suppressedFindings: [Finding] { findings.filter { $0.suppression != nil } }
    public var previewFindings: [Finding] { findings.filter { $0.inPreview && $0.suppression == nil } }

    /// Fills each finding's `screen` from its file path (relative to `root`).
    public mutating func assignScreens(_ screen: (String) -> String?) {
        var cache: [String: String?] = [:]
        // Findings come grouped by file: most share the previous one's file and its answer.
        var previous: (file: String, screen: String?)?
        for index in findings.indices {
            let file = findings[index].file
            if let previous, previous.file == file {
                findings[index].screen = previous.screen
                continue
            }
            defer { previous = (file, findings[index].screen) }
            if let known = cache[file] {
                findings[index].screen = known
            } else {
                let value = screen(file)
                cache[file] = value
                findings[index].screen = value
            }
        }
    }

    /// Fills each finding's `screen` from screens' source globs; the first screen whose globs match wins.
    public mutating func assignScreens(_ screens: [(name: String, globs: [Glob])]) {
        guard !screens.isEmpty else {
            // No screen to match: every finding is on none, as most already are.
            for index in findings.indices where findings[index].screen != nil { findings[index].screen = nil }
            return
        }
        assignScreens { file in
            screens.first { screen in screen.globs.contains { $0.matches(file) } }?.name
        }
    }
}

/// Why a scan could not run. Each description is one line a user can act on.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    case pathNotFound(String)
    case unreadable(path: String, reason: String)
    case unknownRule(String)
    case unsupportedFile(String)
    /// A device, a pipe or a socket where a file to scan should be.
    case notAFile(String)

    public var description: String {
        switch self {
        case let .notAFile(path):
            "cannot read \(path): it is not a regular file"
        case let .pathNotFound(path):
            "no such file or folder: \(path)"
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case let .unsupportedFile(path):
            "cannot scan \(path): only .swift, .xib and .storyboard files are scanned"
        case let .unknownRule(rule):
            "unknown rule '\(rule)'; rules are \(ScanRule.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }
}

extension Array {
    /// `sorted(by:)`, after one pass that finds most lists (given in order already) need nothing.
    func sortedIfNeeded(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        var k = 1
        while k < count {
            if areInIncreasingOrder(self[k], self[k - 1]) { return sorted(by: areInIncreasingOrder) }
            k += 1
        }
        return self
    }
}
