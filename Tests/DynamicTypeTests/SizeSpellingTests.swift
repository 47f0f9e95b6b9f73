import Testing
@testable import DynamicType

/// One table of spellings serves every place a size is typed: each spelling in it is taken by
/// `--size` (alone and in lists and ranges) and comes back as the short id.
@Suite struct SizeSpellingTests {
    /// Every spelling of the table, with its size.
    static let table: [(text: String, size: Size)] = Size.allCases.flatMap { size in Size.names[size.rawValue].texts.map { ($0, size) } }

    @Test func everySpellingIsTakenAsTypedAndGivesBackItsID() throws {
        #expect(Self.table.count >= 12 * 6 + 5 * 4)
        for (text, size) in Self.table {
            #expect(Size(name: text)?.id == size.id, "\(text)")
            #expect(Size(name: text.uppercased())?.id == size.id, "\(text) in capitals")
            #expect(try SizeList.parse(text).map(\.id) == [size.id], "\(text) as --size")
            #expect(try SizeList.parse("xs, \(text)") == Size.allCases.filter { $0 == .xs || $0 == size }, "\(text) in a list")
        }
    }

    /// The spellings snapshot-testing projects and people use beyond Apple's names, which file
    /// names always took and `--size` refused.
    @Test(arguments: [("AccessibilityXXXL", "ax5"), ("a11y5", "ax5"), ("ax-5", "ax5"), ("accessibility-5", "ax5"), ("AX_5", "ax5"),
                      ("a11y1", "ax1"), ("AccessibilityM", "ax1"), ("accessibility-3", "ax3"), ("Accessibility_XL", "ax3"),
                      ("extra small", "xs"), ("Extra_Large", "xl"), ("EXTRA-EXTRA-EXTRA-LARGE", "xxxl")])
    func aliasesAreTaken(text: String, id: String) throws {
        #expect(Size(name: text)?.id == id)
        #expect(try SizeList.parse(text).map(\.id) == [id])
    }

    /// Punctuation may stand only where a spelling's own words meet, and nothing may come before
    /// or after it but a leading dot.
    @Test(arguments: ["x-l", "a-x5", "ax5-", "-large", "large.", "..large", "ax 6", "extra", "accessibility", "a11y", "x_small_"])
    func anythingElseIsRefused(text: String) {
        #expect(Size(name: text) == nil)
    }

    @Test func noSpellingNamesTwoSizes() {
        var sizes: [String: Size] = [:]
        for spelling in Size.spellings {
            let key = String(spelling.key)
            #expect(sizes[key] == nil || sizes[key] == spelling.size, "\(key)")
            sizes[key] = spelling.size
        }
    }

    /// A range may join spellings of any two sizes with a hyphen, though many hold hyphens of their own.
    @Test func rangesJoinAnyTwoSpellings() throws {
        let texts = Size.allCases.map { size in (Size.names[size.rawValue].texts.filter { !$0.hasPrefix(".") }, size) }
        for (lowerTexts, lower) in texts {
            for (upperTexts, upper) in texts {
                let expected = Size.allCases.filter { $0 >= min(lower, upper) && $0 <= max(lower, upper) }
                for (a, b) in zip(lowerTexts, upperTexts.reversed()) {
                    #expect(try SizeList.parse(a + "-" + b) == expected, "\(a)-\(b)")
                }
            }
        }
    }

    @Test func suggestionsListTheLargestSizeFirst() {
        #expect(Size.acceptedNames.first == "ax5")
        #expect(Size.acceptedNames.contains("a11y5"))
        #expect(!Size.acceptedNames.contains { $0.hasPrefix(".") || $0 != $0.lowercased() })
    }
}
