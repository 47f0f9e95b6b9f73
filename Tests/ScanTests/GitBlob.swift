/// Git's id of a file's bytes (`git hash-object`): the SHA-1 of `blob <size>\0` followed by the bytes.
/// The unseen corpus names each file by this id, so that a copy fetched anywhere can be proven to be
/// the file that was labelled, byte for byte.
enum GitBlob {
    static func id(of bytes: [UInt8]) -> String {
        var sha = SHA1()
        sha.update(Array("blob \(bytes.count)\u{0}".utf8))
        sha.update(bytes)
        return sha.finish().map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}

/// SHA-1 (FIPS 180-4), which git names its objects with. Used here only to check copies, never for security.
struct SHA1 {
    private var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    mutating func update(_ bytes: [UInt8]) {
        length += UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending += bytes[0..<take]
            start = take
            guard pending.count == 64 else { return }
            compress(pending[...])
            pending = []
        }
        while start + 64 <= bytes.count {
            compress(bytes[start..<start + 64])
            start += 64
        }
        pending = Array(bytes[start...])
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail = pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for block in stride(from: 0, to: tail.count, by: 64) { compress(tail[block..<block + 64]) }
        return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    private mutating func compress(_ block: ArraySlice<UInt8>) {
        var w = [UInt32](repeating: 0, count: 80)
        let base = block.startIndex
        for t in 0..<16 {
            w[t] = (0..<4).reduce(0) { $0 << 8 | UInt32(block[base + 4 * t + $1]) }
        }
        for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for t in 0..<80 {
            let (f, k): (UInt32, UInt32)
            switch t {
            case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = rotate(a, 5) &+ f &+ e &+ k &+ w[t]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
