import AuditStore
import Interchange
import Platform

/// The shared audit file (`--format json`): the store's log, one record a line, the file that
/// `dtaudit sync` keeps and git carries, with its evidence folder beside it. Written to a file it is
/// kept as sync keeps it (`Sync.export`): refused when the file holds records this store lacks,
/// left as it is when it holds the same. See Docs/interchange.md.
public struct AuditLogReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .json }
    public var fileExtension: String { "json" }
    public var keepsTheSharedFile: Bool { true }

    /// `trailhead.json`: the log has no date; the store's own shared file is used when it has one.
    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        PathNames.fileName(of: SharedAudit.defaultPath(app: app))
    }

    /// Nothing is read ahead: the log streams from the store as it is written.
    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<AuditStore> {
        ReportReading(content: store, app: try store.appName(), day: "")
    }

    public func write(_ store: AuditStore, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        ReportWritten(count: try AuditFileWriter.write(store: store) { sink.write($0) })
    }
}
