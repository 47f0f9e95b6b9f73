import DynamicType
import Scan

/// One change to a file: the bytes in `range` become `replacement`.
public struct Edit: Sendable, Equatable {
    public var range: Range<Int>
    public var replacement: String

    public init(_ range: Range<Int>, _ replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// The rewrite of one finding: its edits (usually one; two when a view must also follow size changes).
public struct Rewrite: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var rule: ScanRule
    public var edits: [Edit]
    /// What changes, in a few words, kept in the form it is made from until it is read.
    var described: RewriteSummary
    /// It fixes a finding; otherwise it refines code the scan passed (a custom font given a style to scale with).
    public var fixesFinding = true

    /// What changes, in a few words: "`.system(size: 17)` to `.body`".
    public var summary: String { described.text }

    init(file: String, line: Int, rule: ScanRule, edits: [Edit], described: RewriteSummary, fixesFinding: Bool = true) {
        self.file = file
        self.line = line
        self.rule = rule
        self.edits = edits
        self.described = described
        self.fixesFinding = fixesFinding
    }

    public init(file: String, line: Int, rule: ScanRule, edits: [Edit], summary: String, fixesFinding: Bool = true) {
        self.init(file: file, line: line, rule: rule, edits: edits, described: .text(summary), fixesFinding: fixesFinding)
    }

    public static func == (a: Rewrite, b: Rewrite) -> Bool {
        a.file == b.file && a.line == b.line && a.rule == b.rule && a.edits == b.edits && a.summary == b.summary && a.fixesFinding == b.fixesFinding
    }
}

/// A rewrite's few words. A file may get hundreds of thousands of custom fonts rewritten: theirs are
/// made when they are read, from the call's bytes (shared with the file's, not copied).
enum RewriteSummary: Sendable {
    case text(String)
    case customFont(call: ArraySlice<UInt8>, style: TextStyle)

    var text: String {
        switch self {
        case let .text(text): text
        case let .customFont(call, style): RelativeCustomFonts.summary(call, style: style)
        }
    }
}

/// A finding left for a person, with why no rewrite was made and what to do.
public struct Suggestion: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var rule: ScanRule
    public var text: String
}

/// The rewrites of a scan's findings and what is left for a person, with each file's new text.
public struct RewritePlan: Sendable {
    /// The rewrites, kept compactly.
    public var rewriteList = RewriteList()
    /// The rewrites, each made a value of its own.
    public var rewrites: [Rewrite] {
        get { Array(rewriteList) }
        set { rewriteList = RewriteList(newValue) }
    }
    public var suggestions: [Suggestion] = []
    /// The changed files, in report order, each with the rewrites its new text is made of (`files`).
    var changed: [ChangedFile] = []
    /// The changed files as the check that they are no worse scanned them.
    public var rescans: [String: FileRescan] = [:]
}

