/// "Did you mean" for every name a user types: commands, options, sizes, items, screens.
public enum Suggestions {
    /// The candidates closest to `input`, nearest first: those within a small edit distance, or that
    /// `input` is a prefix of. Case is ignored.
    public static func closest(to input: String, among candidates: [String], limit: Int = 1) -> [String] {
        let typed = Array(input.lowercased())
        guard !typed.isEmpty else { return [] }
        let threshold = max(1, min(3, typed.count / 3))
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates {
            let lowered = Array(candidate.lowercased())
            let distance = editDistance(typed, lowered)
            if distance <= threshold {
                scored.append((distance, candidate))
            } else if lowered.count > typed.count, typed.count >= 2, lowered.starts(with: typed) {
                scored.append((threshold + 1, candidate))
            }
        }
        // Equally near candidates keep the order they were given in, so callers can rank them.
        let ranked = scored.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }.map(\.element)
        var seen = Set<String>()
        return ranked.map(\.name).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }

    /// An enumerated value as compared with what was typed: lower case, without the spaces,
    /// hyphens and underscores people type differently (`Re-check pending` → `recheckpending`).
    public static func valueKey(_ text: String) -> String {
        String(text.lowercased().filter { !" -_".contains($0) })
    }

    /// The value of a short fixed set `input` most likely meant: the nearest by spelling or start
    /// (`re-check` → `recheck-pending`), else the one it abbreviates (`md` → `markdown`).
    public static func nearestValue(to input: String, among values: [String]) -> String? {
        let keys = values.map(valueKey)
        let typed = valueKey(input)
        if let key = closest(to: typed, among: keys).first, let index = keys.firstIndex(of: key) { return values[index] }
        guard let first = typed.first else { return nil }
        return values.indices.first { index in
            let key = keys[index]
            guard key.first == first else { return false }
            var rest = Substring(key)
            for character in typed {
                guard let found = rest.firstIndex(of: character) else { return false }
                rest = rest[rest.index(after: found)...]
            }
            return true
        }.map { values[$0] }
    }

    /// "; did you mean 'x'?" or an empty string.
    public static func didYouMean(_ input: String, among candidates: [String], quote: String = "'") -> String {
        guard let best = closest(to: input, among: candidates).first else { return "" }
        return "; did you mean \(quote)\(best)\(quote)?"
    }

    /// `"; did you mean 'x'? Rules are a, b"` when there is a `suggestion`, else `"; rules are a, b"`:
    /// the tail of an "unknown ..." message, `listName` in the plural and lower case.
    public static func didYouMean(_ suggestion: String?, thenList listName: String, _ items: String) -> String {
        guard let suggestion else { return "; \(listName) are \(items)" }
        return "; did you mean '\(suggestion)'? \(listName.prefix(1).uppercased() + listName.dropFirst()) are \(items)"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost one, so `naa` is one step from `na` and `teh` one from `the`.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
