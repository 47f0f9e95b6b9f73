/// A finding before it is placed in a report: where, which rule, how sure, and why.
struct RawFinding: Sendable {
    var rule: ScanRule
    var confidence: Finding.Confidence
    var line: Int
    var column: Int
    var message: String
    var item: String?
    var inPreview: Bool
    /// For an Interface Builder finding, what it is about in a way its localized copies share
    /// (`InterfaceBuilderAnalyzer.anchor(of:)`).
    var anchor: String? = nil
    var view: FindingView? = nil
    var cap: TextSizeCap? = nil
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
    private let sharedIndex: ProjectIndex.Shared
    /// The project's facts, read a table at a time in place; a method called on the index would
    /// copy it whole first (see `ProjectIndex.uikitClass(of:declaredTypes:)`).
    var index: ProjectIndex { sharedIndex.index }
    // One analyzer, on one thread, adds to these at every font or sign it meets: a check of
    // exclusive access at each would cost more than the addition.
    @exclusivity(unchecked) var findings: [RawFinding] = []
    @exclusivity(unchecked) var signs = SignCounts()

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
        /// The text views created at a fixed height (`createdHeights`), once asked.
        var createdHeights: [String: Double]?
        /// The last answer of `declaration(of:at:)`: the token of the name asked about, the bracket
        /// around the place asked from, and the declaration found.
        var lastDeclaration: (name: Int, scope: Int32, found: Int)?
        /// The last answer of `receiverClass` kept in `receiverClasses`, for a receiver of one name:
        /// the name's token, the property and the answer.
        var lastReceiverClass: (name: Int, property: String, answer: (UIKitClass?, certain: Bool))?
        /// The last receiver of one plain name made a key: statements in a row set properties of
        /// one view, whose name is then made a string once.
        var lastReceiverKey: (name: Int, key: String)?
    }

    let memo = Memo()

    /// What the rules note while the file is read, for their checks at its end.
    let notes = RuleNotes()

    init(file: SwiftFile, index: ProjectIndex.Shared) {
        self.file = file
        sharedIndex = index
        decls = file.declarations
    }

    // MARK: Running

    /// Visits the file's landmarks once, running at each the checks its name sets off (`SwiftDispatch`,
    /// made from the rules' triggers), then the checks that weigh the whole file.
    func run(_ dispatch: SwiftDispatch = .shared) {
        // Only tokens that spell a name can set off a rule: the landmarks.
        dispatch.visit(file.landmarks, of: file.tokens, with: self)
        for slot in dispatch.endOfFile { slot.check(self, -1) }
    }

    // MARK: Reporting

    /// Reports a finding of `rule` at token `i`; `item` is one of the rule's `otherItems` when the
    /// finding fails a narrower item than the rule's own.
    func report(_ rule: ScanRule, at i: Int, _ confidence: Finding.Confidence, _ message: String,
                item: String? = nil, view: FindingView? = nil, cap: TextSizeCap? = nil) {
        assert(item.map(rule.unit.items.contains) ?? true, "\(rule.id) reports an item its unit does not list")
        let line = file.line(of: i)
        let column = file.column(of: i, line: line)
        findings.append(RawFinding(rule: rule, confidence: confidence, line: line, column: column, message: message,
                                   item: item, inPreview: decls.isInPreview(i), view: view, cap: cap))
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
    /// How deep `content(ofBase:)` has followed view helpers into their bodies.
    var contentDepth = 0

    /// Whether the file names the text size anywhere (a size, a scaling call or `ViewThatFits`):
    /// without one, no code of it is in a branch the text size decides, and no call needs checking.
    lazy var mentionsTextSize: Bool = file.landmarks.contains { landmark in
        let name = file.name(Int(landmark))
        return SwiftAnalyzer.isScaledMarker(name) || name == .ViewThatFits
    }

}
