import AutomatedRuns
import DynamicType
import Evidence
import Foundation
import Testing
import TestSupport

/// The UI-test harness `dtaudit xctest-template` prints: its text is a golden file (reviewed line
/// by line against Apple's XCTest documentation), and it must parse as Swift.
@Suite struct XCTestTemplateTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func parses(_ source: String) throws -> Spawn.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-template-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("DynamicTypeAuditTests.swift")
        try Data(source.utf8).write(to: file)
        return try Spawn.run("/usr/bin/env", ["swiftc", "-parse", file.path], in: folder, environment: ProcessInfo.processInfo.environment)
    }

    @Test func theTemplateIsItsGoldenFileAndParses() throws {
        let template = XCTestTemplate(screens: ["Checkout", "Sign in"], sizes: [.l, .ax5, .xs, .ax3, .xxxl], generator: "dtaudit 0.1.0 xctest-template")
        let text = template.render()
        if let problem = try GoldenFile.compare(text, with: Self.golden.appendingPathComponent("DynamicTypeAuditTests.swift")) { Issue.record("\(problem)") }
        let parsed = try Self.parses(text)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.stderr)")
        // One test per size, largest first, each launching the app with UIKit's name of the size.
        #expect(text.contains("@MainActor func test_ax5() throws { try audit(size: \"ax5\", category: \"UICTContentSizeCategoryAccessibilityXXXL\") }"))
        let order = text.split(separator: "\n").filter { $0.contains("func test_") }.map { $0.split(separator: " ")[2] }
        #expect(order == ["test_ax5()", "test_ax3()", "test_xxxl()", "test_l()", "test_xs()"])
    }

    @Test func aScreenNameCanNeverBecomeCode() throws {
        let hostile = "Evil\"), ({ _ in fatalError() }) ] } //\\(1) \u{202E}"
        let text = XCTestTemplate(screens: [hostile], sizes: [.ax5], generator: "dtaudit").render()
        let parsed = try Self.parses(text)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.stderr)")
        let lines = text.split(separator: "\n").filter { $0.contains("fatalError") }
        #expect(lines.count == 1 && lines[0].hasPrefix(#"            ("Evil\"), "#))
        #expect(text.contains(#"("Evil\"), ({ _ in fatalError() }) ] } //\\(1) "#))
        #expect(XCTestTemplate.literal("a\u{7}b") == #""a\u{7}b""#)
    }

    @Test func theNamesTheHarnessGivesAreTheNamesTheImportReads() throws {
        // The screenshot `Sign in_ax3`, as Xcode exports it, names the screen and the size.
        let exported = "Sign in_ax3_0_6D1A8B2C-0001-4E55-9A4B-000000000001.png"
        #expect(RunReader.attachmentName(exported) == "Sign in_ax3")
        let parts = try #require(EvidenceNaming.parse(fileName: RunReader.attachmentName(exported)))
        #expect(parts.size == .ax3)
        #expect(EvidenceNaming.key(parts.before) == EvidenceNaming.key("Sign in"))
    }
}
