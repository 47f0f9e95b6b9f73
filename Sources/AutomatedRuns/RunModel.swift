import DynamicType

/// What an automated run (a UI-test run, an Appium or pymobiledevice3 audit) produced, read from
/// whichever files it left, before anything is matched to the store's screens.
public struct RunContents: Sendable {
    /// Screenshots and other files the run attached, relative to the folder they were read from.
    public var screenshots: [RunScreenshot] = []
    /// Accessibility audits, each of one screen at one size as far as the run says.
    public var audits: [RunAudit] = []
    /// Test failures that are not audit issues, counted and left for a person.
    public var otherFailures = 0
    /// Files and entries that were not read, and why.
    public var skipped: [(what: String, reason: String)] = []
    /// Screenshots the run lists without their files (a JSON of test results has no files).
    public var unexportedAttachments = 0
    /// Element hierarchies (page sources) of a screen at a size, named like screenshots.
    public var hierarchies: [RunScreenshot] = []
    /// Tests the run lists, whatever they did: what was read, when nothing in it counts.
    public var tests = 0
    /// The devices the run says it ran on (`RunDevices`).
    public var devices: [RunDevice] = []

    public init() {}
}

/// One file a run attached.
public struct RunScreenshot: Sendable {
    /// Where it is, relative to the run's folder, checked to stay inside it.
    public var path: String
    /// The names that may say its screen and size, most telling first: the attachment's name,
    /// then its test's.
    public var names: [String]
    /// Names of the test suite, tried like folder names.
    public var suites: [String]

    public init(path: String, names: [String], suites: [String] = []) {
        self.path = path
        self.names = names
        self.suites = suites
    }
}

/// One accessibility audit of one screen at one size, with what it found.
public struct RunAudit: Sendable {
    /// Where it came from, for people: a test, an attachment, a file.
    public var source: String
    /// The screen as the run named it, when it did (dtaudit's harness does).
    public var screen: String?
    /// The size as the run named it, when it did.
    public var size: Size?
    /// The locale the run says it was in (`de`); nil for the app's base locale or when it does not say.
    public var locale: String?
    /// Names to find the screen and size in when the run did not say them.
    public var names: [String]
    public var suites: [String]
    /// The kinds of audit the run says it performed; nil when it does not say (then no pass can be
    /// concluded from the absence of issues).
    public var performed: Set<AuditKind>?
    public var issues: [AuditIssue]

    public init(source: String, screen: String? = nil, size: Size? = nil, names: [String], suites: [String] = [],
                performed: Set<AuditKind>? = nil, issues: [AuditIssue]) {
        self.source = source
        self.screen = screen
        self.size = size
        self.names = names
        self.suites = suites
        self.performed = performed
        self.issues = issues
    }
}

/// The kinds of accessibility audit Xcode runs (`XCUIAccessibilityAuditType`); only two of them
/// check text sizes.
public enum AuditKind: Sendable, Hashable, CustomStringConvertible {
    case dynamicType
    case textClipped
    /// Contrast, hit regions, element descriptions, traits and whatever comes later.
    case other(String)

    /// The checklist item an issue of this kind fails: `.dynamicType` the text-scales item,
    /// `.textClipped` no-truncation; nil for every other kind.
    public var item: String? {
        switch self {
        case .dynamicType: "text-scales"
        case .textClipped: "no-truncation"
        case .other: nil
        }
    }

    public var description: String {
        switch self {
        case .dynamicType: "dynamicType"
        case .textClipped: "textClipped"
        case .other(let name): name
        }
    }

    /// Reads the names the tools give: `dynamicType`, `XCUIAccessibilityAuditTypeDynamicType`,
    /// pymobiledevice3's `testTypeDynamicText`, and so on, in any case.
    public init(name: String) {
        // Some tools write the type's raw value as text.
        if let value = UInt64(name), !name.isEmpty {
            self.init(rawValue: value)
            return
        }
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let bare = key.hasPrefix("xcuiaccessibilityaudittype") ? String(key.dropFirst("xcuiaccessibilityaudittype".count)) : key
        switch bare {
        case "dynamictype", "testtypedynamictext", "dynamictext": self = .dynamicType
        case "textclipped", "testtypetextclipped": self = .textClipped
        default: self = .other(Self.otherNames[bare] ?? name)
        }
    }

    /// The other kinds by the names Xcode's API gives them (`XCUIAccessibilityAuditType`).
    static let otherNames: [String: String] = [
        "contrast": "contrast", "elementdetection": "elementDetection", "hitregion": "hitRegion",
        "sufficientelementdescription": "sufficientElementDescription", "trait": "trait", "action": "action", "parentchild": "parentChild",
    ]

    /// The raw values of the other kinds, as Xcode's API numbers them.
    static let otherValues: [UInt64: String] = [
        1 << 0: "contrast", 1 << 1: "elementDetection", 1 << 2: "hitRegion", 1 << 3: "sufficientElementDescription",
        1 << 18: "trait", 1 << 32: "action", 1 << 33: "parentChild",
    ]

    /// The raw values of `XCUIAccessibilityAuditType` for the two text kinds (1 << 16, 1 << 17).
    public init(rawValue: UInt64) {
        switch rawValue {
        case 1 << 16: self = .dynamicType
        case 1 << 17: self = .textClipped
        default: self = .other(Self.otherValues[rawValue] ?? "audit type \(rawValue)")
        }
    }

    /// What a failure message says, for test results that keep issues only as failures; nil when
    /// the message is no audit issue. Xcode's wording may change, so prefixes are matched.
    public static func classify(message: String) -> AuditKind? {
        let text = message.lowercased()
        if text.hasPrefix("dynamic type") { return .dynamicType }
        if text.hasPrefix("text clipped") || text.hasPrefix("clipped text") { return .textClipped }
        for prefix in ["contrast", "hit region", "element detection", "element has no description", "sufficient element description",
                       "trait", "element description", "label not human-readable", "parent/child", "action"] where text.hasPrefix(prefix) {
            return .other(prefix)
        }
        return nil
    }
}

/// One issue an audit found.
public struct AuditIssue: Sendable, Equatable {
    public var kind: AuditKind
    public var description: String
    /// The element it is about, as the tool describes it.
    public var element: String?

    public init(kind: AuditKind, description: String, element: String? = nil) {
        self.kind = kind
        self.description = description
        self.element = element
    }

    /// The note of the failed cell: the description and the element.
    public var note: String {
        element.map { description + " (element: " + $0 + ")" } ?? description
    }
}
