import AuditStore
import DynamicType
import Interchange

/// The formats `dtaudit export --format` writes.
public enum ReportFormat: String, CaseIterable, Sendable {
    case markdown, json, csv

    public var fileExtension: String {
        switch self {
        case .markdown: "md"
        case .json: "json"
        case .csv: "csv"
        }
    }

    public var reporter: any Reporter {
        switch self {
        case .markdown: MarkdownReporter()
        case .json: JSONReporter()
        case .csv: CSVReporter()
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
    /// The chart's file name, relative to the report; nil when the report has no chart file.
    public var chartFile: String?
    /// `dtaudit 0.1.0`
    public var generator: String

    public init(document: AuditDocument, snapshot: AuditSnapshot, date: String, changes: Changes? = nil,
                chartFile: String? = nil, generator: String) {
        self.document = document
        self.snapshot = snapshot
        self.date = date
        self.changes = changes
        self.chartFile = chartFile
        self.generator = generator
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

    public init(text: String, attachments: [Attachment] = []) {
        self.text = text
        self.attachments = attachments
    }
}

/// Turns an audit into one format. Each reporter is tested against a golden file.
public protocol Reporter: Sendable {
    var format: ReportFormat { get }
    func render(_ input: ReportInput) -> RenderedReport
}

/// The interchange form: every record, one per line (see `InterchangeWriter`).
public struct JSONReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .json }

    public func render(_ input: ReportInput) -> RenderedReport {
        RenderedReport(text: InterchangeWriter.text(input.document))
    }
}

/// One row per recording, for spreadsheets: RFC 4180 (comma separated, CRLF line ends, fields
/// quoted when they hold a comma, quote or line break, quotes doubled). A field that starts with
/// `=`, `+`, `-` or `@` gets a leading apostrophe, so that no spreadsheet runs it as a formula.
public struct CSVReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .csv }

    public static let header = ["screen", "flow", "critical", "item", "size", "status", "note", "by", "at", "id"]

    public func render(_ input: ReportInput) -> RenderedReport {
        var text = Self.header.joined(separator: ",") + "\r\n"
        let screens = Dictionary(input.document.screens.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var byScreen: [String: [RecordingRecord]] = [:]
        for recording in input.document.recordings { byScreen[recording.screen.lowercased(), default: []].append(recording) }
        for screen in input.document.screens {
            for recording in byScreen[screen.key] ?? [] {
                let details = screens[screen.key]
                let fields = [screen.name, details?.flow ?? "", screen.critical ? "yes" : "no", recording.item, recording.size.id,
                              recording.status.rawValue, recording.note ?? "", recording.by, recording.at.iso8601, recording.id]
                text += fields.map(Self.field).joined(separator: ",") + "\r\n"
            }
        }
        return RenderedReport(text: text)
    }

    static func field(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) || first == "\t" || first == "\r" {
            value = "'" + value
        }
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}

/// A file-name-safe form of the app's name: `Trailhead Pro` → `trailhead-pro`.
public enum AppSlug {
    public static func make(_ name: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= 60 { break }
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "audit" : slug
    }
}
