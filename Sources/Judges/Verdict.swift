import DynamicType
import Hierarchies

/// An element a finding names: its type and name, and its frames at the judged size and at Large.
public struct ElementRef: Sendable, Equatable {
    public var type: String
    /// Identifier, else label; empty when the element has neither.
    public var name: String
    /// The element's identifier and label apart, as the hierarchy gave them (a note keeps only `name`).
    public var identifier: String
    public var label: String
    public var frame: Frame
    /// At Large (or, for `default-unchanged`, in the run before the fix); nil when unmatched there.
    public var largeFrame: Frame?

    public init(type: String, name: String, frame: Frame, largeFrame: Frame?, identifier: String? = nil, label: String = "") {
        self.type = type
        self.name = name
        self.identifier = identifier ?? name
        self.label = label
        self.frame = frame
        self.largeFrame = largeFrame
    }

    init(_ element: Element, frame: Frame, largeFrame: Frame?) {
        type = element.type.name
        name = element.name.isEmpty ? element.label : element.name
        identifier = element.name
        label = element.label
        self.frame = frame
        self.largeFrame = largeFrame
    }

    /// `StaticText "Total"`, as reasons name it: one line, whatever a hostile file spells.
    public var shown: String {
        let type = Element.shown(type)
        return name.isEmpty ? type : "\(type) \"\(Element.shown(name))\""
    }
}

/// One thing a judge saw fail: the elements involved and what is wrong with them, in figures.
public struct JudgedFinding: Sendable, Equatable {
    public var elements: [ElementRef]
    /// `17 pt tall at Large and at ax5`: follows the elements' names in a reason.
    public var detail: String
    /// The figure the rule measured, when it measured one.
    public var figure: Double?

    public init(elements: [ElementRef], detail: String, figure: Double? = nil) {
        self.elements = elements
        self.detail = detail
        self.figure = figure
    }

    public var sentence: String {
        elements.isEmpty ? detail : elements.map(\.shown).joined(separator: " and ") + " " + detail
    }
}

/// A judge's decision on one cell, with its reason: one line that names the elements and figures
/// a person needs to check it.
public struct Verdict: Sendable, Equatable {
    /// The checklist item's id.
    public var item: String
    public var size: Size
    public var outcome: Outcome
    public var reason: String
    /// What failed, the first of them when a judge keeps only some; empty unless the outcome is `fail`.
    public var findings: [JudgedFinding]
    /// How many findings the judge saw: more than `findings` holds when it kept only the first (a
    /// hostile file can make millions).
    public var findingCount: Int

    public init(item: String, size: Size, outcome: Outcome, reason: String, findings: [JudgedFinding] = [], findingCount: Int? = nil) {
        self.item = item
        self.size = size
        self.outcome = outcome
        self.reason = reason
        self.findings = findings
        self.findingCount = max(findingCount ?? findings.count, findings.count)
    }

    static func noData(_ item: String, _ size: Size, _ reason: String) -> Verdict {
        Verdict(item: item, size: size, outcome: .noData, reason: reason)
    }

    /// A failure naming up to three findings and how many more there are (of `count`, when only the
    /// first findings were kept).
    static func fail(_ item: String, _ size: Size, _ findings: [JudgedFinding], _ summary: String, count: Int? = nil) -> Verdict {
        let total = max(count ?? findings.count, findings.count)
        let shown = findings.prefix(3).map(\.sentence).joined(separator: "; ")
        let more = total > 3 ? "; and \(total - 3) more" : ""
        return Verdict(item: item, size: size, outcome: .fail, reason: "\(summary): \(shown)\(more)", findings: findings, findingCount: total)
    }
}

/// One checklist item decided from geometry, as one documented rule (Docs/judges.md).
public protocol Judge: Sendable {
    /// The id of the checklist item the judge decides.
    var item: String { get }
    /// The verdict on `screen` at `size`; `noData` whenever the run lacks what the rule needs.
    func judge(_ screen: ScreenContext, at size: Size) -> Verdict
}

/// How far apart two figures must be to count as a change: hierarchies round frames to fractions
/// of a point, and a point is the smallest difference a person can see on a screenshot.
enum Tolerance {
    /// Text that grows or shrinks by a point or less has not changed size.
    static let point = 1.0
    /// Judges that compare elements in pairs stop short of this many on one screen: a real screen
    /// has hundreds, and a hostile file of 20,000 identical frames would otherwise cost 200 million
    /// comparisons.
    static let pairedElements = 5_000
    /// Findings a judge of pairs keeps, in reading order: all a real screen makes (its recording keeps
    /// every one). Past it the rest are counted, so that memory stays bounded however many pairs a
    /// hostile file makes.
    static let keptFindings = pairedElements
}

extension Verdict {
    /// What a judge decided for one (screen, checklist item, size) cell.
    public enum Outcome: String, Sendable, Equatable {
        case pass, fail
        /// The run lacks what the rule needs here: the cell stays with people.
        case noData = "no-data"
    }
}
