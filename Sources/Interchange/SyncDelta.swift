import AuditLog
import AuditStore
import Platform

/// A sync that reads only what changed in the shared file since the store's copy of it
/// (`SharedCopy`): the lines between the longest start and end the file and the copy share. Those
/// shared lines the store holds byte for byte, so the outcome is the one reading the whole file
/// gives; whatever this path cannot be sure of (the copy, a line it does not expect, a change that
/// moves blocks) is left to the whole sync.
struct SyncDelta {
    let copy: SharedCopy
    let file: [UInt8]
    let screens: [String]
    /// The shared start and end, both at line boundaries.
    let prefix: Int
    let suffix: Int
    var records: [(record: LogRecord, line: Int)] = []
    var summary = AuditFile.Summary()

    /// Whether the copy's middle and the file's are the same bytes: nothing to take in.
    var fileUnchanged: Bool { file.count == copy.bytes.count && prefix + suffix == file.count }

    /// What changed, read without changing anything; nil when the whole file must be read.
    static func read(_ store: AuditStore, _ shared: SharedAudit) throws -> SyncDelta? {
        let screens = try store.screenOrder()
        guard let copy = try SharedCopy.load(store, file: shared.relativePath, screens: screens),
              let opened = RegularFile(opening: shared.path), opened.byteCount <= SharedCopy.largestFile,
              let file = opened.readAll(), file.count <= SharedCopy.largestFile else { return nil }
        let old = copy.bytes
        let (prefix, suffix) = old.withUnsafeBytes { a in file.withUnsafeBytes { b in commonEnds(a, b) } }
        guard prefix > AuditFile.header.utf8.count, suffix >= AuditFile.footer.utf8.count else { return nil }
        // A large change is read faster by the whole sync, which skips known lines by their digests.
        let middle = file.count - suffix - prefix
        guard middle <= max(1 << 20, file.count / 8) else { return nil }
        var delta = SyncDelta(copy: copy, file: file, screens: screens, prefix: prefix, suffix: suffix)
        var removed = 0
        for index in prefix..<(old.count - suffix) where old[index] == 0x0A { removed += 1 }
        delta.summary.known = copy.records - removed
        guard delta.readMiddle() else { return nil }
        return delta
    }

    /// The longest common start and end of the copy `a` and the file `b`, shrunk to whole lines
    /// of both, and never overlapping.
    private static func commonEnds(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> (Int, Int) {
        var prefix = ByteComparison.commonPrefix(a, b)
        while prefix > 0, a[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = ByteComparison.commonSuffix(a, b, limit: min(a.count, b.count) - prefix)
        while suffix > 0 {
            let (x, y) = (a.count - suffix - 1, b.count - suffix - 1)
            if x >= 0, y >= 0, a[x] == 0x0A, b[y] == 0x0A { break }
            suffix -= 1
        }
        return (prefix, suffix)
    }

    /// Reads the file's middle lines as the whole sync would; false at a line it leaves to it.
    private mutating func readMiddle() -> Bool {
        var number = lineNumber(at: prefix)
        var start = prefix
        let end = file.count - suffix
        while start < end {
            guard let newline = file[start..<end].firstIndex(of: 0x0A) else { return false }
            var line = file[start..<newline]
            start = newline + 1
            defer { number += 1 }
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
            if line.isEmpty { continue }
            if AuditFile.isConflictMarker(line) {
                summary.conflictMarkers += 1
                continue
            }
            // Anything but a record line (a format 1 part, the end lines, damage) is the whole sync's to read or refuse.
            guard line.starts(with: "{\"record\":\"".utf8), !FormatOneFeed.isFormatOneHeader(line),
                  case .record(let record)? = try? RecordReader.read(line: line, number: number) else { return false }
            records.append((record, number))
        }
        return true
    }

    /// The number of the copy's line that starts at `offset` (a line start), counted from its block.
    private func lineNumber(at offset: Int) -> Int {
        var low = 0
        var high = copy.blocks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if copy.blocks[mid].start <= offset { low = mid } else { high = mid - 1 }
        }
        let block = copy.blocks[low]
        var number = block.line
        for index in block.start..<offset where copy.bytes[index] == 0x0A { number += 1 }
        return number
    }

    /// The file the store writes now, as pieces of the copy with the blocks that gained records
    /// read again; nil when blocks moved or a line was replaced (the whole file is written then).
    func output(_ store: AuditStore, after outcome: MergeOutcome) throws -> SpliceFile? {
        guard outcome.replaced == 0 else { return nil }
        let added = try store.blocksAdded(after: copy.lastSequence)
        guard !added.opensScreens, try store.screenOrder() == screens else { return nil }
        var positions: [String: Int] = [:]
        for (index, screen) in screens.enumerated() where added.blocks.contains(screen) { positions[screen] = index + 1 }
        var touched: [Int] = []
        for block in added.blocks {
            guard let screen = block else {
                touched.append(0)
                continue
            }
            guard let position = positions[screen] else { return nil }
            touched.append(position)
        }
        var splice = SpliceFile(copy: copy)
        for index in touched.sorted() {
            var bytes: [UInt8] = []
            try store.forEachLine(ofBlock: index == 0 ? nil : screens[index - 1]) { line in
                bytes.append(contentsOf: line)
                bytes.append(0x2C)
                bytes.append(0x0A)
            }
            splice.replace(block: index, with: bytes)
        }
        return splice
    }
}

/// The copy of the shared file with some of its blocks replaced: compared with the file, written,
/// and kept as the next copy without being put together whole.
struct SpliceFile {
    private let copy: SharedCopy
    private var replacements: [(block: Int, bytes: [UInt8])] = []

