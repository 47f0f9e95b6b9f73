import AuditStore

/// What `dtaudit import` did, or with a dry run would do.
public struct ImportOutcome: Sendable {
    public var report: ImportReport
    /// The store made from the file, where there was none.
    public var createdStore: StoreLocation?
    public var dryRun: Bool
}

extension Importer {
    /// A file's chunks, handed out as `AuditFile.scan` takes them.
    public typealias Chunks = (inout [UInt8]) -> Bool

    /// `dtaudit import FILE`: takes the file into the store `query` finds as a union of records, or
    /// without a store creates one from it where `query` says a new store goes. With `dryRun`
    /// nothing is changed: the merge runs in a transaction that is rolled back, and without a store
    /// the file is only read. `reading` opens the file and hands its chunks to the body it is given.
    public static func perform(_ query: StoreQuery, dryRun: Bool,
                               reading: (_ body: (@escaping Chunks) throws -> ImportReport) throws -> ImportReport) throws -> ImportOutcome {
        guard let store = try query.openIfPresent()?.store else {
            let location = try query.newLocation()
            let report: ImportReport
            if dryRun {
                report = try reading { source in
                    var report = ImportReport()
                    report.format = try AuditFile.scan(chunks: source) { record, _ in report.outcome.added[record.kind, default: 0] += 1 }.format
                    // The names are not read: a dry run counts what it would add.
                    report.newScreens = Array(repeating: "", count: report.outcome.added[.screen] ?? 0)
                    return report
                }
            } else {
                report = try reading { source in
                    var report = ImportReport()
                    _ = try AuditStore.create(at: location) { store in report = try merge(reading: source, into: store) }
                    return report
                }
            }
            return ImportOutcome(report: report, createdStore: location, dryRun: dryRun)
        }
        /// Ends the transaction of a dry run without committing it.
        struct DryRun: Error {
            let report: ImportReport
        }
        do {
            let report = try reading { source in
                try store.write {
                    let report = try merge(reading: source, into: store)
                    if dryRun { throw DryRun(report: report) }
                    return report
                }
            }
            return ImportOutcome(report: report, createdStore: nil, dryRun: dryRun)
        } catch let rolledBack as DryRun {
            return ImportOutcome(report: rolledBack.report, createdStore: nil, dryRun: true)
        }
    }
}
