import AuditLog
import AuditStore
import DynamicType
import Interchange
import Platform

/// The formats `dtaudit export --format` writes, each by its reporter.
public enum ReportFormat: String, CaseIterable, Sendable {
    case markdown, json, csv
    case csvLog = "csv-log"
    case openacr, vpat
    case ascDeclaration = "asc-declaration"

    /// The reporter that writes the format.
    public var reporter: any Reporter {
        switch self {
        case .markdown: MarkdownReporter()
        case .json: AuditLogReporter()
        case .csv: CSVSheetReporter()
        case .csvLog: CSVLogReporter()
        case .openacr: OpenACRReporter()
        case .vpat: VPATReporter()
        case .ascDeclaration: ASCDeclarationReporter()
        }
    }

    public var fileExtension: String { reporter.fileExtension }

    /// What follows the date in the file's name: `trailhead-2026-10-13-vpat.md`.
    public var fileNameSuffix: String {
        switch self {
        case .csvLog: "-log"
        case .openacr: "-openacr"
        case .vpat: "-vpat"
        case .ascDeclaration: "-asc-declaration"
        default: ""
        }
    }

    /// The conformance reports, which speak of WCAG criteria for the whole product.
    public var isCompliance: Bool { self == .openacr || self == .vpat }
}

/// Everything a reporter may draw on, read from the store in one transaction.
public struct ReportInput: Sendable {
    /// The whole audit with its history.
    public var document: AuditDocument
    /// Where every screen stands now, with each failed cell's note.
    public var snapshot: AuditSnapshot
    /// The report's date (`2026-10-13`): the day of the latest activity unless pinned.
    public var date: String
    /// What changed since an earlier export or date, when asked for.
    public var changes: Changes?
    /// The file written beside the report, relative to it (the review page's progress chart, the
    /// VPAT rows' HTML page); nil when the report has none (written to standard output).
    public var chartFile: String?
    /// `dtaudit 0.1.0`
    public var generator: String
    /// The screenshots and recordings the report may show and link; nil when the report has no
    /// folder beside it to hold them (written to standard output).
    public var evidence: ReportEvidence?
    /// Which screens the report covers, when not all (`--owner`, `--flow`, `--mine`).
    public var selection: ScreenSelection = .everything
    /// The review page's short form for a pull-request comment: verdicts, actions, owners.
    public var summaryOnly = false
    /// Who recorded results, most first, when `document` holds no recordings (the summary reads
    /// none, and names nobody: pass an empty list); nil for `document`'s own.
    public var auditors: [String]?
    /// The product and author a conformance report names.
    public var parties: ReportParties?
    /// A conformance report's draft (`--draft`): marked as one throughout, claiming no level.
    public var draft = false
    /// Waivers and people's results kept over runs, for the review page.
    public var rulings = ReviewRulings()

    public init(document: AuditDocument, snapshot: AuditSnapshot, date: String, changes: Changes? = nil,
                chartFile: String? = nil, evidence: ReportEvidence? = nil, generator: String) {
        self.document = document
        self.snapshot = snapshot
        self.date = date
        self.changes = changes
        self.chartFile = chartFile
        self.evidence = evidence
        self.generator = generator
    }
}

/// The evidence a report may show: each screen's files, and the folder beside the report that
/// the files it links are copied to.
public struct ReportEvidence: Sendable {
    /// The folder's name, relative to the report: `trailhead-2026-10-13-evidence`.
    public var folder: String
    /// Each screen's evidence, by screen id (`AuditStore.evidenceByScreen()`).
    public var screens: [String: ScreenEvidence]

    public init(folder: String, screens: [String: ScreenEvidence]) {
        self.folder = folder
        self.screens = screens
    }

    /// `trailhead-2026-10-13.md` → `trailhead-2026-10-13-evidence`: the folder an export's
    /// evidence goes to, beside the report.
    public static func folderName(forReport fileName: String) -> String {
        (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + "-evidence"
    }
}

/// A report's text and the files that go beside it (the Markdown report's chart).
public struct RenderedReport: Sendable {
    public struct Attachment: Sendable {
        /// The file name, relative to the report.
        public var fileName: String
        public var text: String
    }

