import Platform
import Scan

/// How the check reads findings: the original's, and those of the rewritten text.
public struct Rescanning: Sendable {
    /// The original file's findings, given its path and bytes.
    var original: @Sendable (String, [UInt8]) -> [Finding]?
    /// The original file's shape, given its path and bytes (nil for a file that is not Swift).
    var originalShape: @Sendable (String, [UInt8]) -> SourceShape? = { SourceShape(path: $0, bytes: $1) }
    /// The rewritten file scanned, given its path and new text.
    var rewritten: @Sendable (String, RewrittenText) -> FileRescan?

    /// Each file scanned alone, so that what the rest of the project tells the scan weighs the
    /// same on each side: for a report that does not keep its sources.
    static let alone = Rescanning(original: { path, bytes in
        (try? SourceScanner.scan(files: [(path, bytes)], afterward: .freeNow))?.findings
    }, rewritten: { path, text in
        (try? SourceScanner.scan(files: [(path, text.bytes)], afterward: .freeNow)).map { report in
            FileRescan(findings: report.findings, lines: report.linesScanned, signs: report.goodSigns.first?.counts ?? [:], sameFacts: false)
        }
    })

    /// The original's findings as `report` has them, and the rewritten file scanned with the
    /// project's index of the same scan (`ScannedSources.rescan`): both sides read in the same
    /// project, and the second scan of the file is the one a scan of the tree would make.
    static func within(_ report: ScanReport, _ sources: ScannedSources) -> Rescanning {
        var byFile: [String: [Finding]] = [:]
        for finding in report.findings { byFile[finding.file, default: []].append(finding) }
        let findings = byFile
        return Rescanning(original: { path, _ in findings[path] ?? [] },
                          originalShape: { path, bytes in sources.shape(of: path) ?? SourceShape(path: path, bytes: bytes) },
                          rewritten: { path, text in
                              // What planning a large file freed goes back to the system before the scan takes its own.
                              if text.count >= 1 << 20 { Memory.releaseFreedPages() }
                              return sources.rescan(path, byteCount: text.count, write: text.write)
                          })
    }
}

/// A file's text with rewrites made, written where it is needed: straight into the memory of the
/// scan that checks it, and as bytes of its own only for what needs them (a file the check scans
/// alone, a shape no scan gave, the lines of a finding to place).
struct RewrittenText {
    let old: [UInt8]
    /// The rewrites made: those in `range` of `list`.
    let list: RewriteList
    let range: Range<Int>
    let count: Int

    init(old: [UInt8], rewrites list: RewriteList, _ range: Range<Int>) {
        self.old = old
        self.list = list
        self.range = range
        count = Fixer.rewrittenCount(list, range, of: old)
    }

    func write(into buffer: UnsafeMutableRawBufferPointer) -> Int { Fixer.write(list, range, of: old, into: buffer) }

    var bytes: [UInt8] { Fixer.apply(list, range, to: old) }
}

/// The check that a file's rewrites make nothing worse, run before the file is written: the file
/// rewritten still reads the same to the scan's own parser (every bracket matched that was, the same
/// declarations), and scanned again it has no finding the file did not have before. Both sides are
/// scanned alone, so that what the rest of the project tells the scan weighs the same on each.
enum NeverWorse {
    /// Why the rewritten file would be worse, and the lines of the original it would be worse at
    /// (empty when it is the whole file's doing); nil when it is no worse.
    struct Problem {
        var reason: String
        var lines: Set<Int>
    }

    /// `scanning` gives the original's findings and scans the rewritten file; what it found is
    /// `rescan` when the file is no worse.
    static func check(path: String, text: RewrittenText, scanning: Rescanning, rescan: inout FileRescan?) -> Problem? {
        let old = text.old
        // The shapes come from the scans that are made anyway (the original's from the first scan,
        // the rewritten file's from its scan here); one is lexed only where a scan has none. One
        // scan at a time, each let go before the next: a scan's tokens take many times its file.
        let scanned = scanning.rewritten(path, text)
        if let before = scanning.originalShape(path, old), let after = scanned?.shape ?? SourceShape(path: path, bytes: text.bytes),
           let lost = before.lost(in: after) {
            return Problem(reason: lost, lines: [])
        }
        guard let before = scanning.original(path, old) else {
            return Problem(reason: "the file could not be scanned again", lines: [])
        }
        // Each finding the original has, by rule and line; a finding of the rewritten file must take
        // one of the same rule at the line it comes from.
        var had: [RuleLine: Int] = [:]
        for finding in before { had[RuleLine(rule: finding.rule, line: finding.line), default: 0] += 1 }
        guard let scanned else {
            return Problem(reason: "the rewritten file could not be scanned again", lines: [])
        }
        let after = scanned.findings
        // Where the rewritten file's lines come from, worked out only when it has findings to place.
        var map: LineMap?
        var problem: Problem?
        for finding in after {
            let lines = map ?? LineMap(old: old, new: text.bytes, edits: text.list.edits(in: text.range))
            map = lines
            let line = lines.oldLine(ofNewLine: finding.line)
            let key = RuleLine(rule: finding.rule, line: line)
            if let left = had[key], left > 0 {
                had[key] = left - 1
                continue
            }
            if problem == nil {
                problem = Problem(reason: "it would add a \(finding.rule.rawValue) finding at line \(finding.line): \(finding.message)", lines: [])
            }
            problem?.lines.insert(line)
        }
        if problem == nil { rescan = scanned }
        return problem
    }

