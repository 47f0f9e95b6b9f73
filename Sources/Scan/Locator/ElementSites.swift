/// Where the screen's code makes an element: the literal of its identifier or label, a constant that
/// holds it and the places that use the constant, an Interface Builder element of that identifier,
/// text or string table key.
extension CodeLocator {
    /// A constant that holds a searched text: `static let pay = "checkout.pay"`, `case pay =
    /// "checkout.pay"`, `static var pay: String { L10n.tr("Localizable", "checkout.pay") }`.
    struct Constant {
        var name: String
        /// The type that declares it; nil at the top level.
        var owner: String?
        /// For a constant local to a function, the body's brace in `file`; -1 otherwise.
        var scope: Int
        var file: String
    }

    /// The sites of the identifier `identifier`: the literal in an identifier context wins over a
    /// literal anywhere, and Interface Builder's identifiers count as the former.
    func identifierSites(_ identifier: String) -> [Site] {
        let how = "accessibilityIdentifier \"\(identifier)\""
        let (strong, weak) = literalSites(matching: identifier, how: how, context: isIdentifierContext)
        var sites = strong
        for path in sources.paths where sources.screenFiles.contains(path) && sources.mayHold(path, Array(identifier.utf8)) {
            guard let document = sources.document(path) else { continue }
            for element in document.elements {
                var owner = -1
                if element.name == "accessibility", element.value("identifier") == identifier {
                    owner = element.parent
                } else if element.name == "userDefinedRuntimeAttribute", element.value("keyPath") == "accessibilityIdentifier",
                          element.value("value") == identifier, element.parent >= 0 {
                    owner = document.elements[element.parent].parent
                }
                if owner >= 0 { sites.append(nibSite(document, path, owner, how: how)) }
            }
        }
        // A literal outside an identifier context may be the element's text: say so, not "identifier".
        return sites.isEmpty ? weak.map { site in var site = site; site.how = "the text \"\(identifier)\""; return site } : sites
    }

    /// The sites of a label: each string table key that shows it (its literal, its constants, an
    /// Interface Builder element its table names), and the label's own text in the code.
    func labelSites(_ label: String) -> [Site] {
        var sites: [Site] = []
        for entry in sources.tables.keys(showing: label) {
            let how = "label \"\(label)\" (key \"\(entry.key)\" in \(entry.table))"
            if let (element, _) = CodeLocator.interfaceBuilderKey(entry.key) {
                // `Main.strings` beside `Main.storyboard`: the key names an element of that file.
                let base = entry.table.split(separator: "/").last.map { String($0.dropLast(".strings".count)) } ?? ""
                for path in sources.paths where sources.screenFiles.contains(path) {
                    let name = path.split(separator: "/").last.map(String.init) ?? ""
                    guard name == base + ".storyboard" || name == base + ".xib", let document = sources.document(path),
                          let owner = document.elements.firstIndex(where: { $0.value("id") == element }) else { continue }
                    sites.append(nibSite(document, path, owner, how: how))
                }
                continue
            }
            let (strong, weak) = literalSites(matching: entry.key, how: how, context: { _, _ in true })
            sites += strong + weak
        }
        let how = "label \"\(label)\""
        let (text, _) = literalSites(matching: label, how: how, context: { file, k in !self.isIdentifierContext(file, k) })
        sites += text
        for path in sources.paths where sources.screenFiles.contains(path) && sources.mayHold(path, Array(label.utf8)) {
            guard let document = sources.document(path) else { continue }
            for (position, element) in document.elements.enumerated()
            where ["text", "title", "placeholder"].contains(where: { element.value($0) == label }) {
                let owner = element.name == "state" || element.name == "string" ? element.parent : position
                if owner >= 0 { sites.append(nibSite(document, path, owner, how: how)) }
            }
        }
        // The same place found by a key and by its text is one site.
        var seen = Set<String>()
        return sites.filter { seen.insert("\($0.file):\($0.line):\($0.scopeKey)").inserted }
    }

