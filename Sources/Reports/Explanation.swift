import AuditLog
import AuditStore
import DynamicType
import Scan

/// `dtaudit explain SCREEN [ITEM]`: each failed check of a screen, whoever recorded it, joined with
/// the findings the screen's latest recorded scan made in its files for the same checklist item,
/// the most likely cause first; and for each fix of that item whose reference names a commit,
/// whether the commit touched those lines.
public struct Explanation: Sendable {
    /// A failed check and what in the code most likely makes it fail.
    public struct Trace: Sendable {
        public var cell: CellState
        /// The scan's findings for the check's item, the most likely first; for a failure a judge
        /// recorded, those on the elements it names only (`elements`).
        public var causes: [StoredFinding]
        /// For a failure a judge recorded: each element it names, with its code. nil for a person's
        /// result, or when no code was read.
        public var elements: [LikelyCode.ElementTrace]?
        /// The fixes recorded for the check's item, each with what its commit touched.
        public var fixes: [FixTrace]
    }

    /// A fix and, when its reference is a commit git knows, which of the causes' lines it touched.
    public struct FixTrace: Sendable {
        public var fix: Fix
        /// The commit's lines, or nil when the reference names no commit here.
        public var commit: CommitLines?
        /// For each cause (in `causes`' order), whether the commit changed its line, or changed its
        /// file elsewhere, or left the file alone.
        public var touched: [Touch]
    }

    public enum Touch: String, Sendable {
        case line
        case file
        case none
    }

    public var screen: Screen
    /// The item asked about, or nil for every item.
    public var item: String?
    public var traces: [Trace]
    /// The screen's latest recorded scan, nil when none was recorded.
    public var scan: ScanRun?

    /// `commit` answers what a fix's reference changed: nil when it names no commit. With `code`, a
    /// failure a judge recorded is traced through the elements it names instead of by severity.
    public init(_ state: ScreenState, item: String?, code: LikelyCode? = nil, commit: (String) -> CommitLines?) {
        screen = state.screen
        self.item = item
        scan = state.scan?.run
        let findings = state.scan?.findings.filter(\.isActive) ?? []
        var commits: [String: CommitLines?] = [:]
        traces = state.failedCells.filter { item == nil || $0.item == item }.map { cell in
            let elements = code?.traces(of: cell, on: state.screen.name)
            var causes = Self.causes(of: cell.item, among: findings)
            if let elements {
                causes = []
                for finding in elements.flatMap(\.findings) where !causes.contains(finding) { causes.append(finding) }
            }
            let fixes = state.fixes.filter { $0.items.isEmpty || $0.items.contains(cell.item) }.map { fix -> FixTrace in
                guard let ref = fix.ref else { return FixTrace(fix: fix, commit: nil, touched: []) }
                if commits[ref] == nil { commits[ref] = .some(commit(ref)) }
                guard let lines = commits[ref] ?? nil else { return FixTrace(fix: fix, commit: nil, touched: []) }
                return FixTrace(fix: fix, commit: lines, touched: causes.map { lines.touch(file: $0.file, line: $0.line) })
            }
            return Trace(cell: cell, causes: causes, elements: elements, fixes: fixes)
        }
    }

    /// The code that most likely makes `item` fail on the screen: the first of its causes, as
    /// `explain` lists them; nil without a recorded scan or a finding for the item.
    public static func likelyCause(of item: String, on state: ScreenState) -> StoredFinding? {
        causes(of: item, among: state.scan?.findings.filter(\.isActive) ?? []).first
    }

    static func causes(of item: String, among findings: [StoredFinding]) -> [StoredFinding] {
        findings.filter { $0.item == item }.sorted(by: moreLikely)
    }

    /// The more likely cause first: the more severe, then the more certain, then in file and line order.
    static func moreLikely(_ a: StoredFinding, _ b: StoredFinding) -> Bool {
        let rank = { (finding: StoredFinding) in
            (["critical": 0, "major": 1, "minor": 2][finding.severity] ?? 3, ["high": 0, "medium": 1, "low": 2][finding.confidence] ?? 3)
        }
        let (x, y) = (rank(a), rank(b))
        if x != y { return x < y }
        if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
        return a.line < b.line
    }
}

/// What a commit changed: its id and the new side's lines of each file.
public struct CommitLines: Sendable {
    public var commit: String
    public var changes: ChangedLines

    public init(commit: String, changes: ChangedLines) {
        self.commit = commit
        self.changes = changes
    }

    func touch(file: String, line: Int) -> Explanation.Touch {
        guard changes.files[file] != nil else { return .none }
        return changes.contains(file: file, line: line) ? .line : .file
    }
}
