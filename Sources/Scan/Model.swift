import DynamicType
import Platform

/// The rules `dtaudit scan` applies. The raw values are the rule ids users type and CI reads; each
/// rule's unit (`Rules/`) holds the rest.
public enum ScanRule: String, CaseIterable, Sendable, Comparable {
    case fixedFontSize = "fixed-font-size"
    case fixedSymbolSize = "fixed-symbol-size"
    case shrinksText = "shrinks-text"
    case singleLine = "single-line"
    case fixedHeightText = "fixed-height-text"
    case clampedTypeSize = "clamped-type-size"
    case noLiveUpdate = "no-live-update"

    public var id: String { rawValue }

    public static func < (lhs: ScanRule, rhs: ScanRule) -> Bool { lhs.rawValue < rhs.rawValue }

    // What a rule is lives in its unit, under Rules/: a new rule is a case here, its unit, and its check.
    /// The rule's unit, where all it is lives.
    public var unit: RuleUnit {
        switch self {
        case .fixedFontSize: .fixedFontSize
        case .fixedSymbolSize: .fixedSymbolSize
        case .shrinksText: .shrinksText
        case .singleLine: .singleLine
        case .fixedHeightText: .fixedHeightText
        case .clampedTypeSize: .clampedTypeSize
        case .noLiveUpdate: .noLiveUpdate
        }
    }

    /// How bad a finding of this rule usually is, in the checklist's words.
    public var severity: Finding.Severity { unit.severity }
    /// The checklist item a finding of this rule usually fails.
    public var item: String { unit.item }
    /// A few words naming the problem.
    public var title: String { unit.title }
    /// Why it matters.
    public var explanation: String { unit.explanation }
    /// The usual fix.
    public var fix: String { unit.fix }

    public init?(id: String) { self.init(rawValue: id) }
}

/// One place in an app's sources where Dynamic Type is likely to break.
public struct Finding: Sendable, Hashable {
    /// The checklist's severity: one type for a failed check and for a finding.
    public typealias Severity = DynamicType.Severity

    /// How sure the scan is that the code behaves as the message says.
    public enum Confidence: String, Sendable, CaseIterable {
        /// What the code says settles it.
        case high
        /// Very likely, but depends on something the scan cannot see (another module, code that runs later).
        case medium
        /// Possible; worth a look.
        case low
    }

    public var rule: ScanRule
    public var severity: Severity
    public var confidence: Confidence
    /// The file's path relative to the scanned root, with `/` separators.
    public var file: String
    /// 1-based line and column (in Unicode scalars) of the code the finding is about.
    public var line: Int
    public var column: Int
    /// Why it matters and the usual fix, in one or two sentences.
    public var message: String
    /// The id of the checklist item the finding maps to.
    public var item: String
    /// The text of the line, for showing the code with a caret: at most `maximumSourceLineBytes` of
    /// it (`kept(line:)`), so that many findings on one huge line never hold it many times over.
    public var sourceLine: String
    /// The screen the file belongs to, filled in by the caller.
    public var screen: String?
    /// The code only runs in Xcode previews (`#Preview`, `PreviewProvider`).
    public var inPreview: Bool
    /// Set when a `dtaudit:ignore` comment covers the finding.
    public var suppression: Suppression?

    /// The most of its line a finding keeps; code is rarely wider than this, minified code always.
    public static let maximumSourceLineBytes = 1000

    /// What a finding keeps of `line`: all of it, or its first `maximumSourceLineBytes` bytes (cut
    /// between characters) and `…`.
    public static func kept(line: Substring) -> String {
        guard line.utf8.count > maximumSourceLineBytes else { return String(line) }
        var end = line.utf8.index(line.utf8.startIndex, offsetBy: maximumSourceLineBytes)
        while end > line.startIndex && !line.unicodeScalars.indices.contains(end) { end = line.utf8.index(before: end) }
        return String(line[..<end]) + "…"
    }

