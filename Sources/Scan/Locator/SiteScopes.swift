/// What of the code belongs to an element made at a place: the SwiftUI expression the text sits in
/// with its modifiers, the UIKit view a statement sets, or an Interface Builder element's lines.
extension CodeLocator {
    /// Calls that only turn a key into text: the element is what their result is given to.
    static let valueWrappers: Set<String> = [
        "NSLocalizedString", "String", "LocalizedStringKey", "LocalizedStringResource", "AttributedString", "NSAttributedString",
        "tr", "localized", "localizedString", "NSLocalizedStringFromTable", "format",
    ]

    /// Properties of a view that a bare name in its own code sets: the statement is about `self`.
    static let ownProperties: Set<String> = [
        "font", "numberOfLines", "heightAnchor", "widthAnchor", "snp", "layer", "adjustsFontForContentSizeCategory",
        "adjustsFontSizeToFitWidth", "minimumScaleFactor", "lineBreakMode", "text", "attributedText", "textColor",
        "accessibilityIdentifier", "accessibilityLabel", "frame", "bounds", "translatesAutoresizingMaskIntoConstraints",
        "setTitle", "titleLabel", "maximumContentSizeCategory", "rowHeight",
    ]

    /// The site of the element that the text or constant at `k` makes, or nil when `k` is no part of
    /// a view the code shows (a log message, a dictionary key).
    func swiftSite(_ file: SwiftFile, _ path: String, _ k: Int, how: String) -> Site? {
        let decls = file.declarations
        var value = file.chainStart(endingAt: k)
        var steps = 0
        while steps < 4, let call = file.enclosingCall(of: value), file.isKind(call.callee, .identifier),
              CodeLocator.valueWrappers.contains(file.identifier(call.callee)) {
            value = file.chainStart(endingAt: call.callee)
            steps += 1
        }
        let line = file.line(of: k)
        let type = decls.enclosingType(of: k, in: file)?.name
        // `receiver.property = value`, or `property = value` in a view's own code.
        if file.isOperator(value - 1, "="), file.isKind(value - 2, .identifier) {
            if file.isKind(value - 3, .period) {
                let start = file.chainStart(endingAt: value - 4)
                guard let key = subjectKey(file, from: start, through: value - 4, at: k) else { return nil }
                let member = memberScopes(file, from: start, through: value - 4, at: k)
                return Site(file: path, line: line, how: how, scopes: [.receiver(key: key, type: type)] + member.scopes, untyped: member.untyped)
            }
            guard file.tokens[value - 2].flags.contains(.newlineBefore) || file.isKind(value - 3, .leftBrace) || file.isKind(value - 3, .semicolon)
            else { return nil }
            return Site(file: path, line: line, how: how, scopes: [.receiver(key: "self", type: type)])
        }
        guard let call = file.enclosingCall(of: value), file.isKind(call.callee, .identifier) else { return nil }
        var base: Int
        if file.isKind(call.callee - 1, .period) {
            // `.accessibilityIdentifier("x")` on a view, or `button.setTitle("x", for: .normal)`.
            let end = call.callee - 2
            guard end >= 0 else { return nil }
            base = file.chainStart(endingAt: end)
            // A SwiftUI view a computed property makes (`compass.accessibilityIdentifier(...)`) is no UIKit view.
            let viewProperty = base == end && decls.variable(named: file.identifier(base), visibleAt: base, in: file).map { $0.bodyOpen >= 0 } == true
            if !viewProperty && isPlainName(file, base, end) {
                guard let key = subjectKey(file, from: base, through: end, at: k) else { return nil }
                let member = memberScopes(file, from: base, through: end, at: k)
                return Site(file: path, line: line, how: how, scopes: [.receiver(key: key, type: type)] + member.scopes, untyped: member.untyped)
            }
        } else {
            // A view or a helper made with it: `Text("x")`, `Button("x") { }`, `row(title: "x")`.
            base = file.chainStart(endingAt: call.callee)
        }
        var scopes: [Site.Scope] = [.chain(start: base, end: chainEnd(file, from: base))]
        // `let payButton = makeButton(title: "Pay")`: what the code later sets on `payButton` too.
        if let variable = decls.variables.first(where: { $0.hasInitializer && $0.initStart == base }),
           variable.scope < 0 || decls.typeByBrace[variable.scope] != nil || decls.functionByBrace[variable.scope] != nil {
            scopes.append(.receiver(key: variable.name, type: type))
        }
        return Site(file: path, line: line, how: how, scopes: scopes)
    }