/// Plans the safe rewrites of a scan's new findings. Suppressed, preview-only and baselined findings,
/// and those outside the changed lines, are never touched.
public enum Fixer {
    /// `read` gives a file's bytes by its path relative to the report's root, or nil, and then
    /// `unreadable` says why, for the suggestions left in its place. `rules` are the
    /// rules the scan ran and `changes` the changed lines it was limited to: the custom fonts that
    /// scale with body (no finding, see `RelativeCustomFonts`) are given a text style only under the
    /// fixed-font-size rule, outside suppressed lines, and within the changes. A plan that reads one
    /// file has its new text staged by `ahead` while its check runs.
    public static func plan(_ report: ScanReport, verdict: ScanVerdict, rules: Set<ScanRule> = Set(ScanRule.allCases),
                            changes: ChangedLines? = nil, stagingAhead ahead: StagingAhead? = nil, read: (String) -> [UInt8]?,
                            unreadable: (String) -> String = { _ in "the file could not be read again" }) -> RewritePlan {
        var plan = RewritePlan()
        let findings = report.findings
        let scanning = report.sources.map { Rescanning.within(report, $0) } ?? Rescanning.alone
        let (byFile, refining) = candidates(report, verdict: verdict, rules: rules)
        // Every fixed height the scan measured, new, baselined or suppressed: each holds its view.
        var heights: [String: [Int]] = [:]
        for k in findings.indices where findings[k].rule == .fixedHeightText && findings[k].view?.height != nil {
            heights[findings[k].file, default: []].append(k)
        }
        let toRead = files(byFile, refining)
        let stager = toRead.count == 1 ? ahead : nil
        for file in toRead {
            let chosen = byFile[file] ?? []
            guard let bytes = read(file) else {
                let reason = unreadable(file)
                for k in chosen { plan.suggestions.append(Suggestion(file: file, line: findings[k].line, rule: findings[k].rule, text: reason)) }
                continue
            }
            var source = SourceText(bytes)
            let isSwift = file.hasSuffix(".swift")
            var rewrites = RewriteList()
            // Where each finding lies, in one walk along each line; an Interface Builder rewrite is of
            // a line and a rule, worked out once for all the findings they share.
            let offsets = isSwift ? source.offsets(of: chosen.map { (findings[$0].line, findings[$0].column) }) : []
            var lineOutcomes: [LineRule: Outcome] = [:]
            // The frames first: one rewritten to a minimum height no longer holds a font back.
            var early: [Int: Outcome] = [:]
            var frames = FixedFrames(findings, [])
            if isSwift, let fixed = heights[file] {
                for (n, k) in chosen.enumerated() where findings[k].rule == .fixedHeightText {
                    early[k] = SwiftRewrites.rewrite(findings[k], at: offsets[n], in: source, frames: &frames)
                }
                frames = FixedFrames(findings, fixed, rewritten: Set(early.compactMap { k, outcome in
                    if case .rewriteDescribed = outcome { k } else { nil }
                }))
            }
            for (n, k) in chosen.enumerated() {
                let finding = findings[k]
                let outcome: Outcome
                if let known = early[k] {
                    outcome = known
                } else if isSwift {
                    outcome = SwiftRewrites.rewrite(finding, at: offsets[n], in: source, frames: &frames)
                } else if let known = lineOutcomes[LineRule(line: finding.line, rule: finding.rule)] {
                    outcome = known
                } else {
                    outcome = InterfaceBuilderRewrites.rewrite(finding, in: source)
                    lineOutcomes[LineRule(line: finding.line, rule: finding.rule)] = outcome
                }
                switch outcome {
                case let .rewriteDescribed(edits, summary):
                    rewrites.append(file: file, bytes: bytes, line: finding.line, rule: finding.rule, edits: edits, summary: .text(summary),
                                    fixesFinding: true)
                case let .suggestion(text):
                    plan.suggestions.append(Suggestion(file: file, line: finding.line, rule: finding.rule, text: text))
                }
            }
            if refining.contains(file) {
                let suppressed = SuppressedLines(source, rule: .fixedFontSize)
                // Where the file names `.custom`, from the first scan's tokens when it read these bytes.
                let sites = report.sources?.takeCustomFontSites(of: file, byteCount: bytes.count) ?? CustomFontSites.offsets(inSwift: bytes)
                RelativeCustomFonts.rewrites(in: source, sites: sites, file: file, admits: { line in
                    !suppressed.contains(line) && (changes?.contains(file: file, line: line) ?? true)
                }, into: &rewrites) { line, text in
                    plan.suggestions.append(Suggestion(file: file, line: line, rule: .fixedFontSize, text: text))
                }
                // In line order, when the two kinds are not already.
                rewrites.sortByLine()
            }
            guard !rewrites.isEmpty else { continue }
            // Two rewrites of the same code (a finding on each end of one call): the first is made,
            // the other waits for the next run.
            var taken = TakenBytes(byteCount: bytes.count)
            // The rewrites kept go straight into the plan, and come out again if the file is refused.
            let first = plan.rewriteList.count
            var inserted: Set<String> = []
            let isLineInsertion = { (edit: Edit) in
                edit.range.isEmpty && (edit.replacement.utf8.first == 0x0A || edit.replacement.utf8.starts(with: [0x0D, 0x0A]))
            }
            // The edits are read in place, by their ranges and bytes: a file may get hundreds of thousands.
            var insertions: [Int] = []
            var insertsLines: Set<Int> = []
            rewrites.forEachEdit(in: rewrites.indices) { k, range, replacement in
                guard range.isEmpty, replacement.first == 0x0A || (replacement.count >= 2 && replacement[0] == 0x0D && replacement[1] == 0x0A) else { return }
                insertions.append(range.lowerBound)
                insertsLines.insert(k)
            }
            let blocks = source.enclosingBlocks(of: insertions)
            // The rewrites left out, and those kept with fewer edits.
            var dropped: Set<Int> = []
            var trimmed: [Int: [Edit]] = [:]
            for k in rewrites.indices {
                // A line two rewrites would add in one block (a view that follows size changes) is
                // added once; the same line in another block (another function's local of the same
                // name) is another view's.
                if insertsLines.contains(k) {
                    let own = rewrites.edits(of: k)
                    let kept = own.filter { edit in
                        !isLineInsertion(edit) || inserted.insert("\(blocks[edit.range.lowerBound] ?? -1):" + edit.replacement.trimmingSpaces).inserted
                    }
                    if kept.count < own.count { trimmed[k] = kept }
                }
                var conflicts = false
                if let kept = trimmed[k] {
                    conflicts = kept.contains { taken.conflicts($0.range) }
                } else {
                    rewrites.forEachEditRange(of: k) { range in conflicts = conflicts || taken.conflicts(range) }
                }
                if conflicts {
                    plan.suggestions.append(Suggestion(file: file, line: rewrites.line(k), rule: rewrites.rule(k), text: "overlaps another rewrite: run --fix again"))
                    dropped.insert(k)
                    continue
                }
                if let kept = trimmed[k] {
                    for edit in kept { taken.take(edit.range) }
                } else {
                    rewrites.forEachEditRange(of: k) { taken.take($0) }
                }
            }
            // A file's rewrites all kept as they are become the plan's list as it stands, when it has
            // none yet: nothing is copied.
            if first == 0 && dropped.isEmpty && trimmed.isEmpty {
                plan.rewriteList = rewrites
            } else {
                for k in rewrites.indices where !dropped.contains(k) {
                    if let kept = trimmed[k] {
                        plan.rewriteList.append(k, of: rewrites, edits: kept)
                    } else {
                        plan.rewriteList.append(k, of: rewrites, edits: rewrites.edits(of: k))
                    }
                }
            }
            // The rewrites are the plan's now: the file's list and the bytes taken go before the file
            // is scanned again.
            rewrites = RewriteList()
            taken = TakenBytes(byteCount: 0)
            let made = first..<plan.rewriteList.count
            guard !made.isEmpty else { continue }
            // An Interface Builder file is rewritten only from well-formed XML to well-formed XML.
            if !isSwift && !(WellFormedXML.check(bytes) && WellFormedXML.check(apply(plan.rewriteList, made, to: bytes))) {
                for k in made {
                    plan.suggestions.append(Suggestion(file: file, line: plan.rewriteList.line(k), rule: plan.rewriteList.rule(k),
                                                       text: "the file is not well-formed XML: open and save it in Interface Builder first"))
                }
                plan.rewriteList.truncate(to: first)
                continue
            }
            // A file is written only when its rewrites make nothing worse; those that would are held
            // back, and said why.
            // The file's line index goes before the scan that checks it takes its memory.
            source = SourceText([])
            stager?.begin(file: file, old: bytes, list: plan.rewriteList, range: made)
            guard let kept = holdBackWorseKeeping(&plan, from: first, file: file, bytes: bytes, scanning: scanning) else { continue }
            plan.changed.append(ChangedFile(path: file, old: bytes, rewrites: kept))
        }
        return plan
    }

