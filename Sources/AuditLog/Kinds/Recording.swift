import DynamicType

/// One recorded answer for one (screen, item, size) cell. Which recording of a cell stands is
/// `CellRule`'s to say; recordings taken back stand nowhere.
public struct Recording: LogRecordKind {
    public var id: String
    /// The screen's id.
    public var screen: String
    public var item: String
    public var size: Size
    public var status: ResultStatus
    public var note: String?
    /// The automated run that made it (`evidence import-xcresult`), as its name and fingerprint
    /// (`TrailheadUITests.xcresult #3f2a9c1e4b5d`); nil when a person recorded it. Optional in the
    /// file, so that files written before it read as they did.
    public var run: String?
    /// What the run's judge saw fail, element by element (`RecordedFinding`); nil for a person's
    /// recording and for lines written before runs kept them (their notes name the findings).
    public var findings: [RecordedFinding]?
    /// What its author's store held for the cell when it was made: the recording that ranked
    /// highest there (taken back or not), and one more than that one's round. A recording made
    /// with nothing before it in its author's sight leaves both out (round 0), as do all files
    /// written before them, so that old lines read and order as they did. `CellRule` orders a
    /// cell by round first, so what an author had seen is superseded whatever the clocks say.
    public var follows: String?
    public var round: Int
    public var by: String
    public var at: Timestamp

    /// The largest round a file may give: far beyond what recording one cell could reach, and
    /// small enough that a round one more than any accepted one is still a round.
    public static let maximumRound = 1 << 40

    public init(id: String, screen: String, item: String, size: Size, status: ResultStatus, note: String?, run: String? = nil,
                findings: [RecordedFinding]? = nil, follows: String? = nil, round: Int = 0, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.item = item
        self.size = size
        self.status = status
        self.note = note
        self.run = run
        self.findings = findings
        self.follows = follows
        self.round = round
        self.by = by
        self.at = at
    }

    /// The cell it answers for, on its screen.
    public var cell: CellKey { CellKey(item: item, size: size) }

    public static let kind = LogRecord.Kind.recording
    public static let tally = RecordTally("recording", "recordings", rank: 2)
    public var screenID: String? { screen }
    public var record: LogRecord { .recording(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("item", item)
        line.string("size", size.id)
        line.string("status", status.rawValue)
        line.optional("note", note)
        line.optional("run", run)
        if let findings {
            line.key("findings")
            RecordedFinding.write(findings, into: &line.text)
        }
        line.optional("follows", follows)
        if round > 0 {
            line.key("round")
            line.text.append(String(round))
        }
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        self.init(id: id, screen: try fields.id("screen"), item: try fields.itemID("item"), size: try fields.size("size"),
                  status: try fields.choice("status", ResultStatus.self), note: try fields.note("note"),
                  run: try fields.name("run", required: false), findings: try fields.findings("findings"), follows: try fields.optionalID("follows"),
                  round: try fields.round("round"), by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("\(status.rawValue) \(size.id) \(item)")
        if let note {
            phrase.say("  ")
            phrase.quote(note)
        }
        return phrase
    }

    public var mention: Phrase? { Phrase("\(status.rawValue) \(size.id) \(item)") }
}

extension LogRecord.Kind {
    public static let recording = LogRecord.Kind(word: "recording")
}
