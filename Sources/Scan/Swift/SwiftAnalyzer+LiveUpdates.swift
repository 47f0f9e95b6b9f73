/// no-live-update in code: text style fonts set on views, and the live updates that cover them.
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
        let scope = file.enclosingBrace(of: i) ?? -1
        if receiver.key.hasPrefix("$") {
            // `[a, b].forEach { $0.adjustsFontForContentSizeCategory = true }` covers a and b.
            if scope > 0 && (file.isKind(scope - 1, .identifier) || file.isKind(scope - 1, .rightParen)) {
                let base = file.chainStart(endingAt: scope - 1)
                if file.isKind(base, .leftBracket) {
                    for argument in file.arguments(base) where argument.end > argument.start {
                        var key = file.text(tokens: argument.start, through: argument.end - 1)
                        if key.hasPrefix("self.") { key.removeFirst(5) }
                        liveUpdates.append(LiveUpdate(key: key, scope: -1))
                    }
                    liveUpdates.append(LiveUpdate(key: receiver.key, scope: scope))
                    return
                }
            }
            liveUpdates.append(LiveUpdate(key: receiver.key, scope: scope))
            if receiverClassIsUnknownSubject(i) { liveUpdateThroughHelper = true }
            return
        }
        if !receiver.isSelf && decls.anyEnclosingFunction(of: i, in: file, where: { $0.parameters(in: file).contains(receiver.key) }) {
            liveUpdateThroughHelper = true
        }
        // Which declaration it is matters only to a file that sets text style fonts: left to then.
        liveUpdates.append(LiveUpdate(key: receiver.key, scope: -1, declaration: -2, position: i, receiver: receiver))
    }

    /// The declaration the first name of `receiver` resolves to at `i` (the token of its name), or
    /// -1: two closures that each declare a `label` hold two labels, not one.
    func declaration(of receiver: Receiver, at i: Int) -> Int {
        guard !receiver.isSelf, file.isKind(receiver.start, .identifier), file.name(receiver.start) != .`self` else { return -1 }
        return decls.variable(named: file.identifier(receiver.start), visibleAt: i, in: file)?.nameIndex ?? -1
    }

    func receiverClassIsUnknownSubject(_ i: Int) -> Bool {
        closureSubjectClass(i).0 == nil
    }

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
        fontAssignments.append(FontAssignment(receiver: receiver, nameIndex: i, kind: kind, certain: certain))
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

    func resolveLiveUpdates() {
        guard !fontAssignments.isEmpty else { return }
        for k in liveUpdates.indices where liveUpdates[k].declaration == -2 {
            liveUpdates[k].declaration = liveUpdates[k].receiver.map { declaration(of: $0, at: liveUpdates[k].position) } ?? -1
        }
        let refreshes = refreshesFontsOnSizeChange()
        var reported: Set<String> = []
        for assignment in fontAssignments {
            let receiver = assignment.receiver
            let i = assignment.nameIndex
            let declaration = declaration(of: receiver, at: i)
            let covered = liveUpdates.contains { update in
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
                if index.liveUpdateOutlets.contains(name) { continue }
            }
            if refreshes, decls.anyEnclosingFunction(of: i, in: file, where: { $0.name == "traitCollectionDidChange" }) {
                continue
            }
            let key = receiver.isSelf ? "self@\(decls.enclosingType(of: i, in: file)?.name ?? "")" : "\(receiver.key)@\(declaration)"
            guard reported.insert(key).inserted else { continue }
            var confidence: Finding.Confidence = assignment.certain ? .high : .medium
            if liveUpdateThroughHelper || refreshes { confidence = .low }
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
