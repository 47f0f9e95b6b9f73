/// SwiftUI views for the rules of modifiers: what a modifier is applied to (text, a symbol, a stack
/// holding text), and code that runs only at some text sizes, where a limit is deliberate.
extension SwiftAnalyzer {
    static let textViews: Set<Name> = [.Text, .Label, .TextField, .SecureField, .TextEditor, .Link]
    static let controls: Set<Name> = [
        .Button, .NavigationLink, .Menu, .Toggle, .Picker, .Stepper, .DatePicker, .ShareLink, .LabeledContent,
    ]
    static let containers: Set<Name> = [
        .HStack, .VStack, .ZStack, .LazyVStack, .LazyHStack, .Group, .Section, .ForEach, .GridRow,
    ]

    /// What the view whose expression starts at `base` shows.
    func content(ofBase base: Int) -> ViewContent {
        guard file.isKind(base, .identifier) else { return .unknown }
        if let styled = styledContent(ofBase: base) { return styled }
        // `self.icon`, `badgeImage`: a view property named for an image.
        var named = base
        if file.name(base) == .`self` && file.isKind(base + 1, .period) && file.isKind(base + 2, .identifier) { named = base + 2 }
        if file.name(named) == .none, !file.isKind(named + 1, .leftParen), let first = file.identifier(named).utf8.first, first >= 0x61 {
            let lower = file.identifier(named).lowercased()
            if ["icon", "image", "symbol", "glyph", "logo"].contains(where: { lower.contains($0) }) { return .symbol }
        }
        if file.name(named) == .none, let helper = viewHelperBody(named) { return helper }
        let name = file.name(base)
        if name == .Label && isIconOnlyLabel(base) { return .symbol }
        if SwiftAnalyzer.textViews.contains(name) { return .text }
        switch name {
        case .Image, .AsyncImage: return .symbol
        case .Spacer, .Divider, .Color, .Rectangle, .RoundedRectangle, .Circle, .Capsule, .ProgressView: return .noText
        default: break
        }
        let isControl = SwiftAnalyzer.controls.contains(name)
        guard isControl || SwiftAnalyzer.containers.contains(name) else { return .unknown }
        if isControl && file.isKind(base + 1, .leftParen) && file.isKind(base + 2, .string) { return .text }
        let end = file.endOfCall(base)
        var sawImage = false
        var j = base + 1
        while j < end {
            let token = file.tokens[j]
            if token.kind == .identifier {
                if SwiftAnalyzer.textViews.contains(token.name) && file.isKind(j + 1, .leftParen) && !isUnshownText(j) {
                    return isControl ? .text : .containerWithText
                }
                if token.name == .Label && file.isKind(j + 1, .leftParen) { sawImage = true }
                if styledContent(ofBase: j) == .text { return isControl ? .text : .containerWithText }
                // Modifiers that only text has: whatever they are applied to inside shows text.
                if file.isKind(j - 1, .period), file.isKind(j + 1, .leftParen),
                   token.name == .lineLimit || file.textIs(j, "truncationMode") || file.textIs(j, "multilineTextAlignment") {
                    return isControl ? .text : .containerWithText
                }
                if token.name == .Image { sawImage = true }
            }
            j += 1
        }
        return sawImage ? .symbol : .unknown
    }

    /// What the view that a method or computed property of this file returns shows, for a modifier
    /// applied to its result (`titleRow().frame(height: 58)`): the content of the first view its body
    /// builds. nil when the name is no such helper.
    func viewHelperBody(_ j: Int) -> ViewContent? {
        guard contentDepth < 3, let first = file.identifier(j).utf8.first, first >= 0x61 else { return nil }
        let name = file.identifier(j)
        var open = -1
        if file.isKind(j + 1, .leftParen) {
            guard let function = decls.functions.first(where: { $0.isNamed(name, in: file) }) else { return nil }
            open = function.open
        } else if let variable = decls.variable(named: name, visibleAt: j, in: file), variable.bodyOpen >= 0 {
            open = variable.bodyOpen
        }
        guard open >= 0 else { return nil }
        var start = open + 1
        if file.name(start) == .return { start += 1 }
        guard file.isKind(start, .identifier) else { return nil }
        contentDepth += 1
        defer { contentDepth -= 1 }
        let found = content(ofBase: start)
        return found == .unknown ? nil : found
    }

    /// A `Label` shown as its icon alone: `.labelStyle(.iconOnly)` among its modifiers.
    func isIconOnlyLabel(_ label: Int) -> Bool {
        guard file.isKind(label + 1, .leftParen) else { return false }
        for member in file.members(from: file.endOfCall(label), limit: 16) where file.textIs(member.name, "labelStyle") {
            if member.open >= 0 && (file.textIs(member.open + 2, "iconOnly") || file.textIs(member.open + 1, "IconOnlyLabelStyle")) {
                return true
            }
        }
        return false
    }

