import AuditLog
import SQLite

/// Recordings of one person on a screen somebody else removed. A removed screen leaves every list
/// and report, and its records stay, so its author is told where their work went and how to bring
/// it back.
public struct RemovedWork: Sendable, Equatable {
    public var screen: String
    public var recordings: Int
    public var removedBy: String
    public var removedAt: Timestamp
}

extension AuditStore {
    /// Who removed the screen with this id, and when: the latest record that removed it.
    public func removal(ofScreen id: String) throws -> (by: String, at: Timestamp)? {
        // Inside a JSON string every quote is escaped, so this text is only ever the field itself.
        try db.first("""
            SELECT by, at FROM log WHERE screen = ? AND \(LogTable.kind(is: .edit)) AND instr(line, '"removed":true') > 0
            ORDER BY at DESC, uid DESC LIMIT 1
            """, [id]) { (by: try $0["by"] as String, at: try $0["at"] as Timestamp) }
    }

    /// Whether any removed screen holds recordings in force: only then can anybody have work on one
    /// (read before asking git who that is).
    public func hasWorkOnRemovedScreens() throws -> Bool {
        try db.first("""
            SELECT 1 FROM screens s WHERE s.removed = 1
            AND EXISTS (SELECT 1 FROM recordings r WHERE r.screen_id = s.id AND r.retracted = 0) LIMIT 1
            """) { _ in true } ?? false
    }

    /// `author`'s recordings in force on screens that somebody else removed, by screen name.
    public func workOnRemovedScreens(by author: String) throws -> [RemovedWork] {
        let key = PersonName.key(author)
        // From the few removed screens to their recordings by the screen index (CROSS JOIN keeps
        // that order), not through every recording of the audit.
        let screens = try db.rows("""
            SELECT s.uid, s.name, r.recorded_by FROM screens s CROSS JOIN recordings r ON r.screen_id = s.id
            WHERE s.removed = 1 AND r.retracted = 0 ORDER BY s.name_key, s.uid
            """, []) { (id: $0.string("uid"), name: $0.string("name"), by: $0.string("recorded_by")) }
        var counts: [(id: String, name: String, recordings: Int)] = []
        for screen in screens where PersonName.key(screen.by) == key {
            if counts.last?.id == screen.id { counts[counts.count - 1].recordings += 1 } else { counts.append((screen.id, screen.name, 1)) }
        }
        var work: [RemovedWork] = []
        for screen in counts {
            guard let removal = try removal(ofScreen: screen.id), PersonName.key(removal.by) != key else { continue }
            work.append(RemovedWork(screen: screen.name, recordings: screen.recordings, removedBy: removal.by, removedAt: removal.at))
        }
        return work
    }

    /// The one line a lookup of a removed screen's name gets: who removed it, when, and how to
    /// bring it back. Nil when no removed screen has that name (in any case).
    func removedScreenProblem(named typed: String) throws -> ScreenLookupError? {
        guard let screen = try db.first("SELECT uid, name FROM screens WHERE removed = 1 AND (name = ? OR name_key = ?) ORDER BY name = ? DESC, uid",
                                        [typed, typed.lowercased(), typed], { (id: $0.string("uid"), name: $0.string("name")) }),
              let removal = try removal(ofScreen: screen.id) else { return nil }
        return .removed(screen.name, by: removal.by, at: removal.at)
    }
}
