import DynamicType
import Evidence
import Testing

/// Names that snapshot libraries, simulators and WidgetKit put in file names beside the text size.
@Suite struct SnapshotToolNamesTests {
    /// swift-snapshot-testing names a file `<test>.<name>.png`; its own tests name each size
    /// `iphone-se-<size>`, from `extra-small` to `accessibility-extra-extra-extra-large`.
    @Test(arguments: zip(
        ["extra-small", "small", "medium", "large", "extra-large", "extra-extra-large", "extra-extra-extra-large",
         "accessibility-medium", "accessibility-large", "accessibility-extra-large", "accessibility-extra-extra-large",
         "accessibility-extra-extra-extra-large"],
        Size.allCases))
    func swiftSnapshotTestingTraitNamesGiveEverySize(name: String, size: Size) throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "__Snapshots__/TraitsTests/testTraits.iphone-se-\(name).png"))
        #expect(parts.size == size)
        #expect(parts.plainBefore == "testtraits")
        #expect(parts.plainAfter == "")
        #expect(parts.screenKeys.contains("traits"))
    }

    /// Every `ViewImageConfig` device, spelled as its name in code, as swift-snapshot-testing's
    /// tests name files, as `UIDevice.model` and as simulators name them: none is a size.
    @Test(arguments: [
        "iPhoneSe", "iPhone8", "iPhone8Plus", "iPhoneX", "iPhoneXsMax", "iPhoneXr", "iPhone12", "iPhone12Pro",
        "iPhone12ProMax", "iPhone13", "iPhone13Mini", "iPhone13Pro", "iPhone13ProMax", "iPadMini", "iPad9_7",
        "iPad10_2", "iPadPro10_5", "iPadPro11", "iPadPro12_9",
        "iphone-se", "iphone-8-plus", "iphone-x", "iphone-xr", "iphone-xs-max", "iphone-xs-max-alternative",
        "ipad-pro-12-9-alternative", "iphoneSe", "iphoneMax", "iPhoneSE-image", "iphonexsmax", "IPHONE-XS",
        "iPhone 15 Pro Max", "iPhone SE (3rd generation)", "iPhone 6s", "iPhone 16e", "iPad Pro 11-inch (M4)",
        "iPod touch (7th generation)",
    ])
    func deviceNamesAreNeverSizes(device: String) {
        #expect(EvidenceNaming.parse(fileName: "testCheckout.\(device).png") == nil)
        #expect(EvidenceNaming.parse(fileName: "testCheckout_\(device)_ax2.png")?.screenKeys.contains("checkout") == true)
    }

    /// A size beside a device is still found, and the device leaves the screen's key.
    @Test(arguments: [
        ("testCheckout.iphone-xs-max-extra-small.png", Size.xs),
        ("testCheckout.iPhoneXsMax_xs.png", .xs),
        ("testCheckout_iPhone15Pro_xs.png", .xs),
        ("Checkout_iphone-8_s.png", .s),
        ("Checkout_ax5_iPhone_17_0_375x667@2x.png", .ax5),
        ("testCheckout_accessibilityLarge_iPad_17_2_1024x768@2x.png", .ax2),
        ("iPhone 15 Pro - Checkout - ax3.png", .ax3),
    ])
    func aSizeBesideADeviceIsFound(path: String, size: Size) throws {
        let parts = try #require(EvidenceNaming.parse(fileName: path))
        #expect(parts.size == size)
        #expect(parts.screenKeys.contains("checkout"))
        #expect(parts.plainAfter == "")
    }

    /// WidgetKit's families and Live Activity's are a widget's size, not the text's.
    @Test(arguments: [
        "testWidget.systemSmall.png", "testWidget.systemMedium.png", "testWidget.systemLarge.png",
        "testWidget.systemExtraLarge.png", "systemLargeSnapshot.png", "smallSizeSnapshots.png",
        "testLiveActivity.ActivityFamily.small.png", "testLiveActivity_medium.png", "widget_large.png",
        "testWidget.accessoryCircular.png", "testWidget.accessoryRectangular.png", "testWidget.accessoryInline.png",
    ])
    func familiesAreNeverSizes(path: String) {
        #expect(EvidenceNaming.parse(fileName: path) == nil)
    }

    @Test func aFamilyBesideASizeKeepsTheSizeAndLeavesTheKey() throws {
        let parts = try #require(EvidenceNaming.parse(fileName: "testOrdersWidget.systemLarge.accessibility3.png"))
        #expect(parts.size == .ax3)
        #expect(parts.screenKeys.contains("orderswidget"))
        let small = try #require(EvidenceNaming.parse(fileName: "testOrdersWidget_accessoryCircular_xl.png"))
        #expect(small.size == .xl)
        #expect(small.plainBefore == "testorderswidget")
    }

    @Test func namesThatOnlyLookLikeDevicesOrFamiliesKeepTheirSizes() throws {
        #expect(EvidenceNaming.parse(fileName: "Settings_l.png")?.size == .l)
        #expect(EvidenceNaming.parse(fileName: "iPhoneSettings_xs.png")?.plainBefore == "iphonesettings")
        // A screen named after a device keeps its name first: capture scripts write `iPad-Settings_ax5.png`.
        #expect(EvidenceNaming.parse(fileName: "iPad-Settings_ax5.png")?.screenKeys.first == "ipadsettings")
        #expect(EvidenceNaming.parse(fileName: "iPhone-XS_xs.png")?.screenKeys.first == "iphonexs")
        // The size a capture script writes after an underscore is never a device's model.
        #expect(EvidenceNaming.parse(fileName: "Checkout-iPhone_xs.png")?.size == .xs)
        #expect(EvidenceNaming.parse(fileName: "Checkout-iPhone_xs.png")?.screenKeys.first == "checkoutiphone")
        #expect(EvidenceNaming.parse(fileName: "SystemPreferences_large.png")?.size == .l)
        #expect(EvidenceNaming.parse(fileName: "Activity_large.png")?.size == .l)
        #expect(EvidenceNaming.parse(fileName: "Family_small.png")?.size == .s)
        #expect(EvidenceNaming.parse(fileName: "System_large.png")?.size == .l)
        #expect(EvidenceNaming.parse(fileName: "Accessibility_m.png")?.size == .ax1)
    }

    @Test func theWordsTakenForSizesAreNamed() {
        let found = EvidenceNaming.notSizes(fileName: "testCheckout.iphone-xs-max.png")
        #expect(found.map(\.spelling) == ["iphone-xs-max"])
        #expect(found.map(\.kind) == ["a device"])
        #expect(EvidenceNaming.notSizes(fileName: "systemLargeSnapshot.png").map(\.spelling) == ["systemLarge"])
        #expect(EvidenceNaming.notSizes(fileName: "testCheckout.iphone-8.png").isEmpty)
    }
}
