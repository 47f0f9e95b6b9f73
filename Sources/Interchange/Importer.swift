import AuditLog
import AuditStore
import DynamicType

/// What an import or sync took in.
public struct ImportReport: Sendable {
    public var outcome = MergeOutcome()
    public var format = AuditFile.formatVersion
    /// Whether the file held format 1 and format 2 lines both (a merge of teammates who upgraded apart).
    public var mixedFormats = false
    /// Lines of git's conflict markers the file held (each side of a conflict was taken).
    public var conflictMarkers = 0
    /// Names of the screens the file added.
    public var newScreens: [String] = []
    public var concurrentEdits: [ConcurrentEdit] = []
    /// Live screens shown under another name because another screen has theirs.
    public var nameClashes: [(name: String, shown: String)] = []

    public init() {}

    public var changedAnything: Bool { outcome.addedCount > 0 || !outcome.clashes.isEmpty }

    /// How many of the file's records the store held, or took in, once it was read: records the
    /// file holds that the store now holds too.
    public var recordsRead: Int { outcome.known + outcome.addedCount + outcome.clashes.count }

    /// This import and `other`, read before it, as one: what both added; what the later says of
    /// the screens, unless it touched none.
    public func adding(_ other: ImportReport) -> ImportReport {
        var together = self
        together.outcome.known += other.outcome.known
        for (kind, count) in other.outcome.added { together.outcome.added[kind, default: 0] += count }
        together.outcome.clashes += other.outcome.clashes
        together.outcome.replaced += other.outcome.replaced
        if let latest = other.outcome.latestAdded, latest.at.milliseconds > together.outcome.latestAdded?.at.milliseconds ?? .min {
            together.outcome.latestAdded = latest
        }
        together.newScreens = other.newScreens + newScreens
        if concurrentEdits.isEmpty { together.concurrentEdits = other.concurrentEdits }
        if nameClashes.isEmpty { together.nameClashes = other.nameClashes }
        together.format = min(format, other.format)
        together.mixedFormats = mixedFormats || other.mixedFormats
        together.conflictMarkers = conflictMarkers + other.conflictMarkers
        return together
    }
}

/// Takes a shared file into a store: a union of records by id, in one transaction.
public enum Importer {
    /// Merges the file `source` reads (chunks appended to its argument, false at the end) into
    /// `store`, a record at a time: the file is never held whole. Lines the store holds byte for
    /// byte are not even parsed. Call it inside `store.write {}`, so that an error leaves the
    /// store as it was; a malformed line throws `InterchangeError`, a record that refers to what
    /// neither side holds `DanglingReference`, both naming the line.
    public static func merge(reading source: @escaping (inout [UInt8]) -> Bool, into store: AuditStore) throws -> ImportReport {
        let known = try store.recordCount() > 0 ? try store.lineDigests() : nil
        return try merge(into: store) { body in try AuditFile.scan(chunks: source, known: known, body: body) }
    }

    /// Merges records read from part of a file, the rest of which the store holds line for line
    /// (`summary` counts those lines as known).
    static func merge(_ records: [(record: LogRecord, line: Int)], summary: AuditFile.Summary, into store: AuditStore) throws -> ImportReport {
        try merge(into: store) { body in
            for (record, line) in records { try body(record, line) }
            return summary
        }
    }

    /// Merges a file read whole (tests, the merge driver's checks).
    public static func merge(_ file: AuditFile, into store: AuditStore) throws -> ImportReport {
        var report = try merge(into: store) { body in
            for (record, line) in file.records { try body(record, line) }
            return AuditFile.Summary(format: file.format, conflictMarkers: file.conflictMarkers, known: file.known, mixedFormats: file.mixedFormats)
        }
        report.outcome.clashes += file.clashes
        return report
    }

    private static func merge(into store: AuditStore,
                              reading: ((LogRecord, Int) throws -> Void) throws -> AuditFile.Summary) throws -> ImportReport {
        var report = ImportReport()
        var touched = Set<String>()
        var added: [String] = []
        var summary = AuditFile.Summary()
        report.outcome = try store.merge { add in
            try withoutActuallyEscaping(add) { add in
                summary = try reading { record, line in
                    if record.kind == .screen || record.kind == .edit, let screen = record.screen { touched.insert(screen) }
                    if record.kind == .screen, try store.screen(id: record.id) == nil, !added.contains(record.id) { added.append(record.id) }
                    try add(record, line)
                }
            }
        }
        report.format = summary.format
        report.mixedFormats = summary.mixedFormats
        report.conflictMarkers = summary.conflictMarkers
        report.outcome.known += summary.known
        for id in added {
            if let screen = try store.screen(id: id) { report.newScreens.append(screen.name) }
        }
        report.nameClashes = try store.nameClashes()
        for id in touched.sorted() {
            if let screen = try store.screen(id: id) { report.concurrentEdits += try store.concurrentEdits(of: screen) }
        }
        return report
    }
}
