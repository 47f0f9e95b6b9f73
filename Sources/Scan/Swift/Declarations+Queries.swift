import Platform

/// Queries over a file's declarations: previews, and the type, function or variable around a token.

extension Declarations {
    // MARK: Queries

    func isInPreview(_ i: Int) -> Bool {
        previews.contains { $0.contains(i) }
    }

    /// The innermost type whose body holds token `i`.
    func enclosingType(of i: Int, in file: SwiftFile) -> TypeDeclaration? {
        enclosingTypeIndex(of: i, in: file).map { types[$0] }
    }

    /// The index in `types` of the innermost type whose body holds token `i`.
    func enclosingTypeIndex(of i: Int, in file: SwiftFile) -> Int? {
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if let index = typeByBrace[p] { return index }
            p = Int(file.parent[p])
        }
        return nil
    }

    /// Whether a function whose body holds token `i` satisfies `test`, looking innermost first
    /// (what `enclosingFunctions(of:in:).contains(where:)` tells, without the list).
    func anyEnclosingFunction(of i: Int, in file: SwiftFile, where test: (FunctionDeclaration) -> Bool) -> Bool {
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if let index = functionByBrace[p], test(functions[index]) { return true }
            if typeByBrace[p] != nil { break }
            p = Int(file.parent[p])
        }
        return false
    }

    /// The innermost function whose body holds token `i`.
    func innermostFunction(of i: Int, in file: SwiftFile) -> FunctionDeclaration? {
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if let index = functionByBrace[p] { return functions[index] }
            if typeByBrace[p] != nil { break }
            p = Int(file.parent[p])
        }
        return nil
    }

    /// The functions whose bodies hold token `i`, innermost first.
    func enclosingFunctions(of i: Int, in file: SwiftFile) -> [FunctionDeclaration] {
        var result: [FunctionDeclaration] = []
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if let index = functionByBrace[p] { result.append(functions[index]) }
            if typeByBrace[p] != nil { break }
            p = Int(file.parent[p])
        }
        return result
    }

    /// The name of the function or computed property whose body directly holds token `i`.
    func enclosingBodyName(of i: Int, in file: SwiftFile) -> String? {
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if let index = functionByBrace[p] { return functions[index].name(in: file) }
            if let index = variableByBrace[p] { return variables[index].name }
            if typeByBrace[p] != nil { return nil }
            p = Int(file.parent[p])
        }
        return nil
    }

    /// The declaration of `name` visible at token `i`: the one in the innermost enclosing scope.
    func variable(named name: String, visibleAt i: Int, in file: SwiftFile) -> VariableDeclaration? {
        guard let candidates = variableIndices(named: name) else { return nil }
        if candidates.count == 1 {
            let variable = variables[candidates[0]]
            return isVisible(variable, at: i, in: file) ? variable : nil
        }
        let chain = Array(file.ancestors(of: i))
        var best: VariableDeclaration?
        var bestDepth = Int.max
        for index in candidates {
            let variable = variables[index]
            if variable.scope < 0 {
                if bestDepth == Int.max { best = variable }
                continue
            }
            if let depth = chain.firstIndex(of: variable.scope), depth < bestDepth {
                best = variable
                bestDepth = depth
            }
        }
        return best
    }

    private func isVisible(_ variable: VariableDeclaration, at i: Int, in file: SwiftFile) -> Bool {
        if variable.scope < 0 { return true }
        var p = Int(file.parent[i])
        var steps = 0
        while p >= 0 && steps < 512 {
            steps += 1
            if p == variable.scope { return true }
            p = Int(file.parent[p])
        }
        return false
    }
}

extension FunctionDeclaration {
    /// The function's name, `init` for an initializer.
    func name(in file: SwiftFile) -> String {
        guard nameIndex >= 0 else { return "init" }
        return file.tokens[nameIndex].kind == .identifier ? file.identifier(nameIndex) : file.text(nameIndex)
    }

    /// Whether `name(in:)` is `name`, asked without making the name.
    func isNamed(_ name: String, in file: SwiftFile) -> Bool {
        guard nameIndex >= 0 else { return name == "init" }
        return file.tokens[nameIndex].kind == .identifier ? file.identifierIs(nameIndex, name) : file.text(nameIndex) == name
    }

    /// Whether `parameters(in:)` holds `name`, asked without making the list: a rule asks it of
    /// every function around a statement, for statements by the thousand.
    func hasParameter(named name: String, in file: SwiftFile) -> Bool {
        var found = false
        file.forEachArgument(parameterList) { argument in
            guard !found else { return }
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            if file.isKind(s, .identifier) && file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) {
                found = file.identifierIs(s + 1, name)
            } else if file.isKind(s, .identifier) && file.isKind(s + 1, .colon) {
                found = file.identifierIs(s, name)
            }
        }
        return found
    }
}

extension SwiftFile {
    /// Whether `identifier(i)` == `name`: byte for byte when both are ASCII, where bytes are
    /// characters; as strings otherwise, where equal text can be spelled with other bytes.
    func identifierIs(_ i: Int, _ name: String) -> Bool {
        let token = tokens[i]
        let backticked = token.flags.contains(.backticked)
        let start = Int(token.start) + (backticked ? 1 : 0)
        let end = Int(token.end) - (backticked ? 1 : 0)
        let ascii: Bool? = name.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            for k in start..<max(start, end) where bytes[k] >= 0x80 { return false }
            return true
        }
        guard ascii == true else { return identifier(i) == name }
        return name.utf8.withContiguousStorageIfAvailable { utf8 in
            ByteComparison.same(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes.buffer)[start..<max(start, end)]), UnsafeRawBufferPointer(utf8))
        } ?? (identifier(i) == name)
    }
}
