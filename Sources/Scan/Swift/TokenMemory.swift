import Dispatch
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

/// Memory for the tokens of a scan's files, with their bracket partners and parents, handed out
/// from blocks of several megabytes that Linux backs with 2 MB pages: the tokens of a large scan
/// are its largest data, and 4 KB pages would cost a page fault for every 4 KB of them.
final class TokenMemory: @unchecked Sendable {
    /// One block; freed when no file's tokens lie in it any longer.
    final class Block: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let byteCount: Int
        private let mapped: Bool
        fileprivate var used = 0

        /// A large block from the system (or the heap, where the system gives none).
        fileprivate init(mapping byteCount: Int) {
            self.byteCount = byteCount
            if let block = Memory.mapBlock(byteCount: byteCount) {
                base = block
                mapped = true
            } else {
                base = .allocate(byteCount: byteCount, alignment: 16)
                mapped = false
            }
        }

        /// A block of its own for one file's tokens, from the heap.
        init(exactly byteCount: Int) {
            self.byteCount = max(byteCount, 16)
            base = .allocate(byteCount: self.byteCount, alignment: 16)
            mapped = false
            used = self.byteCount
        }

        deinit {
            if mapped { Memory.unmapBlock(base, byteCount: byteCount) } else { base.deallocate() }
        }
    }

    private static let blockSize = 16 << 20
    private let lock = DispatchQueue(label: "dtaudit.scan.token-memory")
    private var current: Block?

    /// `byteCount` bytes, 16-byte aligned, and the block that holds them.
    func take(_ byteCount: Int) -> (block: Block, start: UnsafeMutableRawPointer) {
        let size = (byteCount + 15) & ~15
        return lock.sync {
            if let block = current, block.byteCount - block.used >= size {
                let start = block.base + block.used
                block.used += size
                return (block, start)
            }
            // A file too large to share a block gets one of its own.
            let block = Block(mapping: max(size, TokenMemory.blockSize))
            block.used = size
            if size < TokenMemory.blockSize / 4 { current = block }
            return (block, block.base)
        }
    }
}
