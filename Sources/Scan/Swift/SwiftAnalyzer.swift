/// A finding before it is placed in a report: where, which rule, how sure, and why.
struct RawFinding: Sendable {
    var rule: ScanRule
    var confidence: Finding.Confidence
    var line: Int
    var column: Int
    var message: String
    var item: String?
    var inPreview: Bool
}

/// What a SwiftUI modifier is applied to.
enum ViewContent {
    /// A view that shows text: `Text`, `Label`, `TextField`, a `Button("Title")`.
    case text
    /// A stack or group with text somewhere inside.
    case containerWithText
    /// An image or symbol, with no text.
    case symbol
    /// A shape, colour, spacer or divider.
    case noText
    case unknown
}

/// Applies the rules to one Swift file, with the project's facts at hand.
final class SwiftAnalyzer {
    let file: SwiftFile
    let index: ProjectIndex
    var findings: [RawFinding] = []
    var signs = SignCounts()

    /// The file's declarations, held here once: read through the file, every use would copy them.
    let decls: Declarations

    /// Answers worked out once for the whole file.
    final class Memo {
        struct ReceiverKey: Hashable {
            var name: String
            var property: String
        }
        /// What kind of view a receiver named so is, for names declared at most once in the file.
        var receiverClasses: [ReceiverKey: (UIKitClass?, certain: Bool)] = [:]
    }

    let memo = Memo()

    struct FontAssignment {
        var receiver: Receiver
        var nameIndex: Int
        var kind: UIKitClass
        var certain: Bool
    }

    struct LiveUpdate {
        var key: String
        var scope: Int
        /// The declaration the receiver's first name resolves to (its name's token), or -1.
        var declaration: Int = -1
    }

    var fontAssignments: [FontAssignment] = []
    var liveUpdates: [LiveUpdate] = []
    /// `adjustsFontForContentSizeCategory = true` set through a helper the scan cannot follow.
    var liveUpdateThroughHelper = false

    init(file: SwiftFile, index: ProjectIndex) {
        self.file = file
        self.index = index
        decls = file.declarations
    }

    // MARK: Running

    func run() {
        let tokens = file.tokens
        // Only tokens that spell a name can set off a rule: the landmarks.
        for landmark in file.landmarks {
            let i = Int(landmark)
            let token = tokens[i]
            if token.kind == .attribute {
                if token.name == .ScaledMetric { signs[.scaledMetric, default: 0] += 1 }
                continue
            }
            guard token.kind == .identifier, token.name != .none else { continue }
            switch token.name {
            case .system: checkSwiftUISystemFont(i)
            case .custom: checkCustomFont(i)
            case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont:
                checkUIKitSystemFont(i)
            case .UIFont: checkUIFontInitializer(i)
            case .withSize: checkWithSize(i)
            case .SymbolConfiguration, .`init`: checkSymbolConfiguration(i)
            case .minimumScaleFactor: checkMinimumScaleFactor(i)
            case .adjustsFontSizeToFitWidth: checkAdjustsFontSizeToFitWidth(i)
            case .lineLimit: checkLineLimit(i)
            case .numberOfLines: checkNumberOfLines(i)
            case .frame: checkFrame(i)
            case .heightAnchor: checkHeightAnchor(i)
            case .makeConstraints, .remakeConstraints, .updateConstraints: checkSnapKitHeight(i)
            case .rowHeight: checkRowHeight(i)
            case .dynamicTypeSize: checkDynamicTypeSize(i)
            case .environment: checkEnvironmentSize(i)
            case .maximumContentSizeCategory: checkMaximumContentSizeCategory(i)
            case .preferredContentSizeCategory: checkForcedContentSizeCategory(i)
            case .scaledFont: checkScaledFontMaximum(i)
            case .adjustsFontForContentSizeCategory: checkAdjustsFontForContentSizeCategory(i)
            case .font: noteFontAssignment(i)
            case .UIFontMetrics: signs[.fontMetrics, default: 0] += 1
            case .ViewThatFits: signs[.viewThatFits, default: 0] += 1
            case .AnyLayout: signs[.anyLayout, default: 0] += 1
            case .isAccessibilitySize, .isAccessibilityCategory: signs[.accessibilitySizeCheck, default: 0] += 1
            case .forTextStyle, .withTextStyle, .relativeTo, .textStyle:
                if file.isKind(i + 1, .colon) { signs[.textStyle, default: 0] += 1 }
            default:
                if token.name.isTextStyle { countTextStyle(i) }
            }
        }
        resolveLiveUpdates()
        checkDefaultCaps()
        if !index.fixedSizeWrapperNames.isEmpty {
            for j in tokens.indices where tokens[j].kind == .identifier && file.isKind(j + 1, .leftParen)
                && index.fixedSizeWrapperNames.contains(identifierAt: j, in: file) {
                checkFixedSizeWrapperCall(j)
            }
        }
    }

    // MARK: Reporting

    func report(_ rule: ScanRule, at i: Int, _ confidence: Finding.Confidence, _ message: String,
                         item: String? = nil) {
        let line = file.line(of: i)
        let column = file.column(of: i, line: line)
        findings.append(RawFinding(rule: rule, confidence: confidence, line: line, column: column, message: message,
                                   item: item, inPreview: decls.isInPreview(i)))
    }