    /// Whether the name at `j` starts with a capital letter, as types and modules do.
    static func isTypeName(_ file: SwiftFile, _ j: Int) -> Bool {
        guard file.isKind(j, .identifier), let first = file.identifier(j).utf8.first else { return false }
        return first >= 0x41 && first <= 0x5A
    }

    /// Whether `start...end` is names joined by periods, with optional unwraps: a UIKit view.
    func isPlainName(_ file: SwiftFile, _ start: Int, _ end: Int) -> Bool {
        guard start <= end, file.isKind(start, .identifier) else { return false }
        for j in start...end where !(file.isKind(j, .identifier) || file.isKind(j, .period) || file.isPostfixUnwrap(j)) { return false }
        return true
    }

    /// The last token of the expression that starts at `base`, its trailing closures and modifiers included.
    func chainEnd(_ file: SwiftFile, from base: Int) -> Int {
        var j = base
        // Past the base's own qualifiers: `SwiftUI.Text(...)`.
        while CodeLocator.isTypeName(file, j), file.isKind(j + 1, .period), file.isKind(j + 2, .identifier) { j += 2 }
        let end = file.endOfCall(j)
        guard let last = file.members(from: end).last else { return max(base, end - 1) }
        return max(base, file.endOfCall(last.name) - 1)
    }

    /// The view a statement is about, as one key for the sites and findings of a file to compare:
    /// the names from `start` through `end` (`cell.titleLabel`), without `self.` and unwraps, with a
    /// local of a property's initializer closure (`let l = UILabel()` in `titleLabel = { ... }()`) or
    /// its `$0` read as that property, and a view's own property (`font`, `heightAnchor`) as `self`.
    func subjectKey(_ file: SwiftFile, from start: Int, through end: Int, at k: Int) -> String? {
        var components: [String] = []
        for j in start...max(start, end) where file.isKind(j, .identifier) { components.append(file.identifier(j)) }
        if components.first == "self" { components.removeFirst() }
        guard let first = components.first else { return "self" }
        if first.hasPrefix("$") || file.declarations.variable(named: first, visibleAt: k, in: file).map({ $0.scope >= 0 && file.declarations.typeByBrace[$0.scope] == nil }) == true {
            if let owner = initializedProperty(around: k, in: file) {
                components[0] = owner
            } else if first.hasPrefix("$") {
                return nil
            }
        } else if CodeLocator.ownProperties.contains(first) && file.declarations.variable(named: first, visibleAt: k, in: file) == nil {
            return "self"
        }
        return components.joined(separator: ".")
    }

    /// The property of a type whose initializer (a closure, `{ ... }()`, or `X().then { }`) holds `k`.
    func initializedProperty(around k: Int, in file: SwiftFile) -> String? {
        let decls = file.declarations
        return decls.variables.first { variable in
            variable.hasInitializer && variable.initStart < k && k < variable.initEnd && variable.initEnd - variable.initStart > 3
                && (variable.scope < 0 || decls.typeByBrace[variable.scope] != nil)
        }?.name
    }

    /// The site of the Interface Builder element at `position`: its lines, and the outlet it is
    /// connected to with the class that owns the outlet.
    func nibSite(_ document: MarkupDocument, _ path: String, _ position: Int, how: String) -> Site {
        let elements = document.elements
        let first = document.line(of: elements[position].offset)
        var next = position + 1
        var lastDescendant = first
        while next < elements.count && isDescendant(document, next, of: position) {
            lastDescendant = document.line(of: elements[next].offset)
            next += 1
        }
        var last = lastDescendant
        if next < elements.count { last = max(last, document.line(of: elements[next].offset) - 1) }
        var owner: String?
        var outlet: String?
        if let id = elements[position].value("id") {
            for element in elements where element.name == "outlet" && element.value("destination") == id {
                outlet = element.value("property")
                let connections = element.parent
                if connections >= 0, elements[connections].parent >= 0 { owner = elements[elements[connections].parent].value("customClass") }
                break
            }
        }
        return Site(file: path, line: first, how: how, scopes: [.nib(first: first, last: last, owner: owner, outlet: outlet)])
    }

    func isDescendant(_ document: MarkupDocument, _ k: Int, of ancestor: Int) -> Bool {
        var p = document.elements[k].parent
        var steps = 0
        while p >= 0 && steps < 256 {
            if p == ancestor { return true }
            p = document.elements[p].parent
            steps += 1
        }
        return false
    }
}
