/// A type declaration: `class Name: Base, Protocol { ... }`, `extension Name { ... }`.
struct TypeDeclaration: Sendable {
    var name: String
    var keyword: Name
    /// The types after the colon, last component only (`UIKit.UILabel` is `UILabel`).
    var inherits: [String]
    var keywordIndex: Int
    var open: Int
    var close: Int
}

/// A function or initializer with a body.
struct FunctionDeclaration: Sendable {
    /// The token that names it, -1 for an initializer. The name is made when asked (`name(in:)`):
    /// few of a scan's functions are ever asked theirs.
    var nameIndex: Int
    /// The `(` of the parameter list.
    var parameterList: Int
    var keywordIndex: Int
    var open: Int
    var close: Int

    /// The names the body uses for the parameters. Read from the tokens when asked: few rules ask,
    /// and a list kept for every function of a scan would be megabytes.
    func parameters(in file: SwiftFile) -> [String] {
        var names: [String] = []
        file.forEachArgument(parameterList) { argument in
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            if file.isKind(s, .identifier) && file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) {
                names.append(file.identifier(s + 1))
            } else if file.isKind(s, .identifier) && file.isKind(s + 1, .colon) {
                names.append(file.identifier(s))
            }
        }
        return names
    }
}

/// A `var` or `let` binding, with its attributes and what it is set to.
struct VariableDeclaration: Sendable {
    var name: String
    var nameIndex: Int
    /// The last component of the annotated type, when there is one (`UILabel!` is `UILabel`).
    var typeName: String?
    /// The initial value's tokens, `initStart..<initEnd`; empty when there is none.
    var initStart: Int
    var initEnd: Int
    /// The `{` of a computed property's body, or -1.
    var bodyOpen: Int
    var isScaledMetric: Bool
    var isOutlet: Bool
    /// The bracket the declaration sits in, -1 at the top level.
    var scope: Int

    var hasInitializer: Bool { initEnd > initStart }
}

/// The declarations of one file, found in a single pass over its tokens.
struct Declarations: Sendable {
    var types: [TypeDeclaration] = []
    var functions: [FunctionDeclaration] = []
    var variables: [VariableDeclaration] = []
    /// Token ranges of preview-only code: `#Preview { }` and `PreviewProvider` types.
    var previews: [ClosedRange<Int>] = []
    /// Body brace index to the type, function or computed property it belongs to.
    var typeByBrace = BraceIndex()
    var functionByBrace = BraceIndex()
    var variableByBrace = BraceIndex()
    /// Variable name to indices in `variables`, made only for a file with many of them: the few of
    /// most files are searched in a row, cheaper than hashing each name into a table of arrays.
    private var variablesByName: [String: [Int]]?
    private static let indexedVariables = 32

    init() {}

    /// The indices in `variables` of the declarations of `name`, in order; nil when there is none.
    func variableIndices(named name: String) -> [Int]? {
        if let variablesByName { return variablesByName[name] }
        var found: [Int]?
        for index in variables.indices where variables[index].name == name {
            if found == nil { found = [index] } else { found?.append(index) }
        }
        return found
    }

    init(reading file: SwiftFile) {
        // Room for as many declarations as there are keywords: one allocation per list instead of
        // one growth after another.
        var keywords = (types: 0, functions: 0, variables: 0)
        for landmark in file.landmarks {
            switch file.tokens[Int(landmark)].name {
            case .class, .struct, .enum, .extension, .actor, .protocol: keywords.types += 1
            case .func, .`init`: keywords.functions += 1
            case .var, .let: keywords.variables += 1
            default: break
            }
        }
        types.reserveCapacity(keywords.types)
        functions.reserveCapacity(keywords.functions)
        variables.reserveCapacity(keywords.variables)
        // Every token that can start a declaration is a landmark: the rest need not be read.
        for landmark in file.landmarks {
            let k = Int(landmark)
            let token = file.tokens[k]
            if token.kind == .pound && token.name == .Preview {
                readPreview(file, k)
            } else if token.kind == .leftBrace && file.isKind(k + 1, .leftParen) {
                readClosureParameters(file, k)
            } else if token.kind == .identifier && !file.isKind(k - 1, .period) {
                switch token.name {
                case .class, .struct, .enum, .extension, .actor, .protocol:
                    readType(file, k)
                case .func:
                    readFunction(file, k)
                case .`init`:
                    if file.isKind(k + 1, .leftParen) || (file.isKind(k + 1, .operator) && file.isKind(k + 2, .leftParen)) {
                        readFunction(file, k)
                    }
                case .var, .let:
                    readVariables(file, k)
                default:
                    break
                }
            }
        }
        if variables.count > Declarations.indexedVariables {
            var byName: [String: [Int]] = [:]
            byName.reserveCapacity(variables.count)
            for (index, variable) in variables.enumerated() {
                byName[variable.name, default: []].append(index)
            }
            variablesByName = byName
        }
        typeByBrace = BraceIndex(types.map(\.open))
        functionByBrace = BraceIndex(functions.map(\.open))
        variableByBrace = BraceIndex(variables.map(\.bodyOpen))
    }