    /// `abc-12-xyz.text`: the id of an Interface Builder element and the property a `.strings` key names.
    static func interfaceBuilderKey(_ key: String) -> (String, String)? {
        guard let dot = key.lastIndex(of: "."), dot > key.startIndex else { return nil }
        let id = key[..<dot]
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [3, 2, 3],
              id.unicodeScalars.allSatisfy({ $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return nil }
        return (String(id), String(key[key.index(after: dot)...]))
    }

    // MARK: Swift literals and constants

    /// The places in the screen's Swift files where a literal `text` (or a constant holding it,
    /// declared anywhere in the app) makes an element: those `context` accepts, and the others.
    func literalSites(matching text: String, how: String, context: (SwiftFile, Int) -> Bool) -> (strong: [Site], weak: [Site]) {
        var strong: [Site] = []
        var weak: [Site] = []
        var constants: [Constant] = []
        let needle = Array(text.utf8)
        for path in sources.paths where path.hasSuffix(".swift") {
            // A file without the text may still hold it as a pattern: `"row.\(index)"` makes `row.3`.
            let verbatim = sources.mayHold(path, needle)
            let patterns = verbatim ? [] : sources.interpolatedLiterals(path)
            guard verbatim || !patterns.isEmpty, let file = sources.swift(path) else { continue }
            let inScreen = sources.screenFiles.contains(path)
            for i in 0..<(verbatim ? file.tokens.count : patterns.count) {
                let k = verbatim ? i : patterns[i]
                guard file.isKind(k, .string), CodeLocator.literal(file, k, matches: text) else { continue }
                if let constant = constant(holding: k, in: file, path: path) {
                    constants.append(constant)
                    continue
                }
                guard inScreen, let site = swiftSite(file, path, k, how: how) else { continue }
                if context(file, k) { strong.append(site) } else { weak.append(site) }
            }
        }
        for constant in constants {
            for path in sources.paths where path.hasSuffix(".swift") && sources.screenFiles.contains(path)
                && (constant.scope < 0 || path == constant.file) && sources.mayHold(path, Array(constant.name.utf8)) {
                guard let file = sources.swift(path) else { continue }
                for j in file.tokens.indices where file.isKind(j, .identifier) && file.identifierIs(j, constant.name) && uses(constant, at: j, in: file, path: path) {
                    guard let site = swiftSite(file, path, j, how: how + " through \(constant.owner.map { $0 + "." } ?? "")\(constant.name)") else { continue }
                    if context(file, j) { strong.append(site) } else { weak.append(site) }
                }
            }
        }
        return (strong, weak)
    }

    /// Whether the string literal at `k` is `text`, or an interpolated literal whose pieces match it
    /// (`"row.\(index)"` matches `row.3`) with at least two characters written out.
    static func literal(_ file: SwiftFile, _ k: Int, matches text: String) -> Bool {
        var raw = Substring(file.text(k))
        while raw.hasPrefix("#") && raw.hasSuffix("#") && raw.count > 2 { raw = raw.dropFirst().dropLast() }
        guard raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\""), !raw.hasPrefix("\"\"\"") else { return false }
        let inner = raw.dropFirst().dropLast()
        var pieces: [String] = [""]
        var k = inner.startIndex
        while k < inner.endIndex {
            let c = inner[k]
            let next = inner.index(after: k)
            guard c == "\\", next < inner.endIndex else {
                pieces[pieces.count - 1].append(c)
                k = next
                continue
            }
            switch inner[next] {
            case "(":
                // An interpolation: any text, up to its matching parenthesis.
                var depth = 0
                var j = next
                while j < inner.endIndex {
                    if inner[j] == "(" { depth += 1 } else if inner[j] == ")" { depth -= 1; if depth == 0 { break } }
                    j = inner.index(after: j)
                }
                pieces.append("")
                k = j < inner.endIndex ? inner.index(after: j) : j
                continue
            case "n": pieces[pieces.count - 1].append("\n")
            case "t": pieces[pieces.count - 1].append("\t")
            default: pieces[pieces.count - 1].append(inner[next])
            }
            k = inner.index(after: next)
        }
        if pieces.count == 1 { return pieces[0] == text }
        guard pieces.reduce(0, { $0 + $1.count }) >= 2 else { return false }
        return StringTables.matches(text, pieces: pieces)
    }

    /// The literal at `k` as the value of a constant: an enum case's raw value, or the short
    /// initializer or body of a property (a type's or the file's) or of a function's local.
    func constant(holding k: Int, in file: SwiftFile, path: String) -> Constant? {
        let decls = file.declarations
        if file.isOperator(k - 1, "="), file.isKind(k - 2, .identifier), file.name(k - 3) == .case || file.isKind(k - 3, .comma),
           file.expressionEnd(from: k) == k + 1, let type = decls.enclosingType(of: k, in: file), type.keyword == .enum {
            return Constant(name: file.identifier(k - 2), owner: type.name, scope: -1, file: path)
        }
        // The value a constant holds is the literal itself, or a call that only turns it into text.
        let value = valueExpression(holding: k, in: file)
        // `static func step(_ n: Int) -> String { L10n.tr("Localizable", "onboarding.step", n) }`.
        if let function = decls.innermostFunction(of: k, in: file), function.nameIndex >= 0,
           bodyIsOnly(value, open: function.open, in: file), let type = decls.enclosingType(of: function.keywordIndex, in: file) {
            return Constant(name: function.name(in: file), owner: type.name, scope: -1, file: path)
        }
        for variable in decls.variables {
            let holds = variable.hasInitializer ? variable.initStart == value.start && value.end == variable.initEnd
                : variable.bodyOpen >= 0 && bodyIsOnly(value, open: variable.bodyOpen, in: file)
            guard holds else { continue }
            if variable.scope < 0 || decls.typeByBrace[variable.scope] != nil {
                return Constant(name: variable.name, owner: decls.typeByBrace[variable.scope].map { decls.types[$0].name }, scope: -1, file: path)
            }
            // A local: `let id = "checkout.pay"` then `button.accessibilityIdentifier = id`.
            guard variable.hasInitializer, variable.initEnd == variable.initStart + 1 else { return nil }
            return Constant(name: variable.name, owner: nil, scope: variable.scope, file: path)
        }
        return nil
    }

