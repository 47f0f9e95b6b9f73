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
}
