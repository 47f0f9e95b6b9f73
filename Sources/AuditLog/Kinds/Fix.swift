import DynamicType
import Output

/// What fixed one or more failures on a screen.
public struct Fix: LogRecordKind {
    public var id: String
    public var screen: String
    public var type: FixType
    /// The items whose failed cells must be checked again.
    public var items: [String]
    public var note: String?
    /// A commit, pull request or ticket.
    public var ref: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, type: FixType, items: [String], note: String?, ref: String?, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.type = type
        self.items = items
        self.note = note
        self.ref = ref
        self.by = by
        self.at = at
    }

    public static let kind = LogRecord.Kind.fix
    public static let tally = RecordTally("fix", "fixes", rank: 3)
    public var screenID: String? { screen }
    public var record: LogRecord { .fix(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("type", type.rawValue)
        line.strings("items", items)
        line.optional("note", note)
        line.optional("ref", ref)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let screen = try fields.id("screen")
        let type = try fields.choice("type", FixType.self)
        var items: [String] = []
        for item in try fields.strings("items", maximumBytes: 64) where !items.contains(item) {
            guard ChecklistFile.isValidItemID(item) else { throw fields.problem("items", "holds '\(JSONReader.shown(item))', which is not an item id") }
            items.append(item)
        }
        self.init(id: id, screen: screen, type: type, items: items, note: try fields.note("note"), ref: try fields.note("ref"),
                  by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("fix " + type.rawValue, .change)
        if !items.isEmpty { phrase.say(" " + items.joined(separator: ", ")) }
        if let note {
            phrase.say("  ")
            phrase.quote(note)
        }
        if let ref {
            phrase.say(" (", .quiet)
            phrase.quote(ref, .quiet)
            phrase.say(")", .quiet)
        }
        return phrase
    }

    public var mention: Phrase? { Phrase("fix \(type.rawValue)") }
}

extension LogRecord.Kind {
    public static let fix = LogRecord.Kind(word: "fix")
}
