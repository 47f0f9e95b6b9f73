import Foundation

/// What UI-test runs leave, written from the shapes Xcode's `xcresulttool`, Appium and
/// pymobiledevice3 document (see `Docs/` and the README): JSON text, with screenshots from
/// `Screenshot`. Each function returns one file's text.
public enum RunFixtures {
    /// One attachment of an exported run.
    public struct Attachment {
        public var file: String
        /// The name the test gave it; Xcode adds `_<index>_<UUID>.<ext>`.
        public var name: String
        public var failure = false

        public init(file: String, name: String, failure: Bool = false) {
            self.file = file
            self.name = name
            self.failure = failure
        }
    }

    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    static func uuid(_ index: Int) -> String {
        String(format: "6D1A8B2C-%04X-4E55-9A4B-%012X", index % 0xFFFF, index)
    }

    /// `manifest.json` of `xcrun xcresulttool export attachments`: tests with their attachments.
    public static func manifest(_ tests: [(test: String, attachments: [Attachment])]) -> String {
        var index = 0
        let entries = tests.map { test in
            let attachments = test.attachments.map { attachment -> String in
                index += 1
                let ext = (attachment.file as NSString).pathExtension
                return """
                    {"exportedFileName":\(quoted(attachment.file)),"suggestedHumanReadableName":\(quoted(attachment.name + "_0_" + uuid(index) + "." + ext)),\
                    "isAssociatedWithFailure":\(attachment.failure),"timestamp":1764662400.5,"configurationName":"Test Scheme Action",\
                    "deviceId":"00008110-001A2B3C4D5E801E","deviceName":"iPhone 16","arguments":[]}
                    """
            }
            return "{\"testIdentifier\":\(quoted(test.test)),\"testIdentifierURL\":\"test://com.apple.xcode/App/AppUITests/\(test.test)\",\"attachments\":[\(attachments.joined(separator: ","))]}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    /// The harness's audit attachment (`dtaudit xctest-template`).
    public static func harnessAudit(screen: String, size: String, performed: [String] = ["dynamicType", "textClipped"],
                                    issues: [(type: String, text: String, element: String?)] = [], locale: String? = nil) -> String {
        let list = issues.map { issue in
            "{\"auditType\":\(quoted(issue.type)),\"compactDescription\":\(quoted(issue.text)),\"detailedDescription\":\(quoted(issue.text + ".")),"
                + (issue.element.map { "\"element\":\(quoted($0))" } ?? "\"element\":null") + "}"
        }
        return "{\"dtaudit\":\"audit\",\"version\":1,\"screen\":\(quoted(screen)),\"size\":\(quoted(size)),"
            + (locale.map { "\"locale\":\(quoted($0))," } ?? "") + "\"performed\":[\(performed.map(quoted).joined(separator: ","))],\"issues\":[\(list.joined(separator: ","))]}"
    }

    /// `xcresulttool get test-results tests` (Xcode 16+): a UI-test bundle, a suite, test cases,
    /// some with failure messages.
    public static func tests(suite: String, cases: [(name: String, failures: [String])]) -> String {
        let nodes = cases.map { test in
            let failures = test.failures.enumerated().map { index, message in
                "{\"nodeType\":\"Failure Message\",\"name\":\(quoted("DynamicTypeAuditTests.swift:\(40 + index): " + message)),\"result\":\"Failed\"}"
            }
            let result = test.failures.isEmpty ? "Passed" : "Failed"
            return """
                {"nodeType":"Test Case","name":\(quoted(test.name)),"nodeIdentifier":\(quoted(suite + "/" + test.name)),"result":"\(result)","duration":"12s","durationInSeconds":12.1,\
                "children":[{"nodeType":"Device","name":"iPhone 16","result":"\(result)","children":[\(failures.joined(separator: ","))]}]}
                """
        }
        return """
            {"testPlanConfigurations":[{"configurationId":"1","configurationName":"Test Scheme Action"}],\
            "devices":[{"deviceId":"5B2C","deviceName":"iPhone 16","modelName":"iPhone 16","osVersion":"18.2","osBuildNumber":"22C150","platform":"iOS Simulator","architecture":"arm64"}],\
            "testNodes":[{"nodeType":"Test Plan","name":"App","result":"Failed","children":[{"nodeType":"UI test bundle","name":"AppUITests","result":"Failed",\
            "children":[{"nodeType":"Test Suite","name":\(quoted(suite)),"result":"Failed","children":[\(nodes.joined(separator: ","))]}]}]}]}
            """
    }

    /// `xcresulttool get test-results activities --test-id ID` (Xcode 16+).
    public static func activities(test: String, titles: [(title: String, failure: Bool)], attachments: [String]) -> String {
        let activities = titles.map { "{\"title\":\(quoted($0.title)),\"startTime\":1764662400.1,\"isAssociatedWithFailure\":\($0.failure)}" }
        let files = attachments.enumerated().map { index, name in
            "{\"name\":\(quoted(name)),\"payloadId\":\"0~\(index)\",\"uuid\":\(quoted(uuid(index))),\"timestamp\":1764662401.0,\"lifetime\":\"keepAlways\"}"
        }
        let withFiles = "{\"title\":\"Added attachments\",\"startTime\":1764662401.0,\"attachments\":[\(files.joined(separator: ","))]}"
        return "{\"testIdentifier\":\(quoted(test)),\"testIdentifierURL\":\"test://com.apple.xcode/App/AppUITests/\(test)\",\"testName\":\(quoted(test)),"
            + "\"testRuns\":[{\"device\":{\"deviceName\":\"iPhone 16\"},\"testPlanConfiguration\":{\"configurationName\":\"Test Scheme Action\"},\"arguments\":[],"
            + "\"activities\":[\((activities + [withFiles]).joined(separator: ","))]}]}"
    }

    static func legacyString(_ text: String) -> String { "{\"_type\":{\"_name\":\"String\"},\"_value\":\(quoted(text))}" }
    static func legacyArray(_ values: [String]) -> String { "{\"_type\":{\"_name\":\"Array\"},\"_values\":[\(values.joined(separator: ","))]}" }

    /// The root `ActionsInvocationRecord` of `xcresulttool get --legacy --format json` (Xcode 11
    /// to 15): failures as `issues.testFailureSummaries`.
    public static func legacyRoot(failures: [(testCase: String, message: String)]) -> String {
        let summaries = failures.map { failure in
            "{\"_type\":{\"_name\":\"TestFailureIssueSummary\",\"_supertype\":{\"_name\":\"IssueSummary\"}},\"issueType\":\(legacyString("Uncategorized")),"
                + "\"message\":\(legacyString(failure.message)),\"producingTarget\":\(legacyString("AppUITests")),\"testCaseName\":\(legacyString(failure.testCase))}"
        }
        return "{\"_type\":{\"_name\":\"ActionsInvocationRecord\"},\"actions\":" + legacyArray(["{\"_type\":{\"_name\":\"ActionRecord\"},\"actionResult\":{\"_type\":{\"_name\":\"ActionResult\"},\"testsRef\":{\"_type\":{\"_name\":\"Reference\"},\"id\":\(legacyString("0~abc"))}}}"])
            + ",\"issues\":{\"_type\":{\"_name\":\"ResultIssueSummaries\"},\"testFailureSummaries\":" + legacyArray(summaries) + "}}"
    }

    /// One test's `ActionTestSummary` (`--legacy --id REF`): failure summaries and activities
    /// with attachments.
    public static func legacySummary(test: String, failures: [String], attachments: [String]) -> String {
        let failed = failures.map { message in
            "{\"_type\":{\"_name\":\"ActionTestFailureSummary\"},\"message\":\(legacyString(message)),\"fileName\":\(legacyString("DynamicTypeAuditTests.swift")),"
                + "\"lineNumber\":{\"_type\":{\"_name\":\"Int\"},\"_value\":\"41\"},\"issueType\":\(legacyString("Assertion Failure"))}"
        }
        let files = attachments.map { name in
            "{\"_type\":{\"_name\":\"ActionTestAttachment\"},\"uniformTypeIdentifier\":\(legacyString("public.png")),\"name\":\(legacyString(name)),"
                + "\"filename\":\(legacyString(name + ".png")),\"payloadRef\":{\"_type\":{\"_name\":\"Reference\"},\"id\":\(legacyString("0~p"))},"
                + "\"payloadSize\":{\"_type\":{\"_name\":\"Int\"},\"_value\":\"1234\"},\"lifetime\":\(legacyString("keepAlways"))}"
        }
        let activity = "{\"_type\":{\"_name\":\"ActionTestActivitySummary\"},\"title\":\(legacyString("Added attachment")),\"activityType\":\(legacyString("com.apple.dt.xctest.activity-type.attachmentContainer")),\"attachments\":\(legacyArray(files))}"
        return "{\"_type\":{\"_name\":\"ActionTestSummary\",\"_supertype\":{\"_name\":\"ActionTestSummaryBase\"}},\"identifier\":\(legacyString("DynamicTypeAuditTests/" + test)),"
            + "\"name\":\(legacyString(test)),\"testStatus\":\(legacyString(failures.isEmpty ? "Success" : "Failure")),"
            + "\"failureSummaries\":\(legacyArray(failed)),\"activitySummaries\":\(legacyArray([activity]))}"
    }

    /// Appium's `mobile: performAccessibilityAudit`.
    public static func appium(_ issues: [(type: String, text: String, label: String)]) -> String {
        "[" + issues.map { issue in
            "{\"detailedDescription\":\(quoted(issue.text + " in detail")),\"compactDescription\":\(quoted(issue.text)),\"auditType\":\(quoted(issue.type)),"
                + "\"element\":\"E1\",\"elementDescription\":\(quoted("StaticText " + issue.label)),"
                + "\"elementAttributes\":{\"type\":\"XCUIElementTypeStaticText\",\"rawIdentifier\":\"total\",\"name\":\(quoted(issue.label)),\"label\":\(quoted(issue.label)),\"value\":null,\"rect\":{\"x\":16,\"y\":200,\"width\":120,\"height\":22}}}"
        }.joined(separator: ",") + "]"
    }

    /// pymobiledevice3's `developer accessibility run-audit`.
    public static func pymobiledevice3(_ issues: [(code: Int, text: String)]) -> String {
        "[" + issues.map { issue in
            "{\"element_rect_value\":\"{{16, 200}, {120, 22}}\",\"issue_classification\":\(issue.code),\"font_size\":17,"
                + "\"ml_generated_description\":null,\"long_description_extra_info\":\(quoted(issue.text))}"
        }.joined(separator: ",") + "]"
    }
}
