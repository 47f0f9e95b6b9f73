/// A versioned list of the checks a screen must pass.
public struct Checklist: Sendable, Equatable {
    /// A short name: the file name without `.md` (`dynamic-type`).
    public var name: String
    /// The title from the file's first heading (`Dynamic Type`).
    public var title: String
    public var version: String
    /// The paragraph that introduces the checklist.
    public var summary: String
    public var items: [ChecklistItem]
    /// The file's text, kept so that a store holds the exact checklist it was audited against.
    public var source: String

    public init(name: String, title: String, version: String, summary: String, items: [ChecklistItem], source: String) {
        self.name = name
        self.title = title
        self.version = version
        self.summary = summary
        self.items = items
        self.source = source
    }

    public func item(_ id: String) -> ChecklistItem? {
        items.first { $0.id == id }
    }

    /// Every (item, size) cell a screen must have answered, in checklist order.
    public var plannedCells: [(item: ChecklistItem, size: Size)] {
        items.flatMap { item in item.sizes.map { (item, $0) } }
    }

    /// The sizes at least one item is planned at, smallest first.
    public var plannedSizes: [Size] {
        Array(Set(items.flatMap(\.sizes))).sorted()
    }
}

/// One check: what to look at, at which sizes, and how bad failing it is.
public struct ChecklistItem: Sendable, Equatable, Identifiable {
    /// Stable id, used in commands and stored with every recording (`no-truncation`).
    public var id: String
    public var title: String
    /// How to check it, in the checklist's words.
    public var howToCheck: String
    /// The sizes the item must be checked at, smallest first.
    public var sizes: [Size]
    public var severity: Severity
    /// Failing it means text does not scale at all, which makes the screen unsupported.
    public var scaling: Bool
    /// The fix usually needed when it fails.
    public var fix: FixType?
    /// WCAG success criteria the item helps meet (`1.4.4`).
    public var wcag: [String]

    public init(id: String, title: String, howToCheck: String, sizes: [Size], severity: Severity,
                scaling: Bool = false, fix: FixType? = nil, wcag: [String] = []) {
        self.id = id
        self.title = title
        self.howToCheck = howToCheck
        self.sizes = sizes
        self.severity = severity
        self.scaling = scaling
        self.fix = fix
        self.wcag = wcag
    }
}

/// The checklists built into the binary, from the project's `Checklists/` folder.
public enum ShippedChecklists {
    public static let defaultName = "dynamic-type"

    /// Each shipped checklist's name and file text.
    public static let all: [(name: String, text: String)] = [
        (defaultName, String(decoding: PackageResources.dynamic_type_md, as: UTF8.self)),
    ]

    public static func text(named name: String) -> String? {
        all.first { $0.name == name }?.text
    }

    /// The default checklist, parsed. The shipped file is validated by the tests.
    public static func defaultChecklist() throws(ChecklistFile.Invalid) -> Checklist {
        try ChecklistFile.parse(text(named: defaultName) ?? "", name: defaultName)
    }
}
