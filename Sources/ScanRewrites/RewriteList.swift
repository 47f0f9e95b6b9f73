import DynamicType
import Scan

/// The rewrites of a plan, kept compactly: a record of plain values each, every edit in one array,
/// each file's path and bytes once. A rewrite costs no allocation of its own (a file may get hundreds
/// of thousands); it is made into a `Rewrite` value only when one is asked for.
public struct RewriteList: RandomAccessCollection, Sendable {
    /// A rewrite's summary: text, or a custom font's call in its file's bytes and the style it is given.
    enum Summary {
        case text(String)
        case customFont(call: Range<Int>, style: TextStyle)
    }

    /// One rewrite, with no reference to count: its edits and its file are indices.
    struct Entry {
        var line: Int
        /// A custom font's call in the file's bytes; for a summary given as text, `texts[lowerBound]`.
        var summary: Range<Int>
        var firstEdit: Int32
        var editCount: Int32
        var file: Int32
        /// The style a custom font is given; nil for a summary given as text.
        var style: TextStyle?
        var rule: ScanRule
        var fixesFinding: Bool
    }

    private(set) var entries: [Entry] = []
    private(set) var edits: [Edit] = []
    private var texts: [String] = []
    /// Each file's path, and its bytes, which custom fonts' summaries are read from.
    private var files: [(path: String, bytes: [UInt8])] = []

    public init() {}

    init(_ rewrites: some Sequence<Rewrite>) {
        for rewrite in rewrites {
            let summary: Summary = switch rewrite.described {
            case let .text(text): .text(text)
            case .customFont: .text(rewrite.summary)
            }
            append(file: rewrite.file, bytes: [], line: rewrite.line, rule: rewrite.rule, edits: rewrite.edits, summary: summary,
                   fixesFinding: rewrite.fixesFinding)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(k: Int) -> Rewrite {
        let entry = entries[k]
        return Rewrite(file: files[Int(entry.file)].path, line: entry.line, rule: entry.rule, edits: Array(edits(of: k)),
                       described: described(entry), fixesFinding: entry.fixesFinding)
    }

    mutating func append(file: String, bytes: [UInt8], line: Int, rule: ScanRule, edits added: some Sequence<Edit>, summary: Summary,
                         fixesFinding: Bool) {
        if files.last?.path != file { files.append((file, bytes)) }
        let first = edits.count
        edits.append(contentsOf: added)
        var entry = Entry(line: line, summary: 0..<0, firstEdit: Int32(first), editCount: Int32(edits.count - first),
                          file: Int32(files.count - 1), style: nil, rule: rule, fixesFinding: fixesFinding)
        switch summary {
        case let .text(text):
            entry.summary = texts.count..<texts.count
            texts.append(text)
        case let .customFont(call, style):
            entry.summary = call
            entry.style = style
        }
        entries.append(entry)
    }

    /// Appends rewrite `k` of `other` with `edits` (its own, or some of them).
    mutating func append(_ k: Int, of other: RewriteList, edits kept: some Sequence<Edit>) {
        let entry = other.entries[k]
        let file = other.files[Int(entry.file)]
        let summary: Summary = entry.style.map { .customFont(call: entry.summary, style: $0) } ?? .text(other.texts[entry.summary.lowerBound])
        append(file: file.path, bytes: file.bytes, line: entry.line, rule: entry.rule, edits: kept, summary: summary,
               fixesFinding: entry.fixesFinding)
    }

    /// The edits of rewrite `k`.
    func edits(of k: Int) -> ArraySlice<Edit> {
        let entry = entries[k]
        return edits[Int(entry.firstEdit)..<Int(entry.firstEdit + entry.editCount)]
    }

    /// The edits of the rewrites in `range`, in their order.
    func edits(in range: Range<Int>) -> [Edit] { range.flatMap { edits(of: $0) } }

    public func line(_ k: Int) -> Int { entries[k].line }
    public func rule(_ k: Int) -> ScanRule { entries[k].rule }
    public func fixesFinding(_ k: Int) -> Bool { entries[k].fixesFinding }
    /// The index of rewrite `k`'s file among `paths`, the same for rewrites of the same file.
    public func fileIndex(_ k: Int) -> Int { Int(entries[k].file) }
    /// The files rewritten, in the order of their first rewrite.
    public var paths: [String] { files.map(\.path) }

    /// The rewrites from `count` on let go, and the files that had only those. (A list's rewrites,
    /// their edits and their texts are in one order, the order they were appended in.)
    mutating func truncate(to count: Int) {
        guard count < entries.count else { return }
        let first = entries[count]
        edits.removeSubrange(Int(first.firstEdit)...)
        if let text = entries[count...].first(where: { $0.style == nil }) { texts.removeSubrange(text.summary.lowerBound...) }
        entries.removeSubrange(count...)
        files.removeSubrange((entries.last.map { Int($0.file) + 1 } ?? 0)...)
    }

    /// Keeps, of the rewrites from `first` on, those `keep` says, in their order.
    mutating func keep(from first: Int, where keep: (Int) -> Bool) {
        let all = self
        truncate(to: first)
        for k in first..<all.count where keep(k) { append(k, of: all, edits: all.edits(of: k)) }
    }

    /// The rewrites in line order, those on one line in the order they came. The list is made again
    /// in that order, so that its rewrites, their edits and their texts keep one order.
    mutating func sortByLine() {
        guard zip(entries, entries.dropFirst()).contains(where: { $0.line > $1.line }) else { return }
        let all = self
        self = RewriteList()
        for k in all.indices.sorted(by: { (all.entries[$0].line, $0) < (all.entries[$1].line, $1) }) {
            append(k, of: all, edits: all.edits(of: k))
        }
    }

    func described(_ entry: Entry) -> RewriteSummary {
        guard let style = entry.style else { return .text(texts[entry.summary.lowerBound]) }
        return .customFont(call: files[Int(entry.file)].bytes[entry.summary], style: style)
    }

    /// What rewrite `k` changes, in a few words.
    public func summary(_ k: Int) -> String { described(entries[k]).text }

    /// Appends rewrite `k`'s summary to `line` when it is all printable ASCII, which a terminal shows
    /// as it is; otherwise appends nothing and returns false (the summary is then to be made safe).
    public func appendPrintableSummary(_ k: Int, to line: inout [UInt8]) -> Bool {
        let entry = entries[k]
        guard let style = entry.style else {
            var text = texts[entry.summary.lowerBound]
            return text.withUTF8 { bytes in
                guard Self.isPrintable(bytes) else { return false }
                line.append(contentsOf: bytes)
                return true
            }
        }
        return files[Int(entry.file)].bytes.withUnsafeBufferPointer { all in
            let call = UnsafeBufferPointer(rebasing: all[entry.summary])
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RelativeCustomFonts.summaryCapacity(call)) { buffer in
                let made = UnsafeBufferPointer(rebasing: buffer[..<RelativeCustomFonts.writeSummary(call, style: style, into: buffer.baseAddress!)])
                guard Self.isPrintable(made) else { return false }
                line.append(contentsOf: made)
                return true
            }
        }
    }

    /// Space to tilde only: what a terminal shows as it is.
    static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var outside: UInt8 = 0
        for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
        return outside == 0
    }
}
