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

    /// Each screen's primary action (Pay, Save, Continue) by identifier or label, by screen name:
    /// dtaudit checks that it can be reached at every size.
    let primaryActions: [String: String] = [:]

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

    /// Launches the app at one text size, in the base locale or another one, and audits every screen.
    @MainActor
    func audit(size: String, category: String, locale: String? = nil) throws {
        continueAfterFailure = true
        for screen in screens {
            let app = XCUIApplication()
            app.launchArguments += ["-UIPreferredContentSizeCategoryName", category]
            if let locale {
                // The app's language and region formats, as the defaults system reads them.
                app.launchArguments += ["-AppleLanguages", "(" + locale + ")", "-AppleLocale", locale.replacingOccurrences(of: "-", with: "_")]
            }
            app.launch()
            screen.open(app)
            let name = screen.name + "_" + size + (locale.map { "_" + $0 } ?? "")

            let screenshot = XCTAttachment(screenshot: app.screenshot())
            screenshot.name = name
            screenshot.lifetime = .keepAlways
            add(screenshot)

            // Every element's type, identifier, label, value and frame, for dtaudit's judges.
            let hierarchy = XCTAttachment(data: PageSource.xml(of: try app.snapshot(), primaryAction: primaryActions[screen.name]),
                                          uniformTypeIdentifier: "public.xml")
            hierarchy.name = name
            hierarchy.lifetime = .keepAlways
            add(hierarchy)

            var report = AuditReport(screen: screen.name, size: size, locale: locale)
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
    /// The locale the app ran in; nil for its base locale.
    var locale: String?
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

/// A screen's element hierarchy as the page source WebDriverAgent returns: the XML dtaudit reads.
enum PageSource {
    @MainActor
    static func xml(of root: any XCUIElementSnapshot, primaryAction: String?) -> Data {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT"
        if let primaryAction { text += " primary-action=\"\(escaped(primaryAction))\"" }
        text += ">\n"
        write(root, depth: 1, into: &text)
        text += "</AppiumAUT>\n"
        return Data(text.utf8)
    }

    @MainActor
    static func write(_ element: any XCUIElementSnapshot, depth: Int, into text: inout String) {
        let tag = "XCUIElementType" + typeName(element.elementType)
        let indent = String(repeating: "  ", count: depth)
        let name = clipped(element.identifier.isEmpty ? element.label : element.identifier)
        let value = clipped(element.value.map { String(describing: $0) } ?? "")
        let frame = element.frame
        text += indent + "<\(tag) type=\"\(tag)\" name=\"\(escaped(name))\" label=\"\(escaped(clipped(element.label)))\""
        text += " value=\"\(escaped(value))\" enabled=\"\(element.isEnabled)\""
        text += " x=\"\(Double(frame.minX))\" y=\"\(Double(frame.minY))\" width=\"\(Double(frame.width))\" height=\"\(Double(frame.height))\""
        let children = element.children
        if children.isEmpty {
            text += "/>\n"
            return
        }
        text += ">\n"
        for child in children { write(child, depth: depth + 1, into: &text) }
        text += indent + "</\(tag)>\n"
    }

    /// dtaudit reads attribute values of up to 64 KB: a longer text (a text view's whole document) is cut to
    /// its first 10000 Unicode scalars, which stay below that even when every one is escaped.
    static func clipped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 10000 else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(10000))
        return String(kept) + "…"
    }

    /// XML's five entities; line breaks and tabs as character references (&#10;), other control characters
    /// (which XML does not allow) as spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\r", "\t": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func typeName(_ type: XCUIElement.ElementType) -> String {
        switch type {
        case .application: "Application"
        case .window: "Window"
        case .other: "Other"
        case .group: "Group"
        case .alert: "Alert"
        case .sheet: "Sheet"
        case .staticText: "StaticText"
        case .textView: "TextView"
        case .textField: "TextField"
        case .secureTextField: "SecureTextField"
        case .searchField: "SearchField"
        case .button: "Button"
        case .link: "Link"
        case .`switch`: "Switch"
        case .toggle: "Toggle"
        case .slider: "Slider"
        case .stepper: "Stepper"
        case .segmentedControl: "SegmentedControl"
        case .popUpButton: "PopUpButton"
        case .menuButton: "MenuButton"
        case .radioButton: "RadioButton"
        case .checkBox: "CheckBox"
        case .pickerWheel: "PickerWheel"
        case .picker: "Picker"
        case .datePicker: "DatePicker"
        case .colorWell: "ColorWell"
        case .disclosureTriangle: "DisclosureTriangle"
        case .comboBox: "ComboBox"
        case .pageIndicator: "PageIndicator"
        case .tab: "Tab"
        case .menuItem: "MenuItem"
        case .incrementArrow: "IncrementArrow"
        case .decrementArrow: "DecrementArrow"
        case .image: "Image"
        case .icon: "Icon"
        case .cell: "Cell"
        case .scrollView: "ScrollView"
        case .table: "Table"
        case .collectionView: "CollectionView"
        case .webView: "WebView"
        case .navigationBar: "NavigationBar"
        case .tabBar: "TabBar"
        case .toolbar: "Toolbar"
        case .statusBar: "StatusBar"
        case .keyboard: "Keyboard"
        default: "Other"
        }
    }
}
