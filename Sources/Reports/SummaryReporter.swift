import AuditLog
import AuditStore
import Interchange
import Platform

/// The top of the review page alone (`export --summary`): verdicts, open failures, owners, short
/// enough for a pull-request comment. It reads the screens, the cells and the fixes as the page
/// does (the same snapshot, so that the rows it shares with the page, their likely code among them,
/// cannot differ), never the recordings, so that it stays fast on an audit of any length; so it
/// names no auditors.
public struct MarkdownSummaryReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .markdown }
    public var fileExtension: String { "md" }

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: selection, suffix: "-summary")
    }

    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<ReportInput> {
        let (document, snapshot, tally) = try store.read {
            (AuditDocument(app: try store.appName(), createdAt: try store.createdAt() ?? Timestamp(milliseconds: 0), createdBy: try store.createdBy(),
                           checklist: try store.checklist(), screens: try store.screens(), recordings: [], fixes: try store.fixes()),
             try MarkdownReporter.snapshot(store), try store.latestRecordingTimes())
        }
        let live = document.selecting(request.selection)
        let shown = Set(live.screens.map(\.id))
        var kept = live
        kept.fixes = live.fixes.filter { shown.contains($0.screen) }
        // The day of the latest activity, recordings included, of the screens shown.
        var latest = kept.latestActivity
        for (screen, at) in tally where at > latest && shown.contains(screen) { latest = at }
        let day = request.date ?? latest.day

        var input = ReportInput(document: kept, snapshot: snapshot.selecting(request.selection), date: day, generator: request.generator)
        input.selection = request.selection
        input.summaryOnly = true
        input.auditors = []
        return ReportReading(content: input, app: document.app, day: day, screens: input.snapshot.screens.count)
    }

    public func write(_ input: ReportInput, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        sink.write(MarkdownReporter().render(input).text)
        return ReportWritten()
    }
}
