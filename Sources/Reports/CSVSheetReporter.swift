import AuditLog
import AuditStore
import DynamicType
import Interchange
import Platform

/// `--format csv`: the current sheet, one row per planned cell of every screen chosen, as the
/// spreadsheet it replaces had: the recording that stands in the cell (or `untested`, with no one
/// and no time, when none does), the automated run that made it, the screen's owner and the fix
/// awaiting a retest of a failure. Cells recorded outside the plan follow their screen's planned
/// ones, marked `planned` no, so that no failure is hidden and a pivot on `planned` counts the plan.
/// Rows count each cell once: the history is `csv-log`'s.
public struct CSVSheetReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .csv }
    public var fileExtension: String { "csv" }

    /// The log's first ten columns in the log's order, so that scripts written for the log read
    /// the sheet's columns by the same names and positions; then what only the sheet says.
    public static let header = ["screen", "flow", "critical", "item", "size", "status", "note", "by", "at", "id",
                                "run", "owner", "fix", "fix_ref", "planned"]

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: selection)
    }

    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<AuditDocument> {
        let document = try AuditDocument(store: store)
        let chosen = document.selecting(request.selection)
        return ReportReading(content: chosen, app: document.app, day: request.date ?? document.latestActivity.day, screens: chosen.screens.count)
    }

    public func write(_ document: AuditDocument, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        let (bytes, rows) = Self.bytes(document)
        sink.write(bytes: bytes)
        return ReportWritten(count: rows)
    }

    public func render(_ input: ReportInput) -> RenderedReport {
        RenderedReport(text: String(decoding: Self.bytes(input.document).bytes, as: UTF8.self))
    }

    /// Screens by name; each screen's planned cells in checklist order, then its cells recorded
    /// outside the plan.
    static func bytes(_ document: AuditDocument) -> (bytes: [UInt8], rows: Int) {
        var text = ByteText()
        CSVRow.append(header, to: &text)
        let standing = document.latestCells()
        var fixesByScreen: [String: [Fix]] = [:]
        for fix in document.fixes { fixesByScreen[fix.screen, default: []].append(fix) }
        let items = document.checklist.items
        var rows = 0
        for screen in document.screens {
            let cells = standing[screen.id] ?? [:]
            let fixes = fixesByScreen[screen.id] ?? []
            func row(_ item: ChecklistItem, _ size: Size, planned: Bool) {
                let recording = cells[CellKey(item: item.id, size: size)]
                // The fix made after the failure that names its item: the one its retest checks.
                let fix = recording?.status == .fail ? fixes.last { $0.at > recording!.at && $0.items.contains(item.id) } : nil
                CSVRow.append([screen.name, screen.flow ?? "", screen.critical ? "yes" : "no", item.id, size.id,
                               (recording?.status ?? .untested).rawValue, recording?.note ?? "", recording?.by ?? "",
                               recording?.at.iso8601 ?? "", recording?.id ?? "", recording?.run ?? "", screen.owner ?? "",
                               fix?.type.rawValue ?? "", fix?.ref ?? "", planned ? "yes" : "no"], to: &text)
                rows += 1
            }
            for item in items {
                for size in item.sizes { row(item, size, planned: true) }
            }
            for item in items {
                for size in Size.allCases where !item.sizes.contains(size) && cells[CellKey(item: item.id, size: size)] != nil {
                    row(item, size, planned: false)
                }
            }
        }
        return (text.bytes, rows)
    }
}
