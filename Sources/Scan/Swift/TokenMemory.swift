import Platform

/// Elements that their owner keeps in memory of its own (a `SwiftFile`, in a `TokenMemory` block),
/// read like an array: the same checked subscript, without an array's reference to count.
struct Stored<Element>: RandomAccessCollection {
    let buffer: UnsafeBufferPointer<Element>

    init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }
    var count: Int { buffer.count }

    @inline(__always) subscript(index: Int) -> Element {
        precondition(index >= 0 && index < buffer.count, "index out of range")
        return buffer[index]
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(buffer)
    }
}

/// Memory for the bytes and tokens of a scan's files, with their bracket partners and parents,
/// handed out as regions of blocks of several megabytes that Linux backs with 2 MB pages: the
/// tokens of a large scan are its largest data, and 4 KB pages would cost a page fault for every
/// 4 KB of them.
///
/// A file is read and lexed straight into its region, so nothing is written twice: the region is
/// taken at the largest size the file could need, and what it leaves unused goes back to the block.
/// Each block is written by one file at a time, so files on several cores never wait for each other.
final class TokenMemory: @unchecked Sendable {
    /// One block; freed when no file's tokens lie in it any longer.
    final class Block: @unchecked Sendable {
        private let memory: UnsafeMutableRawBufferPointer
        private let mapped: Bool
        fileprivate var used = 0

        /// A block from the system on large pages, or nil when it has none.
        fileprivate init?(mapping byteCount: Int) {
            guard let memory = Memory.mapBlock(byteCount: byteCount) else { return nil }
            self.memory = memory
            mapped = true
        }

        /// A block from the heap, where the address sanitizer watches its bounds (tests and fuzzing
        /// lex files one by one).
        fileprivate init(allocating byteCount: Int) {
            memory = .allocate(byteCount: max(byteCount, 16), alignment: 16)
            mapped = false
        }

        fileprivate var room: Int { memory.count - used }
        fileprivate var free: UnsafeMutableRawPointer { memory.baseAddress! + used }

        /// Free again from its start: no file's tokens lie in it. The pages past the part used,
        /// where files kept their scratch while they were lexed, go back to the system.
        fileprivate func recycle() {
            if mapped {
                let pastUsed = (used + TokenMemory.largePage - 1) / TokenMemory.largePage * TokenMemory.largePage
                if pastUsed < memory.count { Memory.discardPages(UnsafeMutableRawBufferPointer(rebasing: memory[pastUsed...])) }
            }
            used = 0
        }

        deinit {
            if mapped { Memory.unmapBlock(memory) } else { memory.deallocate() }
        }
    }

    private static let blockSize = 16 << 20
    fileprivate static let largePage = 2 << 20
    private let largePages: Bool
    private let lock = Lock()
    /// Blocks with room left that no file is writing.
    private var idle: [Block] = []
    /// With `reusable`, every block mapped, for `recycle()`.
    private var mapped: [Block] = []
    private let reusable: Bool

    /// With `largePages`, blocks of 16 MB (or a large file's size) from the system, for a scan's
    /// many files; without, blocks of exactly the size asked for from the heap, for a file lexed
    /// on its own. With `reusable` (and large pages), the blocks are kept once their files are gone,
    /// for `recycle()`, each with room for a file half as large again as the one it was mapped for.
    init(largePages: Bool = true, reusable: Bool = false) {
        self.largePages = largePages
        self.reusable = reusable && largePages
    }

    /// Makes the blocks that no file holds any longer free again from their start: a file lexed
    /// next (a rewritten file scanned again) writes pages that are already the process's, instead
    /// of the system clearing fresh ones for it.
    func recycle() {
        lock.withLock {
            idle.removeAll()
            for k in mapped.indices where isKnownUniquelyReferenced(&mapped[k]) {
                mapped[k].recycle()
                idle.append(mapped[k])
            }
        }
    }

    /// Gives `body` a region of at least `byteCount` bytes, 16-byte aligned; `body` returns how many
    /// of its first bytes it kept. Nil when the system has no memory for it.
    func withRegion<R>(byteCount: Int, _ body: (UnsafeMutableRawBufferPointer) -> (kept: Int, result: R))
        -> (block: Block, result: R)? {
        let size = TokenMemory.aligned(byteCount)
        let reused: Block? = lock.withLock {
            guard let k = idle.lastIndex(where: { $0.room >= size }) else { return nil }
            return idle.remove(at: k)
        }
        guard let block = reused ?? newBlock(size) else { return nil }
        let (kept, result) = body(UnsafeMutableRawBufferPointer(start: block.free, count: size))
        if reusable && size >= TokenMemory.blockSize && size > TokenMemory.aligned(kept) {
            // The scratch a large file was lexed with, past what it keeps, goes back to the system:
            // a fix holds these blocks while it plans and checks its rewrites.
            Memory.discardPages(UnsafeMutableRawBufferPointer(start: block.free + TokenMemory.aligned(kept), count: size - TokenMemory.aligned(kept)))
        }
        block.used += TokenMemory.aligned(kept)
        // A block with less room than a typical file needs is left to the files that hold it.
        if block.room >= 1 << 20 { lock.withLock { idle.append(block) } }
        return (block, result)
    }

    private func newBlock(_ size: Int) -> Block? {
        guard largePages else { return Block(allocating: size) }
        guard reusable else { return Block(mapping: max(size, TokenMemory.blockSize)) }
        guard let block = Block(mapping: max(size + size / 2, TokenMemory.blockSize)) else { return nil }
        lock.withLock { mapped.append(block) }
        return block
    }

    private static func aligned(_ count: Int) -> Int { (count + 15) & ~15 }
}
