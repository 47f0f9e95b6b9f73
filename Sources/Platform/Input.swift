#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A file or standard input read a chunk at a time, so that a large input never has to sit in
/// memory whole.
public final class ChunkedInput {
    public let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes handed out so far.
    public private(set) var total = 0
    /// A read failed; what was handed out is not the whole input.
    public private(set) var failed = false

    /// Standard input.
    public static func standardInput() -> ChunkedInput {
        ChunkedInput(descriptor: 0, ownsDescriptor: false)
    }

    /// Opens `path` for reading.
    public init(path: String) throws(SystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
        descriptor = fd
        ownsDescriptor = true
    }

    /// Reads `descriptor` (a pipe's read end, say), and closes it when done.
    public convenience init(owning descriptor: Int32) {
        self.init(descriptor: descriptor, ownsDescriptor: true)
    }

    private init(descriptor: Int32, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    /// Appends up to `count` bytes to `buffer`; false at the end of the input or when a read fails.
    public func read(appendingTo buffer: inout [UInt8], count: Int = 1 << 16) -> Bool {
        guard !failed else { return false }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in
                Glue.read(descriptor, raw.baseAddress! + start, count)
            }
            if got > 0 {
                buffer.removeLast(count - got)
                total += got
                return true
            }
            if got < 0 && errno == EINTR { continue }
            buffer.removeLast(count)
            if got < 0 { failed = true }
            return false
        }
    }

    /// Reads and drops the rest of the input, up to `limit` bytes in all; returns whether the
    /// input ended within the limit without a failed read.
    public func drain(limit: Int) -> Bool {
        var scratch: [UInt8] = []
        while total <= limit {
            scratch.removeAll(keepingCapacity: true)
            if !read(appendingTo: &scratch) { return !failed }
        }
        return false
    }

    deinit {
        if ownsDescriptor { _ = close(descriptor) }
    }
}

