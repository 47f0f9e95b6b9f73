import AuditLog
import AuditStore
import Interchange
import Output
import Reports

extension ExportCommand {
    /// The top of the review page alone. It reads the screens, the cells and the fixes, never the
    /// recordings, so that it stays fast on an audit of any length; so it names no auditors.
    func exportSummary(_ store: AuditStore, selection: ScreenSelection, console: Console) throws {
        let (document, snapshot, tally) = try store.read {
            (AuditDocument(app: try store.appName(), createdAt: try store.createdAt() ?? Timestamp(milliseconds: 0), createdBy: try store.createdBy(),
                           checklist: try store.checklist(), screens: try store.screens(), recordings: [], fixes: try store.fixes()),
             try store.snapshot(), try store.latestRecordingTimes())
        }
        let live = document.selecting(selection)
        let shown = Set(live.screens.map(\.id))
        var kept = live
        kept.fixes = live.fixes.filter { shown.contains($0.screen) }
        var latest = kept.latestActivity
        for (screen, at) in tally where at > latest && shown.contains(screen) { latest = at }
        let day = date?.text ?? latest.day

        var input = ReportInput(document: kept, snapshot: snapshot.selecting(selection), date: day, generator: "dtaudit \(DTAudit.version)")
        input.selection = selection
        input.summaryOnly = true
        input.auditors = []
        let report = MarkdownReporter().render(input)

        let path: String
        if let output, output != "-" {
            path = StoreLocation.absolute(output.path, from: console.workingDirectory)
        } else if output == "-" {
            console.out.write(report.text)
            return
        } else {
            path = store.location.root + "/Exports/" + "\(AppSlug.make(document.app))-\(day)\(selection.fileNameSuffix)-summary.md"
        }
        let shownPath = try Paths.prepareReport(at: path, toDefaultPlace: output == nil, store: store.location, console: console)
        try Paths.write(report.text, to: path, shownAs: shownPath)
        let screens = input.snapshot.screens.count
        console.line("Wrote \(console.safe(shownPath)) (\(screens) screen\(screens == 1 ? "" : "s"), as of \(day))")
    }
}
