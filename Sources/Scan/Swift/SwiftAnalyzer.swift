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
        /// The declaration the receiver's first name resolves to (its name's token), -1 for none,
        /// -2 until it is looked up.
        var declaration: Int = -1
        var position: Int = -1
        var receiver: Receiver?
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
            case .UIFont:
                checkUIFontInitializer(i)
                if file.isKind(i + 1, .period) { checkUnseenFontHelper(i + 2) }
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
            case .font:
                noteFontAssignment(i)
                if file.isOperator(i + 1, "="), file.isKind(i + 2, .period) { checkUnseenFontHelper(i + 3) }
            case .intrinsicContentSize: checkIntrinsicHeight(i)
            case .constrainHeight: checkConstrainHeight(i)
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
