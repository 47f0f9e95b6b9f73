/// A name as one run of lower-case letters and digits, remembering where its words began: after
/// punctuation, at a change of case (`testCheckout`), or between letters and digits. Size spellings
/// are compared this way wherever they are read, typed (`--size ax-5`) or in a file's name
/// (`testCheckout.accessibility-5.png`), so that both accept the same spellings.
public struct NameWords: Sendable {
    public enum Boundary: Sendable {
        /// Punctuation, a space, or the start or end of the name.
        case separator
        /// A change of case or between letters and digits.
        case soft
    }

    public private(set) var characters: [Character] = []
    public private(set) var boundaries: [Int: Boundary] = [:]
    /// Positions that follow an underscore: where capture scripts and iOSSnapshotTestCase put a
    /// size or an OS version, never where a device's model name goes on.
    public private(set) var afterUnderscore: Set<Int> = []
    /// Where the first `.` of the name falls among the characters: swift-snapshot-testing puts
    /// it between a test's name and the snapshot's.
    public private(set) var firstDot: Int?
    /// For each character, where it came from in the original name.
    private var sources: [Int] = []
    private let original: [Character]

    public init(_ name: String) {
        original = Array(name)
        var afterSeparator = true
        for (index, character) in original.enumerated() {
            guard character.isLetter || character.isNumber else {
                afterSeparator = true
                if character == "_" { afterUnderscore.insert(characters.count) }
                if character == ".", firstDot == nil { firstDot = characters.count }
                continue
            }
            let position = characters.count
            if afterSeparator {
                boundaries[position] = .separator
            } else {
                let previous = original[index - 1]
                let next = index + 1 < original.count ? original[index + 1] : nil
                if previous.isLowercase && character.isUppercase {
                    boundaries[position] = .soft
                } else if previous.isUppercase && character.isUppercase, let next, next.isLowercase {
                    // The end of an acronym: `UICTContent` splits before `Content`.
                    boundaries[position] = .soft
                } else if previous.isNumber != character.isNumber {
                    boundaries[position] = .soft
                }
            }
            for lowered in character.lowercased() {
                characters.append(lowered)
                sources.append(index)
            }
            afterSeparator = false
        }
        boundaries[characters.count] = .separator
    }

    /// The original spelling of the characters in `range`.
    public func original(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(original[sources[range.lowerBound]...sources[range.upperBound - 1]])
    }
}
