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

extension PersonName {
    /// The people among `names` that `typed` stands for, each spelled as `names` spell it most,
    /// in alphabetical order: the names it spells whole (`samokafor` for Sam Okafor); failing that,
    /// those whose words are all among its words or the other way round (`Okafor`, or `Sam J Okafor`
    /// for Sam Okafor); failing that, those whose words start with its words, in order (`S Oka`).
    /// Empty when it stands for nobody; more than one when it could be several people.
    public static func matches<S: Sequence>(_ typed: String, among names: S) -> [String] where S.Element == String {
        let people = tally(names).map(\.name)
        let asked = words(typed)
        let tiers: [(String) -> Bool] = [
            { key($0) == key(typed) },
            { name in
                let own = Set(words(name))
                return !asked.isEmpty && !own.isEmpty && (Set(asked).isSubset(of: own) || own.isSubset(of: Set(asked)))
            },
            { name in startsWords(of: words(name), with: asked) },
        ]
        for tier in tiers {
            let found = people.filter(tier)
            if !found.isEmpty { return found.sorted { $0.lowercased() < $1.lowercased() } }
        }
        return []
    }

    /// The words of a name, lower case: `Ben O'Neil-Okafor` → ben, o, neil, okafor.
    static func words(_ name: String) -> [String] {
        name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether each of `typed`, in order, starts a word of `words` after the one the last started.
    static func startsWords(of words: [String], with typed: [String]) -> Bool {
        guard !typed.isEmpty else { return false }
        var rest = words[...]
        for part in typed {
            guard let index = rest.firstIndex(where: { $0.hasPrefix(part) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }
}
