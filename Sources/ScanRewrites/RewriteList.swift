import DynamicType
import Platform
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

    /// One rewrite, with no reference to count: its edits and its file are indices, its offsets and
    /// lines 32-bit (the scan reads files under 2 GB). 40 bytes: a file may get a million rewrites.
    struct Entry {
        var rule: ScanRule
        var line: Int32
        /// A custom font's call, from its first byte in the file's bytes; for a summary given as text,
        /// its index in `texts`.
        var summaryStart: Int32
        var summaryCount: Int32
        /// Where its edits start in `edits`; for a custom font given its style (`insertsStyle`), the
        /// offset where the style's argument goes, its one edit.
        var firstEdit: Int32
        var editCount: Int32
        var file: Int32
        /// The style a custom font is given; nil for a summary given as text.
        var style: TextStyle?
        /// Where the style's texts are (`RelativeCustomFonts.slot`), worked out once.
        var styleSlot: UInt8 = 0
        /// The rule's place in `ScanRule.allCases`: the listing compares these, not the rules' ids.
        var ruleSlot: UInt8 = 0
        var fixesFinding: Bool
        /// Its one edit inserts `relativeTo:` with its style at `firstEdit`, and is kept here rather
        /// than in `edits`.
        var insertsStyle: Bool

        var summary: Range<Int> { Int(summaryStart)..<Int(summaryStart) + Int(summaryCount) }
    }

    private(set) var entries: [Entry] = []
    /// The edits of the rewrites that do not keep theirs in their entry, in the rewrites' order.
    private var edits: [Edit] = []
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
        return Rewrite(file: files[Int(entry.file)].path, line: Int(entry.line), rule: entry.rule, edits: Array(edits(of: k)),
                       described: described(entry), fixesFinding: entry.fixesFinding)
    }

    mutating func append(file: String, bytes: [UInt8], line: Int, rule: ScanRule, edits added: some Sequence<Edit>, summary: Summary,
                         fixesFinding: Bool, ruleSlot: UInt8? = nil) {
        if files.last?.path != file { files.append((file, bytes)) }
        var entry = Entry(rule: rule, line: Int32(line), summaryStart: 0, summaryCount: 0, firstEdit: Int32(edits.count), editCount: 0,
                          file: Int32(files.count - 1), style: nil, ruleSlot: ruleSlot ?? Self.slot(rule), fixesFinding: fixesFinding, insertsStyle: false)
        switch summary {
        case let .text(text):
            entry.summaryStart = Int32(texts.count)
            texts.append(text)
        case let .customFont(call, style):
            entry.summaryStart = Int32(call.lowerBound)
            entry.summaryCount = Int32(call.count)
            entry.style = style
            entry.styleSlot = UInt8(RelativeCustomFonts.slot(style))
            // A custom font's one insertion of its style, as `RelativeCustomFonts` makes it: kept in the entry.
            var iterator = added.makeIterator()
            if let only = iterator.next(), iterator.next() == nil, only.range.isEmpty,
               only.replacement == RelativeCustomFonts.texts(style).addition {
                entry.firstEdit = Int32(only.range.lowerBound)
                entry.editCount = 1
                entry.insertsStyle = true
                entries.append(entry)
                return
            }
        }
        let first = edits.count
        edits.append(contentsOf: added)
        entry.editCount = Int32(edits.count - first)
        entries.append(entry)
    }

    /// Appends rewrite `k` of `other` with `edits` (its own, or some of them).
    mutating func append(_ k: Int, of other: RewriteList, edits kept: some Sequence<Edit>) {
        let entry = other.entries[k]
        let file = other.files[Int(entry.file)]
        let summary: Summary = entry.style.map { .customFont(call: entry.summary, style: $0) } ?? .text(other.texts[Int(entry.summaryStart)])
        append(file: file.path, bytes: file.bytes, line: Int(entry.line), rule: entry.rule, edits: kept, summary: summary,
               fixesFinding: entry.fixesFinding, ruleSlot: entry.ruleSlot)
    }

    /// Whether `other` is this very list, unchanged since it was copied: both hold the same storage.
    /// While one copy lives, a change to the other writes storage of its own, so a list that shares
    /// all of it with a copy kept aside has not changed since.
    func isUnchangedCopy(of other: RewriteList) -> Bool {
        func same<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        }
        return same(entries, other.entries) && same(edits, other.edits) && same(texts, other.texts) && same(files, other.files)
    }

    /// The edits of rewrite `k`.
    func edits(of k: Int) -> Edits {
        let entry = entries[k]
        if entry.insertsStyle, let style = entry.style {
            return Edits(stored: [], inserted: Edit(Int(entry.firstEdit)..<Int(entry.firstEdit), RelativeCustomFonts.texts(style).addition))
        }
        return Edits(stored: edits[Int(entry.firstEdit)..<Int(entry.firstEdit + entry.editCount)], inserted: nil)
    }

    /// A rewrite's edits: those it keeps in the list's array, or the one its entry holds.
    struct Edits: RandomAccessCollection {
        let stored: ArraySlice<Edit>
        let inserted: Edit?

        var startIndex: Int { 0 }
        var endIndex: Int { inserted == nil ? stored.count : 1 }
        subscript(k: Int) -> Edit { inserted ?? stored[stored.startIndex + k] }
    }

    /// The edits of the rewrites in `range`, in their order.
    func edits(in range: Range<Int>) -> [Edit] { range.flatMap { edits(of: $0) } }

    /// Calls `body` with each edit of the rewrites in `range` (the rewrite's index, the edit's range
    /// and its replacement read in place), in their order: the edits of hundreds of thousands of
    /// rewrites may be read one after another.
    func forEachEdit(in range: Range<Int>, _ body: (_ rewrite: Int, _ range: Range<Int>, _ replacement: UnsafeRawBufferPointer) -> Void) {
        RelativeCustomFonts.withAdditions { additions in
            edits.withUnsafeBufferPointer { all in
                entries.withUnsafeBufferPointer { entries in
                    for k in range {
                        let entry = entries[k]
                        if entry.insertsStyle {
                            let at = Int(entry.firstEdit)
                            body(k, at..<at, additions(Int(entry.styleSlot)))
                            continue
                        }
                        for n in Int(entry.firstEdit)..<Int(entry.firstEdit + entry.editCount) {
                            let replacement = all[n].replacement.utf8
                            if replacement.withContiguousStorageIfAvailable({ body(k, all[n].range, UnsafeRawBufferPointer($0)) }) == nil {
                                Array(replacement).withUnsafeBytes { body(k, all[n].range, $0) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the range of each edit of rewrite `k`.
    func forEachEditRange(of k: Int, _ body: (Range<Int>) -> Void) {
        let entry = entries[k]
        guard !entry.insertsStyle else {
            body(Int(entry.firstEdit)..<Int(entry.firstEdit))
            return
        }
        for n in Int(entry.firstEdit)..<Int(entry.firstEdit + entry.editCount) { body(edits[n].range) }
    }

    /// Appends a custom font's rewrite that gives it `style`: its one edit, inserting the style's
    /// argument at `offset`, kept in its entry (`RelativeCustomFonts` makes hundreds of thousands).
    mutating func appendStyleInsertion(file: String, bytes: [UInt8], line: Int, at offset: Int, call: Range<Int>, style: TextStyle) {
        if files.last?.path != file { files.append((file, bytes)) }
        appendStyleInsertion(line: line, at: offset, call: call, style: style)
    }

    /// Room for `count` more rewrites, made at once: a list grown one rewrite at a time copies its
    /// records again at each doubling, into memory the system must clear first.
    mutating func reserveCapacity(adding count: Int) {
        Memory.reserveOnLargePages(&entries, adding: count)
    }

    /// The same in the file of the list's last rewrite, which must be the custom font's.
    mutating func appendStyleInsertion(line: Int, at offset: Int, call: Range<Int>, style: TextStyle) {
        entries.append(Entry(rule: .fixedFontSize, line: Int32(line), summaryStart: Int32(call.lowerBound), summaryCount: Int32(call.count),
                             firstEdit: Int32(offset), editCount: 1, file: Int32(files.count - 1), style: style,
                             styleSlot: UInt8(RelativeCustomFonts.slot(style)), ruleSlot: Self.fixedFontSizeSlot, fixesFinding: false,
                             insertsStyle: true))
    }

    private static func slot(_ rule: ScanRule) -> UInt8 { UInt8(ScanRule.allCases.firstIndex(of: rule) ?? 0) }
    private static let fixedFontSizeSlot = slot(.fixedFontSize)

    public func line(_ k: Int) -> Int { Int(entries[k].line) }
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
        if let stored = entries[count...].first(where: { !$0.insertsStyle }) { edits.removeSubrange(Int(stored.firstEdit)...) }
        if let text = entries[count...].first(where: { $0.style == nil }) { texts.removeSubrange(Int(text.summaryStart)...) }
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
        guard let style = entry.style else { return .text(texts[Int(entry.summaryStart)]) }
        return .customFont(call: files[Int(entry.file)].bytes[entry.summary], style: style)
    }

    /// What rewrite `k` changes, in a few words.
    public func summary(_ k: Int) -> String { described(entries[k]).text }

    /// The listing of the rewrites in `range` (all of them without), a line each, "  FILE:LINE RULE:
    /// SUMMARY", handed to `write` a chunk of many lines at a time: a file may get hundreds of
    /// thousands. `shownPath` gives a file as a terminal may show it; a summary of printable ASCII goes
    /// in as it is, a custom font's written from the call's bytes, and any other goes through `safe`
    /// first. The listings of ranges one after another are the listing of all of them.
    public func writeListing(_ range: Range<Int>? = nil, shownPath: (String) -> String, safe: (String) -> String,
                             to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let range = range ?? indices
        let capacity = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { chunk.deallocate() }
        var used = 0
        func flush() {
            if used > 0 { write(UnsafeBufferPointer(start: chunk, count: used)) }
            used = 0
        }
        // Bytes too many for what is left of the chunk go after the chunk's, or alone when they
        // would not fit in an empty one.
        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !bytes.isEmpty else { return }
            if used + bytes.count > capacity { flush() }
            if bytes.count > capacity {
                write(bytes)
                return
            }
            (chunk + used).update(from: bytes.baseAddress!, count: bytes.count)
            used += bytes.count
        }
        func put(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { put($0) } }
        func putSafe(_ text: String) { put(Array(safe(text).utf8)) }
        // Room for a byte or a number is made before they are put.
        func putByte(_ byte: UInt8) {
            chunk[used] = byte
            used += 1
        }
        func putDecimal(_ value: Int) {
            guard value >= 0 else {
                put(Array(String(value).utf8))
                return
            }
            // The digits from the last, divided by ten each time (a multiplication once compiled).
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            rest = value
            for k in stride(from: digits - 1, through: 0, by: -1) {
                chunk[used + k] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            used += digits
        }
        var shownRule: (slot: Int, shown: [UInt8]) = (-1, [])
        var k = range.lowerBound
        // Rewrites come grouped by file: each file's bytes are held once for all its summaries.
        while k < range.upperBound {
            let file = Int(entries[k].file)
            var end = k + 1
            while end < range.upperBound && Int(entries[end].file) == file { end += 1 }
            // What starts each of the file's lines, "  FILE:", made once.
            let start = Array(("  " + shownPath(files[file].path) + ":").utf8)
            start.withUnsafeBufferPointer { start in files[file].bytes.withUnsafeBufferPointer { all in
                for n in k..<end {
                    let entry = entries[n]
                    if Int(entry.ruleSlot) != shownRule.slot { shownRule = (Int(entry.ruleSlot), Array(" \(entry.rule.rawValue): ".utf8)) }
                    put(start)
                    if used + 20 > capacity { flush() }
                    putDecimal(Int(entry.line))
                    put(shownRule.shown)
                    if let style = entry.style {
                        let call = UnsafeBufferPointer(rebasing: all[entry.summary])
                        let room = RelativeCustomFonts.summaryCapacity(call)
                        if used + room > capacity { flush() }
                        if room <= capacity {
                            var printable = true
                            let count = RelativeCustomFonts.writeSummary(call, slot: Int(entry.styleSlot), into: chunk + used, printable: &printable)
                            if printable {
                                used += count
                            } else {
                                putSafe(RelativeCustomFonts.summary(files[file].bytes[entry.summary], style: style))
                            }
                        } else {
                            let text = RelativeCustomFonts.summary(files[file].bytes[entry.summary], style: style)
                            var printable = false
                            Array(text.utf8).withUnsafeBufferPointer { bytes in
                                printable = Self.isPrintable(bytes)
                                if printable { put(bytes) }
                            }
                            if !printable { putSafe(text) }
                        }
                    } else {
                        var text = texts[Int(entry.summaryStart)]
                        let printable = text.withUTF8 { bytes in
                            guard Self.isPrintable(bytes) else { return false }
                            put(bytes)
                            return true
                        }
                        if !printable { putSafe(text) }
                    }
                    if used + 1 > capacity { flush() }
                    putByte(0x0A)
                }
            } }
            k = end
        }
        flush()
    }

    /// Space to tilde only: what a terminal shows as it is.
    static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var outside: UInt8 = 0
        for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
        return outside == 0
    }
}
