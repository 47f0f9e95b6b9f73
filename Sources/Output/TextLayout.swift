/// Measures and lays out text for a terminal: column widths that account for wide characters,
/// tables, progress bars, and control characters made visible so no stored text can move the cursor.
public enum TextLayout {
    /// The number of terminal columns `text` takes (wide East Asian characters and emoji take two,
    /// combining marks none). Colour escapes are not counted.
    public static func width(_ text: String) -> Int {
        // Most cells of a table are plain ASCII: one column per byte, no Unicode tables to ask.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            width += scalarWidth(scalar)
        }
        return width
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7f..<0xa0).contains(value) { return 0 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        if properties.isEmojiPresentation { return 2 }
        // East Asian wide and full-width ranges.
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    /// `text` with control characters (line breaks, escapes, NUL) shown as visible symbols, for
    /// one-line terminal output of user-provided names and notes.
    public static func singleLine(_ text: String) -> String {
        // Printable ASCII, most text, comes back as it is instead of being rebuilt a scalar at a time.
        var text = text
        if text.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "⏎ "
            case 0x09: result += " "
            case 0x00..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result += "␡"
            case _ where scalar.isUnsafeToShow:
                // C1 controls, line separators, bidirectional controls and other invisible
                // characters could break the line, or reorder or hide what follows.
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Pads `text` with spaces to `width` columns.
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let missing = max(0, width - self.width(text))
        let padding = String(repeating: " ", count: missing)
        return alignRight ? padding + text : text + padding
    }

    /// Cuts `text` to at most `width` columns, ending with an ellipsis when something was cut.
    /// Colour escapes are kept whole and a cut one is closed, so a cut never bleeds colour.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard self.width(text) > width else { return text }
        var result = ""
        var used = 0
        var inEscape = false
        var coloured = false
        for character in text {
            if inEscape || character == "\u{1B}" {
                result.append(character)
                inEscape = character != "m"
                coloured = true
                continue
            }
            let characterWidth = character.unicodeScalars.reduce(0) { $0 + scalarWidth($1) }
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + (width > 0 ? "…" : "") + (coloured ? "\u{1B}[0m" : "")
    }

    /// A bar of `width` cells filled in proportion to `fraction` (0...1).
    public static func bar(_ fraction: Double, width: Int) -> String {
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = Int((clamped * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// `part` as a whole percentage of `total`, rounded to the nearest, but never 100 unless whole
    /// and never 0 unless nothing: the terminal and the reports give the same figures.
    public static func percent(_ part: Int, of total: Int) -> Int {
        guard total > 0 else { return 0 }
        var value = (part * 100 + total / 2) / total
        if value == 100 && part < total { value = 99 }
        if value == 0 && part > 0 { value = 1 }
        return value
    }

    /// `text` broken between words into lines of at most `width` columns: each line keeps the
    /// spaces `text` has between its words (a line that fits comes back as it was), a break drops
    /// the spaces it falls on, and every line after the first is indented by `hanging` spaces. A
    /// word wider than a line stands alone on its own; colour escapes never count and never split.
    public static func wrap(_ text: String, width: Int, hanging: Int) -> [String] {
        guard self.width(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        var wordsOnLine = 0
        var rest = Substring(text)
        while !rest.isEmpty {
            let spaces = rest.prefix { $0 == " " }
            let word = rest.dropFirst(spaces.count).prefix { $0 != " " }
            rest = rest.dropFirst(spaces.count + word.count)
            let wordWidth = self.width(String(word))
            if wordsOnLine > 0 && used + spaces.count + wordWidth > width {
                lines.append(line)
                line = String(repeating: " ", count: hanging) + word
                used = hanging + wordWidth
            } else {
                line += spaces + word
                used += spaces.count + wordWidth
            }
            if !word.isEmpty { wordsOnLine += 1 }
        }
        lines.append(line)
        return lines
    }

    /// Words of `text` wrapped into lines of at most `width` columns.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if self.width(line) + 1 + self.width(String(word)) <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}

/// A text table: columns padded to their widest cell, with an optional header.
public struct TextTable {
    public enum Alignment { case left, right }

    private var header: [String]?
    private var alignments: [Alignment]
    private var rows: [[String]] = []

    /// Columns that give up room when the table is too wide, first to last (by default the
    /// left-aligned ones, widest first).
    private var yielding: [Int]?

    /// The last column, when its cells wrap at words onto lines of their own instead of being cut,
    /// and the fewest columns it keeps.
    private var wrapping: (column: Int, least: Int)?

    public init(header: [String]? = nil, alignments: [Alignment] = [], yielding: [Int]? = nil, wrapping: (column: Int, least: Int)? = nil) {
        self.header = header
        self.alignments = alignments
        self.yielding = yielding
        self.wrapping = wrapping
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// The table's lines, each indented by `indent` spaces; the header styled with `headerStyle`.
    /// Given a `width` (the terminal's), rows never run past it: the widest text columns give
    /// up room first and cut their cells with an ellipsis, and a row is never wrapped.
    public func render(indent: Int = 0, width limit: Int? = nil, headerStyle: (String) -> String = { $0 },
                       separator: String = "  ") -> [String] {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextLayout.width(cell)) }
        }
        if let limit { widths = fitted(widths, into: limit - indent - TextLayout.width(separator) * max(0, columns - 1)) }
        let margin = String(repeating: " ", count: indent)
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in row.enumerated() {
                let alignment = index < alignments.count ? alignments[index] : .left
                let isLast = index == row.count - 1
                let shown = TextLayout.truncate(cell, to: widths[index])
                if isLast && alignment == .left {
                    parts.append(shown)
                } else {
                    parts.append(TextLayout.pad(shown, to: widths[index], alignRight: alignment == .right))
                }
            }
            let text = margin + parts.joined(separator: separator)
            return limit.map { TextLayout.truncate(text, to: $0) } ?? text
        }
        /// A row whose wrapping cell is too wide: that cell's words on as many lines as they take,
        /// each under the column.
        func wrapped(_ row: [String]) -> [String] {
            guard limit != nil, let column = wrapping?.column, column == row.count - 1, column < widths.count,
                  TextLayout.width(row[column]) > widths[column] else { return [line(row)] }
            let pieces = TextLayout.wrap(row[column], width: widths[column], hanging: 0)
            var first = row
            first[column] = pieces[0]
            let under = String(repeating: " ", count: indent + widths[..<column].reduce(0, +) + TextLayout.width(separator) * column)
            return [line(first)] + pieces.dropFirst().map { TextLayout.truncate(under + $0, to: limit ?? .max) }
        }
        var lines: [String] = []
        if let header { lines.append(headerStyle(line(header))) }
        lines += rows.flatMap(wrapped)
        return lines
    }
}

extension TextTable {
    /// Removes whole columns of `candidates`, in order, while the rest cannot fit `width` with
    /// every yielding column at its narrowest, or while fitting would cut the column `keeping`
    /// names below `room` characters (its widest cell, when narrower): a column better left out
    /// than the one a reader looks rows up by cut to a few letters. Returns the headers of the
    /// columns left out.
    public mutating func leaveOut(_ candidates: [Int], toFit width: Int?, keeping: (column: Int, room: Int)? = nil, indent: Int = 0,
                                  separator: String = "  ") -> [String] {
        guard let width else { return [] }
        var removed: [String] = []
        var gone: [Int] = []
        for column in candidates {
            let all = (header.map { [$0] } ?? []) + rows
            let count = all.map(\.count).max() ?? 0
            var widths = [Int](repeating: 0, count: count)
            for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextLayout.width(cell)) } }
            let room = width - indent - TextLayout.width(separator) * max(0, count - 1)
            let fit = fitted(widths, into: room)
            // The kept column moves left for each one before it that has gone, as the candidates do.
            let kept = keeping.map { (index: $0.column - gone.filter { [column = $0.column] in $0 < column }.count, room: $0.room) }
            let cut = kept.map { fit[$0.index] < min(widths[$0.index], $0.room) } ?? false
            guard fit.reduce(0, +) > room || cut, column - gone.filter({ $0 < column }).count < count else { break }
            // A column moves left for each one before it that has gone.
            let index = column - gone.filter { $0 < column }.count
            gone.append(column)
            removed.append(header.map { $0.indices.contains(index) ? $0[index] : "" } ?? "")
            header = header.map { row in var row = row; if row.indices.contains(index) { row.remove(at: index) }; return row }
            rows = rows.map { row in var row = row; if row.indices.contains(index) { row.remove(at: index) }; return row }
            if index < alignments.count { alignments.remove(at: index) }
            yielding = yielding?.compactMap { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
            wrapping = wrapping.flatMap { $0.column == index ? nil : $0.column > index ? ($0.column - 1, $0.least) : $0 }
        }
        return removed
    }

    /// Column widths narrowed to `room` in all, one yielding column at a time down to a few
    /// characters (its header's width at least), so that the columns read first stay whole.
    func fitted(_ widths: [Int], into room: Int) -> [Int] {
        var widths = widths
        let order = yielding ?? widths.indices
            .filter { $0 >= alignments.count || alignments[$0] == .left }
            .sorted { (widths[$1], $0) < (widths[$0], $1) }
        for column in order where column < widths.count {
            let excess = widths.reduce(0, +) - room
            guard excess > 0 else { break }
            var narrowest = max(6, header.map { TextLayout.width($0.indices.contains(column) ? $0[column] : "") } ?? 0)
            if let wrapping, wrapping.column == column { narrowest = max(narrowest, wrapping.least) }
            widths[column] -= min(excess, max(0, widths[column] - narrowest))
        }
        return widths
    }
}
