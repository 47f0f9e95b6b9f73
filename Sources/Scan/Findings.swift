/// One place in an app's sources where Dynamic Type is likely to break.
public struct Finding: Sendable, Hashable {
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
    /// The localized copies of its storyboard or xib (`de.lproj/Main.storyboard` beside
    /// `Base.lproj/Main.storyboard`) that have the same finding, reported once, here at the Base file.
    public var localizedCopies: [LocalizedCopy] = []
    /// What the finding is about in its Interface Builder file, the same in the file's localized
    /// copies: the element and its id.
    var anchor: String?
    /// What the scan knows of the view the finding is on, for `scan --fix`.
    public var view: FindingView?
    /// For a capped text size: how far the text still grows, and whether that reaches 200 %.
    public var cap: TextSizeCap?

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
        /// Not written by anyone: the finding is on an element of a localized copy of a storyboard or
        /// xib that its Base file no longer has, a leftover of a copy out of date with it.
        case outdatedCopy = "outdated-copy"
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

/// Where a localized copy of a storyboard or xib has the same finding as its Base file.
public struct LocalizedCopy: Sendable, Hashable {
    /// The copy's path, relative to the scanned root like a finding's.
    public var file: String
    /// The localization: `de` for `de.lproj`.
    public var localization: String
    public var line: Int
    public var column: Int

    public init(file: String, localization: String, line: Int, column: Int) {
        self.file = file
        self.localization = localization
        self.line = line
        self.column = column
    }
}
