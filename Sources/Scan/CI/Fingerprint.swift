/// A finding's identity across edits, for baselines and SARIF's `partialFingerprints`.
///
/// Line numbers are left out on purpose: a finding keeps its identity when lines are added or removed
/// above it. What goes in is the rule, the file's relative path, the code of the finding's line with
/// all white space and a trailing `//` comment removed (so re-indenting or re-spacing the line changes
/// nothing), and the finding's place among the findings of the same rule on the same code in that file
/// (so two identical lines are told apart, the first staying the first when both move).
public enum Fingerprint {
    /// The fingerprints of `findings`, given in report order (file, line, column), index for index.
    public static func of(_ findings: [Finding]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(findings.count)
        var seen: [String: Int] = [:]
        var currentFile: String?
        for finding in findings {
            // Findings come grouped by file: occurrences are counted within a file.
            if finding.file != currentFile {
                currentFile = finding.file
                seen.removeAll(keepingCapacity: true)
            }
            let code = normalizedCode(finding.sourceLine)
            let key = finding.rule.rawValue + "\u{0}" + code
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            result.append(hash(rule: finding.rule.rawValue, file: finding.file, code: code, occurrence: occurrence))
        }
        return result
    }

    /// 64-bit FNV-1a over the parts, each followed by a zero byte, as 16 lower-case hex digits.
    static func hash(rule: String, file: String, code: String, occurrence: Int) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01b3
            }
            // A zero byte ends each part, so that ("ab", "c") and ("a", "bc") differ.
            value &*= 0x0000_0100_0000_01b3
        }
        mix(rule.utf8)
        mix(file.utf8)
        mix(code.utf8)
        mix(String(occurrence).utf8)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The line without white space and without a `//` comment that ends it. A `//` inside a string
    /// literal (a URL) is code, not a comment.
    public static func normalizedCode(_ line: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(line.utf8.count)
        var inString = false
        var escaped = false
        var previousSlash = false
        for byte in line.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                result.append(byte)
                continue
            }
            if byte == UInt8(ascii: "/") {
                if previousSlash {
                    result.removeLast()
                    break
                }
                previousSlash = true
                result.append(byte)
                continue
            }
            previousSlash = false
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0A, 0x0B, 0x0C: continue
            case UInt8(ascii: "\""): inString = true
            default: break
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
