import DynamicType
import Output
import SQLite

/// A screen or flow step under audit.
public struct Screen: Sendable, Equatable {
    public let id: Int64
    public var name: String
    /// The flow the screen belongs to (`checkout`, `account recovery`).
    public var flow: String?
    /// Part of a flow the app cannot ship broken.
    public var critical: Bool
    public var owner: String?
    public var notes: String?
    /// The category set by hand during triage, used until recordings decide it.
    public var triage: Category?
    /// Glob patterns of the source files that build the screen, relative to the repository.
    public var files: [String]
    public var createdAt: Timestamp
    public var createdBy: String
}

/// A value a user typed that the store will not accept, said in one line.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Limits on what people type, so that every name fits on a line and no text can break a report.
public enum InputRules {
    public static let maximumNameLength = 200
    public static let maximumNoteLength = 20_000

    /// A screen, flow or owner name: one line, not empty, no control characters.
    public static func name(_ text: String, what: String) throws(InputError) -> String {
        let trimmed = String(text.trimmingSpaces)
        if trimmed.isEmpty { throw InputError("\(what) cannot be empty") }
        if trimmed.count > maximumNameLength {
            throw InputError("\(what) is \(trimmed.count) characters long; the limit is \(maximumNameLength)")
        }
        if let scalar = trimmed.unicodeScalars.first(where: \.isControlCharacter) {
            throw InputError("\(what) must be one line without control characters (found \(scalar.codePoint))")
        }
        return trimmed
    }

    /// A note or reference: may span lines, but holds no other control characters.
    public static func note(_ text: String, what: String = "the note") throws(InputError) -> String? {
        let trimmed = String(text.trimmingSpaces)
        if trimmed.isEmpty { return nil }
        if trimmed.utf8.count > maximumNoteLength {
            throw InputError("\(what) is \(trimmed.utf8.count) bytes long; the limit is \(maximumNoteLength)")
        }
        if let scalar = trimmed.unicodeScalars.first(where: { $0.isControlCharacter && $0 != "\n" && $0 != "\t" }) {
            throw InputError("\(what) holds a control character (\(scalar.codePoint)); only line breaks and tabs are allowed")
        }
        return trimmed.replacingCarriageReturns()
    }
}

extension String {
    func replacingCarriageReturns() -> String {
        String(self.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n"))
    }
}


/// The result of looking a screen up by what a user typed.
public enum ScreenLookupError: Error, Sendable, CustomStringConvertible {
    case unknown(String, suggestions: [String])
    case ambiguous(String, candidates: [String])
    case none(String)

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
        }
    }
}

extension AuditStore {
    private static let screenColumns = "id, name, flow, critical, owner, notes, triage, created_at, created_by"

    private func screen(from row: Row) -> Screen {
        Screen(id: row.int64(0), name: row.string(1), flow: row.optionalString(2), critical: row.bool(3),
               owner: row.optionalString(4), notes: row.optionalString(5),
               triage: row.optionalString(6).flatMap(Category.init(rawValue:)), files: [],
               createdAt: Timestamp(iso8601: row.string(7)) ?? Timestamp(milliseconds: 0), createdBy: row.string(8))
    }

    /// Every screen, by name, with its source file patterns.
    public func screens() throws -> [Screen] {
        var screens = try db.rows("SELECT \(Self.screenColumns) FROM screens ORDER BY name_key, id") { screen(from: $0) }
        var files: [Int64: [String]] = [:]
        try db.statement("SELECT screen_id, pattern FROM screen_files ORDER BY screen_id, pattern").forEach { row in
            files[row.int64(0), default: []].append(row.string(1))
        }
        for index in screens.indices { screens[index].files = files[screens[index].id] ?? [] }
        return screens
    }

    public func screen(id: Int64) throws -> Screen? {
        guard var found = try db.first("SELECT \(Self.screenColumns) FROM screens WHERE id = ?", [id], screen(from:)) else { return nil }
        found.files = try db.rows("SELECT pattern FROM screen_files WHERE screen_id = ? ORDER BY pattern", [id]) { $0.string(0) }
        return found
    }

    /// The screen a user means: the exact name, else the name in any case, else the only name that
    /// starts with what was typed.
    public func resolveScreen(_ typed: String) throws -> Screen {
        if let exact = try db.first("SELECT id FROM screens WHERE name = ?", [typed], { $0.int64(0) }),
           let found = try screen(id: exact) {
            return found
        }
        let key = typed.lowercased()
        if let caseless = try db.first("SELECT id FROM screens WHERE name_key = ?", [key], { $0.int64(0) }),
           let found = try screen(id: caseless) {
            return found
        }
        let names = try db.rows("SELECT id, name FROM screens ORDER BY name_key") { (id: $0.int64(0), name: $0.string(1)) }
        if names.isEmpty { throw ScreenLookupError.none(typed) }
        // The same name in another Unicode spelling ("é" as one character or as "e" and an accent).
        if let same = names.first(where: { $0.name.lowercased() == key }), let found = try screen(id: same.id) { return found }
        let prefixed = key.isEmpty ? [] : names.filter { $0.name.lowercased().hasPrefix(key) }
        if prefixed.count == 1, let found = try screen(id: prefixed[0].id) { return found }
        if prefixed.count > 1 { throw ScreenLookupError.ambiguous(typed, candidates: prefixed.map(\.name)) }
        throw ScreenLookupError.unknown(typed, suggestions: Suggestions.closest(to: typed, among: names.map(\.name), limit: 3))
    }

