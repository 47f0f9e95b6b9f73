import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Platform
import Reports

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the audit as a Markdown review page with its charts, as JSON for sharing through git, as CSV, or as conformance report rows (OpenACR, VPAT).",
        discussion: """
            markdown (the default): the review page. At the top, the verdicts on Apple's Larger Text label \
            (with the critical flows it rests on and what would change it), WCAG 1.4.4 and 1.4.10, then \
            every open failure, critical screens first, then severity, then age, with its owner and any \
            fix awaiting a retest, and a table of each owner's screens by state. Then screens per category, \
            plan completion, critical flows not supported, two charts (screens per category and open \
            failures per size over time, SVG files beside the report), the screens ordered by need, \
            and each screen's failures, fixes and size matrix (supported screens one line each; \
            matrices in sections that open when selected). With --since, also what changed: regressions, \
            newly fixed checks, new screens. --summary writes only the top (verdicts, failures, owners), \
            short enough for a pull-request comment.

            Evidence: each screen shows its screenshots in its matrix's section as thumbnails by size \
            (the largest first, the default size last), Markdown images captioned with their check and \
            size and linked to the full image, and each failure links its files. The files link into the \
            audit's shared evidence folder (Exports/trailhead-evidence/), where each file is kept once \
            under its SHA-256: reports of every date and the shared audit file use the same copies, so \
            a weekly committed report adds no screenshots twice. A report written to standard output \
            (--output -) shows no evidence and copies nothing.

            json: the whole audit, one record per line: the shared file (Exports/<app>.json) that \
            'dtaudit sync' keeps and git carries, with its evidence folder. It is refused when the file \
            holds records this store lacks, which writing would drop: 'dtaudit sync' takes them in first \
            (--force replaces the file anyway). See Docs/interchange.md.

            csv: one row per recording, for spreadsheets.

            openacr: an OpenACR fragment (GSA's YAML conformance report, catalog \
            2.5-edition-wcag-2.2-508-en, component software) with WCAG 2.2 1.4.4 Resize Text and 1.4.10 \
            Reflow: the level (supports, partially-supports, does-not-support) and remarks naming the \
            screens that fail which checks at which sizes. vpat: the same two rows of an ITI VPAT 2.x \
            table, as Markdown and an HTML page beside it. Both are for the whole product; the product \
            is the audit's app unless --product says otherwise, the author the name --by would take and \
            git's user.email unless --author and --author-email say otherwise (OpenACR requires the \
            email). While a criterion cannot be judged yet (no failure, checks still open), both are \
            refused with exit 1: these formats allow "Not Evaluated" for level AAA criteria only.

            The same audit always gives the same bytes: dates come from the audit itself. Files go to \
            Exports/ beside the .dtaudit folder: Exports/<app>-<date>.md (with <app>-<date>.svg and <app>-<date>-failures.svg), Exports/<app>.json, \
            Exports/<app>-<date>.csv, Exports/<app>-<date>-summary.md, Exports/<app>-<date>-openacr.yaml, \
            Exports/<app>-<date>-vpat.md (and .html).
            """,
        examples: [
            ("dtaudit export", "The Markdown report and its chart, in Exports/."),
            ("dtaudit export --since 2026-09-29", "With the changes since that day."),
            ("dtaudit export --since Exports/trailhead.json", "With the changes since the committed export (run it before exporting the JSON again)."),
            ("dtaudit export --format json", "The interchange file to commit: Exports/<app>.json."),
            ("dtaudit export --format csv --output - > results.csv", ""),
            ("dtaudit export --summary --output - | gh pr comment --body-file -", "The top of the review page as a pull-request comment."),
            ("dtaudit export --format openacr --product-version 2.4 --author-email a11y@example.com", "The OpenACR fragment to merge into the product's report."),
            ("dtaudit export --format vpat", "The VPAT rows, as Markdown and HTML."),
        ]
    )

    @Option(name: .names("format", short: "f"), help: "markdown, json, csv, openacr or vpat.", valueName: "format")
    var format: ReportFormat = .markdown

    @Option(name: .names("output", short: "o"), help: "The file to write, or - for standard output (a Markdown report then has no chart file and no evidence folder, and shows no screenshots).", valueName: "file|-")
    var output: PathArgument?

    @Option(help: "Markdown only: add what changed since a date (YYYY-MM-DD, from the start of that day in UTC) or since an earlier JSON export.", valueName: "date|export.json")
    var since: PathArgument?

    @Option(help: "The date in the report's header and file name (default: the day of the audit's latest activity).", valueName: "yyyy-mm-dd")
    var date: Day?

    @Flag(help: "json: write the file even when it holds records this store lacks, dropping them.")
    var force = false

    @Flag(help: "markdown: only the top of the review page (verdicts, open failures, owners), for a pull-request comment.")
    var summary = false

    @OptionGroup var parties: ReportPartyOptions

    @OptionGroup var filter: ScreenFilterOptions

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if force && format != .json {
            throw ValidationError("--force applies to the JSON export, which is refused when writing it would drop records")
        }
        if since != nil && format != .markdown {
            throw ValidationError("--since applies to the Markdown report; the \(format.rawValue) export always holds the whole history")
        }
        if date != nil && format == .json {
            throw ValidationError("--date sets a report's date; the JSON export holds no date of its own")
        }
        if format == .json && (filter.owner != nil || filter.flow != nil || filter.mine) {
            throw ValidationError("--owner, --flow and --mine choose the screens of a report; the JSON export is the whole shared audit")
        }
        if format.isCompliance && (filter.owner != nil || filter.flow != nil || filter.mine) {
            throw ValidationError("--owner, --flow and --mine choose the screens of a review page; a conformance report speaks for the whole product")
        }
        if summary && format != .markdown {
            throw ValidationError("--summary is the short form of the Markdown review page")
        }
        if summary && since != nil {
            throw ValidationError("--since adds what changed to the full review page; --summary leaves that section out")
        }
        if !format.isCompliance && !parties.isEmpty {
            throw ValidationError("--product, --product-version, --product-description, --author, --author-email and --company name the parties of a conformance report (--format openacr or vpat)")
        }
    }

    func run() throws {
        let console = Console(global)
        let selection = try filter.selection(console)
        let store = try console.openStore(format == .json ? .write : .read, quiet: format == .json)
        if format == .json {
            try exportLog(store, console: console)
            return
        }
        if format == .csv {
            try stream(from: store, selection: selection, console: console)
            return
        }
        if format.isCompliance {
            try exportCompliance(store, console: console)
            return
        }
        if summary {
            try exportSummary(store, selection: selection, console: console)
            return
        }
        // An earlier export is read before the store's audit, so that the two never take memory at once.
        let earlier = try since.flatMap { try BaselineSource.file($0.path, workingDirectory: console.workingDirectory) }
        let (document, snapshot, storedEvidence) = try store.read {
            (try AuditDocument(store: store).selecting(selection), try store.snapshot(detailed: true).selecting(selection),
             output == "-" || summary ? [:] : try store.evidenceByScreen())
        }
        let day = date?.text ?? document.latestActivity.day
        let changes = try since.map { spec in
            Changes(from: try earlier ?? BaselineSource.load(spec.path, document: document, workingDirectory: console.workingDirectory),
                    to: document, snapshot: snapshot)
        }

        let slug = AppSlug.make(document.app)
        let path: String?
        if let output, output != "-" {
            path = StoreLocation.absolute(output.path, from: console.workingDirectory)
        } else if output == "-" {
            path = nil
        } else {
            path = store.location.root + "/Exports/" + "\(slug)-\(day)\(selection.fileNameSuffix)\(summary ? "-summary" : "").\(format.fileExtension)"
        }
        var chartFile: String?
        var evidence: ReportEvidence?
        var missingEvidence = 0
        let shared = try SharedAudit.of(store)
        if let path, !summary {
            var base = PathNames.fileName(of: path)
            if base.hasSuffix(".md") { base.removeLast(3) }
            chartFile = base + ".svg"
            let present = ExportedEvidence.present(in: storedEvidence, location: store.location)
            evidence = ReportEvidence(folder: PathNames.relative(shared.evidenceFolder, from: PathNames.folder(of: path)), screens: present.screens)
            missingEvidence = present.missing
        }

        var input = ReportInput(document: document, snapshot: snapshot, date: day, changes: changes, chartFile: chartFile,
                                evidence: evidence, generator: "dtaudit \(DTAudit.version)")
        input.selection = selection
        input.summaryOnly = summary
        let report = MarkdownReporter().render(input)

        guard let path else {
            console.out.write(report.text)
            return
        }
        let shown = try Paths.prepareReport(at: path, toDefaultPlace: output == nil, store: store.location, console: console)
        let folder = PathNames.folder(of: path)
        for attachment in report.attachments where Files.status(folder + "/" + attachment.fileName)?.kind == .directory {
            let attachmentShown = PathNames.shown(folder + "/" + attachment.fileName, from: console.workingDirectory)
            throw FileProblem(description: "cannot write the report's chart to \(attachmentShown): a folder of that name is in the way", kind: .cannotWrite)
        }
        // The evidence goes in place first, so that no report ever links a file not yet copied.
        var copied: (outcome: EvidenceExport.Outcome, shown: String)?
        if evidence != nil {
            guard Files.status(folder)?.kind == .directory else {
                throw FileProblem(description: "cannot write \(shown): the folder \(folder) does not exist", kind: .cannotWrite)
            }
            try shared.checkUnlinked()
            let outcome = try EvidenceExport.sync(report.evidence, from: store.location, into: shared.evidenceFolder, prune: false)
            copied = (outcome, PathNames.shown(shared.evidenceFolder, from: console.workingDirectory))
        }
        var written: [String] = []
        for attachment in report.attachments {
            let attachmentPath = folder + "/" + attachment.fileName
            let attachmentShown = PathNames.shown(attachmentPath, from: console.workingDirectory)
            try Paths.write(attachment.text, to: attachmentPath, shownAs: attachmentShown)
            written.append(attachmentShown)
        }
        try Paths.write(report.text, to: path, shownAs: shown)
        var message = "Wrote \(console.safe(shown))"
        if let chart = written.first { message += " and its charts \(console.safe(chart))" + (written.count > 1 ? " and \(console.safe(written[1]))" : "") }
        let screens = snapshot.screens.count
        message += " (\(screens) screen\(screens == 1 ? "" : "s"), as of \(day))"
        if let copied, copied.outcome.files > 0 {
            let files = copied.outcome.files
            message += ", showing \(files) evidence file\(files == 1 ? "" : "s") (\(ByteCount.format(copied.outcome.bytes))) from \(console.safe(copied.shown))/"
            if copied.outcome.copied > 0 { message += " (\(copied.outcome.copied) copied there now)" }
        }
        console.line(message)
        if missingEvidence > 0 {
            warn("\(missingEvidence) evidence file\(missingEvidence == 1 ? " is" : "s are") missing from \(PathNames.shown(store.location.evidenceFolder, from: console.workingDirectory)), so the report leaves \(missingEvidence == 1 ? "it" : "them") out; 'dtaudit evidence gc' lists \(missingEvidence == 1 ? "it" : "them")")
        }
        for file in copied?.outcome.changed ?? [] {
            warn("the stored evidence file \(file.storedName) (first attached as '\(console.safe(file.firstName))') no longer matches its SHA-256: it was changed after it was stored; the export holds it as it is now")
        }
        for name in copied?.outcome.foreign ?? [] {
            warn("\(console.safe(copied!.shown))/\(console.safe(name)) was not written by dtaudit; it was left as it is")
        }
    }

    private func warn(_ text: String) {
        BufferedOutput.standardOutput.flush()
        BufferedOutput.standardError.write("warning: " + text + "\n")
    }

    /// The shared audit file: the store's log, line by line, with its evidence folder beside it.
    private func exportLog(_ store: AuditStore, console: Console) throws {
        if output == "-" {
            _ = try AuditFileWriter.write(store: store) { console.out.write($0) }
            return
        }
        let shared = try output.map { SharedAudit.named(StoreLocation.absolute($0.path, from: console.workingDirectory), root: store.location.root) }
            ?? SharedAudit.of(store)
        try Paths.checkOutside(store.location, shared.path, shownAs: console.safe(shared.relativePath))
        try Paths.checkIsFile(shared.path, shownAs: shared.relativePath)
        let report = try Sync.export(store, to: shared, force: force)
        let shown = PathNames.shown(shared.path, from: console.workingDirectory)
        var message = (report.wroteFile ? "Wrote " : "Already up to date: ") + console.safe(shown) + " (\(counted(report.records, "record")))"
        if report.evidenceShared > 0 {
            message += ", and \(counted(report.evidenceShared, "evidence file")) into \(console.safe(PathNames.shown(shared.evidenceFolder, from: console.workingDirectory)))/"
        }
        console.line(message)
    }

    /// CSV goes from the store to the file.
    private func stream(from store: AuditStore, selection: ScreenSelection, console: Console) throws {
        let path: String?
        if let output, output != "-" {
            path = StoreLocation.absolute(output.path, from: console.workingDirectory)
        } else if output == "-" {
            path = nil
        } else {
            let day = try date?.text ?? AuditDocument(store: store).latestActivity.day
            path = store.location.root + "/Exports/" + "\(AppSlug.make(try store.appName()))-\(day)\(selection.fileNameSuffix).\(format.fileExtension)"
        }
        func write(to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> String {
            " (\(try CSVReporter.write(store: store, selection: selection, to: sink)) recordings)"
        }

        guard let path else {
            _ = try write { console.out.write($0) }
            return
        }
        try Paths.checkOutside(store.location, path, shownAs: console.safe(PathNames.shown(path, from: console.workingDirectory)))
        let folder = PathNames.folder(of: path)
        let createdFolder = output == nil ? try Paths.createFolder(folder) : false
        let shown = PathNames.shown(path, from: console.workingDirectory)
        let counts: String
        do {
            var written = ""
            try Paths.stream(to: path, shownAs: shown) { file in
                written = try write { file.write($0) }
            }
            counts = written
        } catch {
            // Leave no empty Exports/ behind when the store could not be read.
            if createdFolder, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: folder)
            }
            throw error
        }
        console.line("Wrote \(console.safe(shown))" + counts)
    }
}
