import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Platform
import Reports

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the audit as a Markdown review page with its charts, as JSON for sharing through git, as CSV, as conformance report rows (OpenACR, VPAT), or as App Store Connect's accessibility declaration.",
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

            csv: the current sheet, for spreadsheets and pivot tables: one row per planned cell of each \
            screen (screen, flow, critical, item, size, status, note, by, at, id, run, owner, fix, fix_ref, \
            planned), each cell once as it stands now: who recorded it when, the UI-test run that did (empty \
            for a person), the screen's owner and the fix awaiting its retest. A cell never recorded is \
            untested; cells recorded at sizes outside the plan follow, with planned no. csv-log: every \
            recording, superseded ones included (screen, flow, critical, item, size, status, note, by, at, \
            id, run), the history behind the sheet. Both are RFC 4180 with CRLF line ends; a field \
            starting with =, +, -, @ or a tab gets a leading ' so that no spreadsheet runs it.

            openacr: an OpenACR fragment (GSA's YAML conformance report, catalog \
            2.5-edition-wcag-2.2-508-en, component software) with WCAG 2.2 1.4.4 Resize Text and 1.4.10 \
            Reflow: the level (supports, partially-supports, does-not-support) and remarks naming the \
            screens that fail which checks at which sizes. vpat: the same two rows of an ITI VPAT 2.x \
            table, as Markdown and an HTML page beside it. Both are for the whole product; the product \
            is the audit's app unless --product says otherwise, the author the name --by would take and \
            git's user.email unless --author and --author-email say otherwise (OpenACR requires the \
            email). A level is written only when it is final, when no open check (never recorded, a \
            retest, a default-size re-check) could change it: Does Not Support once more than half \
            the screens fail with no fix to retest, Partially Supports once the failing screens and \
            those with open checks are no more than half, Supports once nothing is open. Until then, \
            and while a criterion cannot be judged at all (these formats allow "Not Evaluated" for \
            level AAA criteria only), both are refused with exit 1: one line names the criteria, \
            where each stands and what the open checks could make it, then each screen whose open \
            checks could change it, with those checks. --draft writes them anyway as a draft for review, never a claim: \
            DRAFT in the title, the opening lines, the table and every row, every level Not Evaluated \
            (the level so far in words beside it), the screens still to record named, and the file \
            named -draft (Exports/<app>-<date>-vpat-draft.md).

            asc-declaration: App Store Connect's accessibility declaration, for each device family the \
            app ships (--device-family; by default those the evidence shows and the team's file declares: \
            IPHONE, IPAD, VISION, APPLE_WATCH; MAC and APPLE_TV have no Larger Text label), as the exact JSON body of POST \
            /v1/accessibilityDeclarations (or the PATCH of a draft, --declaration-id FAMILY=ID), one file \
            beside the report per family. supportsLargerText is the Larger Text verdict on that family's \
            evidence alone: a UI-test run counts for the device it ran on, a person's recordings for the \
            audit's main family (IPHONE unless --main-family or dtaudit-declaration.json names another). \
            A family without evidence is not evaluated and gets no body. The eight other features come \
            only from the team's dtaudit-declaration.json at the repository's root (App Store Connect \
            takes a feature a request leaves out as not supported; the command says so when the file is \
            missing); publish is never set. The report is the evidence index: each body's verdict and the \
            screens, sizes, recordings, runs and files it rests on, with their SHA-256. It also prints \
            the same requests as 'asc accessibility create|update' commands.

            The same audit always gives the same bytes: dates come from the audit itself. Files go to \
            Exports/ in the audit's folder: Exports/<app>-<date>.md (with <app>-<date>.svg and <app>-<date>-failures.svg), Exports/<app>.json, \
            Exports/<app>-<date>.csv, Exports/<app>-<date>-log.csv, Exports/<app>-<date>-summary.md, Exports/<app>-<date>-openacr.yaml, \
            Exports/<app>-<date>-vpat.md (and .html), Exports/<app>-<date>-asc-declaration.json (and -iphone.json, -ipad.json, ...).
            """,
        examples: [
            ("dtaudit export", "The Markdown report and its chart, in Exports/."),
            ("dtaudit export --since 2026-09-29", "With the changes since that day."),
            ("dtaudit export --since Exports/trailhead.json", "With the changes since the committed export (run it before exporting the JSON again)."),
            ("dtaudit export --format json", "The interchange file to commit: Exports/<app>.json."),
            ("dtaudit export --format csv --output - > results.csv", "The current sheet: one row per planned cell."),
            ("dtaudit export --format csv-log", "Every recording, superseded ones included: Exports/<app>-<date>-log.csv."),
            ("dtaudit export --summary --output - | gh pr comment --body-file -", "The top of the review page as a pull-request comment."),
            ("dtaudit export --format openacr --product-version 2.4 --author-email a11y@example.com", "The OpenACR fragment to merge into the product's report."),
            ("dtaudit export --format vpat", "The VPAT rows, as Markdown and HTML."),
            ("dtaudit export --format vpat --draft", "The same rows marked DRAFT while checks are still open, for review."),
            ("dtaudit export --format asc-declaration --device-family IPHONE,IPAD --app-id 1234567890", "App Store Connect's declaration bodies, one per family, and their evidence index."),
        ]
    )

    @Option(name: .names("format", short: "f"), help: "markdown, json, csv (the current sheet), csv-log (every recording), openacr, vpat or asc-declaration.", valueName: "format")
    var format: ReportFormat = .markdown

    @Option(name: .names("output", short: "o"), help: "The file to write, or - for standard output (a Markdown report then has no chart file and no evidence folder, and shows no screenshots).", valueName: "file|-")
    var output: PathArgument?

    @Option(help: "Markdown only: add what changed since a day (YYYY-MM-DD, today, yesterday or Nd for N days ago, from its start in UTC) or since an earlier JSON export.", valueName: "day|export.json")
    var since: PathArgument?

    @Option(help: "The day the report shows the audit as it stood, in its header and file name: from the audit's latest activity (the default) to today, as the audit has not changed since.", valueName: "yyyy-mm-dd")
    var date: Day?

    @Flag(help: "json: write the file even when it holds records this store lacks, dropping them.")
    var force = false

    @Flag(help: "markdown: only the top of the review page (verdicts, open failures, owners), for a pull-request comment.")
    var summary = false

    @Flag(help: "openacr, vpat: write a draft while checks are open, marked DRAFT throughout and claiming no level.")
    var draft = false

    @OptionGroup var parties: ReportPartyOptions

    @OptionGroup var declaration: DeclarationOptions

    @OptionGroup var filter: ScreenFilterOptions

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        try declaration.validate(format: format, choosesScreens: filter.owner != nil || filter.flow != nil || filter.mine, draft: draft)
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
        if draft && !format.isCompliance {
            throw ValidationError("--draft marks a conformance report (--format openacr or vpat) as a draft; the \(format.rawValue) export is never a claim")
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
        let typed = try filter.selection(console)
        let store = try console.openStore(format == .json ? .write : .read, quiet: format == .json)
        let selection = try filter.resolve(typed, in: store, console: console)
        let destination: ExportDestination = output.map { $0 == "-" ? .standardOutput : .named(StoreLocation.absolute($0.path, from: console.workingDirectory)) } ?? .exports
        // An earlier export is read before the store's audit, so that the two never take memory at once.
        let since = try self.since.map { spec -> ChangesSince in
            if let earlier = try BaselineSource.file(spec.path, workingDirectory: console.workingDirectory) { return .export(earlier) }
            return .day(try BaselineSource.day(spec.path))
        }
        var request = ExportRequest(format: format, summary: summary, destination: destination, since: since, date: date?.text, force: force,
                                    selection: selection, parties: parties.request, generator: "dtaudit \(DTAudit.version)",
                                    workingDirectory: console.workingDirectory)
        request.draft = draft
        request.declaration = declaration.request
        let outcome: ExportOutcome
        do {
            outcome = try Export.run(request, store: store, standardOutput: console.out)
        } catch let refusal as ConformanceRefusal {
            console.paragraph(refusal.headline)
            let open = refusal.openChecks
            for entry in open.prefix(Self.listedScreens) { console.paragraph("  " + Self.openLine(entry, console: console), hanging: 4) }
            if open.count > Self.listedScreens {
                console.line(console.style.dim("  and \(counted(open.count - Self.listedScreens, "more screen")) ('dtaudit next' lists every one)"))
            }
            throw ExitCode.failure
        }
        if outcome.path != nil || format == .ascDeclaration { say(outcome, store: store, console: console) }
        if outcome.screens == 0 && !selection.isEverything { filter.sayNoScreen(selection, among: try store.screens(), console: console) }
    }

    /// How many screens a refused conformance report lists with their open checks.
    static let listedScreens = 20

    /// `Search: retest ax5: text-scales · l: text-scales; check ax3: no-truncation`: a screen's open
    /// checks that could change a level, by why they are open.
    static func openLine(_ entry: (screen: String, checks: [PendingCheck]), console: Console) -> String {
        var groups: [(label: String, cells: [(item: String, size: Size)])] = []
        for label in ["retest", "re-check default", "check"] {
            let cells = entry.checks.filter { $0.reason.label == label }.map { (item: $0.item, size: $0.size) }
            if !cells.isEmpty { groups.append((label, cells)) }
        }
        return console.safe(entry.screen) + ": " + groups.map { $0.label + " " + console.cellList($0.cells) }.joined(separator: "; ")
    }

    /// `A, B, C and 9 more (12 screens)`: screens named on one line, the first ten of them.
    static func listed(_ screens: [String]) -> String {
        let shown = screens.prefix(10).joined(separator: ", ")
        return screens.count > 10 ? "\(shown) and \(screens.count - 10) more (\(counted(screens.count, "screen")))" : shown
    }

    /// What was written, and what the user should know about it.
    private func say(_ outcome: ExportOutcome, store: AuditStore, console: Console) {
        let shown = console.safe(PathNames.shown(outcome.path ?? "", from: console.workingDirectory))
        let attachments = outcome.attachments.map { console.safe(PathNames.shown($0, from: console.workingDirectory)) }
        let folder = console.safe(PathNames.shown(outcome.evidenceFolder, from: console.workingDirectory))
        let asOf = ", as of \(outcome.day))"
        let screens = outcome.screens.map { " (\(counted($0, "screen"))" } ?? " ("
        switch format {
        case .ascDeclaration:
            DeclarationMessages.say(outcome, console: console)
        case .json:
            var message = (outcome.wroteFile ? "Wrote " : "Already up to date: ") + shown + " (\(counted(outcome.count ?? 0, "record")))"
            if outcome.evidenceShared > 0 { message += ", and \(counted(outcome.evidenceShared, "evidence file")) into \(folder)/" }
            console.line(message)
        case .csv:
            console.line("Wrote \(shown) (\(counted(outcome.count ?? 0, "cell")) of \(counted(outcome.screens ?? 0, "screen")), one row each, as they stand)")
        case .csvLog:
            console.line("Wrote \(shown) (\(counted(outcome.count ?? 0, "recording")), superseded ones included)")
        case .openacr, .vpat:
            let levels = (outcome.conformance?.criteria ?? []).map { "\($0.number) \($0.level.rawValue)" }.joined(separator: ", ")
            let open = outcome.conformance?.screensToRecord ?? []
            let what = draft ? "DRAFT, not a conformance claim; so far \(levels)" + (open.isEmpty ? "" : "; still to record: " + console.safe(Self.listed(open))) : levels
            console.line("Wrote \(shown)" + (attachments.first.map { " and \($0)" } ?? "") + " (\(what)" + asOf)
        case .markdown:
            var message = "Wrote \(shown)"
            if let chart = attachments.first { message += " and its charts \(chart)" + (attachments.count > 1 ? " and \(attachments[1])" : "") }
            message += screens + asOf
            if let copied = outcome.evidence, copied.files > 0 {
                message += ", showing \(counted(copied.files, "evidence file")) (\(ByteCount.format(copied.bytes))) from \(folder)/"
                if copied.copied > 0 { message += " (\(copied.copied) copied there now)" }
            }
            console.line(message)
            let missing = outcome.missingEvidence
            if missing > 0 {
                console.warn("\(counted(missing, "evidence file")) \(plural("is", missing)) missing from \(PathNames.shown(store.location.evidenceFolder, from: console.workingDirectory)), so the report leaves \(plural("it", missing)) out; 'dtaudit evidence gc' lists \(plural("it", missing))")
            }
            for file in outcome.evidence?.changed ?? [] {
                console.warn("the stored evidence file \(file.storedName) (first attached as '\(console.safe(file.firstName))') no longer matches its SHA-256: it was changed after it was stored; the export holds it as it is now")
            }
            for name in outcome.evidence?.foreign ?? [] {
                console.warn("\(folder)/\(console.safe(name)) was not written by dtaudit; it was left as it is")
            }
        }
    }
}
