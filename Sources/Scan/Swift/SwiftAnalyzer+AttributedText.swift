/// The fonts an attributed text brings: written in the value set, or in a local the value names,
/// made and given attributes before it is set (`let text = NSMutableAttributedString(...)`,
/// `text.addAttributes([.font: ...], range: ...)`, `label.attributedText = text`).
extension SwiftAnalyzer {
    /// The token ranges that make the attributed text set at `i` to `value`: the value, and for a
    /// local it names, the local's initial value and the calls made on the local before `i`.
    func attributedTextParts(_ value: (start: Int, end: Int), at i: Int) -> [Range<Int>] {
        var parts = [value.start..<value.end]
        guard value.end == value.start + 1, file.isKind(value.start, .identifier),
              let local = decls.variable(named: file.identifier(value.start), visibleAt: i, in: file),
              local.scope >= 0, decls.typeByBrace[local.scope] == nil, local.nameIndex < i else { return parts }
        if local.hasInitializer { parts.append(local.initStart..<local.initEnd) }
        let name = local.name
        var j = local.nameIndex + 1
        while j < i {
            if file.isKind(j, .identifier), !file.isKind(j - 1, .period), file.isKind(j + 1, .period),
               file.isKind(j + 2, .identifier), file.isKind(j + 3, .leftParen), file.identifier(j) == name {
                parts.append(j..<file.after(j + 3))
                j = file.after(j + 3)
                continue
            }
            j += 1
        }
        return parts
    }

    /// Whether the attributed text set at `i` to `value` brings fonts of its own: a name with "font"
    /// in it among its parts (`.font:`, `UIFont...`, `titleFont`), or a helper of this file that
    /// makes it with fonts.
    func attributedTextBringsFonts(_ value: (start: Int, end: Int), at i: Int) -> Bool {
        func mentionsFont(_ range: Range<Int>) -> Bool {
            range.contains { j in file.isKind(j, .identifier) && file.identifier(j).lowercased().contains("font") }
        }
        return attributedTextParts(value, at: i).contains { part in
            mentionsFont(part) || part.contains { j in file.isKind(j, .identifier) && helperBody(called: j).map(mentionsFont) == true }
        }
    }

    /// The first text style font an attributed text set at `i` gives under a `.font` key
    /// (`[.font: UIFont.preferredFont(forTextStyle: .body)]`): the token of its text style call, or
    /// the call of a helper of this file that makes the attributed text with one.
    func attributedTextStyleFont(_ value: (start: Int, end: Int), at i: Int) -> Int? {
        for part in attributedTextParts(value, at: i) {
            if let style = textStyleFontKey(in: part) { return style }
            for j in part where file.isKind(j, .identifier) {
                if let body = helperBody(called: j), textStyleFontKey(in: body) != nil { return j }
            }
        }
        return nil
    }

    /// The text style call under the first `.font:` key in `range` that has one.
    private func textStyleFontKey(in range: Range<Int>) -> Int? {
        for j in range where file.name(j) == .font && file.isKind(j - 1, .period) && file.isKind(j + 1, .colon) {
            let end = file.expressionEnd(from: j + 2)
            if let style = (j + 2..<end).first(where: { k in
                let name = file.name(k)
                return name == .preferredFont || name == .scaledFont || name == .preferredFontDescriptor
            }) {
                return style
            }
        }
        return nil
    }

    /// The body of the function of this file called at `j` (`makeTitle(...)`, `Self.makeTitle(...)`),
    /// when it is one: an attributed text made there brings what the body gives it.
    private func helperBody(called j: Int) -> Range<Int>? {
        guard file.isKind(j + 1, .leftParen), file.name(j) == .none, file.name(j - 1) != .func,
              let function = decls.functions.first(where: { $0.isNamed(file.identifier(j), in: file) }) else { return nil }
        return (function.open + 1)..<function.close
    }
}
