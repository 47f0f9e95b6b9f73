import Platform

/// A file a plan changes: its path and old bytes, and its new text kept as the rewrites it is made
/// of. A file of hundreds of thousands of rewrites is staged from them a block at a time, instead of
/// as a copy of the whole new text in memory the system must clear first; bytes given whole (a plan
/// made in a test) are kept as they are.
struct ChangedFile: Sendable {
    var path: String
    var old: [UInt8]
    /// The rewrites of the plan's list that make the new text.
    var rewrites: Range<Int> = 0..<0
    /// The new text, when it was given rather than planned.
    var made: [UInt8]?

    /// The new text, made whole.
    func new(_ list: RewriteList) -> [UInt8] { made ?? Fixer.apply(list, rewrites, to: old) }

    /// Writes the new text to `output`, in parts.
    func write(_ list: RewriteList, to output: BufferedOutput) {
        if let made {
            output.write(bytes: made)
            return
        }
        // The parts gathered 64 KB at a time: a part each side of every edit, hundreds of thousands.
        let capacity = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { chunk.deallocate() }
        var used = 0
        Fixer.forEachPart(list, rewrites, of: old) { part in
            let bytes = part.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if used + part.count > capacity {
                output.write(UnsafeBufferPointer(start: chunk, count: used))
                used = 0
            }
            if part.count > capacity {
                output.write(UnsafeBufferPointer(start: bytes, count: part.count))
                return
            }
            (chunk + used).update(from: bytes, count: part.count)
            used += part.count
        }
        output.write(UnsafeBufferPointer(start: chunk, count: used))
    }
}

extension RewritePlan {
    /// Each changed file's path (relative to the root), old bytes and new bytes, in report order.
    /// The new bytes are made when they are asked for; `write(root:)` streams them instead.
    public var files: [(path: String, old: [UInt8], new: [UInt8])] {
        get { changed.map { ($0.path, $0.old, $0.new(rewriteList)) } }
        set { changed = newValue.map { ChangedFile(path: $0.path, old: $0.old, made: $0.new) } }
    }

    /// The changed files' paths, in report order, without their new text.
    public var changedPaths: [String] { changed.map(\.path) }

    /// The changes as one unified diff that `git apply` (or `patch -p1`) accepts in the scanned root.
    public var diff: String { files.map { UnifiedDiff.make(path: $0.path, old: $0.old, new: $0.new) }.joined() }
}
