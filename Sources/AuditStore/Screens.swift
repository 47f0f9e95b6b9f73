import AuditLog
import DynamicType
import Output
import Platform
import SQLite

/// The result of looking a screen up by what a user typed.
public enum ScreenLookupError: Error, Sendable, CustomStringConvertible {
    case unknown(String, suggestions: [String])
    case ambiguous(String, candidates: [String])
    case none(String)
    /// Somebody removed the screen of that name: its records stay, and `screen restore` brings it back.
    case removed(String, by: String, at: Timestamp)

    public var description: String {
        switch self {
        case .unknown(let name, let suggestions):
            let hint = suggestions.isEmpty ? "; 'dtaudit screen list' shows them" : "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
            return "no screen named '\(name)'" + hint
        case .ambiguous(let name, let candidates):
            let shown = candidates.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            return "'\(name)' matches \(candidates.count) screens: \(shown)\(candidates.count > 8 ? ", ..." : ""); type more of the name"
        case .none(let name):
            return "no screen named '\(name)': the audit has no screens yet; add one with 'dtaudit screen add NAME'"
        case .removed(let name, let by, let at):
            return "'\(name)' was removed by \(by) on \(at.inLocalTime.day); 'dtaudit screen restore \(Executable.shellWord(name))' brings it back with everything recorded on it"
        }
    }
}

extension Screen {
    /// The columns `init(row:)` reads, from the `screens` table.
    static let columns = "uid, name, flow, critical, owner, notes, triage, created_at, created_by"

    /// Reads the columns of `Screen.columns` by place (every query selects them first, and a name
    /// costs a search of the statement's names each); file patterns are read apart.
    init(row: Row) throws {
        self.init(id: try row[0], name: try row[1], flow: try row[2], critical: try row[3], owner: try row[4],
                  notes: try row[5], triage: try row[6], createdAt: try row[7], createdBy: try row[8])
    }
}

extension AuditStore {
    /// Every live screen, by name, with its source file patterns.
    public func screens() throws -> [Screen] {
        try read {
            var files: [String: [String]] = [:]
            try db.cachedStatement("""
                SELECT s.uid, f.pattern FROM screen_files f JOIN screens s ON s.id = f.screen_id WHERE s.removed = 0 ORDER BY f.pattern
                """).forEach { row in files[row.string("uid"), default: []].append(row.string("pattern")) }
            return try db.rows("SELECT \(Screen.columns) FROM screens WHERE removed = 0 ORDER BY name_key, uid") { row in
                var screen = try Screen(row: row)
                screen.files = files[screen.id] ?? []
                return screen
            }
        }
    }

    /// The screens that were removed, by name; `restoreScreen` brings one back.
    public func removedScreens() throws -> [Screen] {
        try db.rows("SELECT \(Screen.columns) FROM screens WHERE removed = 1 ORDER BY name_key, uid", [], Screen.init(row:))
    }

    /// The screen with this id, live or removed.
    public func screen(id: String) throws -> Screen? {
        guard let found = try db.first("SELECT \(Screen.columns) FROM screens WHERE uid = ?", [id], Screen.init(row:)) else { return nil }
        return try withFiles(found)
    }

    /// The screen with its file patterns, which `Screen.columns` leaves out.
    private func withFiles(_ screen: Screen) throws -> Screen {
        var screen = screen
        screen.files = try db.rows("""
            SELECT f.pattern FROM screen_files f JOIN screens s ON s.id = f.screen_id WHERE s.uid = ? ORDER BY f.pattern
            """, [screen.id]) { $0.string("pattern") }
        return screen
    }

    /// The screen's row in the tables, which only this store knows.
    func rowID(of screen: Screen) throws -> Int64 {
        guard let row = try db.cachedStatement(LogApplier.ScreenRow.query).first([screen.id], { $0.int64("id") }) else {
            throw InputError("the screen '\(screen.name)' is not in this store")
        }
        return row
    }

