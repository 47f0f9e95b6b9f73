import AuditLog
import AuditStore
import DynamicType

/// What an import or sync took in.
public struct ImportReport: Sendable {
    public var outcome = MergeOutcome()
    public var format = AuditFile.formatVersion
    /// Lines of git's conflict markers the file held (each side of a conflict was taken).
    public var conflictMarkers = 0
    /// Names of the screens the file added.
    public var newScreens: [String] = []
    public var concurrentEdits: [ConcurrentEdit] = []
    /// Live screens shown under another name because another screen has theirs.
    public var nameClashes: [(name: String, shown: String)] = []

    public init() {}

    public var changedAnything: Bool { outcome.addedCount > 0 || !outcome.clashes.isEmpty }
}

/// Takes a shared file into a store: a union of records by id, in one transaction.
public enum Importer {
    /// Merges `file` into `store`. Call it inside `store.write {}`, so that an error leaves the
    /// store as it was. References the file and the store can't resolve throw
    /// `DanglingReference`, naming the line.
    public static func merge(_ file: AuditFile, into store: AuditStore) throws -> ImportReport {
        var report = ImportReport()
        report.format = file.format
        report.conflictMarkers = file.conflictMarkers
        var added: [String] = []
        for case .screen(let screen) in file.records.map(\.record) where try store.screen(id: screen.id) == nil { added.append(screen.id) }
        report.outcome = try store.merge(file.records)
        report.outcome.known += file.known
        report.outcome.clashes += file.clashes
        for id in added {
            if let screen = try store.screen(id: id) { report.newScreens.append(screen.name) }
        }
        report.nameClashes = try store.nameClashes()
        var touched = Set<String>()
        for (record, _) in file.records where record.kind == .edit || record.kind == .screen { if let screen = record.screen { touched.insert(screen) } }
        for id in touched.sorted() {
            if let screen = try store.screen(id: id) { report.concurrentEdits += try store.concurrentEdits(of: screen) }
        }
        return report
    }
}
