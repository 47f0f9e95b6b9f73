import DynamicType

/// How bad a finding is and how sure the scan is of it.
extension Finding {
    /// The checklist's severity: one type for a failed check and for a finding.
    public typealias Severity = DynamicType.Severity

    /// How sure the scan is that the code behaves as the message says.
    public enum Confidence: String, Sendable, CaseIterable {
        /// What the code says settles it.
        case high
        /// Very likely, but depends on something the scan cannot see (another module, code that runs later).
        case medium
        /// Possible; worth a look.
        case low
    }
}

extension DynamicType.Severity {
    /// The SARIF level of this severity.
    public var sarifLevel: String { self == .critical ? "error" : self == .major ? "warning" : "note" }
}