    private struct RuleLine: Hashable {
        var rule: ScanRule
        var line: Int
    }
}

/// Where a line of a rewritten file comes from in the original: lines the edits did not touch move by
/// the lines the edits before them added or removed; a line an edit wrote is the line the edit starts at.
struct LineMap {
    private let newLineStarts: [Int]
    private let oldLineStarts: [Int]
    /// Each edit's range in the original and in the rewritten file, in order.
    private let spans: [(old: Range<Int>, new: Range<Int>)]

    init(old: [UInt8], new: [UInt8], edits: [Edit]) {
        oldLineStarts = Self.lineStarts(old)
        newLineStarts = Self.lineStarts(new)
        var spans: [(old: Range<Int>, new: Range<Int>)] = []
        var shift = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let start = edit.range.lowerBound + shift
            let length = edit.replacement.utf8.count
            spans.append((edit.range, start..<(start + length)))
            shift += length - edit.range.count
        }
        self.spans = spans
    }

    /// The 1-based line of the original that 1-based line `line` of the rewritten file comes from.
    func oldLine(ofNewLine line: Int) -> Int {
        guard line >= 1, line <= newLineStarts.count else { return line }
        let offset = newLineStarts[line - 1]
        // The last edit that starts at or before the line, found by halves: a file may have
        // hundreds of thousands of rewrites.
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].new.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return Self.line(of: offset, in: oldLineStarts) }
        let span = spans[low - 1]
        if offset < span.new.upperBound { return Self.line(of: span.old.lowerBound, in: oldLineStarts) }
        return Self.line(of: offset - (span.new.upperBound - span.old.upperBound), in: oldLineStarts)
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (k, byte) in bytes.enumerated() where byte == 0x0A { starts.append(k + 1) }
        return starts
    }

    /// The 1-based line holding byte `offset`.
    private static func line(of offset: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}

extension Fixer {
    /// Checks the rewrites of `file` in `plan` (from `first` on) against `NeverWorse`: those at the
    /// lines a problem is found at are held back and the rest tried again, a few times; a problem no
    /// rewrite's line explains holds the whole file back. Returns the file's bytes with the rewrites
    /// kept, or nil when none is.
    static func holdBackWorse(_ plan: inout RewritePlan, from first: Int, file: String, bytes: [UInt8],
                              scanning: Rescanning = .alone) -> [UInt8]? {
        holdBackWorseKeeping(&plan, from: first, file: file, bytes: bytes, scanning: scanning).map { apply(plan.rewriteList, $0, to: bytes) }
    }

    /// The same, returning the rewrites of the plan's list kept: the file's new text is made from
    /// them where it is needed (written a block at a time, `ChangedFile`).
    static func holdBackWorseKeeping(_ plan: inout RewritePlan, from first: Int, file: String, bytes: [UInt8],
                                     scanning: Rescanning = .alone) -> Range<Int>? {
        for attempt in 0..<4 {
            let kept = first..<plan.rewriteList.count
            var rescan: FileRescan?
            guard let problem = NeverWorse.check(path: file, text: RewrittenText(old: bytes, rewrites: plan.rewriteList, kept),
                                                 scanning: scanning, rescan: &rescan) else {
                plan.rescans[file] = rescan
                return kept
            }
            // Where each line starts, worked out again only when a rewrite is held back.
            let source = SourceText(bytes)
            let list = plan.rewriteList
            let lines = { (k: Int) in
                [list.line(k)] + list.edits(of: k).map { source.line(of: $0.range.lowerBound) }
            }
            var held = attempt < 3 && !problem.lines.isEmpty
                ? Set(kept.filter { lines($0).contains(where: problem.lines.contains) })
                : []
            if held.isEmpty { held = Set(kept) }
            for k in kept where held.contains(k) {
                plan.suggestions.append(Suggestion(file: file, line: list.line(k), rule: list.rule(k),
                                                   text: "held back: \(list.summary(k)) makes things worse: \(problem.reason)"))
            }
            plan.rewriteList.keep(from: first) { !held.contains($0) }
            guard plan.rewriteList.count > first else { return nil }
        }
        return nil
    }
}