    /// The files a plan reads: those that hold a new finding, and Swift files where the scan saw a
    /// text style (which a scaled custom font counts as), in path order.
    public static func filesToRead(_ report: ScanReport, verdict: ScanVerdict, rules: Set<ScanRule> = Set(ScanRule.allCases)) -> [String] {
        let (byFile, refining) = candidates(report, verdict: verdict, rules: rules)
        return files(byFile, refining)
    }

    /// The new findings of the rules asked for in each file, in report order, and the files whose custom fonts may be refined.
    private static func candidates(_ report: ScanReport, verdict: ScanVerdict, rules: Set<ScanRule>) -> ([String: [Int]], Set<String>) {
        var byFile: [String: [Int]] = [:]
        // A report scanned for a fix may hold findings of rules left out (the heights that hold fonts
        // back): those are read, never rewritten.
        for k in report.findings.indices where verdict.states[k] == .new && rules.contains(report.findings[k].rule) {
            byFile[report.findings[k].file, default: []].append(k)
        }
        let refining = rules.contains(.fixedFontSize)
            ? Set(report.goodSigns.filter { $0.file.hasSuffix(".swift") && $0.counts[.textStyle, default: 0] > 0 }.map(\.file))
            : []
        return (byFile, refining)
    }

    private static func files(_ byFile: [String: [Int]], _ refining: Set<String>) -> [String] {
        Set(byFile.keys).union(refining).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `bytes` with the rewrites' edits made, written into one buffer in one pass (`write`).
    static func apply(_ rewrites: ArraySlice<Rewrite>, to bytes: [UInt8]) -> [UInt8] {
        let list = RewriteList(rewrites)
        return apply(list, list.indices, to: bytes)
    }

    /// `bytes` with the edits of the rewrites in `range` of `list` made, in one pass (`write`).
    static func apply(_ list: RewriteList, _ range: Range<Int>, to bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rewrittenCount(list, range, of: bytes)) { buffer, count in
            count = write(list, range, of: bytes, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// How many bytes `bytes` has once the edits of the rewrites in `range` of `list` are made.
    static func rewrittenCount(_ list: RewriteList, _ range: Range<Int>, of bytes: [UInt8]) -> Int {
        var count = bytes.count
        list.forEachEdit(in: range) { _, range, replacement in count += replacement.count - range.count }
        return count
    }

    /// Writes `bytes` with the edits of the rewrites in `range` of `list` made into `buffer` (room
    /// for `rewrittenCount`) and returns how many bytes it wrote. No list of all the edits and no
    /// copy of the text is made, so that the scan checking a rewrite can have the text written
    /// straight into its own memory.
    static func write(_ list: RewriteList, _ range: Range<Int>, of bytes: [UInt8], into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var written = 0
        forEachPart(list, range, of: bytes) { part in
            (buffer.baseAddress! + written).copyMemory(from: part.baseAddress!, byteCount: part.count)
            written += part.count
        }
        return written
    }

    /// Hands `body` the text of `bytes` with the edits of the rewrites in `range` of `list` made, in
    /// parts, none empty: the slices between the edits and the replacements, one after another, when
    /// the edits come in order, as a file's rewrites nearly always do; else the whole text made at
    /// once. The edits are read in place (a file may get hundreds of thousands).
    static func forEachPart(_ list: RewriteList, _ range: Range<Int>, of bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        var last = -1
        var inOrder = true
        list.forEachEdit(in: range) { _, range, _ in
            if range.lowerBound <= last { inOrder = false }
            last = range.lowerBound
        }
        guard inOrder else {
            let made = apply(list.edits(in: range), to: bytes)
            made.withUnsafeBytes { if !$0.isEmpty { body($0) } }
            return
        }
        bytes.withUnsafeBytes { old in
            func put(_ part: UnsafeRawBufferPointer) {
                if !part.isEmpty { body(part) }
            }
            var position = 0
            list.forEachEdit(in: range) { _, range, replacement in
                put(UnsafeRawBufferPointer(rebasing: old[position..<range.lowerBound]))
                put(replacement)
                position = range.upperBound
            }
            put(UnsafeRawBufferPointer(rebasing: old[position...]))
        }
    }

    /// `bytes` with the edits made; the edits do not overlap.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(edits.reduce(bytes.count) { $0 + $1.replacement.utf8.count - $1.range.count })
        let inOrder = zip(edits, edits.dropFirst()).allSatisfy { $0.range.lowerBound < $1.range.lowerBound }
        var position = 0
        for edit in inOrder ? edits : edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[position..<edit.range.lowerBound]
            result.append(contentsOf: edit.replacement.utf8)
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return result
    }
}

/// A line of an Interface Builder file and a rule: what its rewrite depends on.
private struct LineRule: Hashable {
    var line: Int
    var rule: ScanRule
}

/// What a rewriter makes of one finding.
enum Outcome {
    case rewriteDescribed([Edit], String)
    case suggestion(String)

    static func rewrite(_ edits: [Edit], _ summary: String) -> Outcome { .rewriteDescribed(edits, summary) }
}
