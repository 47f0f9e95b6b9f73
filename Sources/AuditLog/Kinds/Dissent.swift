import DynamicType

/// A run's verdict on a cell whose person's result it did not replace: the run passed what a
/// person failed, with no fix of that item recorded since. The person's result stands; this keeps
/// the run's contrary verdict beside it, so that nobody loses what either said.
public struct Dissent: LogRecordKind {
    public var id: String
    public var screen: String
    public var item: String
    public var size: Size
    /// What the run said.
    public var status: ResultStatus
    /// The run's reason.
    public var note: String?
    /// The run, as its recordings name it.
    public var run: String
    /// The person's recording that stands.
    public var kept: String
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, item: String, size: Size, status: ResultStatus, note: String?, run: String, kept: String,
                by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.item = item
        self.size = size
        self.status = status
        self.note = note
        self.run = run
        self.kept = kept
        self.by = by
        self.at = at
    }

    public var cell: CellKey { CellKey(item: item, size: size) }

    public static let kind = LogRecord.Kind.dissent
    public static let tally = RecordTally("run verdict kept beside a person's", "run verdicts kept beside people's", rank: 6)
    public var screenID: String? { screen }
    public var targetID: String? { kept }
    public var record: LogRecord { .dissent(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("item", item)
        line.string("size", size.id)
        line.string("status", status.rawValue)
        line.optional("note", note)
        line.string("run", run)
        line.string("kept", kept)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        self.init(id: id, screen: try fields.id("screen"), item: try fields.itemID("item"), size: try fields.size("size"),
                  status: try fields.choice("status", ResultStatus.self), note: try fields.note("note"),
                  run: try fields.name("run")!, kept: try fields.id("kept"), by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target record: LogRecord?) -> Phrase {
        var phrase = Phrase("run \(status.rawValue) \(size.id) \(item), kept ", .quiet)
        phrase.cite(record, id: kept)
        phrase.say(" (")
        phrase.quote(run)
        phrase.say(")")
        return phrase
    }

    public var mention: Phrase? { Phrase("run's \(status.rawValue) \(size.id) \(item)") }
}

extension LogRecord.Kind {
    public static let dissent = LogRecord.Kind(word: "dissent")
}
