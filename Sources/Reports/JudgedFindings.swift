import AuditLog
import AuditStore
import Hierarchies
import Judges

/// The findings a run's failure recorded, as every view reads them: the recording's data, or, for
/// recordings kept before runs kept their findings as data, the lines of the note the run wrote.
public enum JudgedFindings {
    /// Empty for a person's result and a note of another shape.
    public static func of(_ cell: CellState, note: String? = nil) -> [JudgedFinding] {
        guard cell.run != nil else { return [] }
        if let recorded = cell.findings { return recorded.map(JudgedFinding.init(recorded:)) }
        return (note ?? cell.note).map(VerdictNote.findings(in:)) ?? []
    }

    /// Whether `of` gives every finding the run saw: always for data; for a note, when it lists
    /// them all (past `VerdictNote.maximumFindings` the rest are only counted).
    public static func isComplete(_ cell: CellState, note: String? = nil) -> Bool {
        if cell.findings != nil { return true }
        guard let note = note ?? cell.note else { return false }
        return !note.split(separator: "\n").contains { $0.hasPrefix("- and ") && $0.hasSuffix(" more") }
    }
}

extension JudgedFinding {
    public init(recorded: RecordedFinding) {
        self.init(elements: recorded.elements.map { element in
            ElementRef(type: element.type, name: element.name, frame: Frame(element.frame), largeFrame: element.large.map(Frame.init),
                       identifier: element.identifier, label: element.label)
        }, detail: recorded.detail, figure: recorded.figure)
    }
}

extension Frame {
    /// From `[x, y, width, height]`, as a recording keeps it.
    init(_ numbers: [Double]) {
        let value = { (index: Int) in index < numbers.count ? numbers[index] : 0 }
        self.init(x: value(0), y: value(1), width: value(2), height: value(3))
    }
}
