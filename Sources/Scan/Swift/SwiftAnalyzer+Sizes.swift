/// Where a size comes from: a literal, a constant, a scaled value, a parameter.
extension SwiftAnalyzer {
    // MARK: Where sizes come from

    /// Names that mean a value follows the text size (or is chosen by checking it).
    static func isScaledMarker(_ name: Name) -> Bool {
        switch name {
        case .scaledValue, .scaledFont, .UIFontMetrics, .isAccessibilitySize, .isAccessibilityCategory, .dynamicTypeSize,
             .sizeCategory, .preferredContentSizeCategory:
            true
        default:
            false
        }
    }

    /// Names that mean a value is read from a font: a text style's size or another font's.
    static func isDerivedMarker(_ name: Name) -> Bool {
        switch name {
        case .preferredFont, .preferredFontDescriptor, .pointSize, .lineHeight, .capHeight, .xHeight, .ascender, .descender:
            true
        default:
            false
        }
    }

    static let numericTypes: Set<String> = ["CGFloat", "Double", "Float", "Int"]

    static let fixedSystemSizes: [Name: Double] = [
        .labelFontSize: 17, .systemFontSize: 14, .buttonFontSize: 18, .smallSystemFontSize: 12,
    ]

    /// Where the value of `start..<end` comes from. `via` names the constant that held a literal.
    func origin(_ start: Int, _ end: Int, at position: Int, depth: Int = 0) -> (ValueOrigin, via: String?) {
        guard start < end, depth < 5 else { return (.unknown, nil) }
        if let value = file.literalNumber(start, end) { return (.literal(value), nil) }
        var derived = false
        var hasIdentifier = false
        for j in start..<end {
            let token = file.tokens[j]
            guard token.kind == .identifier else { continue }
            if SwiftAnalyzer.isScaledMarker(token.name) { return (.scaled, nil) }
            if SwiftAnalyzer.isDerivedMarker(token.name) { derived = true }
            if file.isKind(j + 1, .leftParen), isScalingCall(j) { return (.scaled, nil) }
            hasIdentifier = true
        }
        if derived { return (.derived, nil) }
        // `isTV ? 30 : 24`: the size is one of the branches, whatever the condition.
        if let (question, colon) = file.ternary(start, end) {
            let (whenTrue, viaTrue) = origin(question + 1, colon, at: position, depth: depth + 1)
            let (whenFalse, viaFalse) = origin(colon + 1, end, at: position, depth: depth + 1)
            let merged = ProjectIndex.merge(whenTrue, whenFalse)
            if case .literal(nil) = merged, case let .literal(x?) = whenTrue, case let .literal(y?) = whenFalse {
                return (merged, "\(SwiftAnalyzer.points(x)) or \(SwiftAnalyzer.points(y)) pt: \(code(start, end))")
            }
            if case .parameter = whenTrue { return (whenTrue, nil) }
            if case .parameter = whenFalse, case .literal = whenTrue { return (whenFalse, nil) }
            return (merged, merged == whenTrue ? viaTrue : viaFalse)
        }
        guard hasIdentifier else {
            // Arithmetic on numbers only: `12 + 2`, `(44 - 4) / 2`.
            let arithmetic = (start..<end).allSatisfy { j in
                switch file.tokens[j].kind {
                case .integer, .float, .operator, .leftParen, .rightParen: true
                default: false
                }
            }
            return (arithmetic ? .literal(nil) : .unknown, nil)
        }
        if let chosen = callOrigin(start, end, depth: depth) { return chosen }

        // One name, possibly qualified: `titleSize`, `self.titleSize`, `Metrics.title`, `UIFont.labelFontSize`.
        var chainOnly = true
        var j = start
        while j < end {
            let kind = file.tokens[j].kind
            if !(kind == .identifier || kind == .period || file.isPostfixUnwrap(j)) { chainOnly = false; break }
            j += 1
        }
        if chainOnly, let last = (start..<end).last(where: { file.isKind($0, .identifier) }) {
            let name = file.identifier(last)
            if let value = SwiftAnalyzer.fixedSystemSizes[file.tokens[last].name], last > start {
                return (.literal(value), code(start, end))
            }
            if last > start, let chosen = caseOrigin(start, end, depth: depth) { return chosen }
            let qualified = last > start && !(last == start + 2 && file.name(start) == .`self`)
            if !qualified {
                for function in decls.enclosingFunctions(of: position, in: file) where function.hasParameter(named: name, in: file) {
                    // A local variable declared in the function shadows the parameter.
                    if let local = decls.variable(named: name, visibleAt: position, in: file), local.scope >= function.open {
                        break
                    }
                    return (.parameter(name), nil)
                }
            }
            var variable = qualified
                ? qualifiedVariable(named: name, owner: last - 2)
                : decls.variable(named: name, visibleAt: position, in: file)
            // A property of another type that only shares the name (`var body: some View`) says nothing.
            if let type = variable?.typeName, !SwiftAnalyzer.numericTypes.contains(type) { variable = nil }
            if let variable {
                return origin(ofConstant: variable, depth: depth + 1)
            }
            if let owners = ownerNames(ofMemberAt: last, at: position) {
                for owner in owners {
                    if let known = index.origins[owner + "." + name] { return (known, name) }
                }
            }
            return (.unknown, nil)
        }

        // An expression: combine the origins of the names in it.
        var result: ValueOrigin = .literal(nil)
        j = start
        while j < end {
            if file.isKind(j, .identifier) && !file.isKind(j - 1, .period) {
                var last = j
                while last + 2 < end && file.isKind(last + 1, .period) && file.isKind(last + 2, .identifier) { last += 2 }
                if file.isKind(last + 1, .leftParen) {
                    result = ProjectIndex.merge(result, .unknown)
                } else {
                    let (part, _) = origin(j, last + 1, at: position, depth: depth + 1)
                    switch part {
                    case .scaled, .derived: return (part, nil)
                    case .parameter:
                        if case .literal = result { result = part }
                    case .unknown:
                        result = .unknown
                    case .literal:
                        break
                    }
                }
                j = last + 1
            } else {
                j += 1
            }
        }
        return (result, nil)
    }

