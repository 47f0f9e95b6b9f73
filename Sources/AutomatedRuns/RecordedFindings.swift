import AuditLog
import Hierarchies
import Judges

extension RecordedFinding {
    /// A failure's findings as its recording keeps them, every one; nil for a verdict other than a failure.
    static func of(_ verdict: Verdict) -> [RecordedFinding]? {
        guard verdict.outcome == .fail, !verdict.findings.isEmpty else { return nil }
        return verdict.findings.map { finding in
            RecordedFinding(elements: finding.elements.map { element in
                RecordedFinding.Element(type: element.type, identifier: element.identifier, label: element.label,
                                        frame: element.frame.numbers, large: element.largeFrame?.numbers)
            }, detail: finding.detail, figure: finding.figure)
        }
    }
}

extension Frame {
    var numbers: [Double] { [x, y, width, height] }
}
