import Testing
@testable import DynamicType

@Suite struct SizeTests {
    @Test func everyNameInTheFactsTableDenotesItsSize() {
        let table: [(Size, [String])] = [
            (.xs, ["xs", "xSmall", ".xSmall", ".extraSmall", "extraSmall", "UICTContentSizeCategoryXS", "extra-small"]),
            (.l, ["l", "Large", ".large", "UICTContentSizeCategoryL", "large", "LARGE"]),
            (.xxxl, ["xxxl", "xxxLarge", ".extraExtraExtraLarge", "UICTContentSizeCategoryXXXL", "extra-extra-extra-large"]),
            (.ax1, ["ax1", "AX1", ".accessibility1", "accessibilityMedium", "UICTContentSizeCategoryAccessibilityM", "accessibility-medium"]),
            (.ax5, ["ax5", "AX5", "accessibility5", "accessibilityExtraExtraExtraLarge", "UICTContentSizeCategoryAccessibilityXXXL",
                    "accessibility-extra-extra-extra-large", "uictcontentsizecategoryaccessibilityxxxl"]),
        ]
        for (size, names) in table {
            for name in names { #expect(Size(name: name) == size, "\(name)") }
        }
        #expect(Size(name: "ax6") == nil)
        #expect(Size(name: "") == nil)
        #expect(Size(name: "extra") == nil)
    }

    @Test func namesRoundTripForEverySize() {
        for size in Size.allCases {
            for name in [size.id, size.designName, size.swiftUIName, size.uiKitName, size.uiKitRawValue, size.simctlName] {
                #expect(Size(name: name) == size)
            }
        }
        #expect(Size.allCases.map(\.id) == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
    }

    @Test func listsRangesAndGroups() throws {
        #expect(try SizeList.parse("l,ax3,ax5") == [.l, .ax3, .ax5])
        #expect(try SizeList.parse("ax5, l ,ax5") == [.l, .ax5])
        #expect(try SizeList.parse("xxxl-ax3") == [.xxxl, .ax1, .ax2, .ax3])
        #expect(try SizeList.parse("ax3-xxxl") == [.xxxl, .ax1, .ax2, .ax3])
        #expect(try SizeList.parse("extra-small-small") == [.xs, .s])
        #expect(try SizeList.parse("accessibility-medium-accessibility-large") == [.ax1, .ax2])
        #expect(try SizeList.parse("large-AX1") == [.l, .xl, .xxl, .xxxl, .ax1])
        #expect(try SizeList.parse("all") == Size.allCases)
        #expect(try SizeList.parse("standard") == [.xs, .s, .m, .l, .xl, .xxl, .xxxl])
        #expect(try SizeList.parse("Accessibility") == [.ax1, .ax2, .ax3, .ax4, .ax5])
        #expect(try SizeList.parse("xs,accessibility") == [.xs, .ax1, .ax2, .ax3, .ax4, .ax5])
    }

    @Test func badListsSayWhatIsAllowed() {
        #expect(throws: SizeList.Problem.unknown("ax6")) { try SizeList.parse("l,ax6") }
        #expect(throws: SizeList.Problem.empty) { try SizeList.parse("") }
        #expect(throws: SizeList.Problem.unknown("")) { try SizeList.parse("l,") }
        #expect(throws: SizeList.Problem.unknown("l-")) { try SizeList.parse("l-") }
        #expect(throws: SizeList.Problem.unknown("l-ax6")) { try SizeList.parse("l-ax6") }
        let message = SizeList.Problem.unknown("ax6").description
        #expect(message.contains("xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5"))
    }

    @Test func auditOrderStartsLargestAndEndsAtTheDefault() {
        #expect(Size.auditOrder.first == .ax5)
        #expect(Size.auditOrder.last == .l)
        #expect(Size.auditOrder.count == 12)
        #expect(Set(Size.auditOrder) == Set(Size.allCases))
    }

    @Test func textStyleSizesMatchTheFacts() {
        #expect(TextStyle.body.pointSize(at: .l) == 17)
        #expect(TextStyle.body.pointSize(at: .ax5) == 53)
        #expect(TextStyle.body.percentOfDefault(at: .ax5) == 312)
        #expect(TextStyle.largeTitle.percentOfDefault(at: .ax5) == 176)
        #expect(TextStyle.largeTitle.doubledAt == nil)
        #expect(TextStyle.title1.doubledAt == .ax5)
        for style in [TextStyle.body, .headline, .title2, .title3] { #expect(style.doubledAt == .ax3, "\(style)") }
        for style in [TextStyle.subheadline, .callout, .footnote, .caption1, .caption2] { #expect(style.doubledAt == .ax2, "\(style)") }
    }
}

@Suite struct ByteParsingTests {
    @Test func sizeIDsAndStatusesParseFromStoredBytes() {
        for size in Size.allCases {
            let parsed = Array(size.id.utf8).withUnsafeBufferPointer { Size(idBytes: $0) }
            #expect(parsed == size)
        }
        for wrong in ["", "xxl ", "ax6", "ax0", "XS", "xxxxl", "a"] {
            #expect(Array(wrong.utf8).withUnsafeBufferPointer { Size(idBytes: $0) } == nil, "\(wrong)")
        }
        for status in ResultStatus.allCases {
            #expect(Array(status.rawValue.utf8).withUnsafeBufferPointer { ResultStatus(bytes: $0) } == status)
        }
    }
}
