import Platform

/// What each file's declarations tell the rules of the other files of its module.
extension SwiftAnalyzer {
    /// What this file's declarations tell the rest of the project.
    static func facts(of file: SwiftFile) -> FileFacts {
        var facts = FileFacts()
        let decls = file.declarations
        // Where the names that some facts look for sit, in one pass: bodies are then asked about
        // by searching these few places instead of reading every token of every body.
        // Room for every landmark up front: a few small buffers instead of one growth after another,
        // on large pages for a file of many megabytes (what is not written costs nothing).
        var scalingMarks: [Int] = []
        Memory.reserveOnLargePages(&scalingMarks, adding: file.landmarks.count)
        var liveUpdateMarks: [Int] = []
        Memory.reserveOnLargePages(&liveUpdateMarks, adding: file.landmarks.count)
        var assignments: [Int] = []
        Memory.reserveOnLargePages(&assignments, adding: file.landmarks.count)
        var fontCalls: [Int] = []
        Memory.reserveOnLargePages(&fontCalls, adding: file.landmarks.count)
        var frames: [Int] = []
        var firstFor = Int.max
        for landmark in file.landmarks where file.tokens[Int(landmark)].kind == .identifier {
            let i = Int(landmark)
            switch file.tokens[i].name {
            case .scaledValue, .UIFontMetrics, .preferredFont, .preferredFontDescriptor:
                scalingMarks.append(i)
            case .scaledFont:
                scalingMarks.append(i)
                assignments.append(i)
            case .adjustsFontForContentSizeCategory:
                liveUpdateMarks.append(i)
                assignments.append(i)
            case .font, .numberOfLines, .attributedText:
                assignments.append(i)
            case .frame:
                frames.append(i)
            case .rowHeight, .heightForRowAt:
                // A type whose code sets its table's row heights: its Interface Builder row height is not the one shown.
                if let type = decls.enclosingType(of: i, in: file) { facts.rowHeightTypes.insert(type.name) }
            case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont, .UIFont, .system, .custom, .withSize:
                fontCalls.append(i)
            case .typealias where file.isKind(i + 1, .identifier) && file.isOperator(i + 2, "=") && file.name(i + 3) == .UIFont
                && !file.isKind(i + 4, .period):
                // `typealias Font = UIFont`: the alias makes UIKit fonts too.
                facts.fontAliases.insert(file.identifier(i + 1))
            case .for:
                // A loop around a statement starts before it: statements before the first need no search.
                if firstFor == Int.max { firstFor = i }
            case .import where file.tokens[i].flags.contains(.newlineBefore) || i == 0:
                // `import Module`, `import struct Module.Type`, `@testable import Module`.
                var j = i + 1
                if file.isKind(j, .identifier) && file.isKind(j + 1, .identifier) && !file.tokens[j + 1].flags.contains(.newlineBefore) { j += 1 }
                if file.isKind(j, .identifier) { facts.imports.append(file.identifier(j)) }
            default:
                break
            }
        }
        var membersByBrace: [Int: Set<String>] = [:]
        for variable in decls.variables {
            let isMember = decls.typeByBrace[variable.scope] != nil
            if isMember { membersByBrace[variable.scope, default: []].insert(variable.name) }
            guard variable.scope < 0 || isMember else { continue }
            let origin = localOrigin(of: variable, in: file)
            let owner = decls.typeByBrace[variable.scope].map { decls.types[$0].name } ?? ""
            let key = owner + "." + variable.name
            ProjectIndex.update(&facts.origins[key]) { $0 = $0.map { ProjectIndex.merge($0, origin) } ?? origin }
            if let type = variable.typeName ?? initializerType(variable, in: file) {
                facts.memberTypes[variable.name] = type
            }
            if variable.bodyOpen >= 0 && bodyScales(variable.bodyOpen, in: file, marks: scalingMarks) {
                facts.scalingFunctions.insert(variable.name)
                facts.scalingSignatures[variable.name, default: []].append(CallSignature(owner: owner, parameters: nil))
            }
        }
        for function in decls.functions {
            let scales = bodyScales(function.open, in: file, marks: scalingMarks)
            let caps = cappingDefault(of: function, in: file)
            guard scales || caps != nil else { continue }
            let owner = decls.enclosingType(of: function.keywordIndex, in: file)?.name ?? ""
            let signature = CallSignature.of(function, owner: owner, in: file)
            let name = function.name(in: file)
            if scales {
                facts.scalingFunctions.insert(name)
                facts.scalingSignatures[name, default: []].append(signature)
            }
            if let (label, spelled, rank) = caps {
                facts.cappingDefaults[name, default: []].append(
                    CappingDefault(signature: signature, label: label, spelled: spelled, rank: rank))
            }
        }
        if !fontCalls.isEmpty {
            facts.fixedSizeWrappers = fixedSizeWrappers(in: file, fontCalls: fontCalls, scalingMarks: scalingMarks)
        }
        for type in decls.types {
            facts.types.append(FileFacts.TypeFact(
                name: type.name, keyword: type.keyword, inherits: type.inherits,
                members: membersByBrace[type.open] ?? [],
                // An extension of UIKit's own class sets it only in the methods it adds, where they are called.
                setsLiveUpdate: !(type.keyword == .extension && UIKitClass(typeName: type.name) != nil)
                    && setsOwnLiveUpdate(type, in: file, marks: liveUpdateMarks)))
        }
        let reader = SwiftAnalyzer(file: file, index: ProjectIndex.Shared.empty)
        // Members already noted, for the type whose body opens at `brace`: statements repeat.
        var noted: [(brace: Int, member: String, kind: Int, token: Int)] = []
        var lastParent = -2
        var lastType: (index: Int, open: Int)?
        for i in assignments {
            switch file.tokens[i].name {
            case .scaledFont where file.isKind(i + 1, .leftParen):
                for argument in file.arguments(i + 1) where argument.label == .for {
                    for j in argument.start..<argument.end where file.isKind(j, .identifier) {
                        // A local or a parameter is this file's own business (see `scalesLocally`):
                        // only a property that other files can name tells them anything.
                        let name = file.identifier(j)
                        if let variable = decls.variable(named: name, visibleAt: j, in: file),
                           variable.scope >= 0 && decls.typeByBrace[variable.scope] == nil { continue }
                        if decls.anyEnclosingFunction(of: j, in: file, where: { $0.hasParameter(named: name, in: file) }) { continue }
                        facts.scaledFontArguments.insert(name)
                    }
                }
            case .font, .adjustsFontForContentSizeCategory, .numberOfLines, .attributedText:
                // Which of a type's own views its code gives a font, live updates or a number of
                // lines, so that an Interface Builder file can tell what code replaces.
                guard let value = reader.assignmentValue(i) else { continue }
                let property = file.tokens[i].name
                if property == .adjustsFontForContentSizeCategory && !reader.isTrue(value) { continue }
                // An attributed text restyles the view when it brings fonts of its own.
                if property == .attributedText && !reader.attributedTextBringsFonts(value, at: i) { continue }
                // The receiver's first name. One plain name, the usual receiver, is kept as its token
                // and made a string only when it is new to the type.
                var first = ""
                var firstToken = -1
                if reader.isLensSetter(after: i) {
                    guard let (_, receiver) = reader.assignment(i, value: value) else { continue }
                    first = receiver.isSelf ? "self" : SwiftAnalyzer.firstComponent(receiver.key)
                } else {
                    // What `assignment(i, value:)` finds here, without the key.
                    guard let (start, last) = reader.receiverTokens(ofProperty: i) else { continue }
                    if last < 0 {
                        first = "self"
                    } else if start == last && file.isKind(start, .identifier) && !file.tokens[start].flags.contains(.backticked) {
                        if file.textIs(start, "self") { first = "self" } else { firstToken = start }
                    } else {
                        let key = reader.receiverKey(start, last)
                        first = key == "self" ? "self" : SwiftAnalyzer.firstComponent(key)
                    }
                }
                // The enclosing type depends only on the bracket around `i`: statements in a row share it.
                if Int(file.parent[i]) != lastParent {
                    lastParent = Int(file.parent[i])
                    lastType = decls.enclosingTypeIndex(of: i, in: file).map { ($0, decls.types[$0].open) }
                }
                guard let (typeIndex, brace) = lastType else { continue }
                let isFont = property == .font || property == .attributedText
                let kind = isFont ? 0 : property == .numberOfLines ? 2 : 1
                func note(_ member: String, token: Int = -1) {
                    if noted.contains(where: { $0.brace == brace && $0.kind == kind && $0.member == member }) { return }
                    if noted.count < 64 { noted.append((brace, member, kind, token)) }
                    let typeName = decls.types[typeIndex].name
                    switch kind {
                    case 0: facts.fontMembers[typeName, default: []].insert(member)
                    case 1: facts.liveUpdateMembers[typeName, default: []].insert(member)
                    default: facts.linesMembers[typeName, default: []].insert(member)
                    }
                }
                // `for button in [a, b] { button.titleLabel?.font = ... }` sets a and b. (No array is
                // made for the one member of the usual statement.)
                if firstToken >= 0 {
                    if i > firstFor, let elements = reader.loopElements(at: i, isName: { file.identifier($0) == file.text(firstToken) }) {
                        for member in elements { note(member) }
                    } else if !noted.contains(where: { $0.brace == brace && $0.kind == kind && $0.token >= 0 && file.sameText($0.token, firstToken) }) {
                        // Same bytes, same name; other bytes may still spell it, which `note` tells.
                        note(file.text(firstToken), token: firstToken)
                    }
                } else if i > firstFor, let elements = reader.loopElements(first, at: i) {
                    for member in elements { note(member) }
                } else {
                    note(first)
                }
            default:
                break
            }
        }
        addStyleFacts(of: file, decls, reader: reader, assignments: assignments, to: &facts)
        addCaseFacts(of: file, decls, to: &facts)
        if !frames.isEmpty { addHelperHeightFacts(of: file, reader: reader, frames: frames, to: &facts) }
        return facts
    }

