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
            if let index = functionByBrace[p] { return functions[index].name }
            if let index = variableByBrace[p] { return variables[index].name }
            if typeByBrace[p] != nil { return nil }
            p = Int(file.parent[p])
        }
        return nil
    }

    /// The declaration of `name` visible at token `i`: the one in the innermost enclosing scope.
    func variable(named name: String, visibleAt i: Int, in file: SwiftFile) -> VariableDeclaration? {
        guard let candidates = variablesByName[name] else { return nil }
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
