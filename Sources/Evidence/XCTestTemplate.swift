import DynamicType
import Output

/// A Swift file for an app's UI-test target (XCTest) that audits screens at text sizes the way
/// `dtaudit evidence import-xcresult` reads: one test per size launches the app at that size,
/// opens each screen, attaches a screenshot and the screen's element hierarchy (from
/// `XCUIApplication.snapshot()`, written as the page source WebDriverAgent returns) both named
/// `<screen>_<size>`, and runs Xcode's Dynamic Type and clipped-text audits
/// (`performAccessibilityAudit(for: [.dynamicType, .textClipped])`), whose issues go into a JSON
/// attachment instead of failing the test, unless the team asks.
///
/// Screen names reach the file only inside string literals, escaped, so no name can add code.
public struct XCTestTemplate: Sendable {
    public var screens: [String]
    /// The sizes to test, largest first.
    public var sizes: [Size]
    /// Who made the file, for its first comment: `dtaudit 0.1.0`.
    public var generator: String
    /// Locales to run the screens in as well (`de`, `pt-BR`), after the app's base locale.
    public var locales: [String]
    /// The sizes of `sizes` a locale runs at: what decides `long-translations` there (its sizes
    /// and Large, which its judges compare with); nil for all of them.
    public var localeSizes: Set<Size>?

    public init(screens: [String], sizes: [Size], generator: String, locales: [String] = [], localeSizes: Set<Size>? = nil) {
        self.screens = screens
        self.sizes = sizes.sorted(by: >)
        self.generator = generator
        self.locales = locales.compactMap { RunLocale.normalized($0) }
        self.localeSizes = localeSizes
    }

    /// `text` as a Swift string literal, with every character unsafe to show escaped (`\u{202e}`),
    /// so that an editor or a review shows the line as the compiler reads it.
    public static func literal(_ text: String) -> String {
        text.doubleQuoted { $0.isUnsafeToShow ? "\\u{" + String($0.value, radix: 16) + "}" : nil }
    }

