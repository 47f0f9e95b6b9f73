/// The `dtaudit:ignore` comments of one file.
///
///     // dtaudit:ignore fixed-font-size — the widget has a fixed layout
///     // dtaudit:ignore single-line, shrinks-text -- a tab bar badge
///     // dtaudit:ignore-file all - generated code
///
/// A comment covers findings on its own line; a comment alone on its line also covers the line
/// below it. `all` covers every rule.
struct Suppressions: Sendable {
    struct Entry: Sendable {
        var rules: Set<String>
        var reason: String?
        var line: Int
        var isFile: Bool
        /// Nothing but white space precedes the comment on its line.
        var standalone = false
    }

    private(set) var entries: [Entry] = []
    private var byLine: [Int: [Int]] = [:]
    private var fileWide: [Int] = []

    init() {}

    /// Reads suppressions from comments: the comment's own text with its markers, its line, and whether
    /// it stands alone on that line.
    init(comments: [(text: String, line: Int, standalone: Bool)]) {
        for comment in comments {
            guard var entry = Suppressions.parse(comment.text, line: comment.line) else { continue }
            entry.standalone = comment.standalone
            let index = entries.count
            entries.append(entry)
            if entry.isFile {
                fileWide.append(index)
            } else {
                byLine[entry.line, default: []].append(index)
            }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    func suppression(for rule: ScanRule, line: Int) -> Suppression? {
        let above = (byLine[line - 1] ?? []).filter { entries[$0].standalone }
        for index in (byLine[line] ?? []) + above {
            let entry = entries[index]
            if entry.rules.contains(rule.rawValue) || entry.rules.contains("all") {
                return Suppression(scope: .line, reason: entry.reason, line: entry.line)
            }
        }
        for index in fileWide {
            let entry = entries[index]
            if entry.rules.contains(rule.rawValue) || entry.rules.contains("all") {
                return Suppression(scope: .file, reason: entry.reason, line: entry.line)
            }
        }
        return nil
    }

    static let marker = "dtaudit:ignore"
    private static let markerBytes = Array(marker.utf8)

    /// Whether `bytes[start..<end]` holds the marker; most comments do not, and skip the parsing.
    /// Whether only spaces and tabs precede `offset` on its line.
    static func startsLine<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, lineStart: Int, offset: Int) -> Bool
        where Bytes.Index == Int {
        var k = lineStart
        while k < offset && k < bytes.count {
            if bytes[k] != Byte.space && bytes[k] != Byte.tab { return false }
            k += 1
        }
        return true
    }

    static func mentionsMarker<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ end: Int) -> Bool
        where Bytes.Index == Int {
        let count = markerBytes.count
        var i = start
        let last = min(end, bytes.count) - count
        while i <= last {
            if bytes[i] == 0x64 {
                var k = 1
                while k < count && bytes[i + k] == markerBytes[k] { k += 1 }
                if k == count { return true }
            }
            i += 1
        }
        return false
    }

    /// `haystack.firstRange(of: needle)`: the first place where `needle`'s characters stand in
    /// `haystack`, found by comparing UTF-8 bytes and then checking that the match begins and ends
    /// between characters (a combining mark after it, say, makes it no match).
    static func firstRange(of needle: String, in haystack: String) -> Range<String.Index>? {
        var bytes = haystack
        var needle = needle
        let offset: Int? = bytes.withUTF8 { h in
            needle.withUTF8 { n -> Int? in
                guard let first = n.first, h.count >= n.count else { return nil }
                var b = 0
                while b + n.count <= h.count {
                    if h[b] == first {
                        var k = 1
                        while k < n.count && h[b + k] == n[k] { k += 1 }
                        if k == n.count && aligned(b, n.count) { return b }
                    }
                    b += 1
                }
                return nil
            }
        }
        func aligned(_ start: Int, _ count: Int) -> Bool {
            let lower = haystack.utf8.index(haystack.startIndex, offsetBy: start)
            let upper = haystack.utf8.index(lower, offsetBy: count)
            return lower.samePosition(in: haystack) != nil && upper.samePosition(in: haystack) != nil
        }
        guard let offset else { return nil }
        let lower = haystack.utf8.index(haystack.startIndex, offsetBy: offset)
        return lower..<haystack.utf8.index(lower, offsetBy: needle.utf8.count)
    }

    static func parse(_ comment: String, line: Int) -> Entry? {
        guard let markerRange = Suppressions.firstRange(of: marker, in: comment) else { return nil }
        var rest = comment[markerRange.upperBound...]
        var isFile = false
        if rest.hasPrefix("-file") {
            isFile = true
            rest = rest.dropFirst(5)
        }
        // The marker must stand alone: `dtaudit:ignored` is not one.
        guard let first = rest.first, first == " " || first == "\t" else { return nil }
        var text = String(rest)
        for closer in ["*/", "-->"] where text.hasSuffix(closer) {
            text.removeLast(closer.count)
        }
        // Rules, then a separator, then the reason.
        var rulesPart = text
        var reason: String?
        for separator in ["\u{2014}", "\u{2013}", " -- ", "--", " - "] {
            if let range = Suppressions.firstRange(of: separator, in: text) {
                rulesPart = String(text[..<range.lowerBound])
                reason = String(text[range.upperBound...])
                break
            }
        }
        let rules = rulesPart.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        let known = Set(rules.filter { $0 == "all" || ScanRule(rawValue: $0) != nil })
        guard !known.isEmpty else { return nil }
        let trimmed = reason.map { $0.trimmingSpaces() }
        return Entry(rules: known, reason: trimmed?.isEmpty == false ? trimmed : nil, line: line, isFile: isFile)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
