/// What becomes of a font made in code, for the fonts rules: scaled later (`scaledFont(for:)`,
/// `UIFontMetrics`), kept in a name, applied to a view with `.font(...)`.
extension SwiftAnalyzer {
    /// Whether the font made at `i` (ending before `end`) is scaled later, only names a family,
    /// or is kept in a name that `scaledFont(for:)` receives.
    func isScaledLater(_ i: Int, end: Int) -> Bool {
        for member in file.members(from: end) {
            switch file.name(member.name) {
            case .fontDescriptor, .familyName, .fontName, .withSize, .scaledFont:
                return true
            default:
                if file.isKind(member.name, .identifier) && isScalingCall(member.name) {
                    return true
                }
            }
        }
        for p in file.ancestors(of: i) {
            let kind = file.tokens[p].kind
            if kind == .leftBrace { break }
            guard kind == .leftParen, p > 0 else { continue }
            let callee = p - 1
            if file.name(callee) == .scaledFont { return true }
            if file.isKind(callee, .identifier) && isScalingCall(callee) { return true }
        }
        if let binding = bindingName(of: i) {
            // The name the font is kept in, resolved where it is made: this file's `scaledFont(for:)`
            // calls count only for that same declaration, other files' only for a property.
            let variable = decls.variable(named: binding, visibleAt: i, in: file)
            if let variable, scaledLocally().contains(variable.nameIndex) { return true }
            let isProperty = variable.map { $0.scope < 0 || decls.typeByBrace[$0.scope] != nil } ?? true
            if isProperty && index.scaledFontArguments.contains(binding) { return true }
        }
        return false
    }

    /// The declarations (by the token of their name) that this file's `scaledFont(for:)` calls receive.
    func scaledLocally() -> Set<Int> {
        if let known = scaledLocallyCache { return known }
        var result: Set<Int> = []
        for landmark in file.landmarks where file.name(Int(landmark)) == .scaledFont {
            let i = Int(landmark)
            guard file.isKind(i + 1, .leftParen) else { continue }
            for argument in file.arguments(i + 1) where argument.label == .for {
                for j in argument.start..<argument.end where file.isKind(j, .identifier) && !file.isKind(j - 1, .period) {
                    if let variable = decls.variable(named: file.identifier(j), visibleAt: j, in: file) {
                        result.insert(variable.nameIndex)
                    }
                }
            }
        }
        scaledLocallyCache = result
        return result
    }

    /// The name the value of the expression holding `i` is stored in or returned as.
    func bindingName(of i: Int) -> String? {
        var k = file.chainStart(endingAt: i)
        var steps = 0
        while steps < 16 {
            steps += 1
            if file.isPostfixUnwrap(k - 1) && file.name(k - 2) == .try { k -= 2; continue }
            if file.name(k - 1) == .try || file.name(k - 1) == .await { k -= 1; continue }
            if file.isKind(k - 1, .operator) && !file.isOperator(k - 1, "=") && !file.isPostfixUnwrap(k - 1) && k >= 2 {
                k = file.chainStart(endingAt: k - 2)
                continue
            }
            break
        }
        if file.isOperator(k - 1, "=") {
            // `let name: Type = value`, `name = value`, `guard let name = value`.
            var m = k - 2
            var guardSteps = 0
            while m >= 0 && guardSteps < 24 {
                guardSteps += 1
                if file.isKind(m, .colon) { m -= 1; break }
                if file.name(m) == .let || file.name(m) == .var || file.tokens[m].flags.contains(.newlineBefore) { m = k - 2; break }
                m -= 1
            }
            while m >= 0 && file.isPostfixUnwrap(m) { m -= 1 }
            return file.isKind(m, .identifier) ? file.identifier(m) : nil
        }
        if file.name(k - 1) == .return || file.isKind(k - 1, .leftBrace) {
            return decls.enclosingBodyName(of: i, in: file)
        }
        return nil
    }

    /// The view a SwiftUI `.font(...)` around `i` is applied to, if `i` sits in one.
    func fontModifierContent(around i: Int) -> ViewContent? {
        guard let call = file.enclosingCall(of: i), file.name(call.callee) == .font, file.isKind(call.callee - 1, .period)
        else { return nil }
        let dot = call.callee - 1
        guard dot >= 1 else { return nil }
        let base = file.chainStart(endingAt: dot - 1)
        return content(ofBase: base)
    }
}