    private mutating func readPreview(_ file: SwiftFile, _ k: Int) {
        var j = k + 1
        if file.isKind(j, .leftParen) { j = file.after(j) }
        if file.isKind(j, .leftBrace) {
            previews.append(k...max(k, file.closing(j)))
        }
    }

    /// Skips a generic clause `<...>` starting at `j`, if there is one.
    private func skipGenerics(_ file: SwiftFile, _ j: Int) -> Int {
        guard file.isKind(j, .operator), file.textIs(j, "<") else { return j }
        var depth = 0
        var j = j
        while j < file.count && j < 10_000_000 {
            let token = file.tokens[j]
            if token.kind == .operator {
                for byte in file.bytes[Int(token.start)..<Int(token.end)] {
                    if byte == Byte.less { depth += 1 }
                    if byte == Byte.greater { depth -= 1 }
                }
                if depth <= 0 { return j + 1 }
            } else if token.kind == .leftBrace || token.kind == .rightBrace {
                return j
            } else if token.kind == .leftParen || token.kind == .leftBracket {
                j = file.after(j)
                continue
            }
            j += 1
        }
        return j
    }

    private mutating func readType(_ file: SwiftFile, _ k: Int) {
        let nameIndex = k + 1
        guard file.isKind(nameIndex, .identifier) else { return }
        switch file.name(nameIndex) {
        case .func, .var, .let, .override, .final, .private, .public, .internal, .fileprivate, .open, .static,
             .`init`, .required, .convenience, .nonisolated, .case:
            return
        default:
            break
        }
        var name = file.identifier(nameIndex)
        var j = nameIndex + 1
        while file.isKind(j, .period) && file.isKind(j + 1, .identifier) {
            name += "." + file.identifier(j + 1)
            j += 2
        }
        j = skipGenerics(file, j)
        var inherits: [String] = []
        var expectingType = false
        var inWhereClause = false
        var steps = 0
        while j < file.count && steps < 400 {
            steps += 1
            let token = file.tokens[j]
            switch token.kind {
            case .leftBrace:
                let close = file.closing(j)
                types.append(TypeDeclaration(name: name, keyword: file.tokens[k].name, inherits: inherits,
                                             keywordIndex: k, open: j, close: close))
                if inherits.contains("PreviewProvider") { previews.append(k...close) }
                return
            case .colon, .comma:
                expectingType = true
                j += 1
            case .identifier:
                if token.name == .where {
                    expectingType = false
                    inWhereClause = true
                } else if expectingType && !inWhereClause {
                    var last = j
                    while file.isKind(last + 1, .period) && file.isKind(last + 2, .identifier) { last += 2 }
                    inherits.append(file.identifier(last))
                    expectingType = false
                    j = last
                }
                j += 1
            case .operator:
                j = file.textIs(j, "<") ? skipGenerics(file, j) : j + 1
            case .leftParen, .leftBracket:
                j = file.after(j)
            case .attribute:
                j += 1
            case .rightBrace, .semicolon:
                return
            default:
                j += 1
            }
        }
    }

    private mutating func readFunction(_ file: SwiftFile, _ k: Int) {
        var j = k + 1
        var nameIndex = -1
        if file.tokens[k].name == .func {
            guard j < file.count else { return }
            nameIndex = j
            j += 1
        }
        if file.isKind(j, .operator) && !file.textIs(j, "<") { j += 1 } // init? / init!
        j = skipGenerics(file, j)
        guard file.isKind(j, .leftParen) else { return }
        let parameterList = j
        j = file.after(j)
        var steps = 0
        while j < file.count && steps < 200 {
            steps += 1
            let token = file.tokens[j]
            switch token.kind {
            case .leftBrace:
                functions.append(FunctionDeclaration(nameIndex: nameIndex, parameterList: parameterList, keywordIndex: k,
                                                     open: j, close: file.closing(j)))
                return
            case .leftParen, .leftBracket:
                j = file.after(j)
            case .rightBrace, .semicolon:
                return
            case .identifier:
                switch token.name {
                case .func, .var, .let, .class, .struct, .enum, .case, .`init`, .static, .private, .public,
                     .override, .fileprivate, .internal, .open, .final:
                    return
                default:
                    j += 1
                }
            case .attribute, .pound:
                return
            default:
                j += 1
            }
        }
    }

