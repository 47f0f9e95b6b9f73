/// How a function of the project is called: the type that declares it and its parameters' argument
/// labels, so that a call resolves by its labels and not by its base name alone (a View helper
/// `font(size:style:)` is not SwiftUI's `font(_:)`).
struct CallSignature: Sendable, Hashable {
    struct Parameter: Sendable, Hashable {
        /// The argument label a call writes, `_` for none.
        var label: String
        var hasDefault: Bool
    }

    /// The type that declares it (`""` at the top level).
    var owner: String
    /// nil for a computed property, which is named without arguments.
    var parameters: [Parameter]?

    /// The signature of `function`, declared in `owner`.
    static func of(_ function: FunctionDeclaration, owner: String, in file: SwiftFile) -> CallSignature {
        var parameters: [Parameter] = []
        file.forEachArgument(function.parameterList) { argument in
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            guard file.isKind(s, .identifier) else { return }
            let label = file.identifier(s)
            let hasDefault = (argument.start..<argument.end).contains { file.isOperator($0, "=") }
            parameters.append(Parameter(label: label, hasDefault: hasDefault))
        }
        return CallSignature(owner: owner, parameters: parameters)
    }

    /// Whether a call with these argument labels (in order, `_` for none) and this many trailing
    /// closures can be a call of this function: each label is a parameter's, in order, every
    /// parameter passed over has a default, and the trailing closures take the parameters left.
    func accepts(_ call: SwiftFile.CallLabels) -> Bool {
        guard let parameters else { return call.labels.isEmpty && call.trailingClosures == 0 }
        var p = 0
        for label in call.labels {
            while p < parameters.count && parameters[p].label != label {
                if !parameters[p].hasDefault { return false }
                p += 1
            }
            guard p < parameters.count else { return false }
            p += 1
        }
        let required = parameters[p...].filter { !$0.hasDefault }.count
        return required <= call.trailingClosures
    }
}

extension SwiftFile {
    /// The argument labels of a call and its trailing closures.
    struct CallLabels: Equatable {
        var labels: [String]
        var trailingClosures: Int
    }

    /// The labels of the call whose name is at `i` (`_` for an argument without one), or nil when no
    /// argument list or trailing closure follows the name.
    func callLabels(_ i: Int) -> CallLabels? {
        var labels: [String] = []
        var j = i + 1
        if isKind(j, .leftParen) && !tokens[j].flags.contains(.newlineBefore) {
            forEachArgument(j) { labels.append($0.hasLabel ? text($0.labelIndex) : "_") }
            j = after(j)
        } else if !isKind(j, .leftBrace) {
            return nil
        }
        var closures = 0
        while j < tokens.count && closures < 8 {
            if isKind(j, .leftBrace) && (closures > 0 || !tokens[j].flags.contains(.newlineBefore)) {
                j = after(j)
            } else if isKind(j, .identifier) && isKind(j + 1, .colon) && isKind(j + 2, .leftBrace)
                && !tokens[j].flags.contains(.newlineBefore) {
                j = after(j + 2)
            } else {
                break
            }
            closures += 1
        }
        if j == i + 1 + (closures == 0 ? 0 : 1) && closures == 0 && labels.isEmpty && !isKind(i + 1, .leftParen) { return nil }
        return CallLabels(labels: labels, trailingClosures: closures)
    }
}

/// A default parameter of a project's helper that caps the text size: `maxSizeCategory:
/// UIContentSizeCategory = .extraExtraLarge`. Each call that leaves the argument out is capped there.
struct CappingDefault: Sendable, Hashable {
    var signature: CallSignature
    /// The capping parameter's argument label and its default as written (`.extraExtraLarge`).
    var label: String
    var spelled: String
    /// The cap's rank among the twelve sizes (0 xSmall ... 11 AX5).
    var rank: Int
}
