/// A path pattern relative to the repository root, as screens list their source files:
///
/// - `*` matches any run of characters within one path component,
/// - `?` one character, `[abc]`, `[a-z]` one of a set, `[!abc]` or `[^abc]` one not in it,
/// - `**` as a whole component any number of folders, none included (`App/**/Checkout*.swift`),
/// - a pattern ending in `/` everything under that folder,
/// - `\` makes the next character literal.
///
/// Paths and patterns use `/`; a leading `./` or `/` is ignored.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]

    private enum Segment: Sendable, Hashable {
        case anyFolders
        case components([Piece])
    }

    private enum Piece: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case anyCharacter
        case anyRun
        case set([ClosedRange<UInt32>], negated: Bool)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasPrefix("/") { text = text.dropFirst() }
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if text.hasSuffix("/") || text.isEmpty { parts.append("**") }
        segments = parts.map { part in
            part == "**" ? .anyFolders : .components(Glob.pieces(part))
        }
    }

    public var description: String { pattern }

    /// Whether the pattern matches the whole of `path`.
    public func matches(_ path: String) -> Bool {
        var text = Substring(path)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasPrefix("/") { text = text.dropFirst() }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        // memo[s][p]: 0 unknown, 1 matches, 2 does not.
        var memo = [UInt8](repeating: 0, count: (segments.count + 1) * (parts.count + 1))
        return match(0, 0, parts, &memo)
    }

    private func match(_ s: Int, _ p: Int, _ parts: [[Unicode.Scalar]], _ memo: inout [UInt8]) -> Bool {
        let key = s * (parts.count + 1) + p
        if memo[key] != 0 { return memo[key] == 1 }
        let result: Bool
        if s == segments.count {
            result = p == parts.count
        } else {
            switch segments[s] {
            case .anyFolders:
                result = match(s + 1, p, parts, &memo) || (p < parts.count && match(s, p + 1, parts, &memo))
            case let .components(pieces):
                result = p < parts.count && Glob.matches(pieces, parts[p]) && match(s + 1, p + 1, parts, &memo)
            }
        }
        memo[key] = result ? 1 : 2
        return result
    }

    private static func pieces(_ text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "*":
                if pieces.last != .anyRun { pieces.append(.anyRun) }
                i += 1
            case "?":
                pieces.append(.anyCharacter)
                i += 1
            case "\\" where i + 1 < scalars.count:
                pieces.append(.literal(scalars[i + 1]))
                i += 2
            case "[":
                if let (set, next) = characterSet(scalars, from: i) {
                    pieces.append(set)
                    i = next
                } else {
                    pieces.append(.literal(c))
                    i += 1
                }
            default:
                pieces.append(.literal(c))
                i += 1
            }
        }
        return pieces
    }

    /// `[...]` starting at `start`; nil when it never closes.
    private static func characterSet(_ scalars: [Unicode.Scalar], from start: Int) -> (Piece, Int)? {
        var i = start + 1
        var negated = false
        if i < scalars.count && (scalars[i] == "!" || scalars[i] == "^") {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while i < scalars.count {
            let c = scalars[i]
            if c == "]" && !first { return (.set(ranges, negated: negated), i + 1) }
            first = false
            if i + 2 < scalars.count && scalars[i + 1] == "-" && scalars[i + 2] != "]" {
                let low = min(c.value, scalars[i + 2].value)
                let high = max(c.value, scalars[i + 2].value)
                ranges.append(low...high)
                i += 3
            } else {
                ranges.append(c.value...c.value)
                i += 1
            }
        }
        return nil
    }

    private static func matchesOne(_ piece: Piece, _ c: Unicode.Scalar) -> Bool {
        switch piece {
        case let .literal(expected): return c == expected
        case .anyCharacter: return true
        case let .set(ranges, negated): return ranges.contains { $0.contains(c.value) } != negated
        case .anyRun: return false
        }
    }

    /// Wildcard matching of one path component, backtracking only to the last `*`.
    private static func matches(_ pieces: [Piece], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var starText = 0
        while t < text.count {
            if p < pieces.count && pieces[p] != .anyRun && matchesOne(pieces[p], text[t]) {
                p += 1
                t += 1
            } else if p < pieces.count && pieces[p] == .anyRun {
                star = p
                starText = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pieces.count && pieces[p] == .anyRun { p += 1 }
        return p == pieces.count
    }
}
