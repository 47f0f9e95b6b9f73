import AuditLog
import AuditStore
import Interchange
import Output
import Platform

/// One row per recording, for spreadsheets: RFC 4180 (comma separated, CRLF line ends, fields
/// quoted when they hold a comma, quote or line break, quotes doubled). A field that starts with
/// `=`, `+`, `-` or `@` gets a leading apostrophe, so that no spreadsheet runs it as a formula.
public struct CSVReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .csv }
    public var fileExtension: String { "csv" }

    public static let header = ["screen", "flow", "critical", "item", "size", "status", "note", "by", "at", "id"]

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: selection)
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
