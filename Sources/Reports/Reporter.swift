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
    /// The screenshots and recordings the report may show and link; nil when the report has no
    /// folder beside it to hold them (written to standard output).
    public var evidence: ReportEvidence?

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
    public var screens: [Int64: ScreenEvidence]

    public init(folder: String, screens: [Int64: ScreenEvidence]) {
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
        var text = ByteText()
        Self.appendHeader(to: &text)
        let screens = Dictionary(input.document.screens.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var byScreen: [String: [RecordingRecord]] = [:]
        for recording in input.document.recordings { byScreen[recording.screen.lowercased(), default: []].append(recording) }
        for screen in input.document.screens {
            let details = screens[screen.key]
            for recording in byScreen[screen.key] ?? [] {
                for (index, value) in [screen.name, details?.flow ?? "", screen.critical ? "yes" : "no", recording.item, recording.size.id,
                                       recording.status.rawValue, recording.note ?? "", recording.by, recording.at.iso8601, recording.id].enumerated() {
                    if index > 0 { text.append(",") }
                    Self.appendField(value, to: &text)
                }
                text.append("\r\n")
            }
        }
        return RenderedReport(text: String(decoding: text.bytes, as: UTF8.self))
    }

    /// Writes the CSV of the store's audit, the bytes `render` gives for `AuditDocument(store:)`,
    /// holding one screen's recordings at a time; `sink` receives it in pieces that end at line
    /// ends. Returns how many recordings the store holds. Reads in one read transaction.
    public static func write(store: AuditStore, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        try store.read {
            var text = ByteText()
            appendHeader(to: &text)
            let (screens, _) = try StoreHistory.screensAndFixes(of: store)
            var story = StoreHistory.ScreenRecordings()
            for (id, screen) in screens {
                var prefix = ByteText(capacity: 256)
                appendField(screen.name, to: &prefix)
                prefix.append(",")
                appendField(screen.flow ?? "", to: &prefix)
                prefix.append(screen.critical ? ",yes," : ",no,")
                try story.read(screenID: id, from: store) { recording, line in
                    line.append(prefix, range: 0..<prefix.count)
                    appendField(stored: recording.item, to: &line)
                    line.append(",")
                    line.append(recording.size.id)
                    line.append(",")
                    line.append(recording.status.rawValue)
                    line.append(",")
                    if let note = recording.note { appendField(stored: note, to: &line) }
                    line.append(",")
                    appendField(stored: recording.by, to: &line)
                    line.append(",")
                    if recording.atIsCanonical {
                        line.append(recording.atText)
                    } else {
                        appendField(recording.at.iso8601, to: &line)
                    }
                    line.append(",")
                    appendField(stored: recording.uid, to: &line)
                    line.append("\r\n")
                }
                for index in story.order { text.append(story.lines, range: story.entries[index].line) }
                if text.count >= 1 << 16 {
                    try text.bytes.withUnsafeBufferPointer { try sink($0) }
                    text.removeAll()
                }
            }
            try text.bytes.withUnsafeBufferPointer { try sink($0) }
            return try store.exchangeCounts().recordings
        }
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
