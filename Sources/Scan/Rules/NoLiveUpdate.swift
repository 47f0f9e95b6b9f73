extension RuleUnit {
    static let noLiveUpdate = RuleUnit(
        id: "no-live-update", severity: .major, item: "live-update",
        title: "Text style font that does not follow size changes while the app runs",
        summary: "a text style font without adjustsFontForContentSizeCategory = true, in code or Interface Builder",
        explanation: "A font taken from a text style is sized once, when it is set; without adjustsFontForContentSizeCategory the view keeps that size until it is rebuilt when the reader changes the setting.",
        fix: "Set adjustsFontForContentSizeCategory = true on the label, field or text view (\"Automatically Adjusts Font\" in Interface Builder).",
        noun: ("font without live updates", "fonts without live updates"),
        mustTrigger: [
            Example("func make() -> UILabel { let label = UILabel(); label.font = .preferredFont(forTextStyle: .body); return label }"),
            Example("View.xib", #"<document><objects><label numberOfLines="0" id="a"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label></objects></document>"#),
        ],
        mustNotTrigger: [
            Example("func make() -> UILabel { let label = UILabel(); label.font = .preferredFont(forTextStyle: .body); label.adjustsFontForContentSizeCategory = true; return label }"),
        ],
        swift: [
            .property("adjustsFontForContentSizeCategory") { $0.checkAdjustsFontForContentSizeCategory($1) },
            .property("font") { $0.noteFontAssignment($1) },
            .property("attributedText") { $0.noteAttributedTextFont($1) },
            .endOfFile { $0.resolveLiveUpdates() },
        ],
        interfaceBuilder: [
            .element("label", "textField", "textView", "button") { $0.checkTextStyleLiveUpdate($1, $2) },
        ])
}

extension ScanRule {
    public static let noLiveUpdate = ScanRule(.noLiveUpdate)
}

/// The text style fonts a file sets on views and the live updates it turns on, paired once the file
/// has been read.
final class LiveUpdateNotes: FileNotes {
    struct FontAssignment {
        var receiver: SwiftAnalyzer.Receiver
        var nameIndex: Int
        var kind: UIKitClass
        var certain: Bool
    }

    struct Update {
        var key: String
        var scope: Int
        /// The declaration the receiver's first name resolves to (its name's token), -1 for none,
        /// -2 until it is looked up.
        var declaration: Int = -1
        var position: Int = -1
        var receiver: SwiftAnalyzer.Receiver?
    }

    var fontAssignments: [FontAssignment] = []
    var updates: [Update] = []
    /// `adjustsFontForContentSizeCategory = true` set through a helper the scan cannot follow.
    var throughHelper = false
    /// The bracket (`SwiftFile.parent`) of the last font assignment and of the last live update
    /// noted: a statement that repeats one for the same receiver in the same bracket decides
    /// nothing new, as everything `resolveLiveUpdates` asks of a place depends on its bracket.
    var lastFontBracket: Int32 = -2
    var lastUpdateBracket: Int32 = -2

    init() {
        // Room for a usual file's live updates: one buffer instead of one growth after another.
        updates.reserveCapacity(16)
    }
}

/// Text style fonts set in code, and the live updates that cover them.
extension SwiftAnalyzer {
    func checkAdjustsFontForContentSizeCategory(_ i: Int) {
        guard let value = assignmentValue(i), isTrue(value) || isFalse(value),
              let (_, receiver) = assignment(i, value: value) else { return }
        if isTrue(value) {
            signs[.liveUpdate, default: 0] += 1
            noteLiveUpdate(receiver, at: i)
        } else if isFalse(value) {
            let (kind, _) = receiverClass(receiver, property: "adjustsFontForContentSizeCategory", at: i)
            if kind == .notAView || kind == .otherView { return }
            let who = describe(receiver, as: kind?.noun ?? "view")
            report(.noLiveUpdate, at: i, .high,
                   "adjustsFontForContentSizeCategory = false keeps \(who) at the text size it started with when the reader changes the setting. Set it to true.")
        }
    }

    func noteLiveUpdate(_ receiver: Receiver, at i: Int) {
        let live = notes(LiveUpdateNotes.self)
        // Only a key whose first byte is `$` can start with the character `$`: most are not asked.
        if receiver.key.utf8.first == UInt8(ascii: "$") && receiver.key.hasPrefix("$") {
            let scope = file.enclosingBrace(of: i) ?? -1
            // `[a, b].forEach { $0.adjustsFontForContentSizeCategory = true }` covers a and b.
            if scope > 0 && (file.isKind(scope - 1, .identifier) || file.isKind(scope - 1, .rightParen)) {
                let base = file.chainStart(endingAt: scope - 1)
                if file.isKind(base, .leftBracket) {
                    for argument in file.arguments(base) where argument.end > argument.start {
                        var key = file.text(tokens: argument.start, through: argument.end - 1)
                        if key.hasPrefix("self.") { key.removeFirst(5) }
                        live.updates.append(LiveUpdateNotes.Update(key: key, scope: -1))
                    }
                    live.updates.append(LiveUpdateNotes.Update(key: receiver.key, scope: scope))
                    return
                }
            }
            live.updates.append(LiveUpdateNotes.Update(key: receiver.key, scope: scope))
            if receiverClassIsUnknownSubject(i) { live.throughHelper = true }
            return
        }
        let bracket = file.parent[i]
        if live.lastUpdateBracket == bracket, let last = live.updates.last, last.declaration == -2,
           let previous = last.receiver, isWrittenAlike(previous, receiver) {
            return
        }
        live.lastUpdateBracket = bracket
        if !receiver.isSelf && decls.anyEnclosingFunction(of: i, in: file, where: { $0.hasParameter(named: receiver.key, in: file) }) {
            live.throughHelper = true
        }
        // Which declaration it is matters only to a file that sets text style fonts: left to then.
        live.updates.append(LiveUpdateNotes.Update(key: receiver.key, scope: -1, declaration: -2, position: i, receiver: receiver))
    }

    /// Whether two receivers are written alike, as a repeated statement's are: one key is not enough,
    /// as `self.title` and `title` share it but not always a declaration.
    private func isWrittenAlike(_ a: Receiver, _ b: Receiver) -> Bool {
        a.key == b.key && a.isSelf == b.isSelf && a.typeName == b.typeName && file.sameText(a.start, b.start)
    }

    /// The declaration the first name of `receiver` resolves to at `i` (the token of its name), or
    /// -1: two closures that each declare a `label` hold two labels, not one.
    func declaration(of receiver: Receiver, at i: Int) -> Int {
        guard !receiver.isSelf, file.isKind(receiver.start, .identifier), file.name(receiver.start) != .`self` else { return -1 }
        // What a name resolves to depends only on the brackets around `i`: statements in a row ask
        // about the same name in the same bracket, and get the last answer again.
        let scope = file.parent[i]
        if let last = memo.lastDeclaration, last.scope == scope, file.sameText(last.name, receiver.start) { return last.found }
        let found = decls.variable(named: file.identifier(receiver.start), visibleAt: i, in: file)?.nameIndex ?? -1
        memo.lastDeclaration = (receiver.start, scope, found)
        return found
    }

    func receiverClassIsUnknownSubject(_ i: Int) -> Bool {
        closureSubjectClass(i).0 == nil
    }

    /// Notes a text style font set on a label, field or text view, for `resolveLiveUpdates`.
    func noteFontAssignment(_ i: Int) {
        guard let assigned = assignmentValue(i) else { return }
        var textStyle = false
        var value = assigned
        if value.end == value.start + 1, file.isKind(value.start, .identifier),
           let local = decls.variable(named: file.identifier(value.start), visibleAt: i, in: file),
           local.hasInitializer, local.scope >= 0, decls.typeByBrace[local.scope] == nil {
            // `let font = UIFont.preferredFont(...)` then `label.font = font`.
            value = (local.initStart, local.initEnd)
        }
        for j in value.start..<value.end {
            let name = file.name(j)
            if name == .withSize { return } // A fixed size: fixed-font-size covers it.
            if name == .preferredFont || name == .scaledFont || name == .preferredFontDescriptor || name == .UIFontMetrics {
                textStyle = true
            }
        }
        guard textStyle, let (_, receiver) = assignment(i, value: assigned) else { return }
        let (kind, certain) = receiverClass(receiver, property: "font", at: i)
        guard let kind, kind.isTextView else { return }
        let live = notes(LiveUpdateNotes.self)
        let bracket = file.parent[i]
        if live.lastFontBracket == bracket, let last = live.fontAssignments.last, last.kind == kind, last.certain == certain,
           isWrittenAlike(last.receiver, receiver) {
            return
        }
        live.lastFontBracket = bracket
        live.fontAssignments.append(LiveUpdateNotes.FontAssignment(receiver: receiver, nameIndex: i, kind: kind, certain: certain))
    }

    /// Notes a text style font that an attributed text brings to a label, field or text view, at
    /// the font: the view sizes it once, as it would a font set directly.
    func noteAttributedTextFont(_ i: Int) {
        guard let value = assignmentValue(i), let style = attributedTextStyleFont(value, at: i),
              let (_, receiver) = assignment(i, value: value) else { return }
        let (kind, certain) = receiverClass(receiver, property: "attributedText", at: i)
        guard let kind, kind.isTextView, !isOutletOfUnscannedNib(receiver, at: i) else { return }
        let live = notes(LiveUpdateNotes.self)
        live.lastFontBracket = -2
        live.fontAssignments.append(LiveUpdateNotes.FontAssignment(receiver: receiver, nameIndex: style, kind: kind, certain: certain))
    }

    /// An outlet that no scanned Interface Builder file connects: its nib, which may turn on live
    /// updates, is not among the files scanned.
    func isOutletOfUnscannedNib(_ receiver: Receiver, at i: Int) -> Bool {
        guard !receiver.isSelf, file.isKind(receiver.last, .identifier) else { return false }
        let name = file.identifier(receiver.last)
        guard let variable = decls.variable(named: name, visibleAt: i, in: file), variable.isOutlet else { return false }
        return !isNibOutlet(name, at: i, in: index.nibOutlets)
    }

    /// Whether `outlets` (keyed as `InterfaceBuilderAnalyzer.outlets` keys them) holds the outlet
    /// `name` of the type around `i`, or an outlet of that name whose owner the file does not name.
    func isNibOutlet(_ name: String, at i: Int, in outlets: Set<String>) -> Bool {
        if outlets.contains(name) { return true }
        guard let type = decls.enclosingType(of: i, in: file) else { return false }
        return outlets.contains(type.name + "." + name)
    }

    /// The file sets fonts again when the text size changes (trait changes, the content size
    /// notification): fonts it sets may be refreshed by hand rather than by UIKit.
    func refreshesFontsOnSizeChange() -> Bool {
        // Each of these is a name the lexer resolves: only the landmarks need reading.
        file.landmarks.contains { landmark in
            let j = Int(landmark)
            switch file.name(j) {
            case .traitCollectionDidChange, .registerForTraitChanges, .UIContentSizeCategoryDidChange, .contentSizeCategoryDidChange:
                return true
            case .didChangeNotification:
                return file.name(j - 2) == .UIContentSizeCategory
            default:
                return false
            }
        }
    }

    /// Reports each text style font set on a view that no live update covers, once the whole file
    /// has been read: the live update may come before or after the font.
    func resolveLiveUpdates() {
        guard let live = notes.existing(LiveUpdateNotes.self), !live.fontAssignments.isEmpty else { return }
        noteLiveUpdateMethodCalls()
        for k in live.updates.indices where live.updates[k].declaration == -2 {
            live.updates[k].declaration = live.updates[k].receiver.map { declaration(of: $0, at: live.updates[k].position) } ?? -1
        }
        let refreshes = refreshesFontsOnSizeChange()
        var reported: Set<String> = []
        for assignment in live.fontAssignments {
            let receiver = assignment.receiver
            let i = assignment.nameIndex
            let declaration = declaration(of: receiver, at: i)
            let covered = live.updates.contains { update in
                update.key == receiver.key && (update.scope < 0 || file.isAncestor(update.scope, of: i))
                    && (update.declaration < 0 || declaration < 0 || update.declaration == declaration)
            }
            if covered { continue }
            if receiver.isSelf, let type = decls.enclosingType(of: i, in: file), index.liveUpdateTypes.contains(type.name) {
                continue
            }
            if !receiver.isSelf, file.isKind(receiver.last, .identifier) {
                let name = file.identifier(receiver.last)
                if let type = declaredType(of: name, at: i), index.liveUpdateTypes.contains(type) { continue }
                if isNibOutlet(name, at: i, in: index.liveUpdateOutlets) { continue }
            }
            if refreshes, decls.anyEnclosingFunction(of: i, in: file, where: { $0.isNamed("traitCollectionDidChange", in: file) }) {
                continue
            }
            let key = receiver.isSelf ? "self@\(decls.enclosingType(of: i, in: file)?.name ?? "")" : "\(receiver.key)@\(declaration)"
            guard reported.insert(key).inserted else { continue }
            var confidence: Finding.Confidence = assignment.certain ? .high : .medium
            if live.throughHelper || refreshes { confidence = .low }
            if !receiver.isSelf, file.isKind(receiver.last, .identifier),
               let variable = decls.variable(named: file.identifier(receiver.last), visibleAt: i, in: file), variable.isOutlet {
                // The nib may turn it on; the scan checks the nibs it was given.
                confidence = confidence == .high ? .medium : confidence
            }
            let who = describe(receiver, as: assignment.kind.noun)
            report(.noLiveUpdate, at: i, confidence,
                   "\(who) gets a text style font but never sets adjustsFontForContentSizeCategory = true, so it keeps its first size when the reader changes the setting. Set it to true where the font is set.")
        }
    }
}

/// Text style fonts in Interface Builder without "Automatically Adjusts Font".
extension InterfaceBuilderAnalyzer {
    /// A text style font set on a label, field, text view or button without "Automatically Adjusts Font".
    func checkTextStyleLiveUpdate(_ position: Int, _ element: MarkupElement) {
        guard element.value("adjustsFontForContentSizeCategory") != "YES" else { return }
        // A text style font set on the element itself.
        let elements = document.elements
        var k = position + 1
        while k < elements.count && k < position + 400 {
            let child = elements[k]
            if child.parent == position, child.name == "fontDescription", child.value("key") == "fontDescription" {
                if child.value("style") != nil {
                    if let custom = element.value("customClass"), index.liveUpdateTypes.contains(custom) { return }
                    if codeRestyles(position, liveUpdate: true) { return }
                    if element.name == "button" {
                        report(.noLiveUpdate, offset: element.offset, confidence(position),
                               "\(capitalized(describe(element))) has a text style title font, but a button's title does not follow size changes by itself, so it keeps its first size when the reader changes the setting. Set titleLabel?.adjustsFontForContentSizeCategory = true in code.")
                        return
                    }
                    report(.noLiveUpdate, offset: element.offset, confidence(position),
                           "\(capitalized(describe(element))) uses a text style but \"Automatically Adjusts Font\" is off, so it keeps its first size when the reader changes the setting. Turn it on in the Attributes inspector.")
                }
                return
            }
            if !isDescendant(k, of: position) { return }
            k += 1
        }
    }
}
