/// The app's own style methods: what a method of an extension of UILabel, UIButton, UITextView or
/// UITextField does to the view it is called on (`titleLabel.applyBodyStyle()`), what a helper does
/// to the view it is given (`style(titleLabel)`), and the calls of either on a type's outlets. The
/// project index follows the outlets through them (`ProjectIndex.settleStyleCalls`), so that an
/// Interface Builder font the code replaces this way is judged by what the method assigns.

/// What a style method does to a view's font.
struct StyleEffect: Sendable, Hashable {
    /// It assigns a font (whatever font: a fixed one is a finding where it is made).
    var setsFont = false
    /// It turns `adjustsFontForContentSizeCategory` on.
    var setsLiveUpdate = false

    var isEmpty: Bool { !setsFont && !setsLiveUpdate }

    mutating func formUnion(_ other: StyleEffect) {
        setsFont = setsFont || other.setsFont
        setsLiveUpdate = setsLiveUpdate || other.setsLiveUpdate
    }
}

/// A method of an extension or subclass of a view that shows text, with what it does to that view.
struct StyleMethod: Sendable, Hashable {
    /// The type extended or declared (`UILabel`, `TitleLabel`).
    var owner: String
    var effect: StyleEffect
    /// The methods of the same view it calls (`apply(.body)`), whose effects are its own too.
    var calls: [String]
}

/// A function that styles one of its parameters: `style(_ label: UILabel) { label.font = ... }`.
struct ParameterStyle: Sendable, Hashable {
    /// The parameter's position and its argument label at a call (`_` for none).
    var position: Int
    var label: String
    var effect: StyleEffect
}

/// A call in a type's code that may style one of its outlets: `titleLabel.applyBodyStyle()`
/// (`position` -1) or `style(titleLabel)` (the argument's position and label).
struct OutletStyleCall: Sendable, Hashable {
    var member: String
    /// The outlet's declared type, when written.
    var memberType: String?
    var callee: String
    var position: Int
    var label: String
}

extension SwiftAnalyzer {
    /// The kind of view a type that extends or subclasses a UIKit view showing text is, or nil.
    static func styledViewKind(_ type: TypeDeclaration) -> UIKitClass? {
        if let kind = UIKitClass(typeName: type.name), kind.holdsText { return kind }
        if let base = type.inherits.first, let kind = UIKitClass(typeName: base), kind.holdsText { return kind }
        return nil
    }

    /// Adds to `facts` the file's style methods, the helpers that style a parameter, and the calls
    /// of either on outlets. `assignments` holds, sorted, every `font` and
    /// `adjustsFontForContentSizeCategory` token the facts pass found.
    static func addStyleFacts(of file: SwiftFile, _ decls: Declarations, reader: SwiftAnalyzer, assignments: [Int],
                              to facts: inout FileFacts) {
        // Methods of types that extend or subclass a view that shows text.
        for type in decls.types {
            guard let kind = styledViewKind(type) else { continue }
            for function in decls.functions where function.keywordIndex > type.open && function.close < type.close
                && decls.enclosingTypeIndex(of: function.keywordIndex, in: file).map({ decls.types[$0].open }) == type.open {
                var method = StyleMethod(owner: type.name, effect: StyleEffect(), calls: [])
                for j in (function.open + 1)..<function.close where file.isKind(j, .identifier) {
                    let name = file.name(j)
                    if name == .font || name == .adjustsFontForContentSizeCategory {
                        guard let value = reader.assignmentValue(j), let (_, receiver) = reader.assignment(j, value: value) else { continue }
                        // A button styles its title through its title label.
                        guard receiver.isSelf || (kind == .button && receiver.key == "titleLabel") else { continue }
                        if name == .font { method.effect.setsFont = true } else if reader.isTrue(value) { method.effect.setsLiveUpdate = true }
                    } else if file.isKind(j + 1, .leftParen), method.calls.count < 16,
                              !file.isKind(j - 1, .period) || (file.name(j - 2) == .`self` && !file.isKind(j - 3, .period)) {
                        method.calls.append(file.identifier(j))
                    }
                }
                facts.styleMethods[function.name(in: file), default: []].append(method)
            }
        }
        // Helpers that assign a font or live updates to a parameter.
        var lastFunction = -1
        for i in assignments {
            let property = file.name(i)
            guard property == .font || property == .adjustsFontForContentSizeCategory else { continue }
            guard let value = reader.assignmentValue(i), let (start, last) = reader.receiverTokens(ofProperty: i), last >= 0,
                  file.isKind(start, .identifier), file.name(start) != .`self`,
                  let function = decls.innermostFunction(of: i, in: file), file.isKind(function.parameterList + 1, .identifier) else { continue }
            if property == .adjustsFontForContentSizeCategory && !reader.isTrue(value) { continue }
            guard let (position, label) = parameter(named: start, of: function, in: file) else { continue }
            let name = function.name(in: file)
            var entries = facts.parameterStyles[name] ?? []
            if function.open != lastFunction || !entries.contains(where: { $0.position == position }) {
                entries.append(ParameterStyle(position: position, label: label, effect: StyleEffect()))
            }
            lastFunction = function.open
            let k = entries.lastIndex { $0.position == position }!
            if property == .font { entries[k].effect.setsFont = true } else { entries[k].effect.setsLiveUpdate = true }
            facts.parameterStyles[name] = entries
        }
        addOutletStyleCalls(of: file, decls, to: &facts)
    }