    /// The code of `start..<end` on one line, shortened for a message.
    func code(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        var text = file.text(tokens: start, through: end - 1)
        var collapsed = ""
        var lastWasSpace = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                if !lastWasSpace { collapsed.append(" ") }
                lastWasSpace = true
            } else {
                collapsed.append(character)
                lastWasSpace = false
            }
        }
        text = collapsed
        if text.count > 60 { text = String(text.prefix(57)) + "..." }
        return text
    }

    static func points(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(value)
    }
    /// Functions of this file only called where the text size decides; worked out when first needed.
    var adaptiveFunctionsCache: Set<String>?
    var scaledLocallyCache: Set<Int>?

    /// Whether the file names the text size anywhere (a size, a scaling call or `ViewThatFits`):
    /// without one, no code of it is in a branch the text size decides, and no call needs checking.
    lazy var mentionsTextSize: Bool = file.landmarks.contains { landmark in
        let name = file.name(Int(landmark))
        return SwiftAnalyzer.isScaledMarker(name) || name == .ViewThatFits
    }

}

// MARK: File facts

extension SwiftAnalyzer {
    /// What this file's declarations tell the rest of the project.
    static func facts(of file: SwiftFile) -> FileFacts {
        var facts = FileFacts()
        let decls = file.declarations
        // Where the names that some facts look for sit, in one pass: bodies are then asked about
        // by searching these few places instead of reading every token of every body.
        // Room for every landmark up front: a few small buffers instead of one growth after another.
        var scalingMarks: [Int] = []
        scalingMarks.reserveCapacity(file.landmarks.count)
        var liveUpdateMarks: [Int] = []
        liveUpdateMarks.reserveCapacity(file.landmarks.count)
        var assignments: [Int] = []
        assignments.reserveCapacity(file.landmarks.count)
        var fontCalls: [Int] = []
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
            case .font:
                assignments.append(i)
            case .systemFont, .boldSystemFont, .italicSystemFont, .monospacedSystemFont, .monospacedDigitSystemFont, .UIFont, .system:
                fontCalls.append(i)
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
            facts.origins[key] = facts.origins[key].map { ProjectIndex.merge($0, origin) } ?? origin
            if let type = variable.typeName ?? initializerType(variable, in: file) {
                facts.memberTypes[variable.name] = type
            }
            if variable.bodyOpen >= 0 && bodyScales(variable.bodyOpen, in: file, marks: scalingMarks) {
                facts.scalingFunctions.insert(variable.name)
                facts.scalingOwners[variable.name, default: []].insert(owner)
            }
        }
        for function in decls.functions where bodyScales(function.open, in: file, marks: scalingMarks) {
            facts.scalingFunctions.insert(function.name)
            facts.scalingOwners[function.name, default: []].insert(decls.enclosingType(of: function.keywordIndex, in: file)?.name ?? "")
        }
        if !fontCalls.isEmpty {
            facts.fixedSizeWrappers = fixedSizeWrappers(in: file, fontCalls: fontCalls, scalingMarks: scalingMarks)
        }
        for type in decls.types {
            facts.types.append(FileFacts.TypeFact(
                name: type.name, keyword: type.keyword, inherits: type.inherits,
                members: membersByBrace[type.open] ?? [],
                setsLiveUpdate: setsOwnLiveUpdate(type, in: file, marks: liveUpdateMarks)))
        }
        let reader = SwiftAnalyzer(file: file, index: ProjectIndex())
        // Members already noted, for the type whose body opens at `brace`: statements repeat.
        var noted: [(brace: Int, member: String, isFont: Bool)] = []
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
                        if decls.anyEnclosingFunction(of: j, in: file, where: { $0.parameters(in: file).contains(name) }) { continue }
                        facts.scaledFontArguments.insert(name)
                    }
                }
            case .font, .adjustsFontForContentSizeCategory:
                // Which of a type's own views its code gives a font or live updates, so that an
                // Interface Builder file can tell a font that code replaces.
                guard let value = reader.assignmentValue(i) else { continue }
                let isFont = file.tokens[i].name == .font
                guard isFont || reader.isTrue(value), let (_, receiver) = reader.assignment(i, value: value),
                      !receiver.isSelf else { continue }
                // The enclosing type depends only on the bracket around `i`: statements in a row share it.
                if Int(file.parent[i]) != lastParent {
                    lastParent = Int(file.parent[i])
                    lastType = decls.enclosingTypeIndex(of: i, in: file).map { ($0, decls.types[$0].open) }
                }
                guard let (typeIndex, brace) = lastType else { continue }
                let member = SwiftAnalyzer.firstComponent(receiver.key)
                if noted.contains(where: { $0.brace == brace && $0.isFont == isFont && $0.member == member }) { continue }
                if noted.count < 64 { noted.append((brace, member, isFont)) }
                let typeName = decls.types[typeIndex].name
                if isFont {
                    facts.fontMembers[typeName, default: []].insert(member)
                } else {
                    facts.liveUpdateMembers[typeName, default: []].insert(member)
                }
            default:
                break
            }
        }
        return facts
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

/// Good signs counted in one file, kept in a fixed row of counters while the rules run.
struct SignCounts {
    private var counts = [Int](repeating: 0, count: GoodSign.allCases.count)

    subscript(sign: GoodSign, default value: Int) -> Int {
        get {
            let count = counts[SignCounts.slot(sign)]
            return count == 0 ? value : count
        }
        set { counts[SignCounts.slot(sign)] = newValue }
    }

    private static func slot(_ sign: GoodSign) -> Int {
        switch sign {
        case .textStyle: 0
        case .scaledMetric: 1
        case .fontMetrics: 2
        case .viewThatFits: 3
        case .accessibilitySizeCheck: 4
        case .anyLayout: 5
        case .liveUpdate: 6
        }
    }

    /// The signs seen at least once, with their counts.
    var dictionary: [GoodSign: Int] {
        var result: [GoodSign: Int] = [:]
        for sign in GoodSign.allCases where counts[SignCounts.slot(sign)] > 0 { result[sign] = counts[SignCounts.slot(sign)] }
        return result
    }
}