    public func render() -> String {
        let by = generator.filter { $0.isASCII && !$0.isNewline && $0 != "*" }
        var lines = [
            "// Dynamic Type audit of every screen at every planned text size, written by \(by).",
            "// Add it to the app's UI-test target and fill in how to reach each screen. On a Mac:",
            "//   xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 16' -resultBundlePath R.xcresult",
            "//   dtaudit evidence import-xcresult R.xcresult",
            "// Issues are recorded, not test failures, unless failOnIssues is true.",
            "import XCTest",
            "",
            "@available(iOS 17.0, *)",
            "final class DynamicTypeAuditTests: XCTestCase {",
            "    /// true: every issue the audits find also fails the test.",
            "    let failOnIssues = false",
            "",
            "    /// Each screen's primary action (Pay, Save, Continue) by identifier or label, by screen name:",
            "    /// dtaudit checks that it can be reached at every size.",
            "    let primaryActions: [String: String] = [:]",
            "",
            "    /// The screens of the audit and how to reach each one from launch.",
            "    @MainActor",
            "    var screens: [(name: String, open: (XCUIApplication) -> Void)] {",
            "        [",
        ]
        for screen in screens {
            lines.append("            (\(Self.literal(screen)), { app in")
            lines.append("                // app.buttons[\"...\"].tap()")
            lines.append("            }),")
        }
        lines += [
            "        ]",
            "    }",
            "",
        ]
        for size in sizes {
            let method = "test_" + size.id
            lines.append("    @MainActor func \(method)() throws { try audit(size: \(Self.literal(size.id)), category: \(Self.literal(size.uiKitRawValue))) }")
        }
        // Each locale at its sizes: its files and audits carry the locale (`Checkout_ax5_de`).
        for locale in locales {
            for size in sizes where localeSizes?.contains(size) ?? true {
                let method = "test_" + size.id + "_" + String(locale.map { $0 == "-" ? "_" : $0 })
                lines.append("    @MainActor func \(method)() throws { try audit(size: \(Self.literal(size.id)), category: \(Self.literal(size.uiKitRawValue)), "
                             + "locale: \(Self.literal(locale))) }")
            }
        }
        lines += [
            "",
            "    /// Launches the app at one text size, in the base locale or another one, and audits every screen.",
            "    @MainActor",
            "    func audit(size: String, category: String, locale: String? = nil) throws {",
            "        continueAfterFailure = true",
            "        for screen in screens {",
            "            let app = XCUIApplication()",
            "            app.launchArguments += [\"-UIPreferredContentSizeCategoryName\", category]",
            "            if let locale {",
            "                // The app's language and region formats, as the defaults system reads them.",
            "                app.launchArguments += [\"-AppleLanguages\", \"(\" + locale + \")\", \"-AppleLocale\", locale.replacingOccurrences(of: \"-\", with: \"_\")]",
            "            }",
            "            app.launch()",
            "            screen.open(app)",
            "            let name = screen.name + \"_\" + size + (locale.map { \"_\" + $0 } ?? \"\")",
            "",
            "            let screenshot = XCTAttachment(screenshot: app.screenshot())",
            "            screenshot.name = name",
            "            screenshot.lifetime = .keepAlways",
            "            add(screenshot)",
            "",
            "            // Every element's type, identifier, label, value and frame, for dtaudit's judges.",
            "            let hierarchy = XCTAttachment(data: PageSource.xml(of: try app.snapshot(), primaryAction: primaryActions[screen.name]),",
            "                                          uniformTypeIdentifier: \"public.xml\")",
            "            hierarchy.name = name",
            "            hierarchy.lifetime = .keepAlways",
            "            add(hierarchy)",
            "",
            "            var report = AuditReport(screen: screen.name, size: size, locale: locale)",
            "            do {",
            "                try app.performAccessibilityAudit(for: [.dynamicType, .textClipped]) { issue in",
            "                    report.issues.append(AuditReport.Issue(issue))",
            "                    return true",
            "                }",
            "                report.performed = [\"dynamicType\", \"textClipped\"]",
            "            } catch {",
            "                XCTFail(\"dtaudit[\\(name)] the audit did not run: \\(error)\")",
            "            }",
            "            if failOnIssues {",
            "                for issue in report.issues { XCTFail(\"dtaudit[\\(name)] \\(issue.compactDescription)\") }",
            "            }",
            "            let audit = XCTAttachment(data: try JSONEncoder().encode(report), uniformTypeIdentifier: \"public.json\")",
            "            audit.name = \"dtaudit-audit \" + name",
            "            audit.lifetime = .keepAlways",
            "            add(audit)",
            "            app.terminate()",
            "        }",
            "    }",
            "}",
            "",
            "/// What the audits found on one screen at one size, as dtaudit reads it.",
            "struct AuditReport: Encodable {",
            "    var dtaudit = \"audit\"",
            "    var version = 1",
            "    var screen: String",
            "    var size: String",
            "    /// The locale the app ran in; nil for its base locale.",
            "    var locale: String?",
            "    /// The audits that ran: only these can pass.",
            "    var performed: [String] = []",
            "    var issues: [Issue] = []",
            "",
            "    struct Issue: Encodable {",
            "        var auditType: String",
            "        var compactDescription: String",
            "        var detailedDescription: String",
            "        var element: String?",
            "",
            "        @available(iOS 17.0, *)",
            "        @MainActor",
            "        init(_ issue: XCUIAccessibilityAuditIssue) {",
            "            switch issue.auditType {",
            "            case .dynamicType: auditType = \"dynamicType\"",
            "            case .textClipped: auditType = \"textClipped\"",
            "            default: auditType = \"auditType \\(issue.auditType.rawValue)\"",
            "            }",
            "            compactDescription = issue.compactDescription",
            "            detailedDescription = issue.detailedDescription",
            "            if let found = issue.element, found.exists {",
            "                element = [found.identifier, found.label].filter { !$0.isEmpty }.joined(separator: \" \")",
            "            }",
            "        }",
            "    }",
            "}",
        ]
        lines += Self.pageSourceWriter
        return lines.joined(separator: "\n") + "\n"
    }
}