    /// The property `name` of a type, for `Owner.name` with the owner's token at `owner`: the one the
    /// type of that name declares when the file has it, else the first the file declares in any type.
    func qualifiedVariable(named name: String, owner: Int) -> VariableDeclaration? {
        guard let indices = decls.variableIndices(named: name) else { return nil }
        let members = indices.lazy.map { self.decls.variables[$0] }.filter { self.decls.typeByBrace[$0.scope] != nil || $0.scope < 0 }
        if file.isKind(owner, .identifier), let first = file.identifier(owner).utf8.first, first >= 0x41 && first <= 0x5A,
           let own = members.first(where: { variable in
               self.decls.typeByBrace[variable.scope].map { self.file.sameText(self.decls.types[$0].keywordIndex + 1, owner) } ?? false
           }) {
            return own
        }
        return members.first
    }

    /// Whether the call of the name at `j` reaches a function or computed property of the project
    /// that scales with the text size: one of that name declared where the call can reach it.
    func isScalingCall(_ j: Int) -> Bool {
        guard index.scalingFunctionNames.contains(identifierAt: j, in: file),
              let signatures = index.scalingSignatures[file.identifier(j)] else { return false }
        // A call resolves by its argument labels too: `font(size:style:)` is not `font(_:)`.
        let call = file.callLabels(j)
        let owners = signatures.filter { call.map($0.accepts) ?? ($0.parameters == nil) }.map(\.owner)
        guard !owners.isEmpty else { return false }
        guard let candidates = ownerNames(ofMemberAt: j, at: j) else {
            // A receiver the scan cannot name: any type's member of that name, never a top-level one.
            return owners.contains { !$0.isEmpty }
        }
        return candidates.contains { owners.contains($0) }
    }

