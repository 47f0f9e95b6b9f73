/// Sizes chosen by a case: `RowHeight.regular.rawValue` of `enum RowHeight: CGFloat { case regular
/// = 56 }`, `OptionRowHeight.short.value` where `value` switches over the cases and returns
/// constants, and `height(for: .compact)` of a function that does the same with its parameter.
extension SwiftAnalyzer {
    /// One clause of a `switch`: the case names it matches (`short` of `.short`; none for
    /// `default`) and its value's tokens, a leading `return` left out.
    struct SwitchClause {
        var cases: [String]
        var start: Int
        var end: Int
    }

    /// The clauses of the `switch` that a body opening at `open` consists of (`{ switch x { ... } }`,
    /// `{ return switch x { ... } }`), with the subject's token when it is one name; nil for any
    /// other body, or a clause with more than one statement.
    static func switchBody(_ open: Int, in file: SwiftFile) -> (subject: Int, clauses: [SwitchClause])? {
        var s = open + 1
        if file.name(s) == .return { s += 1 }
        guard file.name(s) == .switch else { return nil }
        var brace = s + 1
        var steps = 0
        while brace < file.tokens.count && !file.isKind(brace, .leftBrace) && steps < 32 {
            brace = file.isKind(brace, .leftParen) || file.isKind(brace, .leftBracket) ? file.after(brace) : brace + 1
            steps += 1
        }
        let close = file.closing(brace)
        guard file.isKind(brace, .leftBrace), close < file.tokens.count, file.closing(open) == close + 1 else { return nil }
        let subject = brace == s + 2 && file.isKind(s + 1, .identifier) ? s + 1 : -1
        var clauses: [SwitchClause] = []
        var j = brace + 1
        while j < close {
            let isDefault = file.textIs(j, "default")
            guard file.name(j) == .case || isDefault, Int(file.parent[j]) == brace else { return nil }
            var cases: [String] = []
            var k = j + 1
            while k < close && !(file.isKind(k, .colon) && Int(file.parent[k]) == brace) {
                if file.isKind(k, .period), file.isKind(k + 1, .identifier) {
                    cases.append(file.identifier(k + 1))
                }
                k = file.isKind(k, .leftParen) ? file.after(k) : k + 1
            }
            var start = k + 1
            if file.name(start) == .return { start += 1 }
            var end = start
            while end < close && !((file.name(end) == .case || file.textIs(end, "default") || file.isKind(end, .attribute))
                                     && Int(file.parent[end]) == brace && file.tokens[end].flags.contains(.newlineBefore)) {
                end = file.isKind(end, .leftParen) || file.isKind(end, .leftBracket) || file.isKind(end, .leftBrace) ? file.after(end) : end + 1
            }
            guard end > start, file.expressionEnd(from: start) >= end else { return nil }
            clauses.append(SwitchClause(cases: isDefault ? [] : cases, start: start, end: end))
            j = end
            if file.isKind(j, .attribute) { j += 1 } // `@unknown default`
        }
        return clauses.isEmpty ? nil : (subject, clauses)
    }

    /// The value a `switch` body returns: the clause of `pick` when it names one, else every clause's
    /// merged; nil when it is no such body.
    func switchOrigin(_ open: Int, pick: String?, depth: Int) -> (ValueOrigin, via: String?)? {
        guard let (_, clauses) = SwiftAnalyzer.switchBody(open, in: file) else { return nil }
        if let pick, let clause = clauses.first(where: { $0.cases.contains(pick) }) ?? clauses.first(where: { $0.cases.isEmpty }) {
            return origin(clause.start, clause.end, at: clause.start, depth: depth + 1)
        }
        var merged: ValueOrigin?
        var values: [String] = []
        for clause in clauses {
            let (found, _) = origin(clause.start, clause.end, at: clause.start, depth: depth + 1)
            merged = merged.map { ProjectIndex.merge($0, found) } ?? found
            if case let .literal(value?) = found, !values.contains(SwiftAnalyzer.points(value)) { values.append(SwiftAnalyzer.points(value)) }
        }
        guard let merged else { return nil }
        if case .literal(nil) = merged, !values.isEmpty {
            return (merged, values.joined(separator: " or ") + " pt, by case")
        }
        return (merged, nil)
    }

    /// The value of the chain `start..<end` when a case chooses it: `T.c.rawValue`, `T.c.p` for a
    /// property `p` of `T` that switches over its cases, `T` also nested (`Layout.Kind.c.rawValue`,
    /// read as `Kind`'s). nil when the chain is of another form.
    func caseOrigin(_ start: Int, _ end: Int, depth: Int) -> (ValueOrigin, via: String?)? {
        var names: [Int] = []
        for j in start..<end where file.isKind(j, .identifier) { names.append(j) }
        // Every name before the case is a type's, capitalized as Swift names them.
        guard names.count >= 3, names.count <= 6, names.dropLast(2).allSatisfy({ name in
            file.identifier(name).utf8.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
        }) else { return nil }
        let typeName = file.identifier(names[names.count - 3])
        let caseName = file.identifier(names[names.count - 2])
        let property = file.identifier(names[names.count - 1])
        let via = file.text(tokens: start, through: end - 1)
        let local = decls.types.first { $0.name == typeName && $0.keyword == .enum }
        if property == "rawValue" {
            if let local, let value = SwiftAnalyzer.rawValue(of: caseName, in: local, file: file) { return (.literal(value), via) }
            if let known = index.origins[typeName + "." + caseName], case .literal = known { return (known, via) }
            return nil
        }
        if let local, let variable = decls.variableIndices(named: property)?.lazy.map({ self.decls.variables[$0] }).first(where: {
            $0.scope == local.open && $0.bodyOpen >= 0
        }), let found = switchOrigin(variable.bodyOpen, pick: caseName, depth: depth) {
            return (found.0, via)
        }
        if let known = index.origins[typeName + "." + property + "#" + caseName] { return (known, via) }
        return nil
    }