    /// The position and argument label of the parameter of `function` that the name at `j` spells.
    static func parameter(named j: Int, of function: FunctionDeclaration, in file: SwiftFile) -> (Int, String)? {
        var position = 0
        var found: (Int, String)?
        file.forEachArgument(function.parameterList) { argument in
            defer { position += 1 }
            guard found == nil else { return }
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            if file.isKind(s, .identifier) && file.isKind(s + 1, .identifier) && file.isKind(s + 2, .colon) {
                if file.sameText(s + 1, j) { found = (position, file.text(s)) }
            } else if file.isKind(s, .identifier) && file.isKind(s + 1, .colon), file.sameText(s, j) {
                found = (position, file.text(s))
            }
        }
        return found
    }

    /// The calls in each type's code that name one of its outlets as the receiver or an argument:
    /// `titleLabel.applyBodyStyle()`, `self.titleLabel?.apply()`, `style(titleLabel)`, and the
    /// elements of `[a, b].forEach { $0.apply() }`. Outlets are stored properties, so only the type's
    /// own body declares them, but its extensions call methods on them too: an extension in this file
    /// goes by the outlets the type declares here; one of a type declared in another file notes every
    /// plain name, and the index keeps those a style method or helper gives a font, as it keeps the
    /// members of a direct `name.font = ...` (`ProjectIndex.settleStyleCalls`).
    static func addOutletStyleCalls(of file: SwiftFile, _ decls: Declarations, to facts: inout FileFacts) {
        var outletsByType: [String: [String: String?]] = [:]
        for variable in decls.variables where variable.isOutlet && variable.scope >= 0 {
            guard let type = decls.typeByBrace[variable.scope] else { continue }
            outletsByType[decls.types[type].name, default: [:]][variable.name] = .some(variable.typeName)
        }
        // An extension of a type this file declares without outlets has none to style. Extensions of
        // one type often come in a row: one answer serves them all.
        var last: (type: Int, reading: ExtensionReading)?
        // By index: most types are passed over, and a copy of each would retain its name and bases.
        for t in decls.types.indices {
            let outlets: [String: String?]?
            if decls.types[t].keyword != .extension {
                guard !outletsByType.isEmpty, let own = outletsByType[decls.types[t].name] else { continue }
                outlets = own
            } else {
                if last.map({ decls.types[$0.type].name != decls.types[t].name }) ?? true {
                    let name = decls.types[t].name
                    var reading = ExtensionReading.skip
                    if !outletsByType.isEmpty, let own = outletsByType[name] {
                        reading = .outlets(own)
                    } else if !decls.types.contains(where: { $0.keyword != .extension && $0.name == name }) && !name.hasPrefix("UI")
                                && !name.hasPrefix("NS") && UIKitClass(typeName: name) == nil {
                        reading = .anyName
                    }
                    last = (t, reading)
                }
                switch last!.reading {
                case .skip: continue
                case .outlets(let own): outlets = own
                case .anyName: outlets = nil
                }
            }
            let calls = outletCalls(in: decls.types[t], outlets: outlets, of: file)
            if !calls.isEmpty { facts.outletStyleCalls[decls.types[t].name, default: []].append(contentsOf: calls) }
        }
    }