    /// The types whose member the name at `j` can be, as far as the tokens tell: `Metrics.title`
    /// names `Metrics`, `self.title` and a bare `title` the enclosing types (and the top level for a
    /// bare name), `label.title` the declared type of `label`, a SwiftUI view's modifier `View`
    /// and the view; nil when the receiver is an expression the scan cannot type (an implicit member).
    func ownerNames(ofMemberAt j: Int, at position: Int) -> [String]? {
        var enclosing: [String] {
            var names: [String] = []
            for p in file.ancestors(of: position) where file.tokens[p].kind == .leftBrace {
                if let type = decls.typeByBrace[p] { names.append(decls.types[type].name) }
            }
            return names
        }
        guard file.isKind(j - 1, .period) else { return enclosing + [""] }
        let receiver = j - 2
        if file.isKind(receiver, .identifier) {
            let name = file.name(receiver)
            if name == .`self` || file.textIs(receiver, "Self") { return enclosing }
            let text = file.identifier(receiver)
            if let first = text.utf8.first, first >= 0x41 && first <= 0x5A { return [text] }
            if let type = declaredType(of: text, at: position) { return [type] }
            return []
        }
        if file.isKind(receiver, .rightParen) || file.isKind(receiver, .rightBrace) {
            let base = file.chainStart(endingAt: receiver)
            if file.isKind(base, .identifier), content(ofBase: base) != .unknown {
                return ["View", file.identifier(base)]
            }
        }
        return nil
    }

    /// The origin of a constant, named for a message. A constant declared once in each branch of an
    /// `#if` (`#if os(iOS)` / `let size = 17` / `#else` / `let size = 30`) is the branch's that iOS
    /// compiles, or all of them when the conditions do not tell.
    func origin(ofConstant variable: VariableDeclaration, depth: Int) -> (ValueOrigin, via: String?) {
        let name = variable.name
        let siblings = (decls.variableIndices(named: name) ?? []).map { decls.variables[$0] }.filter { $0.scope == variable.scope }
        guard siblings.count > 1, file.directiveBranches(around: variable.nameIndex) != nil else {
            let (found, via) = origin(of: variable, depth: depth)
            return (found, via ?? name)
        }
        if let compiled = siblings.first(where: { file.compiledForIOS($0.nameIndex) == true }) {
            let (found, via) = origin(of: compiled, depth: depth)
            return (found, via ?? name)
        }
        var merged: ValueOrigin?
        var values: [String] = []
        for sibling in siblings {
            let (found, _) = origin(of: sibling, depth: depth)
            merged = merged.map { ProjectIndex.merge($0, found) } ?? found
            if case let .literal(value?) = found { values.append(SwiftAnalyzer.points(value) + " pt") }
        }
        let result = merged ?? .unknown
        if case .literal(nil) = result, values.count == siblings.count {
            return (result, "\(name): \(values.joined(separator: " or ")), by #if branch")
        }
        return (result, name)
    }

    func origin(of variable: VariableDeclaration, depth: Int) -> (ValueOrigin, via: String?) {
        if variable.isScaledMetric { return (.scaled, nil) }
        if variable.hasInitializer {
            return origin(variable.initStart, variable.initEnd, at: variable.initStart, depth: depth)
        }
        if variable.bodyOpen >= 0 {
            if let chosen = switchOrigin(variable.bodyOpen, pick: nil, depth: depth) { return chosen }
            var start = variable.bodyOpen + 1
            let end = file.closing(variable.bodyOpen)
            if file.name(start) == .return { start += 1 }
            return origin(start, end, at: start, depth: depth)
        }
        return (.unknown, nil)
    }

    /// Where a font's size comes from, as the end of a sentence that says why it does not scale:
    /// "a fixed 17 pt, which ignores the reader's text size".
    func describe(_ origin: ValueOrigin, via: String?, _ start: Int, _ end: Int) -> String {
        switch origin {
        case let .literal(value?):
            let points = "\(SwiftAnalyzer.points(value)) pt"
            return "a fixed \(via.map { "\(points) (\($0))" } ?? points), which ignores the reader's text size"
        case .literal(nil):
            return "a fixed size (\(via ?? code(start, end))), which ignores the reader's text size"
        case let .parameter(name):
            return "the size passed in as '\(name)', which stays fixed unless every caller passes a scaled size"
        default:
            return "'\(code(start, end))', a size the scan cannot trace to the text size (suppress this finding if it is scaled)"
        }
    }

    /// A length for a message: "44 pt", "44 pt (rowHeight)".
    func amount(_ origin: ValueOrigin, via: String?, _ start: Int, _ end: Int) -> String {
        if case let .literal(value?) = origin {
            let points = "\(SwiftAnalyzer.points(value)) pt"
            return via.map { "\(points) (\($0))" } ?? points
        }
        return "a fixed size (\(via ?? code(start, end)))"
    }

    static func confidence(_ origin: ValueOrigin) -> Finding.Confidence {
        origin.isFixed ? .high : .medium
    }

}
