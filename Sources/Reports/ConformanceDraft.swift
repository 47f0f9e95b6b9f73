import Output

/// The words that mark a conformance report as a draft (`export --draft`): written while criteria
/// cannot be judged yet, so that a team can review the rows for weeks before the audit ends. A draft
/// says so in its title, its opening lines, its table and every row, claims no level (each reads
/// Not Evaluated, with the level so far beside it in words) and names the screens still to record.
enum ConformanceDraft {
    /// Opens the title: `DRAFT: Trailhead: Accessibility Conformance Report ...`.
    static let titlePrefix = "DRAFT: "

    /// The paragraph under the title.
    static func banner(_ report: ConformanceReport) -> String {
        let open = report.screensToRecord
        let why = open.isEmpty ? "It was written with --draft."
            : "Checks are still open on \(counted(open.count, "screen")): \(open.joined(separator: ", "))."
        return "DRAFT, not a conformance claim. \(why) Do not file it or copy its rows into the product's report: "
            + "record the open checks ('dtaudit next'), then export again without --draft."
    }

    /// What becomes of the rows, where the report to file says where they go: a draft goes nowhere.
    static let use = "drafted for review: the export without --draft, once no open check can change a level, is the one for the product's report"

    /// The level a draft row shows: never a claim.
    static func level(_ criterion: ConformanceReport.Criterion) -> String {
        "DRAFT: Not Evaluated" + (criterion.level.fileableAtAA ? " (so far \(criterion.level.rawValue))" : "")
    }

    /// The remarks of a draft row: marked, and naming the criterion's screens still to record.
    static func remarks(_ criterion: ConformanceReport.Criterion) -> String {
        "DRAFT, not a conformance claim. " + criterion.remarks
            + (criterion.toRecord.isEmpty ? "" : " Still to record: \(criterion.toRecord.joined(separator: ", ")).")
    }
}
