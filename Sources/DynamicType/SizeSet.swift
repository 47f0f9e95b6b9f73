/// Parses the size sets users type: a name (`ax5`, `accessibility5`), a range (`xxxl-ax3`), a group
/// (`all`, `standard`, `accessibility`), or a comma list of those.
public enum SizeList {
    public static let groups: [String: [Size]] = [
        "all": Size.allCases,
        "standard": Size.standard,
        "accessibility": Size.accessibility,
    ]

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// A part of the list that names no size, group or range.
        case unknown(String)
        case empty

        public var description: String {
            switch self {
            case .unknown(let token):
                return "unknown size '\(token)'; sizes are \(SizeList.validIDs), ranges like xxxl-ax3, and all, standard, accessibility"
            case .empty:
                return "no sizes given; sizes are \(SizeList.validIDs), ranges like xxxl-ax3, and all, standard, accessibility"
            }
        }
    }

    public static var validIDs: String { Size.allCases.map(\.id).joined(separator: " ") }

    /// The sizes `text` names, smallest first, each once.
    public static func parse(_ text: some StringProtocol) throws(Problem) -> [Size] {
        // By raw value, in size order: a set of sizes would cost a search of the program's
        // conformances the first time, more than the rest of the parse.
        var chosen = [Bool](repeating: false, count: Size.allCases.count)
        let parts = String(text).split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            let token = Substring(part.trimmingSpaces)
            if token.isEmpty {
                if parts.count == 1 { throw .empty }
                throw .unknown(String(part))
            }
            guard let sizes = sizes(in: token) else { throw .unknown(String(token)) }
            for size in sizes { chosen[size.rawValue] = true }
        }
        return Size.allCases.filter { chosen[$0.rawValue] }
    }

    private static func sizes(in token: Substring) -> [Size]? {
        if let group = groups[token.lowercased()] { return group }
        if let size = Size(name: token) { return [size] }
        // Names such as `extra-small` hold hyphens too, so try every hyphen as the range separator.
        var index = token.startIndex
        while let hyphen = token[index...].firstIndex(of: "-") {
            if let lower = Size(name: token[..<hyphen]),
               let upper = Size(name: token[token.index(after: hyphen)...]) {
                let (from, to) = lower <= upper ? (lower, upper) : (upper, lower)
                return Size.allCases.filter { $0 >= from && $0 <= to }
            }
            index = token.index(after: hyphen)
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    public var trimmingSpaces: SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }

    /// The lines of a text file as any editor writes it: ends of line `\n` or `\r\n` (one Character
    /// in Swift, so a separator of its own), and a byte order mark at the start left out.
    public var textLines: [SubSequence] {
        let body = first == "\u{FEFF}" ? self[index(after: startIndex)...] : self[...]
        return body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