    public init(rule: ScanRule, severity: Severity? = nil, confidence: Confidence, file: String, line: Int,
                column: Int, message: String, item: String? = nil, sourceLine: String, screen: String? = nil,
                inPreview: Bool = false, suppression: Suppression? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.confidence = confidence
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.item = item ?? rule.item
        self.sourceLine = sourceLine
        self.screen = screen
        self.inPreview = inPreview
        self.suppression = suppression
    }

    /// Neither suppressed nor in preview-only code: the findings that count (for an exit status, say).
    public var isActive: Bool { suppression == nil && !inPreview }

    /// `findings.sorted(by: precedes)`, without copying findings to compare them (their fields are
    /// compared where they lie); a list already in that order, the usual case, comes back as it is.
    static func inReportOrder(_ findings: [Finding]) -> [Finding] {
        let count = findings.count
        guard count > 1 else { return findings }
        let order: [Int]? = findings.withUnsafeBufferPointer { list -> [Int]? in
            var k = 1
            while k < count && !precedes(list, k, k - 1) { k += 1 }
            if k == count { return nil }
            var order = Array(0..<count)
            order.sort { precedes(list, $0, $1) }
            return order
        }
        guard let order else { return findings }
        return order.map { findings[$0] }
    }

    /// `precedes(list[a], list[b])`.
    @inline(__always)
    private static func precedes(_ list: UnsafeBufferPointer<Finding>, _ a: Int, _ b: Int) -> Bool {
        if list[a].file != list[b].file { return SourceScanner.utf8Precedes(list[a].file, list[b].file) }
        if list[a].line != list[b].line { return list[a].line < list[b].line }
        if list[a].column != list[b].column { return list[a].column < list[b].column }
        if list[a].rule != list[b].rule { return list[a].rule < list[b].rule }
        return list[a].message < list[b].message
    }

    /// The order every report uses: file, line, column, rule.
    public static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return SourceScanner.utf8Precedes(a.file, b.file) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

/// A `dtaudit:ignore` comment that covers a finding.
public struct Suppression: Sendable, Hashable {
    public enum Scope: String, Sendable {
        /// `// dtaudit:ignore RULE — reason` on the line or the line above.
        case line
        /// `// dtaudit:ignore-file RULE — reason` anywhere in the file.
        case file
    }

    public var scope: Scope
    /// The reason written after the rule, or nil when none was given.
    public var reason: String?
    /// The line of the comment.
    public var line: Int

    public init(scope: Scope, reason: String?, line: Int) {
        self.scope = scope
        self.reason = reason
        self.line = line
    }
}

/// Signs in a file that its code already works with Dynamic Type.
public enum GoodSign: String, CaseIterable, Sendable, Comparable {
    /// A text style: `.font(.body)`, `preferredFont(forTextStyle:)`, `relativeTo:`, an IB text style.
    case textStyle = "text-style"
    /// `@ScaledMetric`.
    case scaledMetric = "scaled-metric"
    /// `UIFontMetrics`.
    case fontMetrics = "font-metrics"
    /// `ViewThatFits`.
    case viewThatFits = "view-that-fits"
    /// `isAccessibilitySize` / `isAccessibilityCategory`.
    case accessibilitySizeCheck = "accessibility-size-check"
    /// `AnyLayout`.
    case anyLayout = "any-layout"
    /// `adjustsFontForContentSizeCategory = true`, in code or Interface Builder.
    case liveUpdate = "live-update"

    public static func < (lhs: GoodSign, rhs: GoodSign) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The good signs counted in one file.
public struct FileSigns: Sendable, Hashable {
    public var file: String
    public var counts: [GoodSign: Int]

    public init(file: String, counts: [GoodSign: Int]) {
        self.file = file
        self.counts = counts
    }

    public var total: Int { counts.values.reduce(0, +) }
}

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

    public var description: String {
        switch self {
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

extension DynamicType.Severity {
    /// The SARIF level of this severity.
    public var sarifLevel: String { self == .critical ? "error" : self == .major ? "warning" : "note" }
}
