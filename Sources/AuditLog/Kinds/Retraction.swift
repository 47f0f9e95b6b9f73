/// Takes back a recording, fix or evidence attachment that was wrong. The record it takes back
/// stays in the log, marked as taken back, and counts nowhere.
public struct Retraction: LogRecordKind {
    public var id: String
    public var screen: String
    public var target: String
    /// Why.
    public var note: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, target: String, note: String?, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.target = target
        self.note = note
        self.by = by
        self.at = at
    }

    /// The kinds a retraction may take back, on its own screen.
    public static let targetKinds: [LogRecord.Kind] = [.recording, .fix, .evidence, .dissent, .waive]

    public static let kind = LogRecord.Kind.retract
    public static let tally = RecordTally("take-back", "take-backs", rank: 7)
    public var screenID: String? { screen }
    public var targetID: String? { target }
    public var record: LogRecord { .retract(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("target", target)
        line.optional("note", note)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        self.init(id: id, screen: try fields.id("screen"), target: try fields.id("target"), note: try fields.note("note"),
                  by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target record: LogRecord?) -> Phrase {
        var phrase = Phrase("took back ", .correction)
        phrase.cite(record, id: target)
        if let note {
            phrase.say(": ")
            phrase.quote(note)
        }
        return phrase
    }
}

extension LogRecord.Kind {
    public static let retract = LogRecord.Kind(word: "retract")
}
