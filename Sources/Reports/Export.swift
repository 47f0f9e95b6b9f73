import AuditStore
import Interchange
import Platform

/// What an export did, for the command to say.
public struct ExportOutcome: Sendable {
    public var format: ReportFormat
    /// The report's file; nil when it went to standard output.
    public var path: String?
    /// The files written beside it (charts, an HTML page).
    public var attachments: [String] = []
    /// The report's date (empty for the log, which has none).
    public var day: String
    /// The screens the report covers, when it speaks of screens.
    public var screens: Int?
    /// The recordings (CSV) or records (the log) it holds.
    public var count: Int?
    /// The log only: whether the shared file was written (false: it held the same already), and
    /// the evidence files copied into its evidence folder.
    public var wroteFile = true
    public var evidenceShared = 0
    /// The shared evidence folder the report's screenshots link into or the log's evidence goes to.
    public var evidenceFolder: String
    /// The review page only: what putting the evidence it links in place did, and the evidence
    /// files it leaves out because the store's folder lacks them.
    public var evidence: EvidenceExport.Outcome?
    public var missingEvidence = 0
    /// A conformance report's criteria, with their levels.
    public var conformance: ConformanceReport?
    /// The App Store Connect declaration, family by family.
    public var declaration: ASCDeclaration?
}

/// `dtaudit export`: the reporter `--format` chooses reads the store, the plan names its files and
/// refuses what must not be written, and the report is written whole or not at all. The command
/// parses its options, hands them here and says what comes back, as `GateResult` decides for `gate`.
public enum Export {
    /// Writes the report `request` asks for from `store`; a report for standard output goes to
    /// `standardOutput`. A conformance report that cannot judge a criterion yet throws
    /// `ConformanceRefusal`; nothing is written then.
    public static func run(_ request: ExportRequest, store: AuditStore, standardOutput: BufferedOutput) throws -> ExportOutcome {
        try run(request.reporter, request: request, store: store, standardOutput: standardOutput)
    }

    /// A report's date is the day it shows the audit as it stood: one the audit has changed since
    /// would put later results under an earlier date.
    static func checkDate(_ date: String, latest: String) throws {
        if date < latest {
            throw ExportProblem("--date \(date): the audit changed after that day (last on \(latest)), so a report dated \(date) would show later results as if recorded by then; "
                                + "give a day from \(latest) to today, or leave --date out", kind: .usage)
        }
    }

    private static func run<R: Reporter>(_ reporter: R, request: ExportRequest, store: AuditStore, standardOutput: BufferedOutput) throws -> ExportOutcome {
        if let date = request.date { try checkDate(date, latest: try store.latestActivity().day) }
        let reading = try reporter.read(request, from: store)
        let plan = try ExportPlan(reporter, request: request, reading: reading, store: store)
        var outcome = ExportOutcome(format: request.format, path: plan.path, day: reading.day, screens: reading.screens, evidenceFolder: plan.evidenceFolder,
                                    missingEvidence: reading.missingEvidence, conformance: reading.conformance)
        outcome.declaration = reading.declaration
        if case .stream(let device) = request.destination {
            let output = try OutputFile.openStream(device, shownAs: plan.shown(device))
            outcome.count = try reporter.write(reading.content, plan: plan, to: output).count
            try OutputFile.close(output, at: device, shownAs: plan.shown(device))
            return outcome
        }
        guard let path = plan.path else {
            outcome.count = try reporter.write(reading.content, plan: plan, to: standardOutput).count
            return outcome
        }
        let madeFolder = try plan.prepare()
        do {
            if let shared = plan.sharedFile {
                let report = try Sync.export(store, to: shared, force: request.force)
                (outcome.count, outcome.wroteFile, outcome.evidenceShared) = (report.records, report.wroteFile, report.evidenceShared)
                return outcome
            }
            try OutputFile.stream(to: path, shownAs: plan.shown(path)) { file in
                let written = try reporter.write(reading.content, plan: plan, to: file)
                outcome.count = written.count
                // The evidence goes in place first, then the files beside the report, and the report
                // last, so that no report ever links a file not yet there.
                if let evidence = written.evidence {
                    try plan.shared.checkUnlinked()
                    outcome.evidence = try EvidenceExport.sync(evidence, from: store.location, into: plan.shared.evidenceFolder, prune: false)
                }
                for attachment in written.attachments {
                    let place = PathNames.folder(of: path) + "/" + attachment.fileName
                    try OutputFile.write(attachment.text, to: place, shownAs: plan.shown(place))
                    outcome.attachments.append(place)
                }
            }
        } catch {
            if madeFolder { plan.removeFolder() }
            throw error
        }
        return outcome
    }
}
