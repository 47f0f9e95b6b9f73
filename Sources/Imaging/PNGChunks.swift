import CZlib

/// The pieces of the PNG format every writer and reader here shares: the signature, chunks and
/// their checksums (zlib's, so that there is one CRC-32 and one Adler-32 in the program).
public enum PNG {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The largest stored deflate block.
    static let storedBlockLimit = 65_535

    /// CRC-32 (ISO 3309, the one of zlib and PNG) of `bytes`, continuing from `crc` of the bytes before.
    public static func crc32(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        if let value = bytes.withContiguousStorageIfAvailable({ crc32(UnsafeRawBufferPointer($0), continuing: crc) }) {
            return value
        }
        return Array(bytes).withUnsafeBytes { crc32($0, continuing: crc) }
    }

    /// CRC-32 of the bytes in `buffer`.
    public static func crc32(_ buffer: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var value = uLong(crc)
        var rest = buffer
        // zlib counts in `uInt`: long input goes in pieces.
        while let base = rest.baseAddress, !rest.isEmpty {
            let count = min(rest.count, 1 << 30)
            value = CZlib.crc32(value, base.assumingMemoryBound(to: Bytef.self), uInt(count))
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
        return UInt32(truncatingIfNeeded: value)
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    public static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        func sum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
            var value = CZlib.adler32(0, nil, 0)
            var rest = buffer
            while let base = rest.baseAddress, !rest.isEmpty {
                let count = min(rest.count, 1 << 30)
                value = CZlib.adler32(value, base.assumingMemoryBound(to: Bytef.self), uInt(count))
                rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            }
            return UInt32(truncatingIfNeeded: value)
        }
        if let value = bytes.withContiguousStorageIfAvailable({ sum(UnsafeRawBufferPointer($0)) }) { return value }
        return Array(bytes).withUnsafeBytes { sum($0) }
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951, type 00): the
    /// same bytes on every system and zlib version, for files whose hash must not change.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        // CMF 0x78: deflate with a 32 KB window; FLG 0x01: no dictionary, fastest, and a multiple of 31.
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / storedBlockLimit * 5 + 16)
        var offset = 0
        repeat {
            let count = min(storedBlockLimit, data.count - offset)
            let last = offset + count == data.count
            // BFINAL in the lowest bit, BTYPE 00; the rest of the byte is padding.
            stream.append(last ? 1 : 0)
            stream += [UInt8(truncatingIfNeeded: count), UInt8(truncatingIfNeeded: count >> 8)]
            stream += [UInt8(truncatingIfNeeded: ~count), UInt8(truncatingIfNeeded: ~count >> 8)]
            stream += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        appendBigEndian(adler32(data), to: &stream)
        return stream
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    public static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        appendBigEndian(crc32(data, continuing: crc32(typeBytes)), to: &file)
    }

    public static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
