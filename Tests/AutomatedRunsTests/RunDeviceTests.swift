import AuditLog
import AutomatedRuns
import Foundation
import Testing
import TestSupport

/// Which devices a run ran on, wherever each of Xcode's outputs says it, and nothing where a tool
/// does not say.
@Suite struct RunDeviceTests {
    /// Reads `files` (name to text) as a run: a folder when there are several or a manifest, else one file.
    static func read(_ files: [String: String]) throws -> RunReader.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-devices-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let path = files.count == 1 && files["manifest.json"] == nil ? folder.appendingPathComponent(files.keys.first!).path : folder.path
        return try RunReader.read(path: path, shownAs: "run")
    }

    static func legacy(model: String, platform: String) -> String {
        let destination = "\"runDestination\":{\"_type\":{\"_name\":\"ActionRunDestinationRecord\"},\"displayName\":{\"_type\":{\"_name\":\"String\"},\"_value\":\(quoted(model))},"
            + "\"targetDeviceRecord\":{\"_type\":{\"_name\":\"ActionDeviceRecord\"},\"modelName\":{\"_type\":{\"_name\":\"String\"},\"_value\":\(quoted(model))},"
            + "\"platformRecord\":{\"_type\":{\"_name\":\"ActionPlatformRecord\"},\"identifier\":{\"_type\":{\"_name\":\"String\"},\"_value\":\(quoted(platform))}}}},"
        return RunFixtures.legacyRoot(failures: [("DynamicTypeAuditTests.testCheckoutAX5()", "Text clipped")])
            .replacingOccurrences(of: "{\"_type\":{\"_name\":\"ActionRecord\"},", with: "{\"_type\":{\"_name\":\"ActionRecord\"}," + destination)
    }

    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    @Test func everyShapeOfXcodesOutputNamesItsDevice() throws {
        let tests = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [("testCheckoutAX5()", ["Text clipped"])])
        #expect(try Self.read(["tests.json": tests]).contents.deviceFamilies == [.iPhone])
        let iPad = tests.replacingOccurrences(of: "\"iPhone 16\"", with: "\"iPad Air 11-inch (M3)\"")
        #expect(try Self.read(["tests.json": iPad]).contents.devices == [RunDevice(name: "iPad Air 11-inch (M3)", family: .iPad)])

        // The summary gives the simulator's name, which a person chose, and its model, which decides.
        let summary = """
            {"title":"Test - App","totalTestCount":1,"testFailures":[],"devicesAndConfigurations":[{"device":{"deviceName":"CI runner 3",\
            "modelName":"iPad mini (A17 Pro)","platform":"iOS Simulator","osVersion":"18.2"},"passedTests":1}]}
            """
        #expect(try Self.read(["summary.json": summary]).contents.devices == [RunDevice(name: "iPad mini (A17 Pro)", family: .iPad)])

        let activities = RunFixtures.activities(test: "DynamicTypeAuditTests/test_ax5()", titles: [("dtaudit[Checkout_ax5] Text clipped", true)], attachments: [])
            .replacingOccurrences(of: "\"iPhone 16\"", with: "\"Apple Vision Pro\"")
        #expect(try Self.read(["activities.json": activities]).contents.deviceFamilies == [.vision])

        #expect(try Self.read(["legacy.json": Self.legacy(model: "Apple Watch Series 10 (46mm)", platform: "com.apple.platform.watchsimulator")])
            .contents.deviceFamilies == [.appleWatch])
    }

    @Test func anExportedRunsManifestNamesTheDeviceOfEachAttachment() throws {
        let manifest = RunFixtures.manifest([("AppUITests/DynamicTypeAuditTests/test_ax5()", [RunFixtures.Attachment(file: "a.json", name: "dtaudit-audit Checkout_ax5")])])
        let audit = RunFixtures.harnessAudit(screen: "Checkout", size: "ax5")
        #expect(try Self.read(["manifest.json": manifest, "a.json": audit]).contents.deviceFamilies == [.iPhone])
        let onIPad = manifest.replacingOccurrences(of: "\"deviceName\":\"iPhone 16\"", with: "\"deviceName\":\"iPad (A16)\"")
        #expect(try Self.read(["manifest.json": onIPad, "a.json": audit]).contents.deviceFamilies == [.iPad])
    }

    @Test func aRunOnSeveralFamiliesNamesEachAndAToolThatDoesNotSayNamesNone() throws {
        let both = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [("testCheckoutAX5()", ["Text clipped"])])
            .replacingOccurrences(of: "\"devices\":[", with: "\"devices\":[{\"deviceName\":\"iPad Pro 11-inch (M4)\",\"modelName\":\"iPad Pro 11-inch (M4)\",\"platform\":\"iOS Simulator\"},")
        #expect(try Self.read(["tests.json": both]).contents.deviceFamilies == [.iPhone, .iPad])
        // Appium's audit output and pymobiledevice3's say nothing of the device.
        let appium = #"[{"auditType":"XCUIAccessibilityAuditTypeTextClipped","compactDescription":"Text clipped","detailedDescription":"Text clipped.","elementDescription":"StaticText"}]"#
        #expect(try Self.read(["Checkout_ax5.json": appium]).contents.devices.isEmpty)
        // A device nothing places is kept by name, with no family.
        let unknown = RunFixtures.tests(suite: "DynamicTypeAuditTests", cases: [("testCheckoutAX5()", ["Text clipped"])])
            .replacingOccurrences(of: "\"iPhone 16\"", with: "\"Build agent\"").replacingOccurrences(of: "\"iOS Simulator\"", with: "\"iOS\"")
        let read = try Self.read(["tests.json": unknown])
        #expect(read.contents.devices == [RunDevice(name: "Build agent", family: nil)] && read.contents.deviceFamilies.isEmpty)
    }
}
