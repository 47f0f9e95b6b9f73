/// People's and flows' names as teams type them: "Ana Lima", "ana lima" and "AnaLima" are one
/// person, so filters match them and reports list them once.
public enum PersonName {
    /// What two spellings of one name share: lower case, without spaces.
    public static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "_" && $0 != "-" })
    }

    /// One entry per person: the spelling used most (then the first in `names` order), with how
    /// often any spelling of it appears, most frequent first.
    public static func tally<S: Sequence>(_ names: S) -> [(name: String, count: Int)] where S.Element == String {
        var spellings: [String: [String: Int]] = [:]
        var order: [String] = []
        for name in names {
            let key = key(name)
            if spellings[key] == nil { order.append(key) }
            spellings[key, default: [:]][name, default: 0] += 1
        }
        return order.map { key in
            let counts = spellings[key]!
            let name = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return (name, counts.values.reduce(0, +))
        }
        .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }
}