    /// The screen a user means, among live screens (or removed ones): the exact name, else the
    /// name in any case, else the only name that starts with what was typed.
    public func resolveScreen(_ typed: String, removed: Bool = false) throws -> Screen {
        let live = removed ? 1 : 0
        let key = typed.lowercased()
        // A live screen's key is its name in lower case (Swift's, or SQLite's for ASCII), so the
        // index of keys finds an exact name at once; the search of every name stays for the rest.
        if !removed, let exact = try db.first("SELECT \(Screen.columns) FROM screens WHERE name_key = ? AND name = ? AND removed = 0",
                                              [key, typed], Screen.init(row:)) {
            return try withFiles(exact)
        }
        if let exact = try db.first("SELECT \(Screen.columns) FROM screens WHERE name = ? AND removed = ?", [typed, live], Screen.init(row:)) {
            return try withFiles(exact)
        }
        if let caseless = try db.first("SELECT uid FROM screens WHERE name_key = ? AND removed = ?", [key, live], { $0.string("uid") }),
           let found = try screen(id: caseless) {
            return found
        }
        let names = try db.rows("SELECT uid, name FROM screens WHERE removed = ? ORDER BY name_key", [live]) { (id: $0.string("uid"), name: $0.string("name")) }
        if !removed, let problem = try removedScreenProblem(named: typed) { throw problem }
        if names.isEmpty {
            if removed { throw InputError("no screen was removed; 'dtaudit screen list' shows the screens") }
            throw ScreenLookupError.none(typed)
        }
        // The same name in another Unicode spelling ("é" as one character or as "e" and an accent).
        if let same = names.first(where: { $0.name.lowercased() == key }), let found = try screen(id: same.id) { return found }
        let prefixed = key.isEmpty ? [] : names.filter { $0.name.lowercased().hasPrefix(key) }
        if prefixed.count == 1, let found = try screen(id: prefixed[0].id) { return found }
        if prefixed.count > 1 { throw ScreenLookupError.ambiguous(typed, candidates: prefixed.map(\.name)) }
        throw ScreenLookupError.unknown(typed, suggestions: Suggestions.closest(to: typed, among: names.map(\.name), limit: 3))
    }

    /// Adds a screen; the name must not clash, in any case, with another live screen's.
    @discardableResult
    public func addScreen(name: String, flow: String?, critical: Bool, owner: String?, notes: String?,
                          files: [String], by author: String, at time: Timestamp = .now()) throws -> Screen {
        return try write {
            let name = try InputRules.name(name, what: "the screen name")
            if let existing = try screenName(clashingWith: name) {
                throw InputError("a screen named '\(existing)' already exists")
            }
            let screen = Screen(id: makeID(), name: name, flow: try flow.map { try InputRules.name($0, what: "the flow") }, critical: critical,
                                owner: try owner.map { try InputRules.name($0, what: "the owner") },
                                notes: try notes.flatMap { try InputRules.note($0, what: "the notes") },
                                files: try files.map { try InputRules.name($0, what: "the file pattern") },
                                createdAt: time, createdBy: try InputRules.name(author, what: "the author's name"))
            try append([.screen(screen)])
            guard let added = try self.screen(id: screen.id) else { throw InputError("the screen could not be read back") }
            return added
        }
    }

    /// The name of another live screen that `name` would be taken for: the same in any case and
    /// in any Unicode spelling. SQLite compares bytes, so names that are not ASCII are also
    /// compared here.
    func screenName(clashingWith name: String, except id: String = "") throws -> String? {
        let key = name.lowercased()
        if let same = try db.first("SELECT name FROM screens WHERE name_key = ? AND uid != ? AND removed = 0", [key, id], { $0.string("name") }) {
            return same
        }
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return try db.rows("SELECT uid, name FROM screens WHERE uid != ? AND removed = 0", [id]) { (id: $0.string("uid"), name: $0.string("name")) }
            .first { $0.name.lowercased() == key }?.name
    }

    /// What `screen edit` may change; nil leaves a field as it is.
    public struct ScreenChanges: Sendable {
        public var name: String?
        /// `.some(nil)` clears the flow.
        public var flow: String??
        public var critical: Bool?
        public var owner: String??
        public var notes: String??
        public var addFiles: [String] = []
        public var removeFiles: [String] = []

        public init() {}

        public var isEmpty: Bool {
            name == nil && flow == nil && critical == nil && owner == nil && notes == nil && addFiles.isEmpty && removeFiles.isEmpty
        }
    }

    /// The screen's records folded: its details, the heads of each field and what was set concurrently.
    public func fold(of screen: Screen) throws -> (fold: ScreenFold, records: [LogRecord])? {
        let records = try LogTable.records(screen: screen.id, kinds: [.screen, .edit], in: db)
        return ScreenFold(records).map { ($0, records) }
    }

    /// Fields of the screen set on two machines, neither having seen the other's change.
    public func concurrentEdits(of screen: Screen) throws -> [ConcurrentEdit] {
        guard let (fold, records) = try fold(of: screen) else { return [] }
        var edits = fold.concurrentEdits(in: records)
        for index in edits.indices { edits[index].screen = screen.name }
        return edits
    }

