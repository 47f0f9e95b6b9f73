/// Compiler directives (`#if`, `#elseif`, `#else`, `#endif`) in a `SwiftFile`: a modifier chain that
/// runs through one, and declarations made once per branch.
extension SwiftFile {
    enum Directive {
        case `if`, elseif, `else`, endif
    }

    /// The directive the token at `i` spells, if it is one.
    func directive(_ i: Int) -> Directive? {
        guard isKind(i, .pound) else { return nil }
        if textIs(i, "#if") { return .if }
        if textIs(i, "#elseif") { return .elseif }
        if textIs(i, "#else") { return .else }
        if textIs(i, "#endif") { return .endif }
        return nil
    }

    /// The directive whose line holds the token at `i` (a directive and its condition fill a line
    /// of their own), or nil when `i` is on no directive's line.
    func directiveOfLine(_ i: Int) -> Int? {
        var k = i
        var steps = 0
        while k > 0 && steps < 64 && !tokens[k].flags.contains(.newlineBefore) {
            k -= 1
            steps += 1
        }
        return directive(k) == nil ? nil : k
    }

    /// The `#if` that opens the block holding the directive at `d` (itself when it is one).
    func openingIf(of d: Int) -> Int? {
        if directive(d) == .if { return d }
        var depth = 0
        var k = d - 1
        var steps = 0
        while k >= 0 && steps < 20_000 {
            steps += 1
            switch directive(k) {
            case .endif?: depth += 1
            case .if?:
                if depth == 0 { return k }
                depth -= 1
            default: break
            }
            k -= 1
        }
        return nil
    }

    /// For the receiver `r` of a `.member` that starts a line, the token the chain really continues
    /// from: a postfix `#if` block before the member (`.tint(.red)` / `#if os(iOS)` /
    /// `.controlSize(.large)` / `#endif` / `.frame(height: 44)`) is passed over whole, and a member
    /// inside one continues the chain from before its `#if`. `r` itself when no directive is there.
    func chainReceiver(skippingDirectivesFrom r: Int) -> Int {
        var r = r
        var steps = 0
        while r > 0 && steps < 16, let line = directiveOfLine(r), let opening = openingIf(of: line) {
            steps += 1
            r = opening - 1
        }
        return r
    }

    /// The conditions of the `#if` block branches around the token at `i`, innermost block only:
    /// for each branch up to and including the one that holds `i`, the range of its condition's
    /// tokens (empty for `#else`). nil when `i` is in no `#if` block.
    func directiveBranches(around i: Int) -> [Range<Int>]? {
        var depth = 0
        var k = i - 1
        var steps = 0
        var own: Int?
        while k >= 0 && steps < 20_000 {
            steps += 1
            switch directive(k) {
            case .endif?: depth += 1
            case .if?:
                if depth > 0 {
                    depth -= 1
                } else {
                    var branches: [Range<Int>] = []
                    var b = k
                    let last = own ?? k
                    // Walk forward from the `#if` through this block's own directives up to `last`.
                    var inner = 0
                    var m = k
                    while m <= last && m < tokens.count {
                        switch directive(m) {
                        case .if? where m != k: inner += 1
                        case .endif?: inner -= 1
                        case .elseif? where inner == 0, .else? where inner == 0:
                            branches.append(condition(of: b))
                            b = m
                        default: break
                        }
                        m += 1
                    }
                    branches.append(condition(of: b))
                    return branches
                }
            case .elseif?, .else?:
                if depth == 0 && own == nil { own = k }
            default: break
            }
            k -= 1
        }
        return nil
    }

    /// The tokens of the condition after the directive at `d`, to the end of its line.
    private func condition(of d: Int) -> Range<Int> {
        var end = d + 1
        while end < tokens.count && !tokens[end].flags.contains(.newlineBefore) { end += 1 }
        return (d + 1)..<end
    }

    /// Whether code in the `#if` branch around `i` is compiled for iOS, as far as its platform
    /// conditions tell (`os(iOS)`, `os(tvOS)`, `targetEnvironment(macCatalyst)`...): nil when `i` is
    /// in no branch or a condition says nothing of the platform.
    func compiledForIOS(_ i: Int) -> Bool? {
        guard let branches = directiveBranches(around: i) else { return nil }
        for (k, branch) in branches.enumerated() {
            let isOwn = k == branches.count - 1
            if branch.isEmpty { return isOwn ? true : nil }
            guard let holds = holdsOnIOS(branch) else { return nil }
            if isOwn { return holds }
            if holds { return false } // an earlier branch takes iOS
        }
        return nil
    }

    /// Whether a condition of platform tests holds on iOS: `os(iOS)` does, `os(tvOS)` does not, `!`
    /// turns one round, `||` and `&&` combine them. nil for any other test.
    private func holdsOnIOS(_ condition: Range<Int>) -> Bool? {
        var result: Bool?
        var combine: String?
        var negate = false
        var j = condition.lowerBound
        while j < condition.upperBound {
            if isOperator(j, "!") { negate.toggle(); j += 1; continue }
            if isOperator(j, "||") || isOperator(j, "&&") {
                combine = textIs(j, "||") ? "||" : "&&"
                j += 1
                continue
            }
            guard isKind(j, .identifier), isKind(j + 1, .leftParen), isKind(j + 2, .identifier) else { return nil }
            let test = text(j)
            let argument = text(j + 2)
            var value: Bool
            switch test {
            case "os": value = argument == "iOS"
            case "targetEnvironment" where argument == "macCatalyst": value = false
            default: return nil
            }
            if negate { value.toggle() }
            negate = false
            switch (result, combine) {
            case (nil, _): result = value
            case let (previous?, "&&"?): result = previous && value
            case let (previous?, _): result = previous || value
            }
            j = after(j + 1)
        }
        return result
    }
}
