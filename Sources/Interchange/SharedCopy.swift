import AuditStore
import Platform

/// The shared file as this store last left it in step with it, kept beside the store
/// (`shared-copy` in the store's folder, with `shared-copy.index`): a later sync compares the file with it and
/// reads only the lines between the longest common start and end, instead of the whole file.
///
/// The copy is believed only when everything about it agrees: the index's format, the mark the
/// store keeps (set in the same transaction that remembered the file, and taken away when a
/// record's line is replaced), the store's newest record (records are only ever added, each under
/// a higher sequence number, so a store that gained any has a newer one), the copy's size and
/// checksum, and its blocks against the store's screens. Any doubt and the sync reads the whole file.
struct SharedCopy {
    static let indexVersion = "dtaudit-shared-copy 2"
    /// Larger files are synced whole: two copies of them are not held in memory.
    static let largestFile = 96 << 20

    var bytes: [UInt8]
    /// Where each block of the file starts (the audit's own records, then each screen's in the
    /// store's order), with the number of its first line.
    var blocks: [Block]
    var records: Int
    var lastSequence: Int64

    /// A block's checksum covers its bytes up to the next block, the last one's up to the end
    /// of the file: a sync that changes a few blocks checksums only those.
    struct Block: Equatable {
        var start: Int
        var line: Int
        var checksum: UInt64 = 0
    }

    static func copyPath(_ store: AuditStore) -> String { copyPath(store.location) }
    static func indexPath(_ store: AuditStore) -> String { indexPath(store.location) }
    static func copyPath(_ location: StoreLocation) -> String { location.folder + "/shared-copy" }
    static func indexPath(_ location: StoreLocation) -> String { location.folder + "/shared-copy.index" }

    /// The copy, when it holds for `store` and the file at `relativePath` as it stands now.
    static func load(_ store: AuditStore, file relativePath: String, screens: [String]) throws -> SharedCopy? {
        guard let mark = try store.sharedCopyMark(), try store.sharing()?.file == relativePath,
              Files.status(indexPath(store), followLinks: false)?.kind == .regular,
              Files.status(copyPath(store), followLinks: false)?.kind == .regular,
              let index = RegularFile(opening: indexPath(store)), index.byteCount < 1 << 20,
              let text = index.readAll() else { return nil }
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 7, lines[0] == indexVersion, lines[1] == "mark " + mark,
              let records = field(lines[2], "records"), let sequence = field(lines[3], "sequence"),
              let byteCount = field(lines[4], "bytes"), lines[5] == "checksums by block",
              let blockCount = field(lines[6], "blocks"), blockCount == screens.count + 1, lines.count == 7 + blockCount + 1,
              lines.last == "", byteCount <= largestFile,
              records >= 0, sequence == (try store.lastLogSequence()) else { return nil }
        var blocks: [Block] = []
        blocks.reserveCapacity(Int(blockCount))
        var previous = Block(start: AuditFile.header.utf8.count, line: 1)
        for line in lines[7..<(7 + Int(blockCount))] {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let start = Int(parts[0]), let number = Int(parts[1]), let sum = Int64(parts[2]),
                  start >= previous.start, number >= previous.line else { return nil }
            previous = Block(start: start, line: number, checksum: UInt64(bitPattern: sum))
            blocks.append(previous)
        }
        guard blocks.first?.start == AuditFile.header.utf8.count + 1, blocks.first?.line == 2,
              previous.start <= Int(byteCount) - AuditFile.footer.utf8.count,
              let copy = RegularFile(opening: copyPath(store)), copy.byteCount == Int(byteCount),
              let bytes = copy.readAll(), bytes.count == Int(byteCount), checks(bytes, blocks),
              bytes.starts(with: (AuditFile.header + "\n").utf8), bytes.reversed().starts(with: AuditFile.footer.utf8.reversed()) else { return nil }
        return SharedCopy(bytes: bytes, blocks: blocks, records: Int(records), lastSequence: sequence)
    }

    /// Whether each block of `bytes` has its checksum (the header and footer are compared as they are).
    private static func checks(_ bytes: [UInt8], _ blocks: [Block]) -> Bool {
        bytes.withUnsafeBytes { all in
            blocks.indices.allSatisfy { index in
                let end = index + 1 < blocks.count ? blocks[index + 1].start : all.count
                var sum = Checksum()
                sum.add(UnsafeRawBufferPointer(rebasing: all[blocks[index].start..<end]))
                return sum.value == blocks[index].checksum
            }
        }
    }

    private static func field(_ line: Substring, _ name: String) -> Int64? {
        guard line.hasPrefix(name + " ") else { return nil }
        return Int64(line.dropFirst(name.count + 1))
    }