    public var text: String
    public var attachments: [Attachment]
    /// The evidence files the text links, each once, in the order the text first links them: what
    /// goes into `ReportEvidence.folder` beside the report, under each file's `storedName`.
    public var evidence: [EvidenceFile]

    public init(text: String, attachments: [Attachment] = [], evidence: [EvidenceFile] = []) {
        self.text = text
        self.attachments = attachments
        self.evidence = evidence
    }
}

/// One format of `dtaudit export`, behind one protocol as SwiftLint's reporters are: its identifier
/// (the `--format` name), its file's extension and default name, the files it writes beside itself,
/// and a write that streams. A reporter first reads what it holds from the store, in one read
/// transaction; the export's plan (`ExportPlan`) then names its file from what was read (the day),
/// and the reporter writes into that file, or standard output, a piece at a time.
public protocol Reporter: Sendable {
    /// What the report holds once read: the folded audit, or only the store it streams from.
    associatedtype Content

    /// Its identifier: the name `--format` takes.
    var format: ReportFormat { get }
    var fileExtension: String { get }
    /// Its file's name in Exports/ when `--output` names none: `trailhead-2026-10-13.md`.
    func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String
    /// The files written beside a report named `fileName`, relative to it: the review page's
    /// charts, the VPAT rows' HTML page.
    func attachmentNames(forReport fileName: String) -> [String]
    /// Where the report goes by default: a dated report in Exports/, or the shared audit file.
    var keepsTheSharedFile: Bool { get }
    /// Reads what the report holds, in one read transaction of `store`.
    func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<Content>
    /// Streams the report into `sink`; `plan` says where it and the files beside it go.
    func write(_ content: Content, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten
}

extension Reporter {
    public func attachmentNames(forReport fileName: String) -> [String] { [] }
    public var keepsTheSharedFile: Bool { false }

    /// `<app>-<day><selection><suffix>.<extension>`: the dated name every report in Exports/ has.
    func datedFileName(app: String, day: String, selection: ScreenSelection, suffix: String = "") -> String {
        "\(AppSlug.make(app))-\(day)\(selection.fileNameSuffix)\(suffix).\(fileExtension)"
    }
}

/// What a reporter read: its content, and what names and describes the report.
public struct ReportReading<Content> {
    public var content: Content
    public var app: String
    /// The report's date (`2026-10-13`): the day of the audit's latest activity unless pinned.
    public var day: String
    /// The screens the report covers, when it speaks of screens.
    public var screens: Int?
    /// Evidence files the report leaves out because the store's evidence folder lacks them.
    public var missingEvidence = 0
    /// The criteria a conformance report judges, with their levels.
    public var conformance: ConformanceReport?
    /// A conformance report's draft: its file is named `-draft`.
    public var draft = false
    /// The App Store Connect declaration, family by family.
    public var declaration: ASCDeclaration?

    public init(content: Content, app: String, day: String, screens: Int? = nil) {
        self.content = content
        self.app = app
        self.day = day
        self.screens = screens
    }
}

/// What a reporter wrote besides its text.
public struct ReportWritten: Sendable {
    /// The files that go beside the report (charts, an HTML page), in `ExportPlan.attachments`' order.
    public var attachments: [RenderedReport.Attachment] = []
    /// The evidence files the text links, to be copied into the shared evidence folder before the
    /// report is put in place; nil when the report shows no evidence.
    public var evidence: [EvidenceFile]?
    /// How many rows (CSV) or records (the log) the report holds.
    public var count: Int?

    public init(attachments: [RenderedReport.Attachment] = [], evidence: [EvidenceFile]? = nil, count: Int? = nil) {
        self.attachments = attachments
        self.evidence = evidence
        self.count = count
    }
}