    /// The expression the literal at `k` is the value of: itself, or the wrapper calls around it
    /// (`NSLocalizedString("k", comment: "")`, `L10n.tr("Localizable", "k")`).
    func valueExpression(holding k: Int, in file: SwiftFile) -> (start: Int, end: Int) {
        var range = (start: k, end: k + 1)
        var steps = 0
        while steps < 4, let call = file.enclosingCall(of: range.start), file.isKind(call.callee, .identifier),
              CodeLocator.valueWrappers.contains(file.identifier(call.callee)) {
            range = (file.chainStart(endingAt: call.callee), file.closing(call.open) + 1)
            steps += 1
        }
        return range
    }

    /// Whether the body that opens at `open` is only `value`, after an optional `return`.
    func bodyIsOnly(_ value: (start: Int, end: Int), open: Int, in file: SwiftFile) -> Bool {
        var start = open + 1
        if file.name(start) == .return { start += 1 }
        return start == value.start && value.end == file.closing(open)
    }

    /// Whether the name at `j` is a use of `constant`: qualified by its type (`A11y.pay`,
    /// `AccessibilityID.Checkout.pay`), an implicit member (`.pay`), or a bare name inside its type or
    /// its scope; not its declaration.
    func uses(_ constant: Constant, at j: Int, in file: SwiftFile, path: String) -> Bool {
        if file.name(j - 1) == .let || file.name(j - 1) == .var || file.name(j - 1) == .case || file.isKind(j + 1, .colon) && !file.isKind(j - 1, .period) {
            return false
        }
        if constant.scope >= 0 {
            return path == constant.file && !file.isKind(j - 1, .period) && file.isAncestor(constant.scope, of: j)
        }
        if file.isKind(j - 1, .period) {
            guard j >= 2, file.isKind(j - 2, .identifier) else {
                // `.pay`: an implicit member, where an identifier or a parameter of the enum is expected.
                return constant.owner != nil && !file.isKind(j - 2, .rightParen) && !file.isKind(j - 2, .rightBracket)
            }
            if file.name(j - 2) == .`self` || file.textIs(j - 2, "Self") {
                return file.declarations.enclosingType(of: j, in: file)?.name == constant.owner
            }
            guard let owner = constant.owner else { return false }
            return file.identifierIs(j - 2, owner) || aliases(file, of: owner).contains(file.identifier(j - 2))
        }
        guard let owner = constant.owner else { return true }
        return file.declarations.enclosingType(of: j, in: file)?.name == owner
    }

    /// The names the file gives `type` with `typealias IDs = A11y.Settings`.
    func aliases(_ file: SwiftFile, of type: String) -> [String] {
        var names: [String] = []
        for landmark in file.landmarks where file.name(Int(landmark)) == .typealias {
            let j = Int(landmark)
            guard file.isKind(j + 1, .identifier), file.isOperator(j + 2, "=") else { continue }
            var last = j + 3
            while file.isKind(last + 1, .period), file.isKind(last + 2, .identifier) { last += 2 }
            if file.isKind(last, .identifier), file.identifierIs(last, type) { names.append(file.identifier(j + 1)) }
        }
        return names
    }

    /// Whether the text at `k` is given as an accessibility identifier: `.accessibilityIdentifier(...)`,
    /// `.accessibility(identifier:)`, `view.accessibilityIdentifier = ...`.
    func isIdentifierContext(_ file: SwiftFile, _ k: Int) -> Bool {
        let start = file.chainStart(endingAt: k)
        if let call = file.enclosingCall(of: start), file.isKind(call.callee, .identifier) {
            if file.textIs(call.callee, "accessibilityIdentifier") { return true }
            if file.textIs(call.callee, "accessibility"), file.textIs(start - 2, "identifier") { return true }
        }
        return file.isOperator(start - 1, "=") && file.textIs(start - 2, "accessibilityIdentifier")
    }
}

extension Site {
    /// What tells two sites on one line apart.
    var scopeKey: String {
        scopes.map { scope in
            switch scope {
            case let .chain(start, end): "chain \(start) \(end)"
            case let .receiver(key, type): "receiver \(key) \(type ?? "")"
            case let .member(key, type): "member \(key) \(type)"
            case let .nib(first, last, _, _): "nib \(first) \(last)"
            }
        }.joined(separator: ",")
    }
}
