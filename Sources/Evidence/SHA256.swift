/// SHA-256 (FIPS 180-4), fed in pieces of any length, for naming evidence files by their content.
///
/// Written here because the binary imports only FoundationEssentials on Linux, which has no digest
/// functions, and the same code must run on macOS. Checked against the standard test vectors in `EvidenceTests`.
public struct SHA256: Sendable {
    private var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    private var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    /// Bytes of an incomplete 64-byte block, waiting for more input.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    public init() {
        pending.reserveCapacity(64)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: some StringProtocol) {
        update(Array(bytes.utf8))
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        byteCount &+= UInt64(remaining)
        if !pending.isEmpty {
            let take = min(64 - pending.count, remaining)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            base += take
            remaining -= take
            if pending.count == 64 {
                pending.withUnsafeBytes { compress($0.baseAddress!) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        if remaining >= 64 {
            let blocks = remaining / 64
            compress(base, blocks: blocks)
            base += blocks * 64
            remaining -= blocks * 64
        }
        if remaining > 0 {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: remaining))
        }
    }

    /// The 32-byte digest. The hasher should not be fed afterwards.
    public mutating func finalize() -> [UInt8] {
        let bitLength = byteCount &* 8
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedCount = byteCount
        update(tail)
        byteCount = savedCount
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    /// The digest of `bytes` in lower-case hex.
    public static func hex(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    /// Lower-case hex of any bytes.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 &- count))
    }

    /// Processes one 64-byte block starting at `block`.
    private mutating func compress(_ block: UnsafeRawPointer) {
        compress(block, blocks: 1)
    }

    /// Processes `blocks` consecutive 64-byte blocks: the state stays in locals from one block to
    /// the next, and words are read as big-endian 32-bit loads, which is what keeps hashing
    /// evidence near the speed of the system's `sha256sum`.
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        var h0 = self.h0, h1 = self.h1, h2 = self.h2, h3 = self.h3, h4 = self.h4, h5 = self.h5, h6 = self.h6, h7 = self.h7
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            SHA256.k.withUnsafeBufferPointer { k in
                var block = start
                for _ in 0..<blocks {
                    for index in 0..<16 {
                        w[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                    }
                    for index in 16..<64 {
                        let x = w[index - 15], y = w[index - 2]
                        let s0 = SHA256.rotate(x, 7) ^ SHA256.rotate(x, 18) ^ (x >> 3)
                        let s1 = SHA256.rotate(y, 17) ^ SHA256.rotate(y, 19) ^ (y >> 10)
                        w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for index in 0..<64 {
                        let s1 = SHA256.rotate(e, 6) ^ SHA256.rotate(e, 11) ^ SHA256.rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
                        let s0 = SHA256.rotate(a, 2) ^ SHA256.rotate(a, 13) ^ SHA256.rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    block += 64
                }
            }
        }
        self.h0 = h0; self.h1 = h1; self.h2 = h2; self.h3 = h3
        self.h4 = h4; self.h5 = h5; self.h6 = h6; self.h7 = h7
    }
}
