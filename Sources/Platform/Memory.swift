#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Large blocks of memory straight from the system, for data that lives as long as a whole task.
public enum Memory {
    /// The alignment that lets Linux back a block with 2 MB pages.
    private static let largePage = 2 << 20

    /// At least `byteCount` bytes of zeroed memory, aligned to 2 MB, or nil when the system has
    /// none; only the pages written cost memory. On Linux the system is asked to back the block
    /// with large pages: a block of many megabytes then costs a handful of page faults instead of
    /// one for every 4 KB written.
    public static func mapBlock(byteCount: Int) -> UnsafeMutableRawBufferPointer? {
        guard byteCount > 0 else { return nil }
        let size = (byteCount + largePage - 1) / largePage * largePage
        // Mapped with room to spare, then trimmed to an aligned block.
        let spare = size + largePage
        guard let raw = mmap(nil, spare, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(largePage) - 1) / UInt(largePage) * UInt(largePage)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        let tail = spare - head - size
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(size)), tail) }
        let block = UnsafeMutableRawPointer(bitPattern: aligned)!
        #if canImport(Glibc)
        _ = madvise(block, size, MADV_HUGEPAGE)
        #endif
        return UnsafeMutableRawBufferPointer(start: block, count: size)
    }

    /// Gives the pages of `region` (within a block from `mapBlock(byteCount:)`) back to the system
    /// while the block stays mapped: what was written there is not needed again.
    public static func discardPages(_ region: UnsafeMutableRawBufferPointer) {
        let page = Int(getpagesize())
        let start = (Int(bitPattern: region.baseAddress) + page - 1) / page * page
        let end = (Int(bitPattern: region.baseAddress) + region.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED)
    }

    /// Asks the system to back the 2 MB-aligned stretches of `region`, memory not yet written, with
    /// large pages: a copy of a file of many megabytes then costs a few page faults instead of one
    /// for every 4 KB. Elsewhere than Linux, and for a region under 2 MB, nothing changes.
    public static func preferLargePages(_ region: UnsafeMutableRawBufferPointer) {
        #if canImport(Glibc)
        guard region.count >= largePage, let base = region.baseAddress else { return }
        let start = (Int(bitPattern: base) + largePage - 1) / largePage * largePage
        let end = (Int(bitPattern: base) + region.count) / largePage * largePage
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
        #endif
    }

    /// Room in `array` for `count` more elements, the part not yet written on large pages where the
    /// system has them: for an array that grows to many megabytes one element at a time.
    @inlinable
    public static func reserveOnLargePages<Element>(_ array: inout [Element], adding count: Int) {
        array.reserveCapacity(array.count + count)
        let capacity = array.capacity
        array.withUnsafeMutableBufferPointer { written in
            guard let base = written.baseAddress else { return }
            preferLargePages(UnsafeMutableRawBufferPointer(start: base + written.count,
                                                           count: (capacity - written.count) * MemoryLayout<Element>.stride))
        }
    }

    /// Gives back a block from `mapBlock(byteCount:)`.
    public static func unmapBlock(_ block: UnsafeMutableRawBufferPointer) {
        munmap(block.baseAddress, block.count)
    }

    /// Lets the heap grow in steps of `byteCount` bytes, for a task whose threads allocate many
    /// megabytes in small objects: glibc otherwise grows each thread's heap a page at a time, a
    /// system call for every 4 KB. Only the pages written cost memory.
    public static func growHeapInSteps(of byteCount: Int) {
        #if canImport(Glibc)
        _ = glibcMallopt(glibcTopPad, Int32(clamping: byteCount))
        #endif
    }

    /// Hands the pages of freed heap memory back to the system, for a task that freed many small
    /// objects and goes on to need memory of another kind (glibc keeps them otherwise; elsewhere
    /// the allocator gives them back by itself).
    public static func releaseFreedPages() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
/// glibc's `malloc_trim`, which the Glibc module leaves out (it is in malloc.h).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `mallopt`, left out with it.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// malloc.h's `M_TOP_PAD`: how much more than asked a heap grows by.
private let glibcTopPad: Int32 = -2
#endif
