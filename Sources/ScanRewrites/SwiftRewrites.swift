import DynamicType
import Scan

/// The rewrites of findings in Swift files. Each matches the exact form it knows at the finding's
/// position and otherwise leaves the finding to a person with a reason: a rewrite that might not
/// compile is never made.
enum SwiftRewrites {
    /// The rewrite of `finding`, whose line and column lie at byte `offset` of `source` (nil when the
    /// line is shorter than that).
    /// `frames` are the fixed heights left in the file: a font is not given a style they cannot hold.
    static func rewrite(_ finding: Finding, at offset: Int?, in source: SourceText, frames: inout FixedFrames) -> Outcome {
        guard let offset else {
            return .suggestion("the line has changed since the scan")
        }
        func held(_ style: TextStyle, _ spelled: String) -> String? {
            frames.reason(around: finding.view?.span, for: style, spelled: spelled)
        }
        func heldView(_ receiver: String, _ style: TextStyle, _ points: Double, _ spelled: String) -> String? {
            frames.reason(on: receiver, created: finding.view?.height, scaling: points, with: style, spelled: spelled)
        }
        let outcome: Outcome? = switch finding.rule {
        case .fixedFontSize: swiftUISystemFont(source, offset, held) ?? customFixedSize(source, offset, held) ?? uiKitFont(source, offset, finding, heldView)
        case .singleLine: removedModifier("lineLimit", source, offset, only: "1") ?? propertyValue("numberOfLines", from: "1", to: "0", source, offset)
        case .shrinksText: removedModifier("minimumScaleFactor", source, offset, only: nil) ?? removedStatement("adjustsFontSizeToFitWidth", value: "true", source, offset)
        case .fixedHeightText: minimumHeightFrame(source, offset) ?? minimumHeightConstraint(source, offset)
        case .noLiveUpdate: liveUpdate(source, offset)
        // A symbol's size, a capped text size, and any rule added later: no mechanical rewrite.
        default: nil
        }
        return outcome ?? .suggestion("no automatic rewrite for this form: " + finding.rule.fix)
    }

    /// The number written in `bytes` (digits, at most one period, not first), or nil: a whole
    /// number is read at once, others as `Double` reads them.
    static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        if !bytes.isEmpty && bytes.count <= 9 && bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Double(bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return isNumber(text) ? Double(text) : nil
    }

