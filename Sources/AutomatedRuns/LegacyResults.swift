import Output

/// The legacy `xcresulttool get --legacy --format json` (Xcode 11 to 15, and later with
/// `--legacy`): every value wrapped in `{"_type": {"_name": ...}, "_value": ...}`. Read are the
/// root record's failure summaries (`issues.testFailureSummaries`) and, in a test's
/// `ActionTestSummary`, its `failureSummaries` and the attachments of its activities.
enum LegacyResults {
    static func read(_ root: JSONReader.Node, into contents: inout RunContents) {
        var seen = Set<String>()
        func walk(_ node: JSONReader.Node, test: String?, suites: [String], depth: Int) {
            guard depth < 64 else { return }
            if case .array(let elements) = node.value {
                for element in elements { walk(element, test: test, suites: suites, depth: depth + 1) }
                return
            }
            guard node.isObject else { return }
            if node["_values"] != nil {
                for element in node.legacyArray { walk(element, test: test, suites: suites, depth: depth + 1) }
                return
            }
            var test = test
            var suites = suites
            switch node.legacyType {
            case "TestFailureIssueSummary":
                let name = node["testCaseName"]?.legacyString ?? ""
                // `DynamicTypeAuditTests.testAX5()`: the class, then the test.
                let parts = name.split(separator: ".").map(String.init)
                report(node["message"]?.legacyString ?? "", test: parts.last ?? name, suites: parts.dropLast().reversed())
                return
            case "ActionTestSummary", "ActionTestMetadata", "ActionTestSummaryGroup":
                if node.legacyType != "ActionTestSummaryGroup" { tests += 1 }
                if let name = node["name"]?.legacyString {
                    if node.legacyType == "ActionTestSummaryGroup" { suites.insert(name, at: 0) } else { test = name }
                }
            case "ActionTestFailureSummary":
                report(node["message"]?.legacyString ?? "", test: test, suites: suites)
                return
            case "ActionTestAttachment":
                contents.unexportedAttachments += 1
                return
            default:
                break
            }
            for key in node.keys where key != "_type" {
                if let child = node[key] { walk(child, test: test, suites: suites, depth: depth + 1) }
            }
        }
        /// The root record and a test's summary may both carry one failure: it counts once.
        func report(_ message: String, test: String?, suites: [String]) {
            guard seen.insert((test ?? "") + "\u{1F}" + message).inserted else { return }
            TestResults.failure(message: message, test: test, suites: suites, into: &contents)
        }
        var tests = 0
        walk(root, test: nil, suites: [], depth: 0)
        // The root record of a whole run counts its tests without listing them.
        contents.tests += tests > 0 ? tests : root["metrics"]?["testsCount"]?.legacyString.flatMap { Int($0) } ?? 0
    }
}

/// Audits that Appium and pymobiledevice3 print: a list of issues, with nothing about the screen
/// or the size, which come from the file's name.
enum DeviceAudits {
    /// Appium's XCUITest driver, `mobile: performAccessibilityAudit` (WebDriverAgent's
    /// `/wda/performAccessibilityAudit`): `[{detailedDescription, compactDescription, auditType:
    /// "XCUIAccessibilityAuditTypeDynamicType" (a number when WebDriverAgent has no name for it),
    /// element: "'Yes' button", elementDescription, elementAttributes: {rawIdentifier, label, ...}}]`.
    static func appium(_ elements: [JSONReader.Node], name: String) -> RunAudit {
        let issues = elements.map { issue in
            let attributes = issue["elementAttributes"]
            let label = nonEmpty(attributes?["label"]?.string) ?? nonEmpty(attributes?["name"]?.string)
            let identifier = nonEmpty(attributes?["rawIdentifier"]?.string) ?? nonEmpty(attributes?["identifier"]?.string)
            // `element` is how XCTest describes the element in a few words; the debug description
            // is a whole tree, kept (its first line) only when nothing else says which element it is.
            var said = [identifier.map { "id " + $0 }].compactMap { $0 }
            if let element = nonEmpty(issue["element"]?.string) { said.append(element) } else if let label { said.append("'" + label + "'") }
            let debug = nonEmpty(issue["elementDescription"]?.string).flatMap { nonEmpty($0.split(whereSeparator: \.isNewline).first.map(String.init)) }
            let compact = nonEmpty(issue["compactDescription"]?.string), detailed = nonEmpty(issue["detailedDescription"]?.string)
            var description = compact ?? detailed ?? "an audit issue"
            if let compact, let detailed, detailed != compact { description = compact + ": " + detailed }
            return AuditIssue(kind: kind(issue["auditType"]), description: description,
                              element: said.isEmpty ? debug : said.joined(separator: " "))
        }
        return RunAudit(source: name, names: [name], issues: issues)
    }

    /// An audit type by its name, or by its number (`XCUIAccessibilityAuditType`'s raw value).
    static func kind(_ node: JSONReader.Node?) -> AuditKind {
        if let text = node?.number ?? node?.string, !text.isEmpty, text.allSatisfy(\.isNumber), let value = UInt64(text) {
            return AuditKind(rawValue: value)
        }
        return AuditKind(name: node?.string ?? "unknown")
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    /// pymobiledevice3 `developer accessibility run-audit`: `[{element_rect_value,
    /// issue_classification, font_size, ml_generated_description, long_description_extra_info}]`;
    /// an element is known only by its rectangle.
    static func pymobiledevice3(_ elements: [JSONReader.Node], name: String) -> RunAudit {
        let issues = elements.map { issue in
            let code = issue["issue_classification"]
            let kind: AuditKind
            switch code?.number ?? code?.string ?? "" {
            case "3001", "3002": kind = .dynamicType
            case "3003": kind = .textClipped
            // pymobiledevice3's codes for the other kinds (doronz88/pymobiledevice3, accessibilityaudit.py).
            case "12", "13": kind = .other("contrast")
            case "100": kind = .other("hitRegion")
            case "1000": kind = .other("elementDetection")
            case "5000": kind = .other("sufficientElementDescription")
            case let other:
                kind = code?.string.map(AuditKind.init(name:)) ?? .other("issue \(other)")
            }
            let text = issue["long_description_extra_info"]?.string ?? issue["ml_generated_description"]?.string
            let fallback = kind == .dynamicType ? "Dynamic Type font sizes are unsupported" : kind == .textClipped ? "Text clipped" : "an audit issue"
            return AuditIssue(kind: kind, description: text.flatMap { $0.isEmpty ? nil : $0 } ?? fallback,
                              element: issue["element_rect_value"]?.string.map { "at " + $0 })
        }
        return RunAudit(source: name, names: [name], issues: issues)
    }
}
