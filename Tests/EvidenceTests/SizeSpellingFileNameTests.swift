@testable import DynamicType
import Evidence
import Testing

/// File names take the spellings `--size` takes, from the same table, and give back the short id.
@Suite struct SizeSpellingFileNameTests {
    @Test func everySpellingOfTheTableIsFoundInAFileName() throws {
        for size in Size.allCases {
            for text in Size.names[size.rawValue].texts {
                let spelled = text.hasPrefix(".") ? String(text.dropFirst()) : text
                for name in ["Checkout_\(spelled).png", "testCheckout.\(spelled)@3x.png", "Checkout-\(spelled)-dark.png"] {
                    let parts = try #require(EvidenceNaming.parse(fileName: name), "\(name)")
                    #expect(parts.size.id == size.id, "\(name)")
                    #expect(parts.sizeSpelling == spelled, "\(name)")
                    #expect(parts.screenKeys.contains("checkout"), "\(name)")
                }
            }
        }
    }

    /// What `--size` takes, a file name takes: both read the one table.
    @Test(arguments: ["AccessibilityXXXL", "a11y5", "ax-5", "accessibility-5", "AX_5", "extra small"])
    func aliasesMeanTheSameInBoth(text: String) throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "Checkout_\(text).png"))
        #expect(parts.size.id == Size(name: text)?.id)
    }

    /// Words a test's name uses for other things name no size inside a word.
    @Test(arguments: ["testSmallTimelineLayout.png", "testLargeView.png", "whenExtraLargeIcons.png", "Tabs.png"])
    func plainWordsInsideANameAreNoSize(path: String) {
        #expect(EvidenceNaming.parse(fileName: path) == nil)
    }
}
