import AuditLog
import AuditStore
import DynamicType

/// A field of a screen that two people set while neither had the other's change: every store
/// keeps the later one (by time, then id), and the report names both so that someone can check.
public struct ConcurrentEdit: Sendable, Equatable {
    public struct Value: Sendable, Equatable {
        public var text: String
        public var by: String
        public var at: Timestamp
    }

    public var screen: String
    public var field: String
    public var kept: Value
    public var overridden: [Value]
}

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
        report.concurrentEdits = try concurrentEdits(file, store: store)
        var added: [String] = []
        for case .screen(let screen) in file.records.map(\.record) where try store.screen(id: screen.id) == nil { added.append(screen.id) }
        report.outcome = try store.merge(file.records)
        report.outcome.known += file.known
        report.outcome.clashes += file.clashes
        for id in added {
            if let screen = try store.screen(id: id) { report.newScreens.append(screen.name) }
        }
        report.nameClashes = try store.nameClashes()
        return report
    }

    /// The fields the file's new edits set that the store also set in records the file lacks.
    static func concurrentEdits(_ file: AuditFile, store: AuditStore) throws -> [ConcurrentEdit] {
        var incoming: [String: [LogRecord]] = [:]
        for (record, _) in file.records where record.kind == .edit || record.kind == .screen {
            if let screen = record.screen { incoming[screen, default: []].append(record) }
        }
        guard !incoming.isEmpty else { return [] }
        var edits: [ConcurrentEdit] = []
        for screenID in incoming.keys.sorted() {
            guard let screen = try store.screen(id: screenID) else { continue }
            let ours = try store.records(kinds: [.screen, .edit], screen: screen).filter { !file.ids.contains($0.id) }
            let theirs = incoming[screenID] ?? []
            for field in ["name", "flow", "critical", "owner", "notes", "triage", "removed"] {
                let mine = ours.filter { setsField($0, field) }
                let other = theirs.filter { setsField($0, field) && !mine.contains($0) }
                guard !mine.isEmpty, !other.isEmpty else { continue }
                let all = (mine + other).sorted { Stamp($0) < Stamp($1) }
                let values = all.map { ConcurrentEdit.Value(text: value(of: field, in: $0), by: $0.by, at: $0.at) }
                var seen = Set<String>()
                let overridden = values.dropLast().reversed().filter { seen.insert($0.text).inserted && $0.text != values.last!.text }
                if overridden.isEmpty { continue }
                edits.append(ConcurrentEdit(screen: screen.name, field: field, kept: values.last!, overridden: Array(overridden)))
            }
        }
        return edits
    }

    static func setsField(_ record: LogRecord, _ field: String) -> Bool {
        switch record {
        case .screen: field != "removed"
        case .edit(let edit): edit.fields.contains(field)
        default: false
        }
    }

    /// The value a screen or edit record gives a field, as people read it.
    static func value(of field: String, in record: LogRecord) -> String {
        func shown(_ text: String?) -> String { text ?? "(none)" }
        switch record {
        case .screen(let screen):
            switch field {
            case "name": return screen.name
            case "flow": return shown(screen.flow)
            case "critical": return screen.critical ? "yes" : "no"
            case "owner": return shown(screen.owner)
            case "notes": return shown(screen.notes)
            case "triage": return shown(screen.triage?.rawValue)
            default: return ""
            }
        case .edit(let edit):
            switch field {
            case "name": return shown(edit.name)
            case "flow": return shown(edit.flow ?? nil)
            case "critical": return edit.critical == true ? "yes" : "no"
            case "owner": return shown(edit.owner ?? nil)
            case "notes": return shown(edit.notes ?? nil)
            case "triage": return shown((edit.triage ?? nil)?.rawValue)
            case "removed": return edit.removed == true ? "removed" : "restored"
            default: return ""
            }
        default:
            return ""
        }
    }
}

