import Platform

/// The first lines of the listing of a fix's rewrites (`RewriteList.writeListing`), made on another
/// core while the files are written, in memory of their own that Linux backs with large pages: up
/// to `most` bytes, whole steps of rewrites at a time. The rest are listed after the files stand:
/// memory the system must clear first costs more than listing them then.
public final class ListingAhead: @unchecked Sendable {
    /// How many rewrites it lists, from the first.
    public private(set) var listed = 0
    private var block: UnsafeMutableRawBufferPointer?
    private var used = 0

    /// Bytes held at most: about 290,000 rewrites of custom fonts.
    public static let most = 32 << 20
    /// Fewer rewrites are listed in less time than a block of memory takes to make.
    public static let fewest = 4096

    /// Nothing listed ahead.
    public init() {}

    /// Lists `rewrites` from the first, `step` at a time, while a whole step fits in `most` bytes,
    /// when there are at least `fewest`; `shownPath` and `safe` as `writeListing` takes them.
    public init(_ rewrites: RewriteList, shownPath: (String) -> String, safe: (String) -> String, most: Int = ListingAhead.most,
                step: Int = 16_384, fewest: Int = ListingAhead.fewest) {
        guard rewrites.count >= max(fewest, 1), most > 0, let block = Memory.mapBlock(byteCount: most) else { return }
        self.block = block
        let room = min(most, block.count)
        while listed < rewrites.count {
            let end = min(listed + max(step, 1), rewrites.count)
            let start = used
            var fits = true
            rewrites.writeListing(listed..<end, shownPath: shownPath, safe: safe) { chunk in
                guard fits, used + chunk.count <= room else {
                    fits = false
                    return
                }
                (block.baseAddress! + used).copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
                used += chunk.count
            }
            // A step that does not fit whole waits with the rest.
            guard fits else {
                used = start
                break
            }
            listed = end
        }
    }

    /// Gives `body` the listing of the first `listed` rewrites.
    public func withListing<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let block, used > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: block.baseAddress!.assumingMemoryBound(to: UInt8.self), count: used))
    }

    deinit {
        if let block { Memory.unmapBlock(block) }
    }
}
