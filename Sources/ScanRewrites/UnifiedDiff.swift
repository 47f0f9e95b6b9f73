/// A unified diff of one file, in the form `git apply` and `patch -p1` take: `a/` and `b/` paths,
/// hunks with three lines of context, and "\ No newline at end of file" where a side ends without one.
enum UnifiedDiff {
    static let context = 3

    static func make(path: String, old: [UInt8], new: [UInt8]) -> String {
        let a = lines(old)
        let b = lines(new)
        // The edits are few and local: the common start and end, then the changed lines between, taken
        // as runs that differ between matching lines (a line-by-line walk is enough for rewrites that
        // keep the line count or change it in one place).
        let changes = changedRuns(a, b)
        guard !changes.isEmpty else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < changes.count {
            // Runs closer than twice the context share a hunk.
            var last = index
            while last + 1 < changes.count && changes[last + 1].oldStart - changes[last].oldEnd <= 2 * context { last += 1 }
            let oldStart = max(0, changes[index].oldStart - context)
            let oldEnd = min(a.count, changes[last].oldEnd + context)
            let newStart = changes[index].newStart - (changes[index].oldStart - oldStart)
            let newEnd = changes[last].newEnd + (oldEnd - changes[last].oldEnd)
            output += "@@ -\(range(oldStart, oldEnd)) +\(range(newStart, newEnd)) @@\n"
            var position = oldStart
            for run in changes[index...last] {
                for k in position..<run.oldStart { output += line(" ", a[k]) }
                for k in run.oldStart..<run.oldEnd { output += line("-", a[k]) }
                for k in run.newStart..<run.newEnd { output += line("+", b[k]) }
                position = run.oldEnd
            }
            for k in position..<oldEnd { output += line(" ", a[k]) }
            index = last + 1
        }
        return output
    }

    struct Run {
        var oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int
    }

    /// The runs of lines that differ, found by walking both sides with a small look-ahead to re-align
    /// after lines were added or removed.
    static func changedRuns(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Run] {
        var runs: [Run] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            // The nearest point where both sides meet again, by the fewest lines skipped.
            var best: (Int, Int)?
            // Rewrites change a line or two; past a few hundred lines the rest is one run.
            search: for total in 1...min(400, a.count - i + b.count - j) {
                for skipA in stride(from: min(total, a.count - i), through: max(0, total - (b.count - j)), by: -1) {
                    let skipB = total - skipA
                    let x = i + skipA
                    let y = j + skipB
                    if x == a.count && y == b.count || (x < a.count && y < b.count && a[x] == b[y]) {
                        best = (x, y)
                        break search
                    }
                }
            }
            let (x, y) = best ?? (a.count, b.count)
            runs.append(Run(oldStart: i, oldEnd: x, newStart: j, newEnd: y))
            i = x
            j = y
        }
        return runs
    }

    /// The file's lines, each with its line break (the last may have none).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...offset])
            start = offset + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    static func line(_ marker: String, _ bytes: ArraySlice<UInt8>) -> String {
        let text = marker + String(decoding: bytes, as: UTF8.self)
        return bytes.last == 0x0A ? text : text + "\n\\ No newline at end of file\n"
    }

    /// `start,count` in 1-based lines; an empty range names the line before it.
    static func range(_ start: Int, _ end: Int) -> String {
        let count = end - start
        if count == 0 { return "\(start),0" }
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }
}
