/// Applies the rules to one `.xib` or `.storyboard` file.
struct InterfaceBuilderAnalyzer {
    let document: MarkupDocument
    let index: ProjectIndex
    var findings: [RawFinding] = []
    var signs: [GoodSign: Int] = [:]

    /// Elements connected to an outlet or given a custom class: code may restyle them.
    private var restylable: Set<Int> = []
    private var elementByID: [String: Int] = [:]

    private struct Outlet {
        var property: String
        /// The custom class of the object that owns the outlet (a view controller, a cell).
        var owner: String?
    }

    /// Outlets by the id of the element they point to.
    private var outlets: [String: Outlet] = [:]

    private static let textElements: Set<String> = ["label", "textField", "textView"]

    init(document: MarkupDocument, index: ProjectIndex) {
        self.document = document
        self.index = index
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

    /// Outlet names connected to a view with "Automatically Adjusts Font" turned on.
    static func liveUpdateOutlets(in document: MarkupDocument) -> Set<String> {
        var adjusting: Set<String> = []
        for element in document.elements where element.value("adjustsFontForContentSizeCategory") == "YES" {
            if let id = element.value("id") { adjusting.insert(id) }
        }
        var outlets: Set<String> = []
        for element in document.elements where element.name == "outlet" {
            if let destination = element.value("destination"), adjusting.contains(destination),
               let property = element.value("property") {
                outlets.insert(property)
            }
        }
        return outlets
    }

    private mutating func report(_ rule: ScanRule, offset: Int, _ confidence: Finding.Confidence, _ message: String,
                                 item: String? = nil) {
        findings.append(RawFinding(rule: rule, confidence: confidence, line: document.line(of: offset),
                                   column: document.column(of: offset), message: message, item: item, inPreview: false))
    }

    /// High when nothing can restyle the element in code, or when the code of the class that owns its
    /// outlet was scanned and leaves its font alone; medium otherwise.
    private func confidence(_ element: Int) -> Finding.Confidence {
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
    private func codeRestyles(_ element: Int, liveUpdate: Bool = false) -> Bool {
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
    private func describe(_ element: MarkupElement) -> String {
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
    private func owningView(of position: Int) -> Int? {
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

    mutating func run() {
        var attributedOwners: Set<Int> = []
        let elements = document.elements
        for (position, element) in elements.enumerated() {
            switch element.name {
            case "fontDescription":
                checkFontDescription(position, element)
            case "font":
                guard element.value("key") == "NSFont", let size = element.value("size").flatMap(Double.init), size > 1,
                      let owner = owningView(of: position), attributedOwners.insert(owner).inserted,
                      !codeRestyles(owner) else { continue }
                report(.fixedFontSize, offset: element.offset, .medium,
                       "The attributed text of \(describe(elements[owner])) uses a fixed \(points(size)) pt font, which ignores the reader's text size. Set the text in code with fonts scaled by UIFontMetrics, or use a plain text style.",
                       item: element.value("name") == nil || element.value("metaFont") != nil ? "text-scales" : "custom-fonts")
            case "label", "textField", "textView", "button":
                checkTextView(position, element)
            case "constraint":
                checkHeightConstraint(position, element)
            default:
                break
            }
            if element.value("adjustsFontForContentSizeCategory") == "YES" { signs[.liveUpdate, default: 0] += 1 }
        }
    }

    private func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    private mutating func checkFontDescription(_ position: Int, _ element: MarkupElement) {
        if element.value("style") != nil {
            signs[.textStyle, default: 0] += 1
            return
        }
        guard let size = element.value("pointSize").flatMap(Double.init), size > 1,
              let owner = owningView(of: position) else { return }
        if codeRestyles(owner) { return }
        let ownerElement = document.elements[owner]
        let custom = element.value("name") != nil && element.value("type") == nil
        let family = custom ? (element.value("family") ?? element.value("name") ?? "custom") : "System"
        let offset = element.attribute("pointSize")?.offset ?? element.offset
        let fix = custom
            ? "Scale it in code with UIFontMetrics(forTextStyle:).scaledFont(for:), or pick a text style in the Attributes inspector."
            : "Pick a text style (Body, Headline...) in the Attributes inspector's Font menu."
        report(.fixedFontSize, offset: offset, confidence(owner),
               "\(capitalized(describe(ownerElement))) uses \(family) \(points(size)) pt with no text style, so it ignores the reader's text size. \(fix)",
               item: custom ? "custom-fonts" : "text-scales")
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private mutating func checkTextView(_ position: Int, _ element: MarkupElement) {
        let who = describe(element)
        // A text field adjusts to fit unless told not to; a label of older files shrinks when it
        // has a minimum font size and no `adjustsFontSizeToFit="NO"`.
        let fit = element.value("adjustsFontSizeToFit")
        let shrinks = fit == "YES" || (fit == nil && element.name == "textField")
            || (fit == nil && element.name == "label" && element.value("minimumFontSize") != nil)
        if shrinks && element.name != "textView" && element.name != "button" {
            let offset = element.attribute("adjustsFontSizeToFit")?.offset ?? element.attribute("minimumFontSize")?.offset
                ?? element.offset
            let minimum = element.value("minimumScaleFactor").map { " (down to \($0) of its size)" }
                ?? element.value("minimumFontSize").map { " (down to \($0) pt)" } ?? ""
            if element.name == "textField" {
                report(.shrinksText, offset: offset, confidence(position),
                       "\(capitalized(who)) adjusts its text to fit\(minimum)\(fit == nil ? ", as text fields do unless told not to" : ""), undoing the size the reader chose. Turn off \"Adjust to Fit\" and let the field grow with its text.")
            } else {
                report(.shrinksText, offset: offset, confidence(position),
                       "Autoshrink on \(who) shrinks its text to fit\(minimum), undoing the size the reader chose. Turn Autoshrink off, set Lines to 0 and let the layout grow.")
            }
        }
        if element.name == "label", element.value("numberOfLines") == nil, !codeSetsLines(position) {
            // Interface Builder leaves out the default: a label with no Lines is held to one.
            report(.singleLine, offset: element.offset, element.value("id").flatMap { outlets[$0] } == nil ? .high : .medium,
                   "\(capitalized(who)) has no Lines setting, so it keeps the default of one line and at large sizes its text is cut off. Set Lines to 0 so it wraps.")
        }
        if element.name == "label", element.value("numberOfLines") == "1" {
            let offset = element.attribute("numberOfLines")?.offset ?? element.offset
            report(.singleLine, offset: offset, confidence(position),
                   "\(capitalized(who)) is limited to one line, so at large sizes its text is cut off. Set Lines to 0 so it wraps.")
        }
        guard InterfaceBuilderAnalyzer.textElements.contains(element.name) || element.name == "button",
              element.value("adjustsFontForContentSizeCategory") != "YES" else { return }
        // A text style font set on the element itself.
        let elements = document.elements
        var k = position + 1
        while k < elements.count && k < position + 400 {
            let child = elements[k]
            if child.parent == position, child.name == "fontDescription", child.value("key") == "fontDescription" {
                if child.value("style") != nil {
                    if let custom = element.value("customClass"), index.liveUpdateTypes.contains(custom) { return }
                    if codeRestyles(position, liveUpdate: true) { return }
                    if element.name == "button" {
                        report(.noLiveUpdate, offset: element.offset, confidence(position),
                               "\(capitalized(who)) has a text style title font, but a button's title does not follow size changes by itself, so it keeps its first size when the reader changes the setting. Set titleLabel?.adjustsFontForContentSizeCategory = true in code.")
                        return
                    }
                    report(.noLiveUpdate, offset: element.offset, confidence(position),
                           "\(capitalized(who)) uses a text style but \"Automatically Adjusts Font\" is off, so it keeps its first size when the reader changes the setting. Turn it on in the Attributes inspector.")
                }
                return
            }
            if !isDescendant(k, of: position) { return }
            k += 1
        }
    }

    /// The code of the element's class, or of the class that owns its outlet, sets its number of lines.
    private func codeSetsLines(_ element: Int) -> Bool {
        let value = document.elements[element]
        if let custom = value.value("customClass"), index.linesMembers[custom]?.contains("self") == true { return true }
        guard let id = value.value("id"), let outlet = outlets[id], let owner = outlet.owner else { return false }
        return index.linesMembers[owner]?.contains(outlet.property) == true
    }

    private func isDescendant(_ k: Int, of ancestor: Int) -> Bool {
        var p = document.elements[k].parent
        var steps = 0
        while p >= 0 && steps < 256 {
            if p == ancestor { return true }
            p = document.elements[p].parent
            steps += 1
        }
        return false
    }

    private mutating func checkHeightConstraint(_ position: Int, _ element: MarkupElement) {
        guard element.value("firstAttribute") == "height", element.value("secondItem") == nil,
              element.value("relation") != "greaterThanOrEqual",
              let constant = element.value("constant").flatMap(Double.init), constant > 1 else { return }
        if let priority = element.value("priority").flatMap(Double.init), priority < 1000 { return }
        var owner: Int?
        if let first = element.value("firstItem") {
            owner = elementByID[first]
        } else {
            let constraints = element.parent
            if constraints >= 0 && document.elements[constraints].name == "constraints" {
                owner = document.elements[constraints].parent >= 0 ? document.elements[constraints].parent : nil
            }
        }
        guard let owner else { return }
        let ownerElement = document.elements[owner]
        let confidence: Finding.Confidence
        var what = describe(ownerElement)
        switch ownerElement.name {
        case "label": confidence = .high
        case "button":
            guard buttonHasTitle(owner) else { return }
            confidence = .medium
        case "textField": confidence = .medium
        case "stackView", "view":
            guard let text = textInside(owner, directOnly: ownerElement.name == "view") else { return }
            what = "the \(ownerElement.name == "stackView" ? "stack view" : "view") that holds \(describe(document.elements[text]))"
            confidence = .medium
        default: return
        }
        let relation = element.value("relation") == "lessThanOrEqual" ? "caps" : "fixes"
        let offset = element.attribute("constant")?.offset ?? element.offset
        report(.fixedHeightText, offset: offset, confidence,
               "A height constraint \(relation) \(what) at \(points(constant)) pt, so larger text is clipped. Make it greater than or equal, or remove it and let the text set the height.")
    }

    /// Whether a button has a title (on itself, a state or its configuration), or no image: a
    /// button with only an image holds no text.
    private func buttonHasTitle(_ button: Int) -> Bool {
        let elements = document.elements
        if elements[button].value("title") != nil { return true }
        var image = elements[button].value("image") != nil
        var k = button + 1
        while k < elements.count && k < button + 200 && isDescendant(k, of: button) {
            let child = elements[k]
            if child.name == "button" { break }
            if child.value("title") != nil || child.name == "attributedString" { return true }
            if child.value("image") != nil || child.value("backgroundImage") != nil { image = true }
            k += 1
        }
        return !image
    }

    /// A label, text field or text view inside the view at `container` (among its own subviews
    /// only, when `directOnly`).
    private func textInside(_ container: Int, directOnly: Bool) -> Int? {
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
