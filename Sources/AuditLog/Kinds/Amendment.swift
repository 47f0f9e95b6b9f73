/// Corrects the note of a recording or fix; the latest correction wins, nil clears the note.
public struct Amendment: LogRecordKind {
    public var id: String
    public var screen: String
    public var target: String
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

    /// The kinds whose notes an amendment may correct, on its own screen.
    public static let targetKinds: [LogRecord.Kind] = [.recording, .fix]

    public static let kind = LogRecord.Kind.amend
    public static let tally = RecordTally("corrected note", "corrected notes", rank: 8)
    public var screenID: String? { screen }
    public var targetID: String? { target }
    public var record: LogRecord { .amend(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("target", target)
        line.nullable("note", note)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let screen = try fields.id("screen")
        let target = try fields.id("target")
        guard fields.has("note") else { throw fields.problem("note", "is missing: an amendment gives the corrected note, or null to clear it") }
        self.init(id: id, screen: screen, target: target, note: try fields.note("note"), by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target record: LogRecord?) -> Phrase {
        var phrase = Phrase("corrected the note of ", .correction)
        phrase.cite(record, id: target)
        phrase.say(": ")
        if let note {
            phrase.say("\"")
            phrase.quote(note)
            phrase.say("\"")
        } else {
            phrase.say("cleared")
        }
        return phrase
    }
}

extension LogRecord.Kind {
    public static let amend = LogRecord.Kind(word: "amend")
}