    /// Adds a screen; the name must not clash, in any case, with another screen's.
    @discardableResult
    public func addScreen(name: String, flow: String?, critical: Bool, owner: String?, notes: String?,
                          files: [String], by author: String, at time: Timestamp = .now()) throws -> Screen {
        let name = try InputRules.name(name, what: "the screen name")
        if let existing = try screenName(clashingWith: name) {
            throw InputError("a screen named '\(existing)' already exists")
        }
        try db.run("""
            INSERT INTO screens (name, name_key, flow, critical, owner, notes, created_at, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [name, name.lowercased(), try flow.map { try InputRules.name($0, what: "the flow") }, critical,
                  try owner.map { try InputRules.name($0, what: "the owner") }, try notes.flatMap { try InputRules.note($0, what: "the notes") },
                  time.iso8601, author])
        let id = db.lastInsertedRowID
        for pattern in files { try addFile(pattern, to: id) }
        guard let added = try screen(id: id) else { throw InputError("the screen could not be read back") }
        return added
    }

    /// The name of another screen that `name` would be taken for: the same in any case and in any
    /// Unicode spelling. SQLite compares bytes, so names that are not ASCII are also compared here.
    func screenName(clashingWith name: String, except id: Int64 = -1) throws -> String? {
        let key = name.lowercased()
        if let same = try db.first("SELECT name FROM screens WHERE name_key = ? AND id != ?", [key, id], { $0.string(0) }) {
            return same
        }
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return try db.rows("SELECT id, name FROM screens WHERE id != ?", [id]) { (id: $0.int64(0), name: $0.string(1)) }
            .first { $0.name.lowercased() == key }?.name
    }

    func addFile(_ pattern: String, to screenID: Int64) throws {
        let pattern = try InputRules.name(pattern, what: "the file pattern")
        try db.run("INSERT OR IGNORE INTO screen_files (screen_id, pattern) VALUES (?, ?)", [screenID, pattern])
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

    @discardableResult
    public func updateScreen(_ screen: Screen, _ changes: ScreenChanges) throws -> Screen {
        if let newName = changes.name {
            let name = try InputRules.name(newName, what: "the new screen name")
            if let other = try screenName(clashingWith: name, except: screen.id) {
                throw InputError("a screen named '\(other)' already exists")
            }
            try db.run("UPDATE screens SET name = ?, name_key = ? WHERE id = ?", [name, name.lowercased(), screen.id])
        }
        if let flow = changes.flow {
            try db.run("UPDATE screens SET flow = ? WHERE id = ?", [try flow.map { try InputRules.name($0, what: "the flow") }, screen.id])
        }
        if let critical = changes.critical {
            try db.run("UPDATE screens SET critical = ? WHERE id = ?", [critical, screen.id])
        }
        if let owner = changes.owner {
            try db.run("UPDATE screens SET owner = ? WHERE id = ?", [try owner.map { try InputRules.name($0, what: "the owner") }, screen.id])
        }
        if let notes = changes.notes {
            try db.run("UPDATE screens SET notes = ? WHERE id = ?", [try notes.flatMap { try InputRules.note($0, what: "the notes") }, screen.id])
        }
        for pattern in changes.addFiles { try addFile(pattern, to: screen.id) }
        for pattern in changes.removeFiles {
            try db.run("DELETE FROM screen_files WHERE screen_id = ? AND pattern = ?", [screen.id, pattern])
            if db.changes == 0 {
                throw InputError("'\(screen.name)' has no file pattern '\(pattern)'" + (screen.files.isEmpty ? "" : "; it has " + screen.files.map { "'\($0)'" }.joined(separator: ", ")))
            }
        }
        guard let updated = try self.screen(id: screen.id) else { throw InputError("the screen could not be read back") }
        return updated
    }

    /// Sets or clears the hand-set triage category.
    public func setTriage(_ category: Category?, for screen: Screen) throws {
        try db.run("UPDATE screens SET triage = ? WHERE id = ?", [category?.rawValue, screen.id])
    }

    /// Removes a screen with all its recordings and fixes.
    public func removeScreen(_ screen: Screen) throws {
        try db.run("DELETE FROM screens WHERE id = ?", [screen.id])
    }

    /// How many recordings and fixes a screen has.
    public func activityCount(of screen: Screen) throws -> (recordings: Int, fixes: Int) {
        (try db.integer("SELECT count(*) FROM recordings WHERE screen_id = ?", [screen.id]),
         try db.integer("SELECT count(*) FROM fixes WHERE screen_id = ?", [screen.id]))
    }
}

