/// How an option or flag is spelled on the command line.
public struct Name: Sendable, Hashable {
    public var long: String?
    public var short: Character?

    public init(long: String? = nil, short: Character? = nil) {
        self.long = long
        self.short = short
    }

    /// `--name`, derived from the property name unless given.
    public static func long(_ name: String) -> Name { Name(long: name) }
    /// `-s` and a long name derived from the property.
    public static func short(_ character: Character) -> Name { Name(short: character) }
    public static func names(_ long: String, short: Character) -> Name { Name(long: long, short: short) }
}

enum ArgumentNames {
    /// `itemIDs` → `item-ids`, `_byName` → `by-name`.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        var previousWasLower = false
        let characters = Array(name.drop { $0 == "_" })
        for character in characters {
            if character.isUppercase {
                if !result.isEmpty && previousWasLower { result += "-" }
                result += character.lowercased()
                previousWasLower = false
            } else {
                result.append(character)
                previousWasLower = character.isLowercase || character.isNumber
            }
        }
        return result
    }
}