    /// How an extension's calls are read: not at all, by the outlets its type declares in the file,
    /// or by any plain name (its type is declared in another file).
    private enum ExtensionReading {
        case skip
        case outlets([String: String?])
        case anyName
    }

    /// The calls in `type`'s body that name one of `outlets`, or (nil) any plain name that starts
    /// lowercase, as an outlet does.
    private static func outletCalls(in type: TypeDeclaration, outlets: [String: String?]?, of file: SwiftFile) -> [OutletStyleCall] {
        var calls: [OutletStyleCall] = []
        // Each call once: an extension of another file's type notes names that are not outlets too.
        var seen: Set<OutletStyleCall> = []
        func add(_ call: OutletStyleCall) {
            if outlets != nil || seen.insert(call).inserted { calls.append(call) }
        }
        // The token of the name at `j` (`self.` skipped) and the index past its unwraps; its text is
        // made only once the call around it has the shape looked for.
        func outlet(at j: Int) -> (token: Int, end: Int)? {
            var k = j
            if file.name(k) == .`self` && file.isKind(k + 1, .period) { k += 2 }
            guard file.isKind(k, .identifier), !file.isKind(j - 1, .period), file.name(k) != .`self` else { return nil }
            if outlets == nil {
                let first = file.bytes[Int(file.tokens[k].start)]
                guard first < 0x41 || first > 0x5A else { return nil }
            }
            var end = k + 1
            while file.isPostfixUnwrap(end) { end += 1 }
            return (k, end)
        }
        func member(_ k: Int) -> (name: String, type: String?)? {
            let name = file.identifier(k)
            guard let outlets else { return (name, nil) }
            guard let declared = outlets[name] else { return nil }
            return (name, declared)
        }
        var j = type.open + 1
        while j < type.close {
            defer { j += 1 }
            guard file.isKind(j, .identifier) else { continue }
            if let (k, end) = outlet(at: j), file.isKind(end, .period), file.isKind(end + 1, .identifier), file.isKind(end + 2, .leftParen) {
                guard let (name, memberType) = member(k) else { continue }
                add(OutletStyleCall(member: name, memberType: memberType, callee: file.identifier(end + 1), position: -1, label: ""))
            } else if file.isKind(j + 1, .leftParen), file.name(j - 1) != .func {
                var position = 0
                file.forEachArgument(j + 1) { argument in
                    defer { position += 1 }
                    guard let (k, end) = outlet(at: argument.start), end == argument.end, let (name, memberType) = member(k) else { return }
                    add(OutletStyleCall(member: name, memberType: memberType, callee: file.identifier(j), position: position,
                                        label: argument.hasLabel ? file.text(argument.labelIndex) : "_"))
                }
            } else if file.textIs(j, "forEach"), file.isKind(j - 1, .period), file.isKind(j - 2, .rightBracket),
                      file.isKind(j + 1, .leftBrace), file.textIs(j + 2, "$0"), file.isKind(j + 3, .period),
                      file.isKind(j + 4, .identifier), file.isKind(j + 5, .leftParen), file.matching[j - 2] >= 0 {
                for element in file.arguments(Int(file.matching[j - 2])) {
                    guard let (k, end) = outlet(at: element.start), end == element.end, let (name, memberType) = member(k) else { continue }
                    add(OutletStyleCall(member: name, memberType: memberType, callee: file.identifier(j + 4), position: -1, label: ""))
                }
            }
        }
        return calls
    }
}

extension SwiftAnalyzer {
    /// `title.enableLiveText()`, where a method the app declares turns live updates on for the view it
    /// is called on: noted as the live update it makes. Asked only of a file that sets a text style font.
    func noteLiveUpdateMethodCalls() {
        guard !index.liveUpdateMethodNames.isEmpty else { return }
        let tokens = file.tokens
        for j in tokens.indices where tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen) && file.isKind(j - 1, .period)
            && index.liveUpdateMethodNames.contains(identifierAt: j, in: file) {
            guard let receiver = receiver(ofProperty: j) else { continue }
            noteLiveUpdate(receiver, at: j)
        }
    }
}