    /// Writes an edit that replaces the current heads of the fields it sets.
    private func appendEdit(_ edit: ScreenEdit) throws {
        var edit = edit
        if let (fold, _) = try fold(of: Screen(id: edit.screen, name: "", createdAt: edit.at, createdBy: edit.by)) {
            edit.replaces = fold.replaces(edit.fields)
        }
        try append([.edit(edit)])
    }

    /// Records the changes that change something as one edit record. The times of these edits
    /// are the store's own for the screen (`ownTime`) unless given.
    @discardableResult
    public func updateScreen(_ screen: Screen, _ changes: ScreenChanges, by author: String, at time: Timestamp? = nil) throws -> Screen {
        return try write {
            let time = try time ?? ownTime(on: screen)
            var edit = ScreenEdit(id: makeID(), screen: screen.id, by: try InputRules.name(author, what: "the author's name"), at: time)
            if let newName = changes.name {
                let name = try InputRules.name(newName, what: "the new screen name")
                if let other = try screenName(clashingWith: name, except: screen.id) {
                    throw InputError("a screen named '\(other)' already exists")
                }
                if name != screen.name { edit.name = name }
            }
            if let flow = changes.flow {
                let flow = try flow.map { try InputRules.name($0, what: "the flow") }
                if flow != screen.flow { edit.flow = .some(flow) }
            }
            if let critical = changes.critical, critical != screen.critical { edit.critical = critical }
            if let owner = changes.owner {
                let owner = try owner.map { try InputRules.name($0, what: "the owner") }
                if owner != screen.owner { edit.owner = .some(owner) }
            }
            if let notes = changes.notes {
                let notes = try notes.flatMap { try InputRules.note($0, what: "the notes") }
                if notes != screen.notes { edit.notes = .some(notes) }
            }
            let added = try changes.addFiles.map { try InputRules.name($0, what: "the file pattern") }
            edit.addFiles = Array(Set(added.filter { !screen.files.contains($0) })).sorted()
            for pattern in changes.removeFiles where !screen.files.contains(pattern) {
                throw InputError("'\(screen.name)' has no file pattern '\(pattern)'" + (screen.files.isEmpty ? "" : "; it has " + screen.files.map { "'\($0)'" }.joined(separator: ", ")))
            }
            edit.removeFiles = Array(Set(changes.removeFiles)).sorted()
            if !edit.isEmpty { try appendEdit(edit) }
            guard let updated = try self.screen(id: screen.id) else { throw InputError("the screen could not be read back") }
            return updated
        }
    }

    /// Sets or clears the hand-set triage category.
    public func setTriage(_ category: Category?, for screen: Screen, by author: String, at time: Timestamp? = nil) throws {
        guard category != screen.triage else { return }
        let time = try time ?? ownTime(on: screen)
        try appendEdit(ScreenEdit(id: makeID(), screen: screen.id, triage: .some(category), by: author, at: time))
    }

    /// Removes a screen from the audit. Its records stay in the log, so a removal travels like any
    /// change and `restoreScreen` brings the screen back with everything recorded on it.
    public func removeScreen(_ screen: Screen, by author: String, at time: Timestamp? = nil) throws {
        try write {
            let time = try time ?? ownTime(on: screen)
            try appendEdit(ScreenEdit(id: makeID(), screen: screen.id, removed: true, by: author, at: time))
        }
    }

    /// Brings a removed screen back; a live screen of the same name gets "(2)" until one is renamed.
    public func restoreScreen(_ screen: Screen, by author: String, at time: Timestamp? = nil) throws {
        try write {
            let time = try time ?? ownTime(on: screen)
            try appendEdit(ScreenEdit(id: makeID(), screen: screen.id, removed: false, by: author, at: time))
        }
    }

    /// How many live recordings and fixes a screen has.
    public func activityCount(of screen: Screen) throws -> (recordings: Int, fixes: Int) {
        let row = try rowID(of: screen)
        return (try db.integer("SELECT count(*) FROM recordings WHERE screen_id = ? AND retracted = 0", [row]),
                try db.integer("SELECT count(*) FROM fixes WHERE screen_id = ? AND retracted = 0", [row]))
    }

    /// Live screens shown under another name than their own, because an earlier screen has it.
    public func nameClashes() throws -> [(name: String, shown: String)] {
        try db.rows("SELECT given_name, name FROM screens WHERE removed = 0 AND name != given_name ORDER BY name_key") { ($0.string("given_name"), $0.string("name")) }
    }
}
