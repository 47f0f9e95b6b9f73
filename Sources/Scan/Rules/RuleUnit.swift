/// Everything one rule is, in one file under `Rules/`: its id, how bad a finding usually is, the
/// checklist items it fails, its words and fix, examples that must and must not set it off, and what
/// sets it off with the check that then runs. The help and docs tables, the scan's dispatch tables
/// and a test of every example are made from these. Docs/scan-rules.md says how to add one.
public struct RuleUnit: Sendable {
    /// An example a test runs through the scan: `file`'s extension says whether it is Swift or a nib.
    public struct Example: Sendable {
        public var file: String
        public var source: String

        public init(_ file: String, _ source: String) {
            self.file = file
            self.source = source
        }

        public init(_ source: String) { self.init("Example.swift", source) }
    }

    public var id: String
    public var severity: Finding.Severity
    /// The checklist item a finding usually fails.
    public var item: String
    /// Other checklist items a finding can name instead, for forms that fail a narrower item
    /// (a custom font fails `custom-fonts`, a fixed row height `cells-resize`).
    public var otherItems: [String] = []
    /// A few words naming the problem.
    public var title: String
    /// What it catches, for the help table: a line or two.
    public var summary: String
    /// Why it matters.
    public var explanation: String
    /// The usual fix.
    public var fix: String
    /// The thing a finding points at, in the singular and the plural ("fixed font size").
    public var noun: (one: String, many: String)
    public var mustTrigger: [Example]
    public var mustNotTrigger: [Example]
    /// What sets the rule off in Swift files: the names of calls, properties, modifiers and
    /// attributes, each with the check that runs where one is written, and checks that run once a
    /// whole file has been read.
    var swift: [SwiftTrigger] = []
    /// What sets it off in Interface Builder files: element names, each with its check.
    var interfaceBuilder: [InterfaceBuilderTrigger] = []

    /// Every checklist item a finding of the rule can name.
    public var items: [String] { [item] + otherItems }
}

/// Where a check runs in a Swift file: at each token that spells one of `names`, or once at the end.
struct SwiftTrigger: Sendable {
    /// How the names are written where the rule looks for them. The check itself confirms the form;
    /// an attribute is found among attribute tokens (`@ScaledMetric`), the others among names.
    enum Form: Sendable, Equatable {
        /// `UIFont.systemFont(ofSize:)`, `.system(size:)`.
        case call
        /// `label.numberOfLines = 1`.
        case property
        /// `.lineLimit(1)` on a SwiftUI view.
        case modifier
        /// `@ScaledMetric`.
        case attribute
        /// Once every token of the file has been visited: for checks that weigh the whole file.
        case endOfFile
    }

    var form: Form
    var names: [String]
    /// The check, given the analyzer of the file and the index of the token that spells the name
    /// (-1 at the end of the file). It reports through `SwiftAnalyzer.report`.
    var check: @Sendable (SwiftAnalyzer, Int) -> Void

    static func call(_ names: String..., check: @escaping @Sendable (SwiftAnalyzer, Int) -> Void) -> SwiftTrigger {
        SwiftTrigger(form: .call, names: names, check: check)
    }

    static func property(_ names: String..., check: @escaping @Sendable (SwiftAnalyzer, Int) -> Void) -> SwiftTrigger {
        SwiftTrigger(form: .property, names: names, check: check)
    }

    static func modifier(_ names: String..., check: @escaping @Sendable (SwiftAnalyzer, Int) -> Void) -> SwiftTrigger {
        SwiftTrigger(form: .modifier, names: names, check: check)
    }

    static func attribute(_ names: String..., check: @escaping @Sendable (SwiftAnalyzer, Int) -> Void) -> SwiftTrigger {
        SwiftTrigger(form: .attribute, names: names, check: check)
    }

    static func endOfFile(_ check: @escaping @Sendable (SwiftAnalyzer) -> Void) -> SwiftTrigger {
        SwiftTrigger(form: .endOfFile, names: []) { analyzer, _ in check(analyzer) }
    }
}

/// Where a check runs in a `.xib` or `.storyboard`: at each element named one of `elements`.
struct InterfaceBuilderTrigger: Sendable {
    var elements: [String]
    /// The check, given the analyzer of the document, the element's position and the element.
    var check: @Sendable (InterfaceBuilderAnalyzer, Int, MarkupElement) -> Void

    static func element(_ elements: String..., check: @escaping @Sendable (InterfaceBuilderAnalyzer, Int, MarkupElement) -> Void)
        -> InterfaceBuilderTrigger {
        InterfaceBuilderTrigger(elements: elements, check: check)
    }
}
