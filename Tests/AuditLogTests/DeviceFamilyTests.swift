import AuditLog
import Testing

/// The device family a run names, and the run mark that keeps it with the run's recordings.
@Suite struct DeviceFamilyTests {
    @Test(arguments: [
        // Models and simulator names as Xcode 16's JSON and the attachments' manifest give them.
        ("iPad Pro 13-inch (M4)", "iOS Simulator", DeviceFamily.iPad),
        ("iPad (10th generation)", nil, .iPad),
        ("iPhone 16", "iOS Simulator", .iPhone),
        ("iPhone SE (3rd generation)", nil, .iPhone),
        ("iPod touch (7th generation)", nil, .iPhone),
        ("CI iPad runner", nil, .iPad),
        ("Apple Vision Pro", "visionOS Simulator", .vision),
        ("Apple Vision Pro", "com.apple.platform.xrsimulator", .vision),
        ("Apple Watch Series 10 (46mm)", "watchOS Simulator", .appleWatch),
        ("Apple TV 4K (3rd generation)", "tvOS Simulator", .appleTV),
        ("My Mac", "macOS", .mac),
        // The platform decides over a name a person gave the simulator.
        ("iPhone-like watch sim", "com.apple.platform.watchsimulator", .appleWatch),
    ] as [(String, String?, DeviceFamily)])
    func aDeviceIsPlacedByItsPlatformThenItsModel(name: String, platform: String?, family: DeviceFamily) {
        #expect(DeviceFamily.of(device: name, platform: platform) == family)
    }

    @Test func aDeviceNothingPlacesHasNoFamily() {
        #expect(DeviceFamily.of(device: "Build agent 7", platform: "iOS Simulator") == nil)
        #expect(DeviceFamily.of(device: "", platform: nil) == nil)
        // A word that only starts like a device is not one.
        #expect(DeviceFamily.of(device: "Watchtower", platform: nil) == nil)
    }

    @Test func macAndAppleTVOfferNoLargerText() {
        #expect(DeviceFamily.withLargerText == [.iPhone, .iPad, .appleWatch, .vision])
        #expect(DeviceFamily(typed: "apple-watch") == .appleWatch && DeviceFamily(typed: "ipad") == .iPad && DeviceFamily(typed: "ipod") == nil)
    }

    @Test func aRunMarkKeepsItsDevicesBeforeTheFingerprint() {
        let marked = RunMark.marking("R.xcresult #3f2a9c1e4b5d", families: [.iPad, .iPhone], devices: ["iPad Pro 13-inch (M4)", "iPhone 16"])
        #expect(marked == "R.xcresult [IPHONE, IPAD: iPad Pro 13-inch (M4), iPhone 16] #3f2a9c1e4b5d")
        #expect(RunMark.families(of: marked) == [.iPhone, .iPad])
        // The mark still ends in the fingerprint, which is how a run's earlier recordings are found.
        #expect(marked.hasSuffix(" #3f2a9c1e4b5d"))
    }

    @Test func aRunThatDidNotSayKeepsItsNameAndNoFamily() {
        #expect(RunMark.marking("R.xcresult #3f2a9c1e4b5d", families: [], devices: []) == "R.xcresult #3f2a9c1e4b5d")
        #expect(RunMark.families(of: "R.xcresult #3f2a9c1e4b5d") == [])
        #expect(RunMark.families(of: "UITests.xcresult #3f2a9c1e4b5d").isEmpty)
    }

    @Test func aFolderNameCannotPassForADevice() {
        // A folder named like a mark: its brackets become parentheses, so only what the run said counts.
        let planted = RunMark.marking("Checkout [IPAD] #3f2a9c1e4b5d", families: [], devices: [])
        #expect(planted == "Checkout (IPAD) #3f2a9c1e4b5d")
        #expect(RunMark.families(of: planted) == [])
        let both = RunMark.marking("Checkout [IPAD] #3f2a9c1e4b5d", families: [.iPhone], devices: ["iPhone 16"])
        #expect(RunMark.families(of: both) == [.iPhone])
        // A mark with a word that is no family names none.
        #expect(RunMark.families(of: "R [IPAD, IPOD] #3f2a9c1e4b5d") == [])
    }

    @Test func deviceNamesAreCutToPlainWords() {
        let marked = RunMark.marking("R #3f2a9c1e4b5d", families: [.iPad], devices: ["iPad] #evil\u{1B}[31m: IPHONE", String(repeating: "x", count: 90)])
        #expect(RunMark.families(of: marked) == [.iPad])
        #expect(!marked.contains("\u{1B}") && marked.hasSuffix("] #3f2a9c1e4b5d"))
        #expect(marked.count < 200)
    }
}
