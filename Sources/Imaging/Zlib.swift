import CZlib

/// What went wrong with an image, in one line that names what is allowed.
public struct ImageError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// zlib's deflate and a bounded inflate: the output of an inflate never outgrows the buffer its
/// caller sized from a header, so a small stream that expands to gigabytes stops at the first
/// byte too many.
public enum Zlib {
    /// `data` compressed as one zlib stream (RFC 1950) at `level` (0 to 9; 6 is zlib's default).
    public static func deflate(_ data: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init(&stream, level) == Z_OK else {
            // Only a lack of memory stops deflateInit; stored blocks need none.
            return PNG.zlibStored(data)
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var produced = 0
        var finished = false
        data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                finished = CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END
                produced = out.count - Int(stream.avail_out)
            }
        }
        guard finished else { return PNG.zlibStored(data) }
        output.removeSubrange(produced...)
        return output
    }

    /// Inflates a zlib stream that arrives in pieces into a buffer of exactly the expected size.
    public final class BoundedInflater {
        private var stream = z_stream()
        private let output: UnsafeMutableRawBufferPointer
        public private(set) var produced = 0
        public private(set) var ended = false

        /// Inflates into `output`, which the caller owns and keeps alive while this lives.
        public init(into output: UnsafeMutableRawBufferPointer) throws(ImageError) {
            self.output = output
            guard czlib_inflate_init(&stream) == Z_OK else { throw ImageError("not enough memory to decompress the image") }
        }

        deinit { inflateEnd(&stream) }

        /// Feeds the next piece of the stream.
        public func feed(_ input: UnsafeRawBufferPointer) throws(ImageError) {
            guard !input.isEmpty, let inputBase = input.baseAddress else { return }
            if ended { throw ImageError("holds data after the end of its compressed pixels") }
            stream.next_in = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            while stream.avail_in > 0 {
                let before = (stream.avail_in, produced)
                let room = output.count - produced
                var probe: UInt8 = 0
                let result = withUnsafeMutablePointer(to: &probe) { pointer -> Int32 in
                    // A full buffer gets a one-byte probe: any byte that lands there is one too many.
                    stream.next_out = room > 0 ? output.baseAddress!.advanced(by: produced).assumingMemoryBound(to: Bytef.self) : pointer
                    stream.avail_out = uInt(max(room, 1))
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                if room == 0 {
                    if stream.avail_out == 0 { throw ImageError("holds more pixel data than its header says") }
                } else {
                    produced = output.count - Int(stream.avail_out)
                }
                if result == Z_STREAM_END {
                    ended = true
                    if stream.avail_in > 0 { throw ImageError("holds data after the end of its compressed pixels") }
                    return
                }
                try check(result)
                if before == (stream.avail_in, produced) { throw ImageError("its compressed pixels are damaged") }
            }
        }

        private func check(_ result: Int32) throws(ImageError) {
            switch result {
            case Z_OK, Z_BUF_ERROR: return
            case Z_MEM_ERROR: throw ImageError("not enough memory to decompress the image")
            default: throw ImageError("its compressed pixels are damaged (zlib error \(result))")
            }
        }
    }
}
