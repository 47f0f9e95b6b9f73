import Platform

/// The findings a team has accepted for now, so that a scan in CI counts only new ones.
///
/// The file is text, one finding a line, sorted by path, rule and fingerprint, so that two branches
/// that each change a few entries merge in git without conflicts:
///
///     # dtaudit scan baseline: ...
///     App/Feed/FeedCell.swift<TAB>fixed-font-size<TAB>3f2a9c0d1e4b5a67<TAB>.font(.system(size: 13))
///
/// Path, rule and fingerprint make the identity; the code is there for the person reading a diff.
/// Lines starting with `#` are comments. In a path and the code, a backslash, a tab and a line break
/// are written `\\`, `\t` and `\n`.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var path: String
        /// The rule id as written; an id this version does not know is kept and never matches.
        public var rule: String
        public var fingerprint: String
        public var code: String

        public init(path: String, rule: String, fingerprint: String, code: String) {
            self.path = path
            self.rule = rule
            self.fingerprint = fingerprint
            self.code = code
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            if a.path != b.path { return SourceScanner.utf8Precedes(a.path, b.path) }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.fingerprint < b.fingerprint
        }

        var key: Key { Key(path: path, rule: rule, fingerprint: fingerprint) }
    }

    /// What identifies an entry.
    struct Key: Hashable {
        var path: String
        var rule: String
        var fingerprint: String
    }

    /// In the order the file keeps them.
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry]) {
        // A file read back is sorted already: one pass checks it, and duplicates are neighbours.
        let sorted = entries.sortedIfNeeded(by: <)
        var unique: [Entry] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted where unique.last.map({ $0.path != entry.path || $0.rule != entry.rule || $0.fingerprint != entry.fingerprint }) ?? true {
            unique.append(entry)
        }
        self.entries = unique
    }

    /// The most a baseline file may hold: far more than any app's findings, far less than hurts.
    public static let maximumBytes = 64 << 20
    /// What a baseline keeps of a line of code.
    static let codeLimit = 160

    /// The entries for the findings of `report` that count (neither suppressed nor in preview code).
    public static func entries(of report: ScanReport, fingerprints: [String]) -> [Entry] {
        var entries: [Entry] = []
        for (k, finding) in report.findings.enumerated() where finding.isActive {
            var code = String(finding.sourceLine.drop { $0 == " " || $0 == "\t" })
            while let last = code.last, last == " " || last == "\t" || last == "\r" { code.removeLast() }
            if code.count > codeLimit { code = String(code.prefix(codeLimit)) + "..." }
            entries.append(Entry(path: finding.file, rule: finding.rule.rawValue, fingerprint: fingerprints[k], code: code))
        }
        return entries
    }

    /// This baseline brought up to date with a scan: entries for the files and rules the scan covered
    /// are replaced by what it found; entries for files it did not read or rules it did not run stay,
    /// so that writing a baseline from a scan of one folder or one rule loses nothing else.
    public func updated(with found: [Entry], scannedFiles: Set<String>, rules: Set<ScanRule>) -> Baseline {
        let ruleIDs = Set(rules.map(\.rawValue))
        let kept = entries.filter { !scannedFiles.contains($0.path) || !ruleIDs.contains($0.rule) }
        return Baseline(kept + found)
    }

    /// The file's text.
    public func rendered(header: String) -> String {
        var text = header.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n") + "\n"
        for entry in entries {
            text += Baseline.escaped(entry.path) + "\t" + Baseline.escaped(entry.rule) + "\t" + entry.fingerprint + "\t"
                + Baseline.escaped(entry.code) + "\n"
        }
        return text
    }

    /// Reads a baseline file's bytes; `name` is how messages name the file. It works on the bytes,
    /// making strings only of the fields, so that reading a baseline costs little beside the scan.
    public static func parse(_ bytes: [UInt8], name: String) throws(BaselineError) -> Baseline {
        guard bytes.count <= maximumBytes else { throw .tooLarge(file: name, limit: maximumBytes) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .malformed(file: name, line: 1, reason: "the file is not UTF-8 text") }
        var entries: [Entry] = []
        var number = 0
        var lineStart = 0
        while lineStart < bytes.count {
            number += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var end = lineEnd
            if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
            if end == lineStart || bytes[lineStart] == UInt8(ascii: "#") { continue }
            // The first three tabs end the path, the rule and the fingerprint; the code may hold more.
            var tabs: [Int] = []
            var k = lineStart
            while k < end && tabs.count < 3 {
                if bytes[k] == 0x09 { tabs.append(k) }
                k += 1
            }
            guard tabs.count >= 2 else {
                throw .malformed(file: name, line: number, reason: "expected a path, a rule and a fingerprint separated by tabs")
            }
            guard let path = unescaped(bytes[lineStart..<tabs[0]]), !path.isEmpty else {
                throw .malformed(file: name, line: number, reason: "the path is empty or has an unknown backslash escape")
            }
            let ruleBytes = bytes[tabs[0] + 1..<tabs[1]]
            guard !ruleBytes.isEmpty, ruleBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .malformed(file: name, line: number, reason: "the rule is not a rule id")
            }
            let fingerprintEnd = tabs.count > 2 ? tabs[2] : end
            let fingerprintBytes = bytes[tabs[1] + 1..<fingerprintEnd]
            guard fingerprintBytes.count == 16, fingerprintBytes.allSatisfy(isLowerHex) else {
                throw .malformed(file: name, line: number, reason: "the fingerprint is not 16 hexadecimal digits")
            }
            let codeBytes = tabs.count > 2 ? bytes[tabs[2] + 1..<end] : bytes[end..<end]
            let code = unescaped(codeBytes) ?? String(decoding: codeBytes, as: UTF8.self)
            entries.append(Entry(path: path, rule: String(decoding: ruleBytes, as: UTF8.self),
                                 fingerprint: String(decoding: fingerprintBytes, as: UTF8.self), code: code))
        }
        return Baseline(entries)
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case UInt8(ascii: "\\"): result.append(byte)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                default: return nil
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return escaping ? nil : String(decoding: result, as: UTF8.self)
    }
}

/// Why a baseline file could not be read. Each description is one line.
public enum BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(file: String, line: Int, reason: String)
    case tooLarge(file: String, limit: Int)

    public var description: String {
        switch self {
        case let .malformed(file, line, reason): "\(file):\(line): not a baseline line: \(reason)"
        case let .tooLarge(file, limit): "\(file) is larger than a baseline can be (\(limit >> 20) MB)"
        }
    }
}
