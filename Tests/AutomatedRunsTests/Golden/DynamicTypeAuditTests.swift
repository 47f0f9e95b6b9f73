// Dynamic Type audit of every screen at every planned text size, written by dtaudit 0.1.0 xctest-template.
// Add it to the app's UI-test target and fill in how to reach each screen. On a Mac:
//   xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 16' -resultBundlePath R.xcresult
//   dtaudit evidence import-xcresult R.xcresult
// Issues are recorded, not test failures, unless failOnIssues is true.
import XCTest

@available(iOS 17.0, *)
final class DynamicTypeAuditTests: XCTestCase {
    /// true: every issue the audits find also fails the test.
    let failOnIssues = false

    /// The screens of the audit and how to reach each one from launch.
    @MainActor
    var screens: [(name: String, open: (XCUIApplication) -> Void)] {
        [
            ("Checkout", { app in
                // app.buttons["..."].tap()
            }),
            ("Sign in", { app in
                // app.buttons["..."].tap()
            }),
        ]
    }

    @MainActor func test_ax5() throws { try audit(size: "ax5", category: "UICTContentSizeCategoryAccessibilityXXXL") }
    @MainActor func test_ax3() throws { try audit(size: "ax3", category: "UICTContentSizeCategoryAccessibilityXL") }
    @MainActor func test_xxxl() throws { try audit(size: "xxxl", category: "UICTContentSizeCategoryXXXL") }
    @MainActor func test_l() throws { try audit(size: "l", category: "UICTContentSizeCategoryL") }
    @MainActor func test_xs() throws { try audit(size: "xs", category: "UICTContentSizeCategoryXS") }

    /// Launches the app at one text size and audits every screen.
    @MainActor
    func audit(size: String, category: String) throws {
        continueAfterFailure = true
        for screen in screens {
            let app = XCUIApplication()
            app.launchArguments += ["-UIPreferredContentSizeCategoryName", category]
            app.launch()
            screen.open(app)
            let name = screen.name + "_" + size

            let screenshot = XCTAttachment(screenshot: app.screenshot())
            screenshot.name = name
            screenshot.lifetime = .keepAlways
            add(screenshot)

            var report = AuditReport(screen: screen.name, size: size)
            do {
                try app.performAccessibilityAudit(for: [.dynamicType, .textClipped]) { issue in
                    report.issues.append(AuditReport.Issue(issue))
                    return true
                }
                report.performed = ["dynamicType", "textClipped"]
            } catch {
                XCTFail("dtaudit[\(name)] the audit did not run: \(error)")
            }
            if failOnIssues {
                for issue in report.issues { XCTFail("dtaudit[\(name)] \(issue.compactDescription)") }
            }
            let audit = XCTAttachment(data: try JSONEncoder().encode(report), uniformTypeIdentifier: "public.json")
            audit.name = "dtaudit-audit " + name
            audit.lifetime = .keepAlways
            add(audit)
            app.terminate()
        }
    }
}

/// What the audits found on one screen at one size, as dtaudit reads it.
struct AuditReport: Encodable {
    var dtaudit = "audit"
    var version = 1
    var screen: String
    var size: String
    /// The audits that ran: only these can pass.
    var performed: [String] = []
    var issues: [Issue] = []

    struct Issue: Encodable {
        var auditType: String
        var compactDescription: String
        var detailedDescription: String
        var element: String?

        @available(iOS 17.0, *)
        @MainActor
        init(_ issue: XCUIAccessibilityAuditIssue) {
            switch issue.auditType {
            case .dynamicType: auditType = "dynamicType"
            case .textClipped: auditType = "textClipped"
            default: auditType = "auditType \(issue.auditType.rawValue)"
            }
            compactDescription = issue.compactDescription
            detailedDescription = issue.detailedDescription
            if let found = issue.element, found.exists {
                element = [found.identifier, found.label].filter { !$0.isEmpty }.joined(separator: " ")
            }
        }
    }
}