    /// The value of a call `name(args)` or `T.name(args)` of a function of this file whose body
    /// switches over a parameter: the clause the argument `.case` picks, else every clause's.
    func callOrigin(_ start: Int, _ end: Int, depth: Int) -> (ValueOrigin, via: String?)? {
        var callee = start
        if file.isKind(start, .identifier), file.isKind(start + 1, .period) { callee = start + 2 }
        guard file.isKind(callee, .identifier), file.isKind(callee + 1, .leftParen), file.closing(callee + 1) == end - 1,
              let function = decls.functions.first(where: { $0.nameIndex >= 0 && file.sameText($0.nameIndex, callee) }),
              let (subject, _) = SwiftAnalyzer.switchBody(function.open, in: file) else { return nil }
        var pick: String?
        if subject >= 0 {
            let arguments = file.arguments(callee + 1)
            var position = 0
            file.forEachArgument(function.parameterList) { parameter in
                defer { position += 1 }
                var s = parameter.hasLabel ? parameter.labelIndex : parameter.start
                while file.isKind(s, .attribute) { s += 1 }
                let nameToken = file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) ? s + 1 : s
                guard file.sameText(nameToken, subject), position < arguments.count else { return }
                let argument = arguments[position]
                if argument.end == argument.start + 2, file.isKind(argument.start, .period), file.isKind(argument.start + 1, .identifier) {
                    pick = file.identifier(argument.start + 1)
                }
            }
        }
        guard let found = switchOrigin(function.open, pick: pick, depth: depth) else { return nil }
        return (found.0, code(start, end))
    }

    /// The raw value written for `caseName` in the numeric enum `type`: `case regular = 56`.
    static func rawValue(of caseName: String, in type: TypeDeclaration, file: SwiftFile) -> Double? {
        guard let base = type.inherits.first, numericTypes.contains(base) else { return nil }
        var j = type.open + 1
        while j < type.close {
            if file.name(j) == .case, Int(file.parent[j]) == type.open {
                var k = j + 1
                while k < type.close && file.isKind(k, .identifier) {
                    if file.isOperator(k + 1, "="), file.identifier(k) == caseName {
                        return file.literalNumber(k + 2, file.expressionEnd(from: k + 2))
                    }
                    k = file.isOperator(k + 1, "=") ? file.expressionEnd(from: k + 2) : k + 1
                    guard file.isKind(k, .comma) else { break }
                    k += 1
                }
            }
            j += 1
        }
        return nil
    }
}

extension SwiftAnalyzer {
    /// What the file's enums tell other files about sizes chosen by a case: `T.c` for the raw value
    /// of a numeric enum's case, `T.p#c` for what a property `p` that switches over the cases
    /// returns for `c` (its merged value is `T.p`, as any property's).
    static func addCaseFacts(of file: SwiftFile, _ decls: Declarations, to facts: inout FileFacts) {
        for type in decls.types where type.keyword == .enum {
            if let base = type.inherits.first, numericTypes.contains(base) {
                var j = type.open + 1
                while j < type.close {
                    if file.name(j) == .case, Int(file.parent[j]) == type.open, file.isKind(j + 1, .identifier) {
                        var k = j + 1
                        while file.isKind(k, .identifier), file.isOperator(k + 1, "=") {
                            let end = file.expressionEnd(from: k + 2)
                            if let value = file.literalNumber(k + 2, end) { facts.origins[type.name + "." + file.identifier(k)] = .literal(value) }
                            guard file.isKind(end, .comma) else { break }
                            k = end + 1
                        }
                    }
                    j += 1
                }
            }
        }
        for variable in decls.variables where variable.bodyOpen >= 0 {
            guard let type = decls.typeByBrace[variable.scope], let (_, clauses) = switchBody(variable.bodyOpen, in: file) else { continue }
            for clause in clauses {
                guard let value = file.literalNumber(clause.start, clause.end) else { continue }
                for name in clause.cases { facts.origins[decls.types[type].name + "." + variable.name + "#" + name] = .literal(value) }
            }
        }
    }

    /// What a `switch` body returns, from its clauses' literals alone: for the facts pass.
    static func switchLiteralOrigin(_ open: Int, in file: SwiftFile) -> ValueOrigin? {
        guard let (_, clauses) = switchBody(open, in: file) else { return nil }
        var merged: ValueOrigin?
        for clause in clauses {
            var found = ValueOrigin.unknown
            if let value = file.literalNumber(clause.start, clause.end) { found = .literal(value) }
            for j in clause.start..<clause.end where isScaledMarker(file.name(j)) { found = .scaled }
            merged = merged.map { ProjectIndex.merge($0, found) } ?? found
        }
        return merged
    }
}
