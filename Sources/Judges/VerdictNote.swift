import DynamicType
import Hierarchies

/// The note a judged recording carries: the verdict's reason on the first line, then, for a
/// failure, one line per finding with the frames it rests on:
///
///     1 of 3 labels do not grow from Large to ax5: StaticText "Total" is 17 pt tall at ax5 and 17 pt at Large
///     - StaticText "Total" {x 16, y 88, 83 x 17} (Large {x 16, y 88, 83 x 17}): is 17 pt tall at ax5 and 17 pt at Large
///
/// The frames let a person find the element and let the views tell shared UI (the same element
/// failing the same way on several screens) from one screen's problem long after the run's
/// hierarchies are gone: `findings(in:)` reads the lines back. A note a person amended reads back
/// only as far as it still has that shape.
public enum VerdictNote {
    /// Finding lines after the reason; the rest are counted.
    public static let maximumFindings = 20

    public static func write(_ verdict: Verdict) -> String {
        var lines = [oneLine(verdict.reason)]
        guard verdict.outcome == .fail else { return lines[0] }
        let reference = verdict.item == DefaultUnchanged().item ? "before the fix" : "Large"
        for finding in verdict.findings.prefix(maximumFindings) where !finding.elements.isEmpty {
            let elements = finding.elements.map { element in
                var text = typeName(element.type)
                if !element.name.isEmpty { text += " \"" + Element.shown(element.name) + "\"" }
                text += " " + element.frame.description
                if let large = element.largeFrame { text += " (\(reference) \(large.description))" }
                return text
            }
            lines.append("- " + elements.joined(separator: " and ") + ": " + oneLine(finding.detail))
        }
        let listed = min(verdict.findings.count, maximumFindings)
        if verdict.findingCount > listed { lines.append("- and \(verdict.findingCount - listed) more") }
        return lines.joined(separator: "\n")
    }

    /// Control characters (a hostile file's type names may hold them) become spaces.
    static func oneLine(_ text: String) -> String {
        // Printable ASCII, what reasons mostly are, has no control character to replace.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// A type as notes write it: letters and digits only (a hostile file may name any type).
    static func typeName(_ type: String) -> String {
        let kept = String(type.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(40))
        return kept.isEmpty ? "Other" : kept
    }

    /// What a judged note says of Apple's audit of the same cell, on a line of its own after the
    /// findings: its issues (`.textClipped`'s "may be clipped"), or that it found none.
    public static let appleAuditPrefix = "Apple's audit: "

    public static func appleAudit(_ issues: String?) -> String {
        appleAuditPrefix + (issues.map { $0.split(separator: "\n").joined(separator: "; ") } ?? "no issue")
    }

    /// A judged note in one line, as the review page shows it: the verdict's reason, and what
    /// Apple's audit said beside it.
    public static func summary(of note: String) -> String {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.first.map(String.init) ?? ""
        guard let audit = lines.dropFirst().last(where: { $0.hasPrefix(appleAuditPrefix) }) else { return first }
        return first + " · " + audit
    }

    /// The findings a judged note names, in order; none for a note of another shape.
    public static func findings(in note: String) -> [JudgedFinding] {
        note.split(separator: "\n").dropFirst().compactMap { line in
            guard line.hasPrefix("- ") else { return nil }
            var scanner = NoteScanner(line.dropFirst(2))
            return scanner.finding()
        }
    }

    /// The failures among `recordings` that judges made, as verdicts `SharedProblem.group` takes:
    /// one per recording whose note names its findings.
    public static func verdict(item: String, size: Size, note: String) -> Verdict? {
        let findings = findings(in: note)
        guard !findings.isEmpty else { return nil }
        let reason = note.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return Verdict(item: item, size: size, outcome: .fail, reason: reason, findings: findings)
    }
}

/// Reads one finding line: `Type "name" {x 1, y 2, 3 x 4} (Large {…}) and …: detail`.
struct NoteScanner {
    var rest: Substring

    init(_ line: Substring) { rest = line }

    mutating func finding() -> JudgedFinding? {
        var elements: [ElementRef] = []
        while true {
            guard let element = element() else { return nil }
            elements.append(element)
            if take(" and ") { continue }
            guard take(": ") else { return nil }
            return JudgedFinding(elements: elements, detail: String(rest))
        }
    }

    mutating func element() -> ElementRef? {
        let type = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !type.isEmpty else { return nil }
        rest = rest.dropFirst(type.count)
        var name = ""
        if take(" \"") {
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            name = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
        }
        guard take(" "), let frame = readFrame() else { return nil }
        var large: Frame?
        if take(" (Large ") || take(" (before the fix ") {
            guard let found = readFrame(), take(")") else { return nil }
            large = found
        }
        return ElementRef(type: String(type), name: name, frame: frame, largeFrame: large)
    }

    /// `{x 16, y 88, 83 x 17}`.
    mutating func readFrame() -> Frame? {
        guard take("{x "), let x = number(), take(", y "), let y = number(), take(", "), let width = number(), take(" x "),
              let height = number(), take("}") else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }

    mutating func number() -> Double? {
        let text = rest.prefix { $0 == "-" || $0 == "." || $0.isASCII && $0.isNumber || $0 == "e" || $0 == "+" }
        guard let value = Double(text), value.isFinite else { return nil }
        rest = rest.dropFirst(text.count)
        return value
    }

    mutating func take(_ text: String) -> Bool {
        guard rest.hasPrefix(text) else { return false }
        rest = rest.dropFirst(text.count)
        return true
    }
}
