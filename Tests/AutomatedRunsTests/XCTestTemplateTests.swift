import AutomatedRuns
import DynamicType
import Evidence
import Foundation
import Hierarchies
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

    /// A name that reorders or hides text (a right-to-left override or mark, an isolate, a
    /// zero-width space, a byte order mark) reaches the file escaped, so that an editor or a code
    /// review shows the line as the compiler reads it.
    @Test func bidirectionalAndInvisibleCharactersAreWrittenEscaped() throws {
        let names = ["Pay\u{202E}lanoisseforP", "Sign\u{200F} in", "Cart\u{2066}x\u{2069}", "Or\u{061C}der", "Zero\u{200B}width", "\u{FEFF}Home"]
        let text = XCTestTemplate(screens: names, sizes: [.ax5], generator: "dtaudit").render()
        let hidden: Set<UInt32> = [0x202E, 0x200F, 0x2066, 0x2069, 0x061C, 0x200B, 0xFEFF]
        #expect(!text.unicodeScalars.contains { hidden.contains($0.value) })
        for line in [#"("Pay\u{202e}lanoisseforP", { app in"#, #"("Sign\u{200f} in", { app in"#, #"("Cart\u{2066}x\u{2069}", { app in"#,
                     #"("Or\u{61c}der", { app in"#, #"("Zero\u{200b}width", { app in"#, #"("\u{feff}Home", { app in"#] {
            #expect(text.contains(line), "\(line)")
        }
        let parsed = try Self.parses(text)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.stderr)")
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

/// The harness's page-source writer, compiled against stand-ins for XCUIAutomation's snapshot
/// types (the same names and shapes) and run here: what it writes is what dtaudit reads.
@Suite struct HarnessPageSourceTests {
    static let stand_ins = """
        import Foundation

        enum XCUIElement {
            enum ElementType { case any, \(XCTestTemplate.elementTypes.map { $0 == "switch" ? "`switch`" : $0 }.joined(separator: ", ")), map }
        }

        @MainActor protocol XCUIElementSnapshot {
            var elementType: XCUIElement.ElementType { get }
            var identifier: String { get }
            var label: String { get }
            var value: Any? { get }
            var isEnabled: Bool { get }
            var frame: CGRect { get }
            var children: [any XCUIElementSnapshot] { get }
        }

        struct Snapshot: XCUIElementSnapshot {
            var elementType: XCUIElement.ElementType
            var identifier = ""
            var label = ""
            var value: Any? = nil
            var isEnabled = true
            var frame: CGRect
            var children: [any XCUIElementSnapshot] = []
        }

        MainActor.assumeIsolated {
        let screen = Snapshot(elementType: .application, label: "Shop", frame: CGRect(x: 0, y: 0, width: 390, height: 844), children: [
            Snapshot(elementType: .window, frame: CGRect(x: 0, y: 0, width: 390, height: 844), children: [
                Snapshot(elementType: .staticText, label: "Total & \\"fees\\"\\n<today>\\u{1}", frame: CGRect(x: 16, y: 100.5, width: 200, height: 20.33)),
                Snapshot(elementType: .button, identifier: "checkout.pay", label: "Pay", frame: CGRect(x: 16, y: 760, width: 358, height: 50)),
                Snapshot(elementType: .map, frame: CGRect(x: 0, y: 200, width: 390, height: 300)),
                Snapshot(elementType: .`switch`, identifier: "gift", label: "Gift", value: 1, frame: CGRect(x: 300, y: 600, width: 51, height: 31)),
                Snapshot(elementType: .textView, identifier: "notes", label: String(repeating: "\\"", count: 12_000),
                         value: String(repeating: "&", count: 200_000), frame: CGRect(x: 16, y: 520, width: 358, height: 200)),
            ]),
        ])
        FileHandle.standardOutput.write(PageSource.xml(of: screen, primaryAction: "checkout.pay"))
        }

        """