    /// Keeps `shared`'s file, which holds exactly what the store writes now (`blocks` of those
    /// bytes, with their checksums), as the copy: a second name for the same file where the file system allows,
    /// else a copy of `bytes` or of the file. Marks the store inside the caller's transaction; on
    /// any failure there is no copy, and the next sync reads the whole file.
    static func keep(_ store: AuditStore, _ shared: SharedAudit, records: Int, bytes: [UInt8]?, byteCount: Int, blocks: [Block]) throws {
        discard(store)
        guard byteCount <= largestFile else { return }
        var generator = SystemRandomNumberGenerator()
        let mark = String(generator.next(), radix: 36) + String(generator.next(), radix: 36)
        var index = "\(indexVersion)\nmark \(mark)\nrecords \(records)\nsequence \(try store.lastLogSequence())\n"
        index += "bytes \(byteCount)\nchecksums by block\nblocks \(blocks.count)\n"
        for block in blocks { index += "\(block.start) \(block.line) \(Int64(bitPattern: block.checksum))\n" }
        do {
            let copy = copyPath(store)
            let temporary = TemporaryFile.path(for: copy)
            var linked = false
            do {
                linked = try Files.link(shared.path, as: temporary)
            } catch {
                linked = false
            }
            if !linked {
                guard let bytes = bytes ?? RegularFile(opening: shared.path)?.readAll(), bytes.count == byteCount else { return }
                try Files.writeAtomically(copy) { $0.write(bytes: bytes) }
            } else {
                do {
                    try Files.rename(temporary, to: copy)
                } catch {
                    try? Files.remove(temporary)
                    throw error
                }
            }
            // Not flushed to the disk: an index a crash leaves old, empty or torn never agrees
            // with the store's mark or the copy, and the next sync reads the whole file.
            try Files.writeAtomically(indexPath(store), durable: false) { $0.write(index) }
        } catch {
            discard(store)
            return
        }
        try store.setSharedCopyMark(mark)
    }

    /// Removes the copy: nothing of it is believed any more.
    static func discard(_ store: AuditStore) {
        discard(store.location)
    }

    static func discard(_ location: StoreLocation) {
        for path in [indexPath(location), copyPath(location)] where Files.status(path, followLinks: false) != nil {
            try? Files.remove(path)
        }
    }
}

/// The checksums of a file's blocks, taken from its pieces as they are written: `start` says where
/// each block starts before any of its bytes come, and a piece may hold parts of several blocks.
struct BlockChecksums {
    private var starts: [(start: Int, line: Int)] = []
    private var sums: [Checksum] = []
    private var current = -1

    mutating func start(at offset: Int, line: Int) {
        starts.append((offset, line))
        sums.append(Checksum())
    }

    /// Takes in `piece`, which starts at `offset` in the file; bytes before the first block (the
    /// header) are left out.
    mutating func add(_ piece: UnsafeRawBufferPointer, at offset: Int) {
        var taken = 0
        while taken < piece.count {
            let position = offset + taken
            while current + 1 < starts.count, starts[current + 1].start <= position { current += 1 }
            let boundary = current + 1 < starts.count ? starts[current + 1].start : Int.max
            let count = min(piece.count - taken, boundary - position)
            if current >= 0 { sums[current].add(UnsafeRawBufferPointer(rebasing: piece[taken..<(taken + count)])) }
            taken += count
        }
    }

    /// The blocks with their checksums, the last one's taken to the end of the file.
    var blocks: [SharedCopy.Block] {
        starts.indices.map { SharedCopy.Block(start: starts[$0].start, line: starts[$0].line, checksum: sums[$0].value) }
    }
}

/// A fast checksum of a file's bytes, taken 8 bytes at a time in two lanes (not a defence against
/// anybody: the copy is the store's own, and this only tells a torn or changed copy).
struct Checksum {
    private var lanes: (UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
    private var pending: [UInt8] = []
    private var total: UInt64 = 0

    static func of(_ bytes: [UInt8]) -> UInt64 {
        var checksum = Checksum()
        bytes.withUnsafeBytes { checksum.add($0) }
        return checksum.value
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        total &+= UInt64(bytes.count)
        var rest = bytes
        if !pending.isEmpty {
            let taken = min(16 - pending.count, rest.count)
            pending += rest[0..<taken]
            rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            guard pending.count == 16 else { return }
            pending.withUnsafeBytes { mix($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count & ~15
        if whole > 0 { mix(UnsafeRawBufferPointer(rebasing: rest[0..<whole])) }
        pending += rest[whole...]
    }

    private mutating func mix(_ bytes: UnsafeRawBufferPointer) {
        var (a, b) = lanes
        var offset = 0
        while offset < bytes.count {
            a = (a ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            b = (b ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            a ^= a >> 29
            b ^= b >> 31
            offset += 16
        }
        lanes = (a, b)
    }

    var value: UInt64 {
        var (a, b) = lanes
        for byte in pending {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        b ^= total
        return (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) ^ (a >> 17)
    }
}