    init(copy: SharedCopy) {
        self.copy = copy
    }

    mutating func replace(block: Int, with bytes: [UInt8]) {
        replacements.append((block, bytes))
    }

    private func end(of block: Int) -> Int {
        block + 1 < copy.blocks.count ? copy.blocks[block + 1].start : copy.bytes.count - AuditFile.footer.utf8.count
    }

    /// Calls `body` with each piece in order.
    func forEachPiece(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try copy.bytes.withUnsafeBytes { old in
            var offset = 0
            for (block, bytes) in replacements {
                try body(UnsafeRawBufferPointer(rebasing: old[offset..<copy.blocks[block].start]))
                try bytes.withUnsafeBytes { try body($0) }
                offset = end(of: block)
            }
            try body(UnsafeRawBufferPointer(rebasing: old[offset...]))
        }
    }

    var byteCount: Int {
        replacements.reduce(copy.bytes.count) { $0 + $1.bytes.count - (end(of: $1.block) - copy.blocks[$1.block].start) }
    }

    /// Whether `file` holds exactly these bytes.
    func matches(_ file: [UInt8]) -> Bool {
        guard file.count == byteCount else { return false }
        return file.withUnsafeBytes { whole in
            var offset = 0
            var same = true
            forEachPiece { piece in
                guard same else { return }
                same = ByteComparison.same(piece, UnsafeRawBufferPointer(rebasing: whole[offset..<(offset + piece.count)]))
                offset += piece.count
            }
            return same
        }
    }

    /// The blocks' starts, first lines and checksums once the replacements are in: a block that
    /// was not replaced keeps the checksum the copy had for it.
    var blocks: [SharedCopy.Block] {
        var blocks = copy.blocks
        var shift = (bytes: 0, lines: 0)
        var next = 0
        for index in blocks.indices {
            blocks[index].start += shift.bytes
            blocks[index].line += shift.lines
            guard next < replacements.count, replacements[next].block == index else { continue }
            let bytes = replacements[next].bytes
            var sum = Checksum()
            bytes.withUnsafeBytes { sum.add($0) }
            // The last block's checksum takes in the footer after it.
            if index == blocks.count - 1 { Array(AuditFile.footer.utf8).withUnsafeBytes { sum.add($0) } }
            blocks[index].checksum = sum.value
            let oldRange = copy.blocks[index].start..<end(of: index)
            shift.bytes += bytes.count - oldRange.count
            shift.lines += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - copy.bytes[oldRange].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            next += 1
        }
        return blocks
    }
}

extension Sync {
    /// A sync of the lines `delta` found changed, inside the caller's transaction: what the whole
    /// sync does, with the file's middle for the file and the copy's blocks for the store's log.
    static func runDelta(_ delta: SyncDelta, _ store: AuditStore, _ shared: SharedAudit, holding hold: GitState.Hold?,
                         into report: inout SyncReport) throws {
        report.readChangesOnly = true
        var outcome = MergeOutcome()
        // The copy holds for the store as it is (no record added since), and records are never
        // taken out of a log: its count and what this sync adds are the store's, without counting.
        if delta.fileUnchanged {
            report.recordsInFile = delta.copy.records
        } else {
            do {
                let imported = try Importer.merge(delta.records, summary: delta.summary, into: store)
                report.imported = imported
                report.recordsInFile = imported.recordsRead
                outcome = imported.outcome
            } catch let error as DanglingReference {
                throw SharedFileProblem("\(shared.relativePath) \(error); nothing was changed")
            }
        }
        guard let splice = try delta.output(store, after: outcome) else {
            // Blocks moved: the store's whole log is written, as the whole sync writes it.
            if let hold, try !matches(store, shared) {
                report.held = hold
                report.records = try store.recordCount()
            } else {
                report.records = try writeIfDifferent(store, to: shared, wrote: &report.wroteFile)
            }
            return
        }
        let same = splice.matches(delta.file)
        let records = delta.copy.records + outcome.addedCount
        if same && delta.fileUnchanged {
            report.records = try remember(store, shared, .unchanged, records: records)
            return
        }
        if !same {
            if let hold {
                // Not remembered as in step: the next sync reads the file again and writes it once git's step is done.
                report.held = hold
                report.records = try store.recordCount()
                return
            }
            do {
                try Files.writeAtomically(shared.path) { output in
                    splice.forEachPiece { output.write(UnsafeBufferPointer(start: $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count: $0.count)) }
                }
            } catch let error as SystemError {
                throw SharedFileProblem("cannot write \(shared.relativePath): \(error)", kind: .unwritable)
            }
            report.wroteFile = true
        }
        report.records = try remember(store, shared, .new(bytes: same ? delta.file : nil, byteCount: splice.byteCount, blocks: splice.blocks),
                                      records: records)
    }
}