    /// `{ (label: UILabel) in ... }`: typed closure parameters, scoped to the closure.
    private mutating func readClosureParameters(_ file: SwiftFile, _ brace: Int) {
        let open = brace + 1
        var j = file.after(open)
        var steps = 0
        while j < file.count && steps < 24 && file.name(j) != .in {
            // Only a return type may sit between the parameters and `in`.
            if file.isKind(j, .leftBrace) || file.isKind(j, .rightBrace) || file.isKind(j, .comma) { return }
            j += 1
            steps += 1
        }
        guard file.name(j) == .in else { return }
        for argument in file.arguments(open) where argument.hasLabel {
            guard file.isKind(argument.start, .identifier) else { continue }
            var last = argument.start
            while file.isKind(last + 1, .period) && file.isKind(last + 2, .identifier) { last += 2 }
            variables.append(VariableDeclaration(
                name: file.identifier(argument.labelIndex), nameIndex: argument.labelIndex,
                typeName: file.identifier(last), initStart: argument.end, initEnd: argument.end, bodyOpen: -1,
                isScaledMetric: false, isOutlet: false, scope: brace))
        }
    }

    /// A switch, not a set: no hashing for every token before a `var`.
    private static func isModifier(_ name: Name) -> Bool {
        switch name {
        case .private, .fileprivate, .internal, .public, .open, .final, .lazy, .weak, .unowned, .override,
             .nonisolated, .dynamic, .required, .convenience, .static, .class, .mutating:
            return true
        default:
            return false
        }
    }

    private mutating func readVariables(_ file: SwiftFile, _ k: Int) {
        // Attributes and modifiers written before the keyword.
        var isScaledMetric = false
        var isOutlet = false
        var m = k - 1
        var steps = 0
        while m >= 0 && steps < 64 {
            steps += 1
            let token = file.tokens[m]
            if token.kind == .identifier && Declarations.isModifier(token.name) {
                m -= 1
            } else if token.kind == .attribute {
                if token.name == .ScaledMetric { isScaledMetric = true }
                if token.name == .IBOutlet { isOutlet = true }
                m -= 1
            } else if token.kind == .rightParen, file.matching[m] > 0 {
                let open = Int(file.matching[m])
                let before = open - 1
                if file.isKind(before, .attribute) || (file.isKind(before, .identifier) && Declarations.isModifier(file.tokens[before].name)) {
                    m = before
                } else {
                    break
                }
            } else {
                break
            }
        }
        let previous = file.name(k - 1)
        let condition = previous == .if || previous == .guard || previous == .while || file.isKind(k - 1, .comma)
        let scope = Int(file.parent[k])
        var j = k + 1
        var bindings = 0
        while bindings < 32 {
            bindings += 1
            guard file.isKind(j, .identifier) else { return }
            let nameIndex = j
            var typeName: String?
            j += 1
            if file.isKind(j, .colon) {
                j += 1
                while file.name(j) == .some || file.name(j) == .any { j += 1 }
                if file.isKind(j, .identifier) {
                    var last = j
                    while file.isKind(last + 1, .period) && file.isKind(last + 2, .identifier) { last += 2 }
                    typeName = file.identifier(last)
                }
                // Skip the rest of the type.
                var typeSteps = 0
                while j < file.count && typeSteps < 200 {
                    typeSteps += 1
                    let token = file.tokens[j]
                    if token.kind == .identifier || token.kind == .period {
                        if token.flags.contains(.newlineBefore) && j > nameIndex + 2 { break }
                        j += 1
                    } else if token.kind == .leftParen || token.kind == .leftBracket {
                        j = file.after(j)
                    } else if token.kind == .operator && !file.textIs(j, "=") {
                        j = file.textIs(j, "<") ? skipGenerics(file, j) : j + 1
                    } else {
                        break
                    }
                }
            }
            var initStart = j
            var initEnd = j
            var bodyOpen = -1
            if file.isOperator(j, "=") {
                initStart = j + 1
                initEnd = file.expressionEnd(from: initStart, condition: condition)
                j = initEnd
            } else if file.isKind(j, .leftBrace) && !condition {
                bodyOpen = j
                j = file.after(j)
            }
            variables.append(VariableDeclaration(
                name: file.identifier(nameIndex), nameIndex: nameIndex, typeName: typeName,
                initStart: initStart, initEnd: initEnd, bodyOpen: bodyOpen,
                isScaledMetric: isScaledMetric, isOutlet: isOutlet, scope: scope))
            // `let a = 1, b = 2` declares more than one.
            guard !condition, file.isKind(j, .comma), file.isKind(j + 1, .identifier),
                  file.isKind(j + 2, .colon) || file.isOperator(j + 2, "=") else { return }
            j += 1
        }
    }
}
