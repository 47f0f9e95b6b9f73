import DynamicType
import Evidence
import Testing

@Suite struct EvidenceNamingTests {
    /// The naming styles of snapshot-testing libraries, Xcode and capture scripts.
    @Test(arguments: [
        ("testCheckout.accessibility5.png", Size.ax5, "testcheckout"),
        ("Checkout_AX5@3x.png", .ax5, "checkout"),
        ("checkout-accessibility-extra-extra-extra-large.png", .ax5, "checkout"),
        ("__Snapshots__/CheckoutTests/test_checkout.accessibilityExtraExtraExtraLarge.png", .ax5, "testcheckout"),
        ("Checkout.UICTContentSizeCategoryAccessibilityM.png", .ax1, "checkout"),
        ("Checkout.accessibilityMedium.png", .ax1, "checkout"),
        ("testCheckout.accessibility5.1.png", .ax5, "testcheckout"),
        ("Checkout_l.png", .l, "checkout"),
        ("Checkout_Large.png", .l, "checkout"),
        ("Checkout-extra-large.png", .xl, "checkout"),
        ("testCheckoutXL.png", .xl, "testcheckout"),
        ("Checkout_xxxLarge@2x.png", .xxxl, "checkout"),
        ("Checkout_XXXLarge.png", .xxxl, "checkout"),
        ("checkout-extra-small.png", .xs, "checkout"),
        ("Checkout_xSmall.jpeg", .xs, "checkout"),
        ("Map_s.png", .s, "map"),
        ("LargePrint_ax5.png", .ax5, "largeprint"),
        ("Checkout-cart_ax3.png", .ax3, "checkoutcart"),
        ("AX2 Checkout.png", .ax2, ""),
        ("Checkout.a11y4.png", .ax4, "checkout"),
        // Found by fuzzing: a name ending in X must not lend it to the size after the underscore.
        ("Pkout5A-3X_xxl.png", .xxl, "pkout5a3x"),
        ("Fox_xl.png", .xl, "fox"),
        ("Checkout.extra_Large.png", .xl, "checkout"),
        ("testCheckout.extraExtraLarge.png", .xxl, "testcheckout"),
    ])
    func sizesAreFoundInEverySpelling(path: String, size: Size, before: String) throws {
        let parts = try #require(EvidenceNaming.parse(fileName: path))
        #expect(parts.size == size)
        #expect(parts.before == before)
    }

    @Test(arguments: ["Settings.png", "Maps.png", "testCheckout.1.png", "Smallest.png", "Mediumrare.png"])
    func namesWithoutASizeAreNotGuessed(path: String) {
        #expect(EvidenceNaming.parse(fileName: path) == nil)
    }

    @Test func aNameThatCouldEndInASizeHasEveryReading() {
        let readings = EvidenceNaming.interpretations(fileName: "Accessibility_m.png")
        #expect(readings.map(\.size) == [.ax1, .m])
        #expect(readings.map(\.before) == ["", "accessibility"])
        #expect(EvidenceNaming.interpretations(fileName: "Checkout_Large_ax5.png").map(\.size) == [.ax5])
    }

    @Test func wordsAfterTheSizeAreKept() throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "Checkout_ax5_no-truncation.png"))
        #expect(parts.size == .ax5)
        #expect(parts.after == "notruncation")
        #expect(parts.sizeSpelling == "ax5")
        #expect(parts.screenKeys.contains("checkout"))
    }

    @Test func screenKeysDropTestPrefixesAndViewSuffixes() throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "testCheckoutScreen.accessibility5.png"))
        #expect(parts.screenKeys.first == "testcheckoutscreen")
        #expect(parts.screenKeys.contains("checkout"))
        #expect(parts.screenKeys.contains("checkoutscreen"))
        #expect(EvidenceNaming.folderKeys("CheckoutTests") == ["checkouttests", "checkout"])
        #expect(EvidenceNaming.folderKeys("__Snapshots__").isEmpty)
    }

    @Test func keysIgnoreCaseAndPunctuation() {
        #expect(EvidenceNaming.key("Checkout: cart") == "checkoutcart")
        #expect(EvidenceNaming.key("checkout-cart") == "checkoutcart")
        #expect(EvidenceNaming.key("Café Über") == "caféüber")
    }

    @Test func slugsKeepLettersAndDigitsOnly() {
        #expect(EvidenceNaming.slug("Checkout: cart") == "Checkout-cart")
        #expect(EvidenceNaming.slug("$(rm -rf ~)'; echo \"x\"") == "rm-rf-echo-x")
        #expect(EvidenceNaming.slug("../../etc/passwd") == "etc-passwd")
        #expect(EvidenceNaming.slug("???") == "")
        #expect(EvidenceNaming.screenshotName(screen: "Checkout: cart", size: .ax5) == "Checkout-cart_ax5.png")
        #expect(EvidenceNaming.screenshotName(screen: "???", size: .l) == "screen_l.png")
    }

    /// Every name a capture script gives is recognised again by import.
    @Test(arguments: ["Checkout: cart", "Map XL", "Large Print", "Settings / Privacy", "Sign in", "Step 2", "Pkout5A 3X", "Fox",
                      "Max", "Extra", "Accessibility", "AX", "X", "Büro Ä"])
    func captureNamesRoundTrip(screen: String) throws {
        for size in Size.allCases {
            let name = EvidenceNaming.screenshotName(screen: screen, size: size)
            let readings = EvidenceNaming.interpretations(fileName: name)
            // The reading that names the screen is the one with the right size.
            let reading = try #require(readings.first { $0.screenKeys.first == EvidenceNaming.key(screen) }, "\(name)")
            #expect(reading.size == size, "\(name)")
        }
    }
}
