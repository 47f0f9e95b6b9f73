import AuditLog
import SQLite

extension AuditStore {
    /// The run verdicts kept beside people's results that nobody took back, oldest first.
    public func dissents(of screen: Screen? = nil) throws -> [Dissent] {
        try liveRecords(.dissent, of: screen).compactMap { if case .dissent(let dissent) = $0 { dissent } else { nil } }
    }

    /// The waivers nobody took back, oldest first: those given on `screen` and those for every
    /// screen, or all of them.
    public func waivers(of screen: Screen? = nil) throws -> [Waiver] {
        try liveRecords(.waive, of: nil).compactMap { record in
            guard case .waive(let waiver) = record, screen == nil || waiver.everywhere || waiver.screen == screen!.id else { return nil }
            return waiver
        }
    }

    /// Kinds that change no table live in the log alone: read there, less what was taken back.
    private func liveRecords(_ kind: LogRecord.Kind, of screen: Screen?) throws -> [LogRecord] {
        try read {
            let filter = screen == nil ? "" : " AND screen = ?"
            return try db.rows("""
                SELECT line FROM log WHERE \(LogTable.kind(is: kind))\(filter)
                AND NOT EXISTS (SELECT 1 FROM log r WHERE r.target = log.uid AND r.\(LogTable.kind(is: .retract)))
                ORDER BY at, uid
                """, screen.map { [$0.id] } ?? []) { try LogTable.parse($0.string("line")) }
        }
    }
}
