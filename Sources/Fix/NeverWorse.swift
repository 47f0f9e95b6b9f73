import Scan

/// How the check reads findings: the original's, and those of the rewritten text.
public struct Rescanning: Sendable {
    /// The original file's findings, given its path and bytes.
    var original: @Sendable (String, [UInt8]) -> [Finding]?
    /// The rewritten file scanned, given its path and new bytes.
    var rewritten: @Sendable (String, [UInt8]) -> FileRescan?

    /// Each file scanned alone, so that what the rest of the project tells the scan weighs the
    /// same on each side: for a report that does not keep its sources.
    static let alone = Rescanning(original: { path, bytes in
        (try? SourceScanner.scan(files: [(path, bytes)], afterward: .freeNow))?.findings
    }, rewritten: { path, bytes in
        (try? SourceScanner.scan(files: [(path, bytes)], afterward: .freeNow)).map { report in
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
        return Rescanning(original: { path, _ in findings[path] ?? [] }, rewritten: { path, bytes in sources.rescan(path, bytes: bytes) })
    }
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
    static func check(path: String, old: [UInt8], new: [UInt8], edits: [Edit], scanning: Rescanning,
                      rescan: inout FileRescan?) -> Problem? {
        if let before = SourceShape(path: path, bytes: old), let after = SourceShape(path: path, bytes: new),
           let lost = before.lost(in: after) {
            return Problem(reason: lost, lines: [])
        }
        // One scan at a time, each let go before the next: a scan's tokens take many times its file.
        guard let before = scanning.original(path, old) else {
            return Problem(reason: "the file could not be scanned again", lines: [])
        }
        // Each finding the original has, by rule and line; a finding of the rewritten file must take
        // one of the same rule at the line it comes from.
        var had: [RuleLine: Int] = [:]
        for finding in before { had[RuleLine(rule: finding.rule, line: finding.line), default: 0] += 1 }
        guard let scanned = scanning.rewritten(path, new) else {
            return Problem(reason: "the rewritten file could not be scanned again", lines: [])
        }
        let after = scanned.findings
        let lines = LineMap(old: old, new: new, edits: edits)
        var problem: Problem?
        for finding in after {
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
    static func holdBackWorse(_ plan: inout FixPlan, from first: Int, file: String, source: SourceText, rewritten: [UInt8],
                              scanning: Rescanning = .alone) -> [UInt8]? {
        var rewritten = rewritten
        for attempt in 0..<4 {
            let kept = plan.rewrites[first...]
            var rescan: FileRescan?
            guard let problem = NeverWorse.check(path: file, old: source.bytes, new: rewritten, edits: kept.flatMap(\.edits),
                                                 scanning: scanning, rescan: &rescan) else {
                plan.rescans[file] = rescan
                return rewritten
            }
            let lines = { (rewrite: Rewrite) in
                [rewrite.line] + rewrite.edits.map { source.line(of: $0.range.lowerBound) }
            }
            var held = attempt < 3 && !problem.lines.isEmpty
                ? Set(kept.indices.filter { lines(kept[$0]).contains(where: problem.lines.contains) })
                : []
            if held.isEmpty { held = Set(kept.indices) }
            for k in kept.indices where held.contains(k) {
                plan.suggestions.append(Suggestion(file: file, line: kept[k].line, rule: kept[k].rule,
                                                   text: "held back: \(kept[k].summary) makes things worse: \(problem.reason)"))
            }
            let remaining = kept.indices.filter { !held.contains($0) }.map { kept[$0] }
            plan.rewrites.replaceSubrange(first..., with: remaining)
            guard !remaining.isEmpty else { return nil }
            rewritten = apply(remaining.flatMap(\.edits), to: source.bytes)
        }
        return nil
    }
}
