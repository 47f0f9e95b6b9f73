#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

public enum StandardInput {
    /// Everything on standard input up to its end, or nil when it cannot be read or holds more
    /// than `limit` bytes (a pipe has no size to check beforehand).
    public static func readAll(limit: Int) -> [UInt8]? {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                result.append(contentsOf: chunk[0..<count])
                if result.count > limit { return nil }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 {
                return nil
            } else {
                return result
            }
        }
    }
}
