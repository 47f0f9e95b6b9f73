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
            if file.isKind(j + 1, .leftParen), index.scalingFunctionNames.contains(identifierAt: j, in: file) { return (.scaled, nil) }
            hasIdentifier = true
        }
        if derived { return (.derived, nil) }
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
            let qualified = last > start && !(last == start + 2 && file.name(start) == .`self`)
            if !qualified {
                for function in decls.enclosingFunctions(of: position, in: file) where function.parameters(in: file).contains(name) {
                    // A local variable declared in the function shadows the parameter.
                    if let local = decls.variable(named: name, visibleAt: position, in: file), local.scope >= function.open {
                        break
                    }
                    return (.parameter(name), nil)
                }
            }
            var variable = qualified
                ? self.decls.variablesByName[name]?.lazy.map { self.decls.variables[$0] }.first { self.decls.typeByBrace[$0.scope] != nil || $0.scope < 0 }
                : decls.variable(named: name, visibleAt: position, in: file)
            // A property of another type that only shares the name (`var body: some View`) says nothing.
            if let type = variable?.typeName, !SwiftAnalyzer.numericTypes.contains(type) { variable = nil }
            if let variable {
                let (found, via) = self.origin(of: variable, depth: depth + 1)
                return (found, via ?? name)
            }
            if let known = index.origins[name] { return (known, name) }
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

    func origin(of variable: VariableDeclaration, depth: Int) -> (ValueOrigin, via: String?) {
        if variable.isScaledMetric { return (.scaled, nil) }
        if variable.hasInitializer {
            return origin(variable.initStart, variable.initEnd, at: variable.initStart, depth: depth)
        }
        if variable.bodyOpen >= 0 {
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
            return "a fixed size (\(code(start, end))), which ignores the reader's text size"
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
        return "a fixed size (\(code(start, end)))"
    }

    static func confidence(_ origin: ValueOrigin) -> Finding.Confidence {
        origin.isFixed ? .high : .medium
    }

}
