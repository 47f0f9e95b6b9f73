/// A path written into a URI: a report's link to its chart or evidence, a SARIF result's file.
public enum URIPath {
    /// `path` percent-encoded: every byte but ASCII letters, digits, `-._~` and the `/` between
    /// folders, so that it is safe in `[text](target)`, in a quoted `href` or `src`, and as a URI
    /// reference (`App/My%20Screen/%C3%A4.swift`).
    public static func encoded(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
