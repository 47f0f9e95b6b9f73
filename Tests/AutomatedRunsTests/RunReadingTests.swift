import AutomatedRuns
import Foundation
import Testing

/// How audit issues are recognised whichever tool wrote them, and how paths are kept inside their folder.
@Suite struct RunReadingTests {
    @Test func issuesAreKnownByTheNamesEveryToolGivesTheirKinds() {
        for name in ["dynamicType", "XCUIAccessibilityAuditTypeDynamicType", "testTypeDynamicText"] { #expect(AuditKind(name: name) == .dynamicType) }
        for name in ["textClipped", "XCUIAccessibilityAuditTypeTextClipped", "testTypeTextClipped"] { #expect(AuditKind(name: name) == .textClipped) }
        #expect(AuditKind(name: "XCUIAccessibilityAuditTypeContrast").item == nil)
        #expect(AuditKind(rawValue: 1 << 16) == .dynamicType && AuditKind(rawValue: 1 << 17) == .textClipped)
        #expect(AuditKind.dynamicType.item == "text-scales" && AuditKind.textClipped.item == "no-truncation")
        // Failure messages, by prefix: the wording changes between Xcode versions.
        #expect(AuditKind.classify(message: "Dynamic Type font sizes are partially unsupported") == .dynamicType)
        #expect(AuditKind.classify(message: "Text clipped") == .textClipped)
        #expect(AuditKind.classify(message: "Contrast nearly passed")?.item == nil)
        #expect(AuditKind.classify(message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")") == nil)
    }

    @Test func aPathAnImportedFileNamesStaysInsideItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-inside-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out").path, withDestinationPath: "/etc")
        #expect(RunReader.inside(folder.path, "shots/a.png") == folder.path + "/shots/a.png")
        for hostile in ["../a.png", "/etc/passwd", "shots/../../a.png", "out/passwd", "", "./a.png", "a\\..\\b", "a\u{0}b"] {
            #expect(RunReader.inside(folder.path, hostile) == nil, "\(hostile)")
        }
    }

    @Test func xcodesExportedNamesGiveBackTheNameTheTestGave() {
        #expect(RunReader.attachmentName("Checkout_ax5_0_6D1A8B2C-1111-2222-3333-444455556666.png") == "Checkout_ax5")
        #expect(RunReader.attachmentName("Screenshot 2026-12-02 at 09.00.00.png") == "Screenshot 2026-12-02 at 09.00.00")
        #expect(RunReader.attachmentName("Checkout_ax5.png") == "Checkout_ax5")
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Appium's list keeps each issue's element (XCTest's few words for it, with its identifier)
    /// and both descriptions. Fixtures/SOURCES.md names the documentation the shape comes from.
    @Test func appiumsAuditKeepsTheElementAndTheDetailedDescription() throws {
        let path = Self.fixtures.appendingPathComponent("appium/Checkout_ax5.json").path
        let result = try RunReader.read(path: path, shownAs: "Checkout_ax5.json")
        #expect(result.shape == "Appium mobile: performAccessibilityAudit")
        let issues = try #require(result.contents.audits.first).issues
        #expect(issues.map(\.kind) == [.dynamicType, .other("contrast")])
        #expect(issues.first?.description
            == "Dynamic Type font sizes are unsupported: Dynamic Type font sizes are unsupported: the text does not grow with the content size category.")
        #expect(issues.first?.element == "id total 'Total' StaticText")
        // No identifier: the element as XCTest describes it.
        #expect(issues.last?.element == "'Some Button' Button")
    }

    /// WebDriverAgent's own response (`{"value": [...], "sessionId": ...}`) is read as the list
    /// inside it; an audit type WebDriverAgent has no name for comes as its number.
    @Test func webDriverAgentsRawResponseIsRead() throws {
        let path = Self.fixtures.appendingPathComponent("appium/Settings_ax4.json").path
        let result = try RunReader.read(path: path, shownAs: "Settings_ax4.json")
        #expect(result.shape == "WebDriverAgent's /wda/performAccessibilityAudit response")
        let audit = try #require(result.contents.audits.first)
        #expect(audit.names == ["Settings_ax4.json"])
        #expect(audit.issues.map(\.kind) == [.textClipped, .dynamicType])
        #expect(audit.issues.first?.note == "Text clipped: Text is clipped at the current content size. (element: 'Notifications' StaticText)")
        // Empty strings say nothing: no element, and a description that says so.
        #expect(audit.issues.last?.element == nil)
        #expect(audit.issues.last?.description == "an audit issue")
    }
}