    static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") } && text.utf8.first != UInt8(ascii: ".")
    }

    /// `.system(size: N[, weight: W][, design: D])` to `.system(.style[, design: D])[.weight(W)]`.
    static func swiftUISystemFont(_ source: SourceText, _ offset: Int, _ held: (TextStyle, String) -> String? = { _, _ in nil }) -> Outcome? {
        guard source.identifier("system", at: offset), offset > 0, source.bytes[offset - 1] == UInt8(ascii: ".") else { return nil }
        let open = source.skipSpaces(from: offset + 6)
        guard let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard let first = arguments.first, first.label == "size" else { return nil }
        var weight: String?
        var design: String?
        for argument in arguments.dropFirst() {
            switch argument.label {
            case "weight": weight = argument.value
            case "design": design = argument.value
            default: return .suggestion("the font has arguments a text style font does not take")
            }
        }
        guard isNumber(first.value), let size = Double(first.value) else {
            return .suggestion("the size is not a number written in the code: use a text style, or scale it with @ScaledMetric")
        }
        let choice = TextStyleChoice(pointSize: size)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: first.value)!) }
        if let reason = held(style, "." + source.text(offset..<close)) { return .suggestion(reason) }
        let name = TextStyleChoice.swiftUIName(style)
        var replacement = "system(.\(name)" + (design.map { ", design: \($0)" } ?? "") + ")"
        if let weight { replacement += ".weight(\(weight))" }
        return .rewrite([Edit(offset..<close, replacement)], "`.\(source.text(offset..<close))` to `.\(replacement)`")
    }

    /// `.custom(NAME, fixedSize: N)` to `.custom(NAME, size: N, relativeTo: .style)`.
    static func customFixedSize(_ source: SourceText, _ offset: Int, _ held: (TextStyle, String) -> String? = { _, _ in nil }) -> Outcome? {
        guard source.identifier("custom", at: offset) else { return nil }
        let open = source.skipSpaces(from: offset + 6)
        guard let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard arguments.count == 2, arguments[0].label == nil, arguments[1].label == "fixedSize" else { return nil }
        guard isNumber(arguments[1].value), let size = Double(arguments[1].value) else {
            return .suggestion("the size is not a number written in the code: use Font.custom(_:size:relativeTo:)")
        }
        let choice = TextStyleChoice(pointSize: size)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: arguments[1].value)!) }
        if let reason = held(style, "." + source.text(offset..<close)) { return .suggestion(reason) }
        let replacement = "custom(\(arguments[0].value), size: \(arguments[1].value), relativeTo: .\(TextStyleChoice.swiftUIName(style)))"
        return .rewrite([Edit(offset..<close, replacement)], "`.\(source.text(offset..<close))` to `.\(replacement)`")
    }

    /// `RECEIVER.font = ...` of a text style font on a label, field or text view: the view follows size
    /// changes, on the line after.
    static func liveUpdate(_ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier("font", at: offset), offset > 0, source.bytes[offset - 1] == UInt8(ascii: ".") else { return nil }
        let line = source.line(of: offset)
        // Only the view's path may precede `.font` on its line.
        guard let receiver = wholeLineReceiver(endingAt: offset - 1, line: line, in: source) else { return nil }
        let name = receiver.split(separator: ".").last.map { String($0.filter { $0 != "?" }) } ?? receiver
        guard holdsText(name, in: source) else {
            return .suggestion("the file does not show that '\(receiver)' is a label, text field or text view: set adjustsFontForContentSizeCategory = true on it")
        }
        // The statement must end on its line (a comment may follow it), so that the new line follows it.
        let end = source.lineEnd(line)
        var value = source.skipSpaces(from: offset + 4)
        guard value < end, source.bytes[value] == UInt8(ascii: "=") else { return nil }
        value = source.skipSpaces(from: value + 1)
        let last = source.expressionEnd(from: value, before: end)
        guard last > value, source.onlyCommentFollows(last, end), source.bytes[last - 1] == UInt8(ascii: ")")
                || (last - 1 > value && source.bytes[last - 1] == UInt8(ascii: "!") && source.bytes[last - 2] == UInt8(ascii: ")")) else { return nil }
        return .rewrite([Edit(end..<end, source.lineEnding + source.indentation(ofLine: line) + receiver + ".adjustsFontForContentSizeCategory = true")],
                        "`\(receiver)` follows size changes")
    }

    /// A UIKit font of a fixed size assigned to a view's `font`, scaled with `UIFontMetrics`; the view
    /// also follows size changes when the file shows it is a label, text field or text view.
    /// `held` says why the scaled font would be certain to break on the view it is assigned to.
    static func uiKitFont(_ source: SourceText, _ offset: Int, _ finding: Finding,
                          _ held: (String, TextStyle, Double, String) -> String? = { _, _, _, _ in nil }) -> Outcome? {
        let bytes = source.bytes
        var start = offset
        var open: Int
        var sizeLabel: String
        if source.identifier("UIFont", at: offset) {
            // UIFont(name:size:)
            open = source.skipSpaces(from: offset + 6)
            sizeLabel = "size"
        } else if let name = ["systemFont", "boldSystemFont", "italicSystemFont", "monospacedDigitSystemFont", "monospacedSystemFont"]
            .first(where: { source.identifier($0, at: offset) }) {
            open = source.skipSpaces(from: offset + name.utf8.count)
            sizeLabel = "ofSize"
            guard offset > 0, bytes[offset - 1] == UInt8(ascii: ".") else { return nil }
            start = offset - 1
            if start >= 6, source.identifier("UIFont", at: start - 6) { start -= 6 }
        } else {
            return nil
        }
        guard let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard let size = arguments.first(where: { $0.label == sizeLabel }) else { return nil }
        guard isNumber(size.value), let points = Double(size.value) else {
            return .suggestion("the size is not a number written in the code: scale it with UIFontMetrics(forTextStyle:).scaledFont(for:)")
        }
        let choice = TextStyleChoice(pointSize: points)
        guard case let .style(style) = choice else { return .suggestion(choice.reason(for: size.value)!) }
        guard source.index.importsUIKit else {
            return .suggestion("the file does not import UIKit, where UIFontMetrics is")
        }
        // Only `RECEIVER.font = FONT` ending the statement: elsewhere the scaled font may not fit the code.
        let line = source.line(of: offset)
        let lineStart = source.lineStarts[line - 1]
        var assignment = start
        while assignment > lineStart && SourceText.isTrimmed(bytes[assignment - 1]) { assignment -= 1 }
        let operatorText = Array(".font =".utf8)
        guard assignment - operatorText.count >= lineStart, bytes[assignment - operatorText.count..<assignment].elementsEqual(operatorText),
              let receiver = wholeLineReceiver(endingAt: assignment - operatorText.count, line: line, in: source) else {
            return .suggestion("the font is not assigned to a view's font: wrap it in UIFontMetrics(forTextStyle: .\(style.rawValue)).scaledFont(for:) where it is used")
        }
        var end = close
        let forced = end < bytes.count && bytes[end] == UInt8(ascii: "!")
        if forced { end += 1 }
        let lineEnd = source.lineEnd(line)
        guard source.onlyCommentFollows(end, lineEnd) else { return .suggestion("more code follows the font on its line") }
        let original = source.text(start..<end)
        if let reason = held(receiver, style, points, original) { return .suggestion(reason) }
        let metrics = "UIFontMetrics(forTextStyle: .\(TextStyleChoice.uiKitName(style)))"
        // UIFont(name:size:) is optional: a forced one stays forced; an optional one falls back to the
        // system font of the same size, where before the view would have fallen back to its default.
        let replacement = sizeLabel == "size" && !forced
            ? "\(metrics).scaledFont(for: \(original) ?? .systemFont(ofSize: \(size.value)))"
            : "\(metrics).scaledFont(for: \(original))"
        var edits = [Edit(start..<end, replacement)]
        var summary = "`\(original)` scaled with `\(metrics)`"
        let name = receiver.split(separator: ".").last.map { String($0.filter { $0 != "?" }) } ?? receiver
        if !source.index.setsLiveUpdate(receiver) {
            if holdsText(name, in: source) {
                edits.append(Edit(lineEnd..<lineEnd, source.lineEnding + source.indentation(ofLine: line) + receiver + ".adjustsFontForContentSizeCategory = true"))
                summary += ", and `\(receiver)` follows size changes"
            }
        }
        return .rewrite(edits, summary)
    }

    /// Whether the file declares `name` as a label, text field or text view (or it is a button's or
    /// cell's `titleLabel`/`textLabel`), so that it has `adjustsFontForContentSizeCategory`.
    static func holdsText(_ name: String, in source: SourceText) -> Bool {
        ["titleLabel", "textLabel", "detailTextLabel"].contains(name) || source.index.declaresTextHolder(name)
    }

    /// The view's path that is all the line holds before `end` (white space aside): identifiers,
    /// periods and question marks. Read back from `end`, so that many findings on one line never read
    /// the line from its start each.
    static func wholeLineReceiver(endingAt end: Int, line: Int, in source: SourceText) -> String? {
        let lineStart = source.lineStarts[line - 1]
        var last = end
        while last > lineStart && SourceText.isTrimmed(source.bytes[last - 1]) { last -= 1 }
        let first = max(lineStart, source.runStart(endingAt: last) { isPathByte($0) })
        guard first < last else { return nil }
        var k = first
        while k > lineStart && SourceText.isTrimmed(source.bytes[k - 1]) { k -= 1 }
        guard k == lineStart else { return nil }
        return source.text(first..<last)
    }

    static func isPathByte(_ byte: UInt8) -> Bool {
        SourceIndex.isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?")
    }

    /// `.NAME(ARG)` removed: the line with it when it stands alone, else the modifier itself.
    static func removedModifier(_ name: String, _ source: SourceText, _ offset: Int, only value: String?) -> Outcome? {
        guard source.identifier(name, at: offset), offset > 0, source.bytes[offset - 1] == UInt8(ascii: ".") else { return nil }
        let open = source.skipSpaces(from: offset + name.utf8.count)
        guard let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard arguments.count == 1, arguments[0].label == nil, value == nil || arguments[0].value == value else { return nil }
        let start = offset - 1
        let line = source.line(of: start)
        let lineStart = source.lineStarts[line - 1]
        let lineEnd = source.lineEnd(line)
        let modifier = source.text(start..<close)
        if source.isBlankBackward(lineStart..<start) && source.isBlank(close..<lineEnd) && line < source.lineStarts.count {
            return .rewrite([Edit(lineStart..<source.lineStarts[line], "")], "`\(modifier)` removed")
        }
        return .rewrite([Edit(start..<close, "")], "`\(modifier)` removed")
    }

    /// `NAME = FROM` to `NAME = TO`.
    static func propertyValue(_ name: String, from old: String, to new: String, _ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier(name, at: offset) else { return nil }
        var k = source.skipSpaces(from: offset + name.utf8.count)
        guard k < source.bytes.count, source.bytes[k] == UInt8(ascii: "=") else { return nil }
        k = source.skipSpaces(from: k + 1)
        // `identifier` also ends a number: `1` matches, `10` and `1.5` do not.
        guard source.identifier(old, at: k), k + old.utf8.count == source.bytes.count || source.bytes[k + old.utf8.count] != UInt8(ascii: ".") else { return nil }
        return .rewrite([Edit(k..<k + old.utf8.count, new)], "`\(name) = \(old)` to `\(name) = \(new)`")
    }

    /// `RECEIVER.NAME = VALUE` removed when it is the whole line.
    static func removedStatement(_ name: String, value: String, _ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier(name, at: offset) else { return nil }
        let line = source.line(of: offset)
        let lineStart = source.lineStarts[line - 1]
        let lineEnd = source.lineEnd(line)
        // `NAME = VALUE` and an optional `;` end the line ...
        let assignment = Array((name + " = " + value).utf8)
        var end = offset + assignment.count
        guard end <= lineEnd, source.bytes[offset..<end].elementsEqual(assignment), line < source.lineStarts.count else { return nil }
        if end < lineEnd && source.bytes[end] == UInt8(ascii: ";") { end += 1 }
        guard source.onlyCommentFollows(end, lineEnd) else { return nil }
        var rest = end
        while rest < lineEnd && SourceText.isTrimmed(source.bytes[rest]) { rest += 1 }
        // ... and what comes before `.NAME = VALUE` is the view, a plain path, or nothing.
        let start = max(lineStart, source.runStart(endingAt: offset) { isPathByte($0) })
        var k = start
        while k > lineStart && SourceText.isTrimmed(source.bytes[k - 1]) { k -= 1 }
        guard k == lineStart else { return nil }
        let statement = source.text(start..<end)
        // A comment after it stays, on the line of its own the statement leaves.
        if rest < lineEnd { return .rewrite([Edit(start..<rest, "")], "`\(statement)` removed") }
        return .rewrite([Edit(lineStart..<source.lineStarts[line], "")], "`\(statement)` removed")
    }

    /// `.frame(height: N[, alignment: A])` to `.frame(minHeight: N[, alignment: A])`.
    static func minimumHeightFrame(_ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier("frame", at: offset) else { return nil }
        let open = source.skipSpaces(from: offset + 5)
        guard let close = source.closingParenthesis(from: open) else { return nil }
        let arguments = source.arguments(open: open, close: close)
        guard let height = arguments.first, height.label == "height" else {
            return .suggestion("the frame also fixes the width: use .frame(minWidth:maxWidth:minHeight:) or @ScaledMetric")
        }
        guard arguments.dropFirst().allSatisfy({ $0.label == "alignment" }) else { return nil }
        let replacement = "frame(minHeight: \(height.value)" + arguments.dropFirst().map { ", alignment: \($0.value)" }.joined() + ")"
        return .rewrite([Edit(offset..<close, replacement)], "`.\(source.text(offset..<close))` to `.\(replacement)`")
    }

    /// `heightAnchor.constraint(equalToConstant: N)` to `greaterThanOrEqualToConstant: N`.
    static func minimumHeightConstraint(_ source: SourceText, _ offset: Int) -> Outcome? {
        guard source.identifier("heightAnchor", at: offset) else { return nil }
        var k = offset + 12
        guard k < source.bytes.count, source.bytes[k] == UInt8(ascii: "."), source.identifier("constraint", at: k + 1) else { return nil }
        k = source.skipSpaces(from: k + 11)
        guard k < source.bytes.count, source.bytes[k] == UInt8(ascii: "(") else { return nil }
        let label = source.skipSpaces(from: k + 1)
        guard source.identifier("equalToConstant", at: label) else { return nil }
        return .rewrite([Edit(label..<label + 15, "greaterThanOrEqualToConstant")],
                        "`heightAnchor.constraint(equalToConstant:)` to `greaterThanOrEqualToConstant:`")
    }
}
