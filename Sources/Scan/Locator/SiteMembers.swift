/// Views whose code is elsewhere than the statement that names them: a property of another value
/// (`cell.nameLabel`, set in `TrailCell`'s own code), and a view a factory makes (`lazy var
/// distanceLabel = makeLabel(size: 12)`), whose fixed font is in the call or the factory's body.
extension CodeLocator {
    /// What a receiver of several names (`cell.nameLabel`) tells of the code of its view.
    enum Member {
        /// The property `key` of the app's type `type`: its code sets the view too.
        case typed(key: String, type: String)
        /// The type of `value` is not known where the receiver `receiver` is written.
        case untyped(value: String, receiver: String)
    }

    /// The member the receiver `start...end` at `k` names, when its first name is a value (a local,
    /// a property, a parameter) and not `self` or a type; nil for a single name.
    func member(_ file: SwiftFile, from start: Int, through end: Int, at k: Int) -> Member? {
        var names: [String] = []
        var first = -1
        for j in start...max(start, end) where file.isKind(j, .identifier) {
            if names.isEmpty && file.name(j) == .`self` { continue }
            if names.isEmpty { first = j }
            names.append(file.identifier(j))
        }
        guard names.count >= 2, first >= 0, !names[0].hasPrefix("$"), !CodeLocator.isTypeName(file, first) else { return nil }
        let key = names.dropFirst().joined(separator: ".")
        guard let type = valueType(file, named: names[0], at: k) else {
            return .untyped(value: names[0], receiver: names.joined(separator: "."))
        }
        return .typed(key: key, type: type)
    }

    /// The type of the value `name` at `k`, as the code tells it: an annotation (`let cell: TrailCell`),
    /// a cast (`... as! TrailCell`, `guard let cell = ... as? TrailCell`), an initializer
    /// (`TrailCell()`), a closure's parameter (`{ (cell: TrailCell, indexPath) in`), or a function's
    /// (`func configure(_ cell: TrailCell)`).
    func valueType(_ file: SwiftFile, named name: String, at k: Int) -> String? {
        let decls = file.declarations
        if let variable = decls.variable(named: name, visibleAt: k, in: file) {
            if let annotated = variable.typeName { return annotated }
            guard variable.hasInitializer else { return nil }
            let last = variable.initEnd - 1
            if CodeLocator.isTypeName(file, last) {
                let cast = file.isKind(last - 1, .operator) && (file.textIs(last - 1, "!") || file.textIs(last - 1, "?")) ? last - 2 : last - 1
                if cast > variable.initStart, file.textIs(cast, "as") { return file.identifier(last) }
            }
            var callee = variable.initStart
            while CodeLocator.isTypeName(file, callee), file.isKind(callee + 1, .period), file.isKind(callee + 2, .identifier),
                  !file.textIs(callee + 2, "init") { callee += 2 }
            let named = file.textIs(callee + 2, "init") && file.isKind(callee + 1, .period) ? callee + 2 : callee
            if CodeLocator.isTypeName(file, callee), file.isKind(named + 1, .leftParen), file.closing(named + 1) == last {
                return file.identifier(callee)
            }
            return nil
        }
        // A closure's parameter shadows the function's: named there, its type is the closure's to tell.
        if let named = closureParameterType(file, named: name, at: k) { return named }
        guard let function = decls.innermostFunction(of: k, in: file), file.isKind(function.parameterList, .leftParen) else { return nil }
        return parameterType(file, in: function.parameterList, named: name) ?? nil
    }

    /// The type a closure around `k` gives its parameter `name`: `{ (cell: TrailCell, indexPath) in`.
    /// The innermost closure that names it decides: `.some(nil)` when it names it without a type,
    /// nil when no closure around `k` names it.
    func closureParameterType(_ file: SwiftFile, named name: String, at k: Int) -> String?? {
        var brace = Int(file.parent[k])
        var steps = 0
        while brace >= 0 && steps < 64 {
            steps += 1
            defer { brace = Int(file.parent[brace]) }
            guard file.isKind(brace, .leftBrace), file.isKind(brace + 1, .leftParen) else { continue }
            let close = Int(file.matching[brace + 1])
            guard close > brace + 1, file.textIs(close + 1, "in") else { continue }
            if let named = parameterType(file, in: brace + 1, named: name) { return named }
        }
        return nil
    }

    /// The type the parameter list at `open` (a function's or a closure's `(`) gives its parameter
    /// `name`: `_ cell: TrailCell`, `cell: TrailCell`, `for cell: inout TrailCell`. `.some(nil)`
    /// when the list names it without a type one can read, nil when it does not name it.
    func parameterType(_ file: SwiftFile, in open: Int, named name: String) -> String?? {
        var found: String??
        file.forEachArgument(open) { parameter in
            guard found == nil else { return }
            var s = parameter.hasLabel ? parameter.labelIndex : parameter.start
            while file.isKind(s, .attribute) { s += 1 }
            if file.isKind(s, .identifier), file.isKind(s + 1, .identifier), file.isKind(s + 2, .colon) { s += 1 }
            guard file.isKind(s, .identifier), file.identifierIs(s, name) else { return }
            guard file.isKind(s + 1, .colon) else {
                found = .some(nil)
                return
            }
            var j = s + 2
            while file.textIs(j, "inout") || file.textIs(j, "some") || file.textIs(j, "any") || file.isKind(j, .attribute) { j += 1 }
            while file.isKind(j, .identifier), file.isKind(j + 1, .period), file.isKind(j + 2, .identifier) { j += 2 }
            found = .some(CodeLocator.isTypeName(file, j) ? file.identifier(j) : nil)
        }
        return found
    }

