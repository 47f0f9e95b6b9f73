import AuditLog
import AuditStore
import Interchange
import Platform

/// `--format csv-log`: one row per recording, superseded ones included, oldest first within each
/// screen: the history behind the sheet (`CSVSheetReporter`), which says what stands now.
public struct CSVLogReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .csvLog }
    public var fileExtension: String { "csv" }

    /// The log's columns; `run` last, so that scripts reading the first ten by position read as before.
    public static let header = ["screen", "flow", "critical", "item", "size", "status", "note", "by", "at", "id", "run"]

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: selection, suffix: format.fileNameSuffix)
    }

    /// The screens chosen, with every recording of theirs; the day is the whole audit's.
    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<AuditDocument> {
        let document = try AuditDocument(store: store)
        return ReportReading(content: document.selecting(request.selection), app: document.app, day: request.date ?? document.latestActivity.day)
    }

    public func write(_ document: AuditDocument, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        sink.write(bytes: Self.bytes(document))
        return ReportWritten(count: document.recordings.count)
    }

    public func render(_ input: ReportInput) -> RenderedReport {
        RenderedReport(text: String(decoding: Self.bytes(input.document), as: UTF8.self))
    }

    /// Screens by name, each screen's recordings oldest first.
    static func bytes(_ document: AuditDocument) -> [UInt8] {
        var text = ByteText()
        CSVRow.append(header, to: &text)
        var byScreen: [String: [Recording]] = [:]
        for recording in document.recordings { byScreen[recording.screen, default: []].append(recording) }
        for screen in document.screens {
            for recording in byScreen[screen.id] ?? [] {
                CSVRow.append([screen.name, screen.flow ?? "", screen.critical ? "yes" : "no", recording.item, recording.size.id,
                               recording.status.rawValue, recording.note ?? "", recording.by, recording.at.iso8601, recording.id, recording.run ?? ""],
                              to: &text)
            }
        }
        return text.bytes
    }
}
