/// From a failing element to the line of code that makes it fail. A judge names the element by its
/// accessibility identifier or its label; the locator finds where the screen's code makes that
/// element (the identifier's literal, a constant's use, an Interface Builder identifier, the label's
/// string table key or literal), then the scan's findings on that element for the failing check.
/// One finding is the line; several are candidates; none comes with the reason. A line is named only
/// when the element is tied to it: another element's line is never given.
public final class CodeLocator {
    let sources: LocatorSources
    /// The scan's findings, by file.
    let findingsByFile: [String: [CodeFinding]]
    /// Every checklist item some rule can name: a failure of another item may take any finding on
    /// its element.
    static let scannedItems = Set(ScanRule.allCases.flatMap(\.unit.items))

    public init(sources: LocatorSources, findings: [CodeFinding]) {
        self.sources = sources
        var byFile: [String: [CodeFinding]] = [:]
        for finding in findings { byFile[finding.file, default: []].append(finding) }
        findingsByFile = byFile
    }

    /// The code of `element` failing `item`, searched in the screen's files.
    public func trace(_ element: ElementQuery, item: String) -> CodeTrace {
        guard !sources.screenFiles.isEmpty else {
            return CodeTrace(sites: [], findings: [], reason: "the screen lists no source file the scan read")
        }
        var sites: [Site] = []
        if let identifier = element.identifier, !identifier.isEmpty {
            sites = identifierSites(identifier)
        }
        if sites.isEmpty, let label = element.label, !label.isEmpty {
            sites = labelSites(label)
        }
        let shownSites = sites.map { CodeSite(file: $0.file, line: $0.line, how: $0.how) }
        guard !sites.isEmpty else {
            let names = element.identifier != nil && element.identifier == element.label
                ? "name \"\(element.label!)\" (as an identifier or a label)"
                : [element.identifier.map { "identifier \"\($0)\"" }, element.label.map { "label \"\($0)\"" }].compactMap { $0 }.joined(separator: " or ")
            return CodeTrace(sites: [], findings: [], reason: "nothing in the screen's files makes an element of \(names.isEmpty ? "no name" : names)")
        }
        var found: [CodeFinding] = []
        for site in sites {
            for finding in findings(on: site, item: item) where !found.contains(finding) { found.append(finding) }
        }
        found.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        if found.isEmpty {
            // "Found nothing" only when the locator could read all the element's code.
            if let site = sites.first(where: { $0.untyped != nil }), let note = site.untyped {
                let place = sites.count == 1 ? "made at \(site.file):\(site.line)" : "made at \(sites.count) places, at \(site.file):\(site.line)"
                return CodeTrace(sites: shownSites, findings: [], reason: "\(place) \(note)")
            }
            let place = sites.count == 1 ? "made at \(sites[0].file):\(sites[0].line)" : "made at \(sites.count) places"
            return CodeTrace(sites: shownSites, findings: [], reason: "\(place); the scan found nothing on it for \(item)")
        }
        if sites.count > 1 {
            // Which of them failed is not known: their findings are candidates, even a single one.
            let places = sites.prefix(4).map { "\($0.file):\($0.line)" }.joined(separator: ", ") + (sites.count > 4 ? " and \(sites.count - 4) more" : "")
            return CodeTrace(sites: shownSites, findings: found, reason: "\(sites.count) elements have this name (\(places))")
        }
        return CodeTrace(sites: shownSites, findings: found, reason: found.count > 1 ? "\(found.count) findings on the element" : nil)
    }
}

/// A failing element as a judge names it.
public struct ElementQuery: Sendable, Hashable {
    public var identifier: String?
    public var label: String?

    public init(identifier: String? = nil, label: String? = nil) {
        self.identifier = identifier
        self.label = label
    }

    /// A name that is the identifier when the element has one, else its label (WebDriverAgent's
    /// `name`): looked for as an identifier first, then as a label.
    public init(name: String) {
        identifier = name
        label = name
    }
}

/// A scan finding, as the locator needs it.
public struct CodeFinding: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var rule: String
    public var item: String

    public init(file: String, line: Int, column: Int, rule: String, item: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.item = item
    }
}

/// Where the code makes an element, and how the locator knew it.
public struct CodeSite: Sendable, Hashable {
    public var file: String
    public var line: Int
    /// `accessibilityIdentifier "checkout.pay"`, `label "Pay now" (key "checkout.pay_now")`.
    public var how: String
}

/// What the locator found for one failing element.
public struct CodeTrace: Sendable {
    /// Where the element is made; empty when nothing ties it to the code.
    public var sites: [CodeSite]
    /// The scan's findings on the element for the failing check: one is its line, several are
    /// candidates. Empty when none is, with `reason`.
    public var findings: [CodeFinding]
    public var reason: String?

    /// Exactly one line: one place makes the element, and one finding on it.
    public var line: CodeFinding? { sites.count == 1 && findings.count == 1 ? findings[0] : nil }
}

/// Where an element is made, with what of the code belongs to it.
struct Site {
    enum Scope {
        /// A SwiftUI view's expression, its modifiers included: token indices `start...end`.
        case chain(start: Int, end: Int)
        /// The UIKit view a statement sets (`payButton`, `cell.titleLabel`, `self`) in the code of the
        /// type named `type` (its extensions too; nil outside any type).
        case receiver(key: String, type: String?)
        /// The property `key` of a value of the app's type `type` (`cell.nameLabel` of a `TrailCell`),
        /// set in that type's code in any file.
        case member(key: String, type: String)
        /// An Interface Builder element spanning lines `first...last`, and the outlet it is
        /// connected to (its owner's class, the property).
        case nib(first: Int, last: Int, owner: String?, outlet: String?)
    }

    var file: String
    var line: Int
    var how: String
    var scopes: [Scope]
    /// Why the code of the view is out of reach: `through cell.nameLabel, and the type of cell is not
    /// known there: ...`.
    var untyped: String?
}
