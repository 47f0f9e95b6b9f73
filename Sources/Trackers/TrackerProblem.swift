import AuditLog
import DynamicType
import Evidence

/// One problem as a tracker files it: a screen's failing item, or one shared-UI problem with its
/// screens. This is the seam between how the audit counts problems (`AuditProblems` adapts what the
/// reports count today) and how trackers file them: a change of counting changes the adapter only.
public struct TrackerProblem: Sendable, Equatable {
    /// A screen the problem fails on: its id (which never changes) and the name it is shown by.
    public struct Place: Sendable, Equatable {
        public var screen: String
        public var name: String

        public init(screen: String, name: String) {
            self.screen = screen
            self.name = name
        }
    }

    /// What the judge or the person saw at one size: the figures of a run's verdict, or a note.
    public struct Figure: Sendable, Equatable {
        public var screen: String
        public var size: Size
        public var text: String
        /// Who recorded it: a person, or the run that did.
        public var recordedBy: String

        public init(screen: String, size: Size, text: String, recordedBy: String) {
            self.screen = screen
            self.size = size
            self.text = text
            self.recordedBy = recordedBy
        }
    }

    /// A crop or screenshot of the failure, by its path in the repository (the shared evidence
    /// folder); `committed` says whether the file is there yet.
    public struct EvidencePath: Sendable, Equatable {
        public var label: String
        public var path: String
        public var committed: Bool

        public init(label: String, path: String, committed: Bool) {
            self.label = label
            self.path = path
            self.committed = committed
        }
    }

    /// Stable across renames, sizes, notes and dates (`ProblemIdentity`).
    public var identity: String
    public var item: String
    public var itemTitle: String
    /// Every screen it fails on; more than one for shared UI.
    public var places: [Place]
    /// For shared UI, the element that fails the same way on every screen.
    public var element: String?
    /// Every size it fails at, largest first.
    public var sizes: [Size]
    /// Every failed cell, as (screen id, size): what a retest must pass.
    public var cells: [Cell]
    public var figures: [Figure]
    public var evidence: [EvidencePath]
    /// `App/Checkout/CheckoutView.swift:42` and the scan rule that found it; nil when nothing ties it.
    public var likelyCode: String?
    /// The fix the checklist says usually helps.
    public var usualFix: FixType?
    /// A fix recorded against it whose retest is due: `scroll, 2026-09-15, PR 412`.
    public var fixInProgress: String?
    public var severity: Severity
    public var critical: Bool

    public init(identity: String, item: String, itemTitle: String, places: [Place], element: String? = nil, sizes: [Size], cells: [Cell],
                figures: [Figure] = [], evidence: [EvidencePath] = [], likelyCode: String? = nil, usualFix: FixType? = nil,
                fixInProgress: String? = nil, severity: Severity = .major, critical: Bool = false) {
        self.identity = identity
        self.item = item
        self.itemTitle = itemTitle
        self.places = places
        self.element = element
        self.sizes = sizes
        self.cells = cells
        self.figures = figures
        self.evidence = evidence
        self.likelyCode = likelyCode
        self.usualFix = usualFix
        self.fixInProgress = fixInProgress
        self.severity = severity
        self.critical = critical
    }

    public var isShared: Bool { element != nil }

    /// The longest title GitHub takes (it answers 422 beyond it).
    public static let maximumTitle = 256

    /// `Checkout: no-truncation fails at ax5, ax3`, or for shared UI every screen it fails on. Names
    /// come from the shared file: characters that reorder or hide text become spaces, and long
    /// names are cut, so that the item and the sizes always show and the tracker takes the title.
    public var title: String {
        let names = places.map { IssueText.plain($0.name) }
        var screen = names.count <= 3 ? names.joined(separator: ", ") : names.prefix(2).joined(separator: ", ") + " and \(names.count - 2) more"
        let tail = "\(isShared ? " (shared UI)" : ""): \(item) fails at \(sizes.map(\.id).joined(separator: ", "))"
        let room = Self.maximumTitle - tail.count
        if screen.count > room { screen = String(screen.prefix(max(0, room - 1))) + "…" }
        return screen + tail
    }
}

/// A failed cell a problem covers: a screen (by id) at a size.
public typealias Cell = FiledCell

/// How a problem is told apart from every other, whatever it is called: a screen's failing item by
/// the screen's id and the item, shared UI by the item and its elements' types and names (how the
/// judges tell the same element on another screen). Written as `p-` and 24 hex digits of their
/// SHA-256, which fits a marker, a label and an id of the shared log.
public enum ProblemIdentity {
    public static func screen(_ screenID: String, item: String) -> String {
        make("screen\u{0}" + screenID + "\u{0}" + item)
    }

    public static func shared(item: String, elements: [(type: String, name: String)]) -> String {
        make("shared\u{0}" + item + "\u{0}" + elements.map { $0.type + "\u{1}" + $0.name }.joined(separator: "\u{0}"))
    }

    static func make(_ text: String) -> String {
        var hash = SHA256()
        hash.update(text)
        return "p-" + String(SHA256.hex(hash.finalize()).prefix(24))
    }

    /// Whether `text` is an identity as `make` writes it: what a marker read from a tracker must be.
    public static func isIdentity(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 26 && text.hasPrefix("p-") && text.utf8.dropFirst(2).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