    /// The parameter of `function` whose default caps the text size below AX5 (`maxSizeCategory:
    /// UIContentSizeCategory = .extraExtraLarge`): its argument label, the default as written, and
    /// the cap's rank. Read by names the lexer resolved first: most parameters have no such default.
    static func cappingDefault(of function: FunctionDeclaration, in file: SwiftFile) -> (String, String, Int)? {
        // Most parameter lists hold no size name at all, and an argument's last token is one of
        // theirs: one look at the tokens spares splitting the list into arguments.
        let close = file.closing(function.parameterList)
        var j = function.parameterList + 1
        while j < close {
            if let rank = file.name(j).sizeRank, rank < 11 { break }
            j += 1
        }
        guard j < close else { return nil }
        var found: (String, String, Int)?
        file.forEachArgument(function.parameterList) { argument in
            guard found == nil, argument.end > argument.start, let rank = file.name(argument.end - 1).sizeRank, rank < 11,
                  let equals = (argument.start..<argument.end).first(where: { file.isOperator($0, "=") }),
                  equals + 4 > argument.end - 1 else { return }
            var s = argument.hasLabel ? argument.labelIndex : argument.start
            while file.isKind(s, .attribute) { s += 1 }
            guard file.isKind(s, .identifier) else { return }
            let label = file.identifier(s)
            let lower = label.lowercased()
            guard lower.contains("max") || lower.contains("limit") || lower.contains("upto") else { return }
            found = (label, file.text(tokens: equals + 1, through: argument.end - 1), rank)
        }
        return found
    }

