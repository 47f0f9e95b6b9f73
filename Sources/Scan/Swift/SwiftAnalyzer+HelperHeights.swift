/// A height passed into a helper view: `Text(title).frame(height: height)` where `height` is a
/// stored property its initializer sets. The frame holds no constant; the constant is where the
/// height is given: the initializer's default (`height: CGFloat = 40`, or a memberwise struct's
/// `var height: CGFloat = 40`), reported in the helper, and each call's argument
/// (`OptionRow(title: "B", height: 60)`, `Row("B", 60)`), reported at the call, in any file of the
/// module: the facts pass notes the helper and the arguments (by label, or place) that reach its frame.

/// A helper view's initializer argument that becomes the fixed height of its text.
struct HeightParameter: Sendable, Hashable {
    /// The argument's label at a call (`height`), or `_` for one passed without a label.
    var label: String
    /// The frame it reaches, as written: `.frame(height: height)`.
    var frame: String
    /// For an argument without a label, its place among the call's arguments.
    var position: Int? = nil
}

extension SwiftAnalyzer {
    /// The stored property of the type around `i` that the height `start..<end` names (`height`,
    /// `self.height`), when nothing but an initializer gives it its value.
    func initializedProperty(_ start: Int, _ end: Int, at i: Int) -> (VariableDeclaration, TypeDeclaration)? {
        var j = start
        if file.name(j) == .`self` && file.isKind(j + 1, .period) { j += 2 }
        guard j + 1 == end, file.isKind(j, .identifier), let type = decls.enclosingType(of: i, in: file),
              type.keyword == .struct || type.keyword == .class,
              let variable = decls.variable(named: file.identifier(j), visibleAt: i, in: file), variable.scope == type.open,
              variable.bodyOpen < 0, !variable.isScaledMetric else { return nil }
        // `let height: CGFloat = 40` is set once for all; `var height: CGFloat = 40` is a default.
        if variable.hasInitializer && file.name(variable.nameIndex - 1) == .let { return nil }
        return (variable, type)
    }

    /// The initializers of `type` declared in its body, each with the parameter it sets `property`
    /// from: `self.height = height`.
    func initializerParameters(of type: TypeDeclaration, setting property: String) -> [(FunctionDeclaration, parameter: Int)] {
        var found: [(FunctionDeclaration, parameter: Int)] = []
        for function in decls.functions where isInitializer(function, of: type) {
            var j = function.open + 1
            while j < function.close {
                if file.name(j) == .`self`, file.isKind(j + 1, .period), file.identifierIs(j + 2, property), file.isOperator(j + 3, "="),
                   file.isKind(j + 4, .identifier), file.expressionEnd(from: j + 4) == j + 5 {
                    found.append((function, j + 4))
                    break
                }
                j += 1
            }
        }
        return found
    }

    /// Whether `type` declares an initializer in its body: a struct without one is made through its
    /// memberwise initializer, whose defaults are its properties' initial values.
    func declaresInitializer(_ type: TypeDeclaration) -> Bool {
        decls.functions.contains { isInitializer($0, of: type) }
    }

    /// Whether `function` is an initializer declared in `type`'s own body (not a nested type's).
    private func isInitializer(_ function: FunctionDeclaration, of type: TypeDeclaration) -> Bool {
        function.nameIndex < 0 && function.keywordIndex > type.open && function.close < type.close
            && decls.enclosingType(of: function.keywordIndex, in: file)?.open == type.open
    }

    /// The arguments at a call that reach `property` of `type`, by label (and place, for one without
    /// a label): the parameters its own initializers set it from, or, for a struct without any, its
    /// memberwise initializer's.
    func heightLabels(of type: TypeDeclaration, property: VariableDeclaration) -> [(label: String, position: Int)] {
        guard declaresInitializer(type) else { return type.keyword == .struct ? [(property.name, -1)] : [] }
        return initializerParameters(of: type, setting: property.name).compactMap { function, parameter in
            SwiftAnalyzer.parameter(named: parameter, of: function, in: file).map { ($0.1, $0.0) }
        }
    }

    /// The facts pass: the helper views of the file whose text a `.frame(height:)` holds at a height
    /// their callers give (`frames` holds every `frame` token).
    static func addHelperHeightFacts(of file: SwiftFile, reader: SwiftAnalyzer, frames: [Int], to facts: inout FileFacts) {
        for i in frames {
            guard let base = reader.modifiedView(i), let height = reader.heightArgument(i),
                  let (variable, type) = reader.initializedProperty(height.start, height.end, at: i) else { continue }
            let content = reader.content(ofBase: base)
            guard content == .text || content == .containerWithText else { continue }
            let frame = "." + reader.code(i, file.closing(i + 1) + 1)
            for (label, position) in reader.heightLabels(of: type, property: variable) {
                facts.heightParameters[type.name, default: []].append(HeightParameter(label: label, frame: frame,
                                                                                      position: label == "_" ? position : nil))
            }
        }
    }

