import DynamicType
import Evidence
import Output

/// The JSON of `xcresulttool get test-results` (Xcode 16 and later): audit issues there are
/// ordinary test failures, and attachments are listed without their files.
enum TestResults {
    /// `tests`: `{testNodes: [node]}`, a node `{nodeType, name, children}`; a failure is a child
    /// `{nodeType: "Failure Message", name: "File.swift:38: message"}`.
    static func readTests(_ root: JSONReader.Node, into contents: inout RunContents) {
        for node in root["testNodes"]?.array ?? [] { walk(node, test: nil, suites: [], depth: 0, into: &contents) }
    }

    /// `test-details --test-id ID`: `{testIdentifier, testName, testResult, testRuns: [node]}`,
    /// each run a node as in `tests` (a device, a repetition) holding the test's failures.
    static func readTestDetails(_ root: JSONReader.Node, into contents: inout RunContents) {
        let (test, suites) = RunReader.testNames(root["testIdentifier"]?.string ?? root["testName"]?.string ?? "")
        contents.tests += 1
        for node in root["testRuns"]?.array ?? [] { walk(node, test: test, suites: suites, depth: 0, into: &contents) }
    }

    /// The test nodes under `node`, their failures and attachments.
    static func walk(_ node: JSONReader.Node, test: String?, suites: [String], depth: Int, into contents: inout RunContents) {
        guard depth < 64 else { return }
        let type = node["nodeType"]?.string ?? ""
        let name = node["name"]?.string ?? ""
        var test = test
        var suites = suites
        switch type {
        case "Test Case":
            test = name
            contents.tests += 1
        case "Test Suite", "UI test bundle", "Unit test bundle": suites.insert(name, at: 0)
        case "Failure Message": failure(message: stripLocation(name), test: test, suites: suites, into: &contents)
        case "Attachment": contents.unexportedAttachments += 1
        default: break
        }
        for child in node["children"]?.array ?? [] { walk(child, test: test, suites: suites, depth: depth + 1, into: &contents) }
    }

    /// `activities --test-id ID`: `{testName, testRuns: [{activities: [{title,
    /// isAssociatedWithFailure, childActivities, attachments}]}]}`.
    static func readActivities(_ root: JSONReader.Node, into contents: inout RunContents) {
        let (test, suites) = RunReader.testNames(root["testIdentifier"]?.string ?? root["testName"]?.string ?? "")
        contents.tests += 1
        func walk(_ activity: JSONReader.Node, depth: Int) {
            guard depth < 64 else { return }
            contents.unexportedAttachments += activity["attachments"]?.array.count ?? 0
            if activity["isAssociatedWithFailure"]?.bool == true, let title = activity["title"]?.string, AuditKind.classify(message: Harness.split(title).rest) != nil {
                failure(message: title, test: test, suites: suites, into: &contents)
            }
            for child in activity["childActivities"]?.array ?? [] { walk(child, depth: depth + 1) }
        }
        for run in root["testRuns"]?.array ?? [] {
            for activity in run["activities"]?.array ?? [] { walk(activity, depth: 0) }
        }
    }

    /// `summary`: `{totalTestCount, testFailures: [{testIdentifierString, testName, failureText}]}`.
    static func readSummary(_ root: JSONReader.Node, into contents: inout RunContents) {
        contents.tests += root["totalTestCount"]?.number.flatMap { Int($0) } ?? 0
        for entry in root["testFailures"]?.array ?? [] {
            let (test, suites) = RunReader.testNames(entry["testIdentifierString"]?.string ?? entry["testName"]?.string ?? "")
            failure(message: entry["failureText"]?.string ?? "", test: test, suites: suites, into: &contents)
        }
    }

    /// A failure becomes an audit of one issue when its message is an audit issue's.
    static func failure(message: String, test: String?, suites: [String], into contents: inout RunContents) {
        let (harness, rest) = Harness.split(message)
        guard let kind = AuditKind.classify(message: rest) else {
            contents.otherFailures += 1
            return
        }
        let names = [harness, test].compactMap { $0 }.filter { !$0.isEmpty }
        contents.audits.append(RunAudit(source: test ?? "a test", names: names, suites: suites,
                                        issues: [AuditIssue(kind: kind, description: rest)]))
    }

    /// `File.swift:38: message` gives `message`.
    static func stripLocation(_ text: String) -> String {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber), parts[0].contains(".") {
            return String(parts[2].drop { $0 == " " })
        }
        return text
    }
}

/// What dtaudit's UI-test harness (`dtaudit xctest-template`) writes.
enum Harness {
    /// Its failure messages start `dtaudit[Checkout_ax5] `: the screen and size they are about.
    static func split(_ message: String) -> (name: String?, rest: String) {
        guard message.hasPrefix("dtaudit["), let close = message.firstIndex(of: "]") else { return (nil, message) }
        let name = String(message[message.index(message.startIndex, offsetBy: 8)..<close])
        return (name, String(message[message.index(after: close)...].drop { $0 == " " }))
    }
}

/// dtaudit's harness audit attachment: `{"dtaudit": "audit", "version": 1, "screen", "size",
/// "performed": ["dynamicType", "textClipped"], "issues": [{auditType, compactDescription,
/// detailedDescription, element}]}`.
enum HarnessAudit {
    static func read(_ root: JSONReader.Node, name: String) -> RunAudit {
        let screen = root["screen"]?.string
        let size = root["size"]?.string.flatMap { Size(name: $0) }
        var performed: Set<AuditKind>? = nil
        if let list = root["performed"] { performed = Set(list.array.compactMap(\.string).map(AuditKind.init(name:))) }
        let issues = (root["issues"]?.array ?? []).map { issue in
            AuditIssue(kind: AuditKind(name: issue["auditType"]?.string ?? "unknown"),
                       description: issue["compactDescription"]?.string ?? issue["detailedDescription"]?.string ?? "an audit issue",
                       element: issue["element"]?.string)
        }
        var audit = RunAudit(source: name, screen: screen, size: size, names: [name], performed: performed, issues: issues)
        audit.locale = root["locale"]?.string.flatMap { RunLocale.normalized($0) }
        return audit
    }
}
