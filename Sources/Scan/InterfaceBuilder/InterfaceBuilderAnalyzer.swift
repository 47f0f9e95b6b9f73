/// Applies the rules to one `.xib` or `.storyboard` file: each element is visited once, and the
/// checks its name sets off run (`InterfaceBuilderDispatch`, made from the rules' triggers).
final class InterfaceBuilderAnalyzer {
    let document: MarkupDocument
    private let sharedIndex: ProjectIndex.Shared
    /// The project's facts, read a table at a time in place; a method called on the index would
    /// copy it whole first (see `ProjectIndex.uikitClass(of:declaredTypes:)`).
    var index: ProjectIndex { sharedIndex.index }
    var findings: [RawFinding] = []
    var signs: [GoodSign: Int] = [:]
    /// What the rules note while the file is read.
    let notes = RuleNotes()

    /// Elements connected to an outlet or given a custom class: code may restyle them.
    var restylable: Set<Int> = []
    var elementByID: [String: Int] = [:]

    struct Outlet {
        var property: String
        /// The custom class of the object that owns the outlet (a view controller, a cell).
        var owner: String?
    }

    /// Outlets by the id of the element they point to.
    var outlets: [String: Outlet] = [:]

    /// The elements that show text a reader types or reads.
    static let textElements: Set<String> = ["label", "textField", "textView"]

    init(document: MarkupDocument, index: ProjectIndex.Shared) {
        self.document = document
        sharedIndex = index
        var outletDestinations: Set<String> = []
        for (position, element) in document.elements.enumerated() {
            if let id = element.value("id") { elementByID[id] = position }
            if element.name == "outlet" || element.name == "outletCollection", let destination = element.value("destination") {
                outletDestinations.insert(destination)
                if let property = element.value("property") {
                    let connections = element.parent
                    let ownerIndex = connections >= 0 ? document.elements[connections].parent : -1
                    let owner = ownerIndex >= 0 ? document.elements[ownerIndex].value("customClass") : nil
                    outlets[destination] = Outlet(property: property, owner: owner)
                }
            }
        }
        for (position, element) in document.elements.enumerated() {
            if element.value("customClass") != nil { restylable.insert(position) }
            if let id = element.value("id"), outletDestinations.contains(id) { restylable.insert(position) }
        }
    }

    /// The element whose checks are running, which a finding is about.
    private var current = -1

    func run() {
        let dispatch = InterfaceBuilderDispatch.shared
        for (position, element) in document.elements.enumerated() {
            if let checks = dispatch.checks[element.name] {
                current = position
                for slot in checks { slot.check(self, position, element) }
            }
            if element.value("adjustsFontForContentSizeCategory") == "YES" { signs[.liveUpdate, default: 0] += 1 }
        }
    }

    /// Outlets connected to a view with "Automatically Adjusts Font" turned on, and every outlet the
    /// file connects: `Owner.property` for an outlet of an object with a custom class, else the
    /// property's name alone.
    static func outlets(in document: MarkupDocument) -> (liveUpdate: Set<String>, all: Set<String>) {
        var adjusting: Set<String> = []
        for element in document.elements where element.value("adjustsFontForContentSizeCategory") == "YES" {
            if let id = element.value("id") { adjusting.insert(id) }
        }
        var outlets: Set<String> = []
        var all: Set<String> = []
        let elements = document.elements
        for element in elements where element.name == "outlet" {
            guard let property = element.value("property") else { continue }
            let connections = element.parent
            let owner = connections >= 0 && elements[connections].parent >= 0
                ? elements[elements[connections].parent].value("customClass") : nil
            let key = owner.map { $0 + "." + property } ?? property
            all.insert(key)
            if let destination = element.value("destination"), adjusting.contains(destination) {
                outlets.insert(key)
            }
        }
        return (outlets, all)
    }

    /// Reports a finding of `rule` at byte `offset`; `item` is one the rule's unit lists.
    func report(_ rule: ScanRule, offset: Int, _ confidence: Finding.Confidence, _ message: String,
                item: String? = nil, view: FindingView? = nil) {
        assert(item.map(rule.unit.items.contains) ?? true, "\(rule.id) reports an item its unit does not list")
        findings.append(RawFinding(rule: rule, confidence: confidence, line: document.line(of: offset),
                                   column: document.column(of: offset), message: message, item: item, inPreview: false,
                                   anchor: anchor(of: current), view: view))
    }

    /// What a finding about the element at `position` is about, the same in every localized copy of
    /// the file: the element's name and the id of it or of its nearest ancestor that has one.
    func anchor(of position: Int) -> String? {
        guard position >= 0 else { return nil }
        let elements = document.elements
        var p = position
        var steps = 0
        while p >= 0 && steps < 64 {
            if let id = elements[p].value("id") { return elements[position].name + "#" + id }
            p = elements[p].parent
            steps += 1
        }
        return nil
    }

    /// High when nothing can restyle the element in code, or when the code of the class that owns its
    /// outlet was scanned and leaves its font alone; medium otherwise.
    func confidence(_ element: Int) -> Finding.Confidence {
        guard restylable.contains(element) else { return .high }
        let value = document.elements[element]
        if value.value("customClass") != nil { return .medium }
        if let id = value.value("id"), let outlet = outlets[id], let owner = outlet.owner, index.keywords[owner] != nil {
            return .high
        }
        return .medium
    }

