import AuditStore
import DynamicType

/// The file's checklist uses item ids the store's checklist does not have.
public struct ChecklistMismatch: Error, Sendable, CustomStringConvertible {
    public let unknownItems: [String]
    public let storeChecklist: String

    public var description: String {
        let shown = unknownItems.prefix(12).joined(separator: ", ") + (unknownItems.count > 12 ? ", ..." : "")
        return "the file's checklist does not match this store's (\(storeChecklist)): unknown item id\(unknownItems.count == 1 ? "" : "s") \(shown); nothing was imported"
    }
}

/// What an import added, and what it left as it was.
public struct ImportResult: Sendable {
    /// Screens the file brought, by name.
    public var newScreens: [String] = []
    public var addedRecordings = 0
    /// Recordings the store already had (same id, same content).
    public var knownRecordings = 0
    public var addedFixes = 0
    public var knownFixes = 0
    /// Screen details the store lacked and took from the file.
    public var filledDetails: [(screen: String, fields: [String])] = []
    /// Screen details set differently on both sides: the store's values were kept.
    public var keptDetails: [(screen: String, fields: [String])] = []
    /// The file's app name, when it differs from the store's.
    public var otherApp: String?
    /// The file's checklist version, when it differs from the store's.
    public var otherChecklistVersion: String?

    public init() {}

    public var changedAnything: Bool {
        !newScreens.isEmpty || addedRecordings > 0 || addedFixes > 0 || !filledDetails.isEmpty
    }
}

/// Merges an interchange document into a store as a union: screens are matched by name (in any
/// case), recordings and fixes by their unique ids. Importing the same file twice changes nothing,
/// and the order of imports does not matter.
///
/// Screen details only ever get added: a flow, owner, notes or triage the store lacks is taken from
/// the file, a critical mark is kept from either side, file patterns are joined. A detail set
/// differently on both sides keeps the store's value and is reported.
public enum Importer {
    /// Merges `document` into `store`. Call it inside `store.write {}`, so that an error leaves the
    /// store as it was.
    public static func merge(_ document: AuditDocument, into store: AuditStore) throws -> ImportResult {
        var result = ImportResult()
        let checklist = try store.checklist()
        let known = Set(checklist.items.map(\.id))
        var used = Set(document.checklist.items.map(\.id))
        for recording in document.recordings { used.insert(recording.item) }
        for fix in document.fixes { used.formUnion(fix.items) }
        let unknown = used.subtracting(known)
        if !unknown.isEmpty {
            throw ChecklistMismatch(unknownItems: unknown.sorted(), storeChecklist: "\(checklist.name) v\(checklist.version)")
        }
        if document.checklist.version != checklist.version || document.checklist.name != checklist.name {
            result.otherChecklistVersion = "\(document.checklist.name) v\(document.checklist.version)"
        }
        let app = try store.appName()
        if document.app != app { result.otherApp = document.app }

        // Screens first, so that recordings and fixes find them.
        var screensByKey: [String: Screen] = [:]
        for screen in try store.screens() { screensByKey[screen.name.lowercased()] = screen }
        for incoming in document.screens {
            if let existing = screensByKey[incoming.key] {
                let (filled, kept) = try mergeDetails(of: existing, with: incoming, in: store)
                if !filled.isEmpty { result.filledDetails.append((existing.name, filled)) }
                if !kept.isEmpty { result.keptDetails.append((existing.name, kept)) }
                continue
            }
            let added = try store.addScreen(name: incoming.name, flow: incoming.flow, critical: incoming.critical, owner: incoming.owner,
                                            notes: incoming.notes, files: incoming.files, by: incoming.createdBy, at: incoming.createdAt)
            if let triage = incoming.triage { try store.setTriage(triage, for: added) }
            screensByKey[incoming.key] = added
            result.newScreens.append(incoming.name)
        }
        let namesByID = Dictionary(screensByKey.values.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })

        for incoming in document.recordings {
            guard let screen = screensByKey[incoming.screen.lowercased()] else { continue }
            if let existing = try store.recording(uid: incoming.id) {
                let stored = RecordingRecord(id: existing.uid, screen: namesByID[existing.screenID] ?? "", item: existing.item,
                                             size: existing.size, status: existing.status, note: existing.note, by: existing.by, at: existing.at)
                let differences = stored.differences(from: incoming)
                if !differences.isEmpty {
                    throw InterchangeError(line: incoming.line, "the recording id '\(incoming.id)' is already in this store but differs in \(differences.joined(separator: ", ")); nothing was imported")
                }
                result.knownRecordings += 1
                continue
            }
            try store.insertRecording(.imported(uid: incoming.id, screenID: screen.id, item: incoming.item, size: incoming.size,
                                                status: incoming.status, note: incoming.note, by: incoming.by, at: incoming.at))
            result.addedRecordings += 1
        }

        for incoming in document.fixes {
            guard let screen = screensByKey[incoming.screen.lowercased()] else { continue }
            if let existing = try store.fix(uid: incoming.id) {
                let stored = FixRecord(id: existing.uid, screen: namesByID[existing.screenID] ?? "", type: existing.type, items: existing.items,
                                       note: existing.note, ref: existing.ref, by: existing.by, at: existing.at)
                let differences = stored.differences(from: incoming)
                if !differences.isEmpty {
                    throw InterchangeError(line: incoming.line, "the fix id '\(incoming.id)' is already in this store but differs in \(differences.joined(separator: ", ")); nothing was imported")
                }
                result.knownFixes += 1
                continue
            }
            try store.insertFix(.imported(uid: incoming.id, screenID: screen.id, type: incoming.type, items: incoming.items,
                                    note: incoming.note, ref: incoming.ref, by: incoming.by, at: incoming.at))
            result.addedFixes += 1
        }
        return result
    }

    /// Adds to `existing` the details it lacks; returns the fields filled and those kept although
    /// the file says otherwise.
    static func mergeDetails(of existing: Screen, with incoming: ScreenRecord, in store: AuditStore) throws -> (filled: [String], kept: [String]) {
        var changes = AuditStore.ScreenChanges()
        var filled: [String] = []
        var kept: [String] = []
        func merge(_ field: String, _ mine: String?, _ theirs: String?) -> String?? {
            guard let theirs, theirs != mine else { return nil }
            if mine == nil {
                filled.append(field)
                return .some(theirs)
            }
            kept.append(field)
            return nil
        }
        changes.flow = merge("flow", existing.flow, incoming.flow)
        changes.owner = merge("owner", existing.owner, incoming.owner)
        changes.notes = merge("notes", existing.notes, incoming.notes)
        if incoming.critical && !existing.critical {
            changes.critical = true
            filled.append("critical")
        }
        let newFiles = incoming.files.filter { !existing.files.contains($0) }
        if !newFiles.isEmpty {
            changes.addFiles = newFiles
            filled.append("files")
        }
        if !changes.isEmpty { try store.updateScreen(existing, changes) }
        if let triage = incoming.triage, triage != existing.triage {
            if existing.triage == nil {
                try store.setTriage(triage, for: existing)
                filled.append("triage")
            } else {
                kept.append("triage")
            }
        }
        return (filled, kept)
    }
}
