import AuditStore
import DynamicType
import Judges
import Output
import Reports

/// A failure a judge recorded, as `screen show` tells it: the reason, then each element the
/// note names with its frame at the failing size and at Large, then the crops of the screenshots
/// that outline them.
struct JudgedFailure {
    var reason: String
    var findings: [JudgedFinding]
    var crops: [String]

    /// Nil for a person's result. The elements come from what the run recorded (its findings, or
    /// for older recordings its note, `recorded`), so a person's correction changes the words
    /// shown, never the elements listed.
    init?(_ cell: CellState, evidence: EvidenceShown?, recorded: String? = nil) {
        guard cell.run != nil, let note = recorded ?? cell.note else { return nil }
        findings = JudgedFindings.of(cell, note: note)
        guard !findings.isEmpty else { return nil }
        let shown = cell.note ?? note
        reason = String(shown.prefix { $0 != "\n" })
        let links = evidence?.evidence.cells[CellKey(item: cell.item, size: cell.size)] ?? []
        // A crop's name says which picture is which size (`... (Large left, ax5 right).png`).
        crops = links.filter { $0.recording != nil && $0.file.kind == .png }.compactMap { link in
            evidence.map { link.name + "  " + $0.path(link.file) }
        }
    }

    /// At most this many element lines; the rest are counted.
    static let shownElements = 6

    func lines(console: Console) -> [String] {
        var lines: [String] = []
        var elements = 0
        for finding in findings {
            for element in finding.elements {
                elements += 1
                guard elements <= Self.shownElements else { continue }
                var line = element.shown + " " + element.frame.description
                if let large = element.largeFrame { line += ", Large " + large.description }
                lines.append(console.safe(line))
            }
        }
        if elements > Self.shownElements { lines.append(console.style.dim("and \(elements - Self.shownElements) more elements")) }
        for crop in crops { lines.append(console.style.dim("crop " + console.safe(crop))) }
        return lines
    }
}
