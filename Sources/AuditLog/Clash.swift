import Output

/// Two lines under one id. A record never changes, so only one case is legitimate: stores of
/// format 1 that disagreed (a screen named differently, renamed on one side) and were converted
/// apart. There the smaller line wins in every store; anything else is a file edited by hand or
/// made to mislead (a recording moved back in time to let an older pass stand), and is refused.
public enum Clash {
    /// Whether the two versions may be settled by keeping the smaller line.
    public static func isSettleable(_ a: LogRecord, _ b: LogRecord) -> Bool {
        guard a.id == b.id, a.kind == b.kind else { return false }
        if a.id.hasPrefix("v1-") { return true }
        // Format 1 named screens, so a recording or fix may sit under two converted screens.
        switch (a, b) {
        case (.recording(var first), .recording(let second)):
            guard first.screen.hasPrefix("v1-screen-"), second.screen.hasPrefix("v1-screen-") else { return false }
            first.screen = second.screen
            return first == second
        case (.fix(var first), .fix(let second)):
            guard first.screen.hasPrefix("v1-screen-"), second.screen.hasPrefix("v1-screen-") else { return false }
            first.screen = second.screen
            return first == second
        default:
            return false
        }
    }

    /// The fields in which two records of one id differ, by their names in the line.
    public static func differences(_ a: LogRecord, _ b: LogRecord) -> [String] {
        guard case .object(let first)? = fields(of: a), case .object(let second)? = fields(of: b) else { return [] }
        var keys: [String] = []
        for (key, _) in first + second where !keys.contains(key) { keys.append(key) }
        return keys.filter { key in
            let mine: JSON? = first.first(where: { $0.0 == key })?.1
            let theirs: JSON? = second.first(where: { $0.0 == key })?.1
            return mine != theirs
        }
    }

    private static func fields(of record: LogRecord) -> JSON? {
        guard let node = try? JSONReader.parse(Array(record.line.utf8)) else { return nil }
        return JSON(node: node)
    }

    /// The one line said when a clash is refused.
    public static func refusal(_ stored: LogRecord, _ incoming: LogRecord, where place: String) -> String {
        "the \(incoming.kind.rawValue) '\(incoming.id)' is \(place) with other content (it differs in \(differences(stored, incoming).joined(separator: ", "))); "
            + "a record never changes, so one of the two was edited by hand"
    }
}
