/// Every spelling of every size, in one table. Wherever a size is typed (`--size`, a checklist, a
/// run's JSON) or read from a file's name (`testCheckout.accessibility-5.png`), any spelling in
/// the table denotes its size; every output writes the short id (`ax5`).
///
/// Both compare a spelling as `NameWords` do: case aside, with punctuation or spaces allowed only
/// where the spelling's own words meet (`extra_small`, `AX 5`; never `x-l` for `xl`). A file name
/// asks one thing more, see `Size.Spelling.standsAlone`.
extension Size {
    /// A size's names, smallest size first, as `/work/shared/facts/content-size-categories.tsv`
    /// lists them, then `also`: other spellings snapshot-testing projects and people write.
    /// A new alias is one more string in its size's `also`.
    struct Names {
        let id, design, swiftUI, uiKit, raw, simctl: String
        var also: [String] = []

        /// Every spelling of the row, the id first.
        var texts: [String] { [id, design, swiftUI, uiKit, raw, simctl] + also }
    }

    static let names: [Names] = [
        Names(id: "xs", design: "xSmall", swiftUI: ".xSmall", uiKit: ".extraSmall", raw: "UICTContentSizeCategoryXS", simctl: "extra-small"),
        Names(id: "s", design: "Small", swiftUI: ".small", uiKit: ".small", raw: "UICTContentSizeCategoryS", simctl: "small"),
        Names(id: "m", design: "Medium", swiftUI: ".medium", uiKit: ".medium", raw: "UICTContentSizeCategoryM", simctl: "medium"),
        Names(id: "l", design: "Large", swiftUI: ".large", uiKit: ".large", raw: "UICTContentSizeCategoryL", simctl: "large"),
        Names(id: "xl", design: "xLarge", swiftUI: ".xLarge", uiKit: ".extraLarge", raw: "UICTContentSizeCategoryXL", simctl: "extra-large"),
        Names(id: "xxl", design: "xxLarge", swiftUI: ".xxLarge", uiKit: ".extraExtraLarge", raw: "UICTContentSizeCategoryXXL", simctl: "extra-extra-large"),
        Names(id: "xxxl", design: "xxxLarge", swiftUI: ".xxxLarge", uiKit: ".extraExtraExtraLarge", raw: "UICTContentSizeCategoryXXXL", simctl: "extra-extra-extra-large"),
        Names(id: "ax1", design: "AX1", swiftUI: ".accessibility1", uiKit: ".accessibilityMedium", raw: "UICTContentSizeCategoryAccessibilityM", simctl: "accessibility-medium",
              also: ["AccessibilityM", "ax-1", "accessibility-1", "a11y1"]),
        Names(id: "ax2", design: "AX2", swiftUI: ".accessibility2", uiKit: ".accessibilityLarge", raw: "UICTContentSizeCategoryAccessibilityL", simctl: "accessibility-large",
              also: ["AccessibilityL", "ax-2", "accessibility-2", "a11y2"]),
        Names(id: "ax3", design: "AX3", swiftUI: ".accessibility3", uiKit: ".accessibilityExtraLarge", raw: "UICTContentSizeCategoryAccessibilityXL", simctl: "accessibility-extra-large",
              also: ["AccessibilityXL", "ax-3", "accessibility-3", "a11y3"]),
        Names(id: "ax4", design: "AX4", swiftUI: ".accessibility4", uiKit: ".accessibilityExtraExtraLarge", raw: "UICTContentSizeCategoryAccessibilityXXL",
              simctl: "accessibility-extra-extra-large", also: ["AccessibilityXXL", "ax-4", "accessibility-4", "a11y4"]),
        Names(id: "ax5", design: "AX5", swiftUI: ".accessibility5", uiKit: ".accessibilityExtraExtraExtraLarge", raw: "UICTContentSizeCategoryAccessibilityXXXL",
              simctl: "accessibility-extra-extra-extra-large", also: ["AccessibilityXXXL", "ax-5", "accessibility-5", "a11y5"]),
    ]

    /// One way of writing a size, as it is compared: spellings that differ only in case and
    /// punctuation (`.extraSmall`, `extra-small`) are one.
    public struct Spelling: Sendable {
        public let size: Size
        /// The first of the table's spellings that this one stands for: `.extraSmall`.
        public let text: String
        /// Lower-case letters and digits: `extrasmall`.
        public let key: [Character]
        /// Where the spelling's own words meet (`extra|small`, `ax|5`), counted in `key`: the only
        /// places where punctuation or a space may stand inside it.
        public let wordStarts: Set<Int>
        /// One letter (`s`), or only the words extra, small, medium and large (`extraLarge`). In a
        /// file name such a spelling names a size only as a name part of its own (`Checkout_Large`,
        /// `Map_s`), never as the start of a word (`testSmallTimelineLayout`, `Tabs`): test names
        /// use these words for other things.
        public let standsAlone: Bool
    }

    /// Every spelling, size by size in the table's order.
    public static let spellings: [Spelling] = {
        let plainWords = ["extra", "small", "medium", "large"]
        var result: [Spelling] = []
        for size in Size.allCases {
            let row = names[size.rawValue]
            var firstText: [String: String] = [:]
            var starts: [String: Set<Int>] = [:]
            var order: [String] = []
            for text in row.texts {
                let words = NameWords(text)
                let key = String(words.characters)
                guard !key.isEmpty else { continue }
                if firstText[key] == nil {
                    firstText[key] = text
                    order.append(key)
                }
                starts[key, default: []].formUnion(words.boundaries.keys.filter { $0 > 0 && $0 < key.count })
            }
            for key in order {
                let wordStarts = starts[key] ?? []
                let cuts = [0] + wordStarts.sorted() + [key.count]
                let characters = Array(key)
                let plain = zip(cuts, cuts.dropFirst()).allSatisfy { plainWords.contains(String(characters[$0..<$1])) }
                result.append(Spelling(size: size, text: firstText[key] ?? key, key: characters, wordStarts: wordStarts,
                                       standsAlone: key.count == 1 || plain))
            }
        }
        return result
    }()

    /// Each spelling's place in `spellings`, by key. No key names two sizes.
    private static let spellingIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (offset, spelling) in spellings.enumerated() { index[String(spelling.key)] = offset }
        return index
    }()

    /// The size `name` spells as a whole, by the table: a leading `.` allowed (`.accessibility5`),
    /// nothing else before or after the spelling.
    static func spelled(_ name: some StringProtocol) -> Size? {
        var text = Substring(name)
        if text.first == "." { text = text.dropFirst() }
        guard let first = text.first, let last = text.last, first.isLetter || first.isNumber, last.isLetter || last.isNumber else { return nil }
        let words = NameWords(String(text))
        guard let index = spellingIndex[String(words.characters)] else { return nil }
        let spelling = spellings[index]
        for (position, boundary) in words.boundaries where boundary == .separator && position > 0 && position < spelling.key.count {
            guard spelling.wordStarts.contains(position) else { return nil }
        }
        return spelling.size
    }

    /// Every accepted spelling of every size, lower-case and without a leading dot, for suggestions:
    /// the largest size first, so that a typo past the end (`a11y6`) suggests the largest.
    public static var acceptedNames: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for row in Size.names.reversed() {
            for text in row.texts {
                let name = String((text.hasPrefix(".") ? text.dropFirst() : Substring(text)).lowercased())
                if seen.insert(name).inserted { result.append(name) }
            }
        }
        return result
    }
}
