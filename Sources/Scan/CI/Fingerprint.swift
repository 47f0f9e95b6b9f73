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
        // Occurrences are counted afresh wherever the file changes: a long list is cut there into
        // stretches of about 512 findings, fingerprinted on every core.
        let stretch = 512
        var cuts = [0]
        var k = stretch
        while k < findings.count {
            while k < findings.count && findings[k].file == findings[k - 1].file { k += 1 }
            if k < findings.count { cuts.append(k) }
            k += stretch
        }
        cuts.append(findings.count)
        guard cuts.count > 2 else { return of(findings, findings.indices) }
        let stretches = (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
        return Array(SourceScanner.inParallel(stretches) { of(findings, $0) }.joined())
    }

    /// The fingerprints of `findings[range]`, counted from the start of the range.
    private static func of(_ findings: [Finding], _ range: Range<Int>) -> [String] {
        var result: [String] = []
        result.reserveCapacity(range.count)
        var seen: [Occurrence: Int] = [:]
        var currentFile: String?
        // By index: a finding's fields are read in place, the finding never copied whole.
        for k in range {
            // Findings come grouped by file: occurrences are counted within a file.
            if findings[k].file != currentFile {
                currentFile = findings[k].file
                seen.removeAll(keepingCapacity: true)
            }
            let rule = findings[k].rule
            let code = normalizedCode(findings[k].sourceLine)
            let key = Occurrence(rule: rule, code: code)
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            result.append(hash(rule: rule.rawValue, file: findings[k].file, code: code, occurrence: occurrence))
        }
        return result
    }

    /// The same rule on the same code: what occurrences are counted by within a file.
    private struct Occurrence: Hashable {
        var rule: ScanRule
        var code: String
    }

    /// 64-bit FNV-1a over the parts, each followed by a zero byte, as 16 lower-case hex digits.
    static func hash(rule: String, file: String, code: String, occurrence: Int) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mix(rule, into: &value)
        mix(file, into: &value)
        mix(code, into: &value)
        if occurrence >= 0 && occurrence < 10 {
            // One digit, the usual count, mixed as its byte: no string made for it.
            value ^= UInt64(0x30 + occurrence)
            value &*= 0x0000_0100_0000_01b3
            value &*= 0x0000_0100_0000_01b3
        } else {
            mix(String(occurrence), into: &value)
        }
        return String(unsafeUninitializedCapacity: 16) { digits in
            for k in 0..<16 { digits[k] = hexDigits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * k)) & 0xF] }
            return 16
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// One part of the hash: its UTF-8 bytes, read in place, then a zero byte, so that ("ab", "c") and
    /// ("a", "bc") differ.
    @inline(__always)
    private static func mix(_ part: String, into value: inout UInt64) {
        func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
            var hash = value
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            value = hash
        }
        if part.utf8.withContiguousStorageIfAvailable(mix) == nil { Array(part.utf8).withUnsafeBufferPointer(mix) }
        value &*= 0x0000_0100_0000_01b3
    }

    /// The line without white space and without a `//` comment that ends it. A `//` inside a string
    /// literal (a URL) is code, not a comment.
    public static func normalizedCode(_ line: String) -> String {
        var line = line
        return line.withUTF8 { bytes in
            // Valid UTF-8 with ASCII bytes left out stays valid: written straight into the string.
            String(unsafeUninitializedCapacity: bytes.count) { result in
                var count = 0
                var inString = false
                var escaped = false
                var previousSlash = false
                for byte in bytes {
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                        result[count] = byte
                        count += 1
                        continue
                    }
                    if byte == UInt8(ascii: "/") {
                        if previousSlash {
                            count -= 1
                            break
                        }
                        previousSlash = true
                        result[count] = byte
                        count += 1
                        continue
                    }
                    previousSlash = false
                    switch byte {
                    case 0x20, 0x09, 0x0D, 0x0A, 0x0B, 0x0C: continue
                    case UInt8(ascii: "\""): inString = true
                    default: break
                    }
                    result[count] = byte
                    count += 1
                }
                return count
            }
        }
    }
}
