import Dispatch
import Platform

/// The first lines of the listing of a fix's rewrites (`RewriteList.writeListing`), made on other
/// cores while the files are written, in memory of their own that Linux backs with large pages: up
/// to `most` bytes, whole steps of rewrites at a time. The rest are listed after the files stand:
/// memory the system must clear first costs more than listing them then.
///
/// With many rewrites, the two halves of what fits are listed at once, each in half the room:
/// putting a staged file in place takes a core for a few milliseconds only, and the listing of a
/// few hundred thousand rewrites takes more.
public final class ListingAhead: @unchecked Sendable {
    /// How many rewrites it lists, from the first.
    public private(set) var listed = 0
    private var block: UnsafeMutableRawBufferPointer?
    /// The bytes of the listing at the block's start, and of the second half's at its middle.
    private var parts: [Range<Int>] = []

    /// Bytes held at most: about 290,000 rewrites of custom fonts.
    public static let most = 32 << 20
    /// Fewer rewrites are listed in less time than a block of memory takes to make.
    public static let fewest = 4096

    /// Nothing listed ahead.
    public init() {}

    /// Lists `rewrites` from the first, `step` at a time, while a whole step fits in `most` bytes,
    /// when there are at least `fewest`; `shownPath` and `safe` as `writeListing` takes them, called
    /// from two threads at once when the halves are listed apart.
    public init(_ rewrites: RewriteList, shownPath: @escaping @Sendable (String) -> String, safe: @escaping @Sendable (String) -> String,
                most: Int = ListingAhead.most, step: Int = 16_384, fewest: Int = ListingAhead.fewest) {
        guard rewrites.count >= max(fewest, 1), most > 0, let block = Memory.mapBlock(byteCount: most) else { return }
        self.block = block
        let room = min(most, block.count)
        let step = max(step, 1)
        // Halves that each fit in half the room are listed at once, when there are enough for two.
        let least = max(2 * max(fewest, 1), 2 * step)
        let ahead = rewrites.count >= least ? Self.fitting(rewrites, room: room, shownPath: shownPath, safe: safe) : 0
        guard ahead >= least else {
            let whole = Self.list(rewrites, 0..<rewrites.count, into: block, 0..<room, step: step, shownPath: shownPath, safe: safe)
            listed = whole.listed
            parts = [0..<whole.used]
            return
        }
        let half = ahead / 2
        let middle = room / 2
        // The second half on a thread of the pool (not a nested `atOnce`, which would run in turn).
        let done = DispatchGroup()
        let later = Box(block: block)
        DispatchQueue.global(qos: .userInitiated).async(group: done) {
            later.result = Self.list(rewrites, half..<ahead, into: later.block, middle..<room, step: step, shownPath: shownPath, safe: safe)
        }
        let first = Self.list(rewrites, 0..<half, into: block, 0..<middle, step: step, shownPath: shownPath, safe: safe)
        done.wait()
        listed = first.listed
        parts = [0..<first.used]
        // The second half follows only a first listed whole.
        if first.listed == half, let second = later.result {
            listed += second.listed
            parts.append(middle..<(middle + second.used))
        }
    }

    /// How many of `rewrites` fit in `room` bytes, judged from the first few lines with an eighth to spare.
    private static func fitting(_ rewrites: RewriteList, room: Int, shownPath: (String) -> String, safe: (String) -> String) -> Int {
        let sample = min(rewrites.count, 1024)
        var sampleBytes = 0
        rewrites.writeListing(0..<sample, shownPath: shownPath, safe: safe) { sampleBytes += $0.count }
        return min(rewrites.count, Int(Double(room) * Double(sample) / (Double(max(sampleBytes, 1)) * 1.125)))
    }

    /// The block, written by the second half's thread in its own half only, and what it listed,
    /// read once that thread is done.
    private final class Box: @unchecked Sendable {
        let block: UnsafeMutableRawBufferPointer
        var result: (listed: Int, used: Int)?
        init(block: UnsafeMutableRawBufferPointer) { self.block = block }
    }

    /// Lists `range` of `rewrites` into `room` of `block`, whole steps while they fit: how many
    /// rewrites it listed and the bytes it used from the room's start.
    private static func list(_ rewrites: RewriteList, _ range: Range<Int>, into block: UnsafeMutableRawBufferPointer, _ room: Range<Int>,
                             step: Int, shownPath: (String) -> String, safe: (String) -> String) -> (listed: Int, used: Int) {
        var next = range.lowerBound
        var used = 0
        while next < range.upperBound {
            let end = min(next + step, range.upperBound)
            let start = used
            var fits = true
            rewrites.writeListing(next..<end, shownPath: shownPath, safe: safe) { chunk in
                guard fits, used + chunk.count <= room.count else {
                    fits = false
                    return
                }
                (block.baseAddress! + room.lowerBound + used).copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
                used += chunk.count
            }
            // A step that does not fit whole waits with the rest.
            guard fits else { return (next - range.lowerBound, start) }
            next = end
        }
        return (next - range.lowerBound, used)
    }

    /// Gives `body` the listing of the first `listed` rewrites, in one part or two.
    public func forEachPart(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let block else { return }
        for part in parts where !part.isEmpty {
            body(UnsafeBufferPointer(start: (block.baseAddress! + part.lowerBound).assumingMemoryBound(to: UInt8.self), count: part.count))
        }
    }

    deinit {
        if let block { Memory.unmapBlock(block) }
    }
}