    /// The code of the class that owns the element's outlet sets its font (or turns on live updates),
    /// so what the file says is not what ships.
    func codeRestyles(_ element: Int, liveUpdate: Bool = false) -> Bool {
        // A custom class that sets its own font (a label's, a button's title label's).
        let value = document.elements[element]
        if let custom = value.value("customClass") {
            let own: Set<String> = value.name == "button" ? ["self", "titleLabel"] : ["self"]
            if !(index.fontMembers[custom] ?? []).isDisjoint(with: own) { return true }
            if liveUpdate && !(index.liveUpdateMembers[custom] ?? []).isDisjoint(with: own) { return true }
        }
        guard let id = value.value("id"), let outlet = outlets[id], let owner = outlet.owner
        else { return false }
        if index.fontMembers[owner]?.contains(outlet.property) == true { return true }
        return liveUpdate && index.liveUpdateMembers[owner]?.contains(outlet.property) == true
    }

    /// "the label 'Total'" or "the button".
    func describe(_ element: MarkupElement) -> String {
        let noun: String
        switch element.name {
        case "textField": noun = "text field"
        case "textView": noun = "text view"
        case "segmentedControl": noun = "segmented control"
        case "navigationBar": noun = "navigation bar"
        case "tabBarItem": noun = "tab bar item"
        case "barButtonItem": noun = "bar button item"
        default: noun = element.name
        }
        let title = element.value("text") ?? element.value("title") ?? element.value("placeholder")
        if let title, !title.trimmingSpaces().isEmpty, title.count <= 40, !title.contains("\n"),
           title != "Label", title != "Button", title != "Title" {
            return "the \(noun) '\(title)'"
        }
        return "the \(noun)"
    }

    /// The nearest ancestor that is a view (not `<attributedString>`, `<state>`, `<textAttributes>`...).
    func owningView(of position: Int) -> Int? {
        var p = document.elements[position].parent
        var steps = 0
        while p >= 0 && steps < 64 {
            steps += 1
            let name = document.elements[p].name
            switch name {
            case "attributedString", "fragment", "attributes", "state", "textAttributes", "fontDescription",
                 "paragraphStyle", "buttonConfiguration", "string", "constraints", "subviews":
                p = document.elements[p].parent
            default:
                return p
            }
        }
        return nil
    }

    func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    func isDescendant(_ k: Int, of ancestor: Int) -> Bool {
        var p = document.elements[k].parent
        var steps = 0
        while p >= 0 && steps < 256 {
            if p == ancestor { return true }
            p = document.elements[p].parent
            steps += 1
        }
        return false
    }

    /// Whether a button has a title: on itself, a state or its configuration. A button with only an
    /// image, or with neither (a tap area over other views), holds no text.
    func buttonHasTitle(_ button: Int) -> Bool {
        let elements = document.elements
        if let title = elements[button].value("title"), !title.isEmpty { return true }
        var k = button + 1
        while k < elements.count && k < button + 200 && isDescendant(k, of: button) {
            let child = elements[k]
            if child.name == "button" { break }
            if let title = child.value("title"), !title.isEmpty { return true }
            if child.name == "attributedString" { return true }
            k += 1
        }
        return false
    }

    /// The point size of the element's own font, when it has one of a fixed size.
    func fontSize(of element: Int) -> Double? {
        let elements = document.elements
        var k = element + 1
        while k < elements.count && k < element + 64 && isDescendant(k, of: element) {
            if elements[k].parent == element && elements[k].name == "fontDescription" {
                return elements[k].value("pointSize").flatMap(Double.init)
            }
            k += 1
        }
        return nil
    }

    /// Hidden and of no width in the file (`hidden="YES"`, a frame 0 wide): it shows no text.
    func isHiddenAndEmpty(_ element: Int) -> Bool {
        let elements = document.elements
        guard elements[element].value("hidden") == "YES" else { return false }
        var k = element + 1
        while k < elements.count && k < element + 64 && isDescendant(k, of: element) {
            if elements[k].parent == element && elements[k].name == "rect" && elements[k].value("key") == "frame" {
                return elements[k].value("width").flatMap(Double.init) == 0
            }
            k += 1
        }
        return false
    }

    /// A label, text field or text view inside the view at `container` (among its own subviews
    /// only, when `directOnly`).
    func textInside(_ container: Int, directOnly: Bool) -> Int? {
        let elements = document.elements
        var k = container + 1
        while k < elements.count && k < container + 2_000 && isDescendant(k, of: container) {
            let child = elements[k]
            if InterfaceBuilderAnalyzer.textElements.contains(child.name) {
                let subviews = child.parent
                if !directOnly || (subviews >= 0 && elements[subviews].parent == container) { return k }
            }
            k += 1
        }
        return nil
    }
}

/// Which checks run at which element, made once from the rules' triggers.
struct InterfaceBuilderDispatch: Sendable {
    typealias Check = @Sendable (InterfaceBuilderAnalyzer, Int, MarkupElement) -> Void

    /// A check in a struct, called without a conversion thunk (see `SwiftDispatch.Slot`).
    struct Slot: Sendable {
        let check: Check
    }

    let checks: [String: [Slot]]

    static let shared = InterfaceBuilderDispatch(RuleUnit.all.flatMap(\.interfaceBuilder))

    init(_ triggers: [InterfaceBuilderTrigger]) {
        var checks: [String: [Slot]] = [:]
        for trigger in triggers {
            for element in trigger.elements { checks[element, default: []].append(Slot(check: trigger.check)) }
        }
        self.checks = checks
    }
}