    /// Text that is not shown: an icon-only `Label`, or the accessibility label an `Image` is given
    /// (`Image(asset, label: Text("Options"))`).
    func isUnshownText(_ j: Int) -> Bool {
        if file.name(j) == .Label { return isIconOnlyLabel(j) }
        guard let call = file.enclosingCall(of: j) else { return false }
        return file.name(call.callee) == .Image
    }

    /// A `.modifier(` call at `i`: the index where the modified view's expression starts.
    func modifiedView(_ i: Int) -> Int? {
        guard file.isKind(i - 1, .period), file.isKind(i + 1, .leftParen), i >= 2 else { return nil }
        let start = file.chainStart(endingAt: i - 2)
        if start == i - 1 { return nil }
        return start
    }

    /// The bytes of the view a `.modifier(` call at `i` applies to, the modifier included: what
    /// `scan --fix` compares to tell whether two findings are on one view.
    func modifiedViewSpan(_ i: Int) -> Range<Int>? {
        guard let base = modifiedView(i) else { return nil }
        let close = file.closing(i + 1)
        guard close < file.tokens.count else { return nil }
        return Int(file.tokens[base].start)..<Int(file.tokens[close].end)
    }

    /// The view a font made at `i` is given to, when it is in the argument of a `.font(` modifier
    /// (`.font(.system(size: 9))`, `.font(Font.system(size: 9).bold())`).
    func fontModifierSpan(_ i: Int) -> Range<Int>? {
        guard let call = file.enclosingCall(of: i), file.name(call.callee) == .font else { return nil }
        return modifiedViewSpan(call.callee)
    }

    /// Code that only runs for some text sizes: inside `if dynamicTypeSize.isAccessibilitySize { }`
    /// or its `else`, in one branch of a `ViewThatFits`, or in a function this file only calls
    /// from such a branch (`configureForRegularSizes()`).
    func isAdaptive(_ i: Int) -> Bool {
        if isInTextSizeBranch(i) { return true }
        guard let function = decls.innermostFunction(of: i, in: file) else { return false }
        return adaptiveFunctions().contains(function.name(in: file))
    }

    func isInTextSizeBranch(_ i: Int) -> Bool {
        guard mentionsTextSize else { return false }
        for p in file.ancestors(of: i) {
            let token = file.tokens[p]
            if token.kind != .leftBrace { continue }
            if decls.functionByBrace[p] != nil || decls.typeByBrace[p] != nil || decls.variableByBrace[p] != nil { break }
            if conditionMentionsTextSize(before: p) { return true }
            if p > 0 && (file.isKind(p - 1, .identifier) || file.isKind(p - 1, .rightParen)) {
                let base = file.chainStart(endingAt: p - 1)
                if file.name(base) == .ViewThatFits { return true }
            }
        }
        return false
    }

    /// Functions of this file that are only called where the text size decides.
    func adaptiveFunctions() -> Set<String> {
        if let cached = adaptiveFunctionsCache { return cached }
        guard mentionsTextSize else {
            adaptiveFunctionsCache = []
            return []
        }
        let names = NameSet(Set(decls.functions.map { $0.name(in: file) }))
        var adaptive: Set<String> = []
        var plain: Set<String> = []
        for j in file.tokens.indices where file.tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen) {
            guard file.name(j - 1) != .func, names.contains(identifierAt: j, in: file) else { continue }
            let name = file.identifier(j)
            if isInTextSizeBranch(j) { adaptive.insert(name) } else { plain.insert(name) }
        }
        let result = adaptive.subtracting(plain)
        adaptiveFunctionsCache = result
        return result
    }

    func conditionMentionsTextSize(before brace: Int) -> Bool {
        var k = brace - 1
        var steps = 0
        while k >= 0 && steps < 80 {
            steps += 1
            let token = file.tokens[k]
            switch token.kind {
            case .rightBrace:
                guard file.name(k + 1) == .else, file.matching[k] >= 0 else { return false }
                k = Int(file.matching[k]) - 1
                continue
            case .leftBrace, .semicolon:
                return false
            case .rightParen, .rightBracket:
                let open = Int(file.matching[k])
                guard open >= 0 else { return false }
                for j in open...k where SwiftAnalyzer.isScaledMarker(file.name(j)) { return true }
                k = open - 1
                continue
            default:
                break
            }
            if SwiftAnalyzer.isScaledMarker(file.name(k)) { return true }
            if token.kind == .identifier && token.flags.contains(.newlineBefore) {
                switch token.name {
                case .if, .guard, .switch, .while: return false
                case .case:
                    // A `case .accessibility1...:` inside `switch dynamicTypeSize`.
                    return false
                default: break
                }
            }
            k -= 1
        }
        return false
    }

    func isInCell(_ i: Int) -> Bool {
        guard let type = decls.enclosingType(of: i, in: file) else { return false }
        return type.name.hasSuffix("Cell") || type.inherits.contains { $0.hasSuffix("Cell") }
    }
}