    /// The scope and the note of a site whose receiver is `start...end`: a typed member's own code,
    /// or, when the value's type is not known or not the app's, what the reason must say.
    func memberScopes(_ file: SwiftFile, from start: Int, through end: Int, at k: Int) -> (scopes: [Site.Scope], untyped: String?) {
        switch member(file, from: start, through: end, at: k) {
        case let .typed(key, type)? where declares(type):
            return ([.member(key: key, type: type)], nil)
        case let .typed(key, type)?:
            // A system type's own code is not the app's, and an extension of it is not this view's.
            return ([], "through \(key) of \(type), a type the app's code does not declare: no finding there can be tied to it")
        case let .untyped(value, receiver)?:
            return ([], "through \(receiver), and the type of \(value) is not known there: the scan's findings in that type's code cannot be tied to it")
        case nil:
            return ([], nil)
        }
    }

    /// Whether a Swift file of the app declares the type `name` (an extension does not).
    func declares(_ name: String) -> Bool {
        sources.paths.contains { path in
            guard path.hasSuffix(".swift"), sources.mayHold(path, Array(name.utf8)), let file = sources.swift(path) else { return false }
            return file.declarations.types.contains { $0.name == name && $0.keyword != .extension }
        }
    }

    /// The callee of a declaration's initializer when it is one call, `makeLabel(size: 12)` or
    /// `Factory.label(size: 12)`, and nothing more.
    func singleCall(_ file: SwiftFile, _ variable: VariableDeclaration) -> Int? {
        guard variable.hasInitializer else { return nil }
        var callee = variable.initStart
        while file.isKind(callee + 1, .period), file.isKind(callee + 2, .identifier) { callee += 2 }
        guard file.isKind(callee, .identifier), file.isKind(callee + 1, .leftParen), file.closing(callee + 1) == variable.initEnd - 1 else { return nil }
        return callee
    }

    /// The view a declaration makes when the finding at `t` is its initializer's one call or a
    /// direct argument of it: `distanceLabel` of `lazy var distanceLabel = makeLabel(size: 12)`. An
    /// argument's own call (`UIStackView(arrangedSubviews: [makeLabel(...)])`) is another view's.
    func declaredSubject(_ file: SwiftFile, _ t: Int) -> String? {
        for variable in file.declarations.variables where variable.initStart <= t && t < variable.initEnd {
            guard let callee = singleCall(file, variable), t <= callee || Int(file.parent[t]) == callee + 1 else { continue }
            return subjectKey(file, from: variable.nameIndex, through: variable.nameIndex, at: t)
        }
        return nil
    }

    /// The findings in the body of the app's factory that makes the view `key` of the type `type`
    /// (`lazy var titleLabel = makeTitle()`, `let label = makeLabel()`), on the value it returns:
    /// the factory's line is the view's when its call has none.
    func factoryFindings(_ key: String, type: String?, anyFile: Bool) -> [CodeFinding] {
        guard !key.contains("."), key != "self" else { return [] }
        var names = Set<String>()
        for path in sources.paths where path.hasSuffix(".swift") && (anyFile || sources.screenFiles.contains(path)) && sources.mayHold(path, Array(key.utf8)) {
            guard let file = sources.swift(path) else { continue }
            let decls = file.declarations
            for index in decls.variableIndices(named: key) ?? [] {
                let variable = decls.variables[index]
                guard let callee = singleCall(file, variable), !CodeLocator.isTypeName(file, callee),
                      decls.enclosingType(of: variable.nameIndex, in: file)?.name == type else { continue }
                names.insert(file.identifier(callee))
            }
        }
        var found: [CodeFinding] = []
        for name in names.sorted() {
            for path in sources.paths where path.hasSuffix(".swift") && sources.mayHold(path, Array(name.utf8)) {
                guard let findings = findingsByFile[path], !findings.isEmpty, let file = sources.swift(path) else { continue }
                for function in file.declarations.functions where function.isNamed(name, in: file) && function.close > function.open {
                    // `return label`: the factory's view; what it sets on another view is not this one's.
                    var returned: [String] = []
                    for j in function.open..<function.close where file.name(j) == .return && file.isKind(j + 1, .identifier)
                        && !file.isKind(j + 2, .period) && !file.isKind(j + 2, .leftParen) {
                        returned.append(file.identifier(j + 1))
                    }
                    for finding in findings {
                        guard let t = CodeLocator.tokenIndex(file, finding), function.open < t, t < function.close,
                              let subject = statementSubject(file, t),
                              returned.contains(where: { subject == $0 || subject.hasPrefix($0 + ".") }), !found.contains(finding) else { continue }
                        found.append(finding)
                    }
                }
            }
        }
        return found
    }
}
