import AuditLog
import AuditStore
import DynamicType
import Interchange

/// The formats `dtaudit export --format` writes.
public enum ReportFormat: String, CaseIterable, Sendable {
    case markdown, json, csv, openacr, vpat

    public var fileExtension: String {
        switch self {
        case .markdown, .vpat: "md"
        case .json: "json"
        case .csv: "csv"
        case .openacr: "yaml"
        }
    }

    /// What follows the date in the file's name: `trailhead-2026-10-13-vpat.md`.
    public var fileNameSuffix: String {
        switch self {
        case .openacr: "-openacr"
        case .vpat: "-vpat"
        default: ""
        }
    }

    /// The conformance reports, which speak of WCAG criteria for the whole product.
    public var isCompliance: Bool { self == .openacr || self == .vpat }

    /// The reporter that renders the folded audit; nil for JSON, which is the log itself
    /// (`AuditFileWriter`).
    public var reporter: (any Reporter)? {
        switch self {
        case .markdown: MarkdownReporter()
        case .json: nil
        case .csv: CSVReporter()
        case .openacr: OpenACRReporter()
        case .vpat: VPATReporter()
        }
    }
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

/// Turns an audit into one format. Each reporter is tested against a golden file.
public protocol Reporter: Sendable {
    var format: ReportFormat { get }
    func render(_ input: ReportInput) -> RenderedReport
}

/// One row per recording, for spreadsheets: RFC 4180 (comma separated, CRLF line ends, fields
/// quoted when they hold a comma, quote or line break, quotes doubled). A field that starts with
/// `=`, `+`, `-` or `@` gets a leading apostrophe, so that no spreadsheet runs it as a formula.
public struct CSVReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .csv }

    public static let header = ["screen", "flow", "critical", "item", "size", "status", "note", "by", "at", "id"]

    public func render(_ input: ReportInput) -> RenderedReport {
        RenderedReport(text: String(decoding: Self.bytes(input.document), as: UTF8.self))
    }

    /// The CSV of the store's audit, the bytes `render` gives for `AuditDocument(store:)`; returns
    /// how many recordings it holds.
    public static func write(store: AuditStore, selection: ScreenSelection = .everything,
                             to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        let document = try AuditDocument(store: store).selecting(selection)
        try bytes(document).withUnsafeBufferPointer { try sink($0) }
        return document.recordings.count
    }

    /// Screens by name, each screen's recordings oldest first.
    static func bytes(_ document: AuditDocument) -> [UInt8] {
        var text = ByteText()
        appendHeader(to: &text)
        var byScreen: [String: [Recording]] = [:]
        for recording in document.recordings { byScreen[recording.screen, default: []].append(recording) }
        for screen in document.screens {
            for recording in byScreen[screen.id] ?? [] {
                for (index, value) in [screen.name, screen.flow ?? "", screen.critical ? "yes" : "no", recording.item, recording.size.id,
                                       recording.status.rawValue, recording.note ?? "", recording.by, recording.at.iso8601, recording.id].enumerated() {
                    if index > 0 { text.append(",") }
                    appendField(value, to: &text)
                }
                text.append("\r\n")
            }
        }
        return text.bytes
    }

    static func appendHeader(to text: inout ByteText) {
        text.append(header.joined(separator: ","))
        text.append("\r\n")
    }

    static func field(_ value: String) -> String {
        var text = ByteText(capacity: value.utf8.count + 4)
        appendField(value, to: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    static func appendField(_ value: String, to text: inout ByteText) {
        var value = value
        value.withUTF8 { appendField(valid: $0, to: &text) }
    }

    /// A stored value, read as `String(decoding:)` reads it.
    static func appendField(stored value: UnsafeBufferPointer<UInt8>, to text: inout ByteText) {
        if ByteText.isASCII(value) {
            appendField(valid: value, to: &text)
        } else {
            appendField(String(decoding: value, as: UTF8.self), to: &text)
        }
    }

    /// The field as RFC 4180 wants it, made inert for spreadsheets; `value` is valid UTF-8, so its
    /// first byte is one of `=+-@`, a tab or a carriage return exactly when its first scalar is.
    static func appendField(valid value: UnsafeBufferPointer<UInt8>, to text: inout ByteText) {
        let formula: Bool
        switch value.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: formula = true
        default: formula = false
        }
        let needsQuotes = value.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            if formula { text.append("'") }
            text.append(value)
            return
        }
        text.append("\"")
        if formula { text.append("'") }
        var start = 0
        for (index, byte) in value.enumerated() where byte == UInt8(ascii: "\"") {
            text.append(UnsafeBufferPointer(rebasing: value[start...index]))
            text.append("\"")
            start = index + 1
        }
        text.append(UnsafeBufferPointer(rebasing: value[start...]))
        text.append("\"")
    }
}
