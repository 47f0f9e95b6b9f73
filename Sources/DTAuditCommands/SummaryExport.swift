import AuditLog
import AuditStore
import Interchange
import Output
import Reports

extension ExportCommand {
    /// The top of the review page alone. It reads the screens, the cells and the fixes, and has
    /// SQLite count the recordings per person instead of reading them, so that it stays fast on
    /// an audit of any length.
    func exportSummary(_ store: AuditStore, selection: ScreenSelection, console: Console) throws {
        let (document, snapshot, tally) = try store.read {
            (AuditDocument(app: try store.appName(), createdAt: try store.createdAt() ?? Timestamp(milliseconds: 0), createdBy: try store.createdBy(),
                           checklist: try store.checklist(), screens: try store.screens(), recordings: [], fixes: try store.fixes()),
             try store.snapshot(), try store.recordingTally())
        }
        let live = document.selecting(selection)
        let shown = Set(live.screens.map(\.id))
        var kept = live
        kept.fixes = live.fixes.filter { shown.contains($0.screen) }
        let counted = tally.filter { shown.contains($0.screen) }
        var latest = kept.latestActivity
        for entry in counted { if let at = entry.latest, at > latest { latest = at } }
        let day = date?.text ?? latest.day

        var input = ReportInput(document: kept, snapshot: snapshot.selecting(selection), date: day, generator: "dtaudit \(DTAudit.version)")
        input.selection = selection
        input.summaryOnly = true
        input.auditors = PersonName.tally(counted.flatMap { Array(repeating: $0.by, count: $0.count) }).map(\.name)
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
        let folder = Paths.folder(of: path)
        if output == nil { try Paths.createFolder(folder) }
        let shownPath = Paths.shown(path, from: console.workingDirectory)
        try Paths.checkIsFile(path, shownAs: shownPath)
        try Paths.write(report.text, to: path, shownAs: shownPath)
        let screens = input.snapshot.screens.count
        console.line("Wrote \(console.safe(shownPath)) (\(screens) screen\(screens == 1 ? "" : "s"), as of \(day))")
    }
}
