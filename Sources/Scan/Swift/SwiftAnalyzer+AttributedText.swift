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
    /// in it among its parts (`.font:`, `UIFont...`, `titleFont`).
    func attributedTextBringsFonts(_ value: (start: Int, end: Int), at i: Int) -> Bool {
        attributedTextParts(value, at: i).contains { part in
            part.contains { j in file.isKind(j, .identifier) && file.identifier(j).lowercased().contains("font") }
        }
    }

    /// The first text style font an attributed text set at `i` gives under a `.font` key
    /// (`[.font: UIFont.preferredFont(forTextStyle: .body)]`): the token of its text style call.
    func attributedTextStyleFont(_ value: (start: Int, end: Int), at i: Int) -> Int? {
        for part in attributedTextParts(value, at: i) {
            for j in part where file.name(j) == .font && file.isKind(j - 1, .period) && file.isKind(j + 1, .colon) {
                let end = file.expressionEnd(from: j + 2)
                if let style = (j + 2..<end).first(where: { k in
                    let name = file.name(k)
                    return name == .preferredFont || name == .scaledFont || name == .preferredFontDescriptor
                }) {
                    return style
                }
            }
        }
        return nil
    }
}