    /// The `height:` or `maxHeight:` argument of the `.frame(` at `i`.
    func heightArgument(_ i: Int) -> SwiftFile.Argument? {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen) else { return nil }
        return file.arguments(i + 1).first { $0.hasLabel && ($0.label == .height || $0.label == .maxHeight) }
    }

    /// At a frame whose height is a property a struct's memberwise initializer sets
    /// (`var height: CGFloat = 40` and no initializer of its own): the property's initial value is
    /// only the callers' default, so it is reported where it is written, naming the helper, and
    /// each call that passes a fixed height at the call. False when the height is no such property.
    func checkMemberwiseHeightDefault(_ i: Int, height: SwiftFile.Argument, content: ViewContent) -> Bool {
        guard let (variable, type) = initializedProperty(height.start, height.end, at: i), type.keyword == .struct,
              variable.hasInitializer, !declaresInitializer(type) else { return false }
        let (found, via) = origin(variable.initStart, variable.initEnd, at: variable.initStart)
        guard case let .literal(points) = found, (points ?? 1) >= 1 else { return true }
        reportHeightDefault(type: type, variable: variable, at: variable.initStart, end: variable.initEnd, found: found, via: via,
                            frame: "." + code(i, file.closing(i + 1) + 1), content: content, in: i)
        return true
    }

    private func reportHeightDefault(type: TypeDeclaration, variable: VariableDeclaration, at start: Int, end: Int, found: ValueOrigin,
                                     via: String?, frame: String, content: ViewContent, in i: Int) {
        let what = content == .text ? "its text" : "the text in it"
        report(.fixedHeightText, at: start, content == .text ? .high : .medium,
               "\(type.name)'s \(variable.name) defaults to \(amount(found, via: via, start, end)), which \(frame) makes the fixed height of \(what), so larger text is clipped wherever a caller keeps the default. Use .frame(minHeight:) in \(type.name), or give the height with @ScaledMetric.",
               item: isInCell(i) ? "cells-resize" : nil)
    }

    /// At a frame whose height is a property only an initializer sets: the initializer's default,
    /// when it is a fixed height, reported where it is written.
    func checkHelperHeightDefault(_ i: Int, height: SwiftFile.Argument, content: ViewContent) {
        guard let (variable, type) = initializedProperty(height.start, height.end, at: i) else { return }
        let frame = "." + code(i, file.closing(i + 1) + 1)
        for (function, parameter) in initializerParameters(of: type, setting: variable.name) {
            var defaultValue: (start: Int, end: Int)?
            file.forEachArgument(function.parameterList) { argument in
                guard defaultValue == nil, argumentNames(argument, parameter),
                      let equals = (argument.start..<argument.end).first(where: { file.isOperator($0, "=") }) else { return }
                defaultValue = (equals + 1, argument.end)
            }
            guard let (start, end) = defaultValue, start < end else { continue }
            let (found, via) = origin(start, end, at: start)
            guard case let .literal(points) = found, (points ?? 1) >= 1 else { continue }
            reportHeightDefault(type: type, variable: variable, at: start, end: end, found: found, via: via, frame: frame, content: content, in: i)
        }
    }

    /// Whether the parameter `argument` of a parameter list is the one named at token `name`.
    private func argumentNames(_ argument: SwiftFile.Argument, _ name: Int) -> Bool {
        var s = argument.hasLabel ? argument.labelIndex : argument.start
        while file.isKind(s, .attribute) { s += 1 }
        if file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) { return file.sameText(s + 1, name) }
        return file.isKind(s + 1, .colon) && file.sameText(s, name)
    }

    /// The calls of the module's helper views given a fixed height for their text:
    /// `OptionRow(title: "B", height: 60)`, found among every name of the file.
    func checkHelperHeightCalls() {
        guard !index.heightParameterNames.isEmpty else { return }
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen) && !file.isKind(j - 1, .period)
            && index.heightParameterNames.contains(identifierAt: j, in: file) {
            let helper = file.identifier(j)
            guard let parameters = index.heightParameters[helper], file.name(j - 1) != .func else { continue }
            for (position, argument) in file.arguments(j + 1).enumerated() {
                let label = argument.hasLabel ? file.text(argument.labelIndex) : "_"
                guard let parameter = parameters.first(where: { $0.label == label && (label != "_" || $0.position == position) }) else { continue }
                let (found, via) = origin(argument.start, argument.end, at: j)
                guard case let .literal(points) = found, (points ?? 1) >= 1 else { continue }
                let written = argument.hasLabel ? "\(label): \(code(argument.start, argument.end))" : code(argument.start, argument.end)
                report(.fixedHeightText, at: argument.start, SwiftAnalyzer.confidence(found),
                       "\(helper)(\(written)) fixes the height of \(helper)'s text at \(amount(found, via: via, argument.start, argument.end)) (its \(parameter.frame)), so larger text is clipped. Pass a height scaled with @ScaledMetric, or let \(helper) use .frame(minHeight:).",
                       item: isInCell(j) ? "cells-resize" : nil)
            }
        }
    }
}