    @Test func whatTheHarnessWritesIsAHierarchyDtauditReads() throws {
        let template = XCTestTemplate(screens: ["Checkout"], sizes: [.ax5], generator: "dtaudit").render()
        let writer = try #require(template.range(of: "/// A screen's element hierarchy as the page source"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-harness-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((Self.stand_ins + template[writer.lowerBound...]).utf8).write(to: folder.appendingPathComponent("main.swift"))
        let built = try Spawn.run("/usr/bin/env", ["swiftc", "-o", "writer", "main.swift"], in: folder, environment: ProcessInfo.processInfo.environment)
        try #require(built.status == 0, "swiftc: \(built.stderr)")
        let ran = try Spawn.run(folder.appendingPathComponent("writer").path, [], in: folder, environment: [:])
        try #require(ran.status == 0, "\(ran.stderr)")

        let hierarchy = try HierarchyReader().read(Array(ran.stdout.utf8))
        #expect(hierarchy.primaryAction == "checkout.pay")
        #expect(hierarchy.window == Frame(x: 0, y: 0, width: 390, height: 844))
        let described = hierarchy.elements.map { "\($0.type.name) \($0.name)|\($0.label)|\($0.value) \($0.frame.map(\.description) ?? "-")" }
        #expect(described == [
            "Application Shop|Shop| {x 0, y 0, 390 x 844}",
            "Window || {x 0, y 0, 390 x 844}",
            "StaticText Total & \"fees\"\n<today> |Total & \"fees\"\n<today> | {x 16, y 100.5, 200 x 20.3}",
            "Button checkout.pay|Pay| {x 16, y 760, 358 x 50}",
            "Other || {x 0, y 200, 390 x 300}",
            "Switch gift|Gift|1 {x 300, y 600, 51 x 31}",
            "TextView notes|\(String(repeating: "\"", count: 10_000))…|\(String(repeating: "&", count: 10_000))… {x 16, y 520, 358 x 200}",
        ])
        #expect(hierarchy.elements.allSatisfy { $0.visible == nil && $0.enabled })
    }
}

/// `--locales`: every size again in each locale, launched in it, its files and audits named with it.
@Suite struct XCTestTemplateLocaleTests {
    @Test func eachLocaleRunsEverySizeLaunchedInItAndNamesItsFilesWithIt() throws {
        let text = XCTestTemplate(screens: ["Checkout"], sizes: [.l, .ax3], generator: "dtaudit", locales: ["de", "pt_BR", "no locale"]).render()
        let parsed = try XCTestTemplateTests.parses(text)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.stderr)")
        let tests = text.split(separator: "\n").filter { $0.contains("func test_") }.map { String($0.split(separator: " ")[2]) }
        #expect(tests == ["test_ax3()", "test_l()", "test_ax3_de()", "test_l_de()", "test_ax3_pt_BR()", "test_l_pt_BR()"])
        #expect(text.contains("try audit(size: \"ax3\", category: \"UICTContentSizeCategoryAccessibilityXL\", locale: \"pt-BR\")"))
        #expect(text.contains("app.launchArguments += [\"-AppleLanguages\", \"(\" + locale + \")\", \"-AppleLocale\", locale.replacingOccurrences(of: \"-\", with: \"_\")]"))
        #expect(text.contains("let name = screen.name + \"_\" + size + (locale.map { \"_\" + $0 } ?? \"\")"))
        #expect(text.contains("var report = AuditReport(screen: screen.name, size: size, locale: locale)"))
        // A locale runs at the sizes it is asked for only.
        let some = XCTestTemplate(screens: ["Checkout"], sizes: [.l, .ax3, .ax5], generator: "dtaudit", locales: ["de"], localeSizes: [.l, .ax3]).render()
        #expect(some.split(separator: "\n").filter { $0.contains("func test_") && $0.contains("_de()") }.map { String($0.split(separator: " ")[2]) }
                == ["test_ax3_de()", "test_l_de()"])
        // Without locales the tests are the base locale's alone.
        let base = XCTestTemplate(screens: ["Checkout"], sizes: [.l, .ax3], generator: "dtaudit").render()
        #expect(base.split(separator: "\n").filter { $0.contains("func test_") }.count == 2)
    }
}