    /// The first of the sorted `marks` at or after `start`.
    static func firstMark(_ marks: [Int], from start: Int) -> Int {
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `key` up to its first `.`, `?` or `!`: `titleLabel` of `titleLabel.layer`.
    static func firstComponent(_ key: String) -> String {
        var copy = key
        let cut: Int? = copy.withUTF8 { bytes in
            var k = 0
            var found: Int?
            while k < bytes.count {
                let byte = bytes[k]
                if byte >= 0x80 { return -1 }
                if found == nil && (byte == 0x2E || byte == 0x3F || byte == 0x21) { found = k }
                k += 1
            }
            return found
        }
        guard let cut else { return key }
        guard cut >= 0 else {
            // A combining mark can make `.` part of a larger character: go by characters.
            return String(key.prefix { $0 != "." && $0 != "?" && $0 != "!" })
        }
        return String(key.utf8.prefix(cut))!
    }

    static func localOrigin(of variable: VariableDeclaration, in file: SwiftFile) -> ValueOrigin {
        if variable.isScaledMetric { return .scaled }
        var start = variable.initStart
        var end = variable.initEnd
        if !variable.hasInitializer {
            guard variable.bodyOpen >= 0 else { return .unknown }
            if let chosen = switchLiteralOrigin(variable.bodyOpen, in: file) { return chosen }
            start = variable.bodyOpen + 1
            end = file.closing(variable.bodyOpen)
            if file.name(start) == .return { start += 1 }
        }
        for j in start..<max(start, end) {
            let name = file.name(j)
            if isScaledMarker(name) { return .scaled }
            if isDerivedMarker(name) { return .derived }
        }
        if let value = file.literalNumber(start, end) { return .literal(value) }
        return .unknown
    }

    /// Whether the body that opens at `open` uses a name that scales with the text size; `marks`
    /// holds, sorted, every token that is one of those names.
    static func bodyScales(_ open: Int, in file: SwiftFile, marks: [Int]) -> Bool {
        let close = file.closing(open)
        let k = firstMark(marks, from: open + 1)
        return k < marks.count && marks[k] < close
    }

    /// A type that sets `adjustsFontForContentSizeCategory = true` on itself (`self.` or bare);
    /// `marks` holds, sorted, every `adjustsFontForContentSizeCategory` token.
    static func setsOwnLiveUpdate(_ type: TypeDeclaration, in file: SwiftFile, marks: [Int]) -> Bool {
        var k = firstMark(marks, from: type.open + 1)
        while k < marks.count && marks[k] < type.close {
            let j = marks[k]
            if file.isOperator(j + 1, "="), file.name(j + 2) == .true {
                if !file.isKind(j - 1, .period) || (file.name(j - 2) == .`self` && !file.isKind(j - 3, .period)) { return true }
            }
            k += 1
        }
        return false
    }
}

