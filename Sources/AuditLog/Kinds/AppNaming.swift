/// The app's name, set when the audit starts and whenever it is renamed; the latest wins, and the
/// first says who started the audit and when.
public struct AppNaming: LogRecordKind {
    public var id: String
    public var app: String
    public var by: String
    public var at: Timestamp

    public init(id: String, app: String, by: String, at: Timestamp) {
        self.id = id
        self.app = app
        self.by = by
        self.at = at
    }

    public static let kind = LogRecord.Kind.audit
    public static let tally = RecordTally("app naming", "app namings", rank: 10)
    public var screenID: String? { nil }
    public var record: LogRecord { .audit(self) }

    public func write(to line: inout LineWriter) {
        line.string("app", app)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        self.init(id: id, app: try fields.name("app")!, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("audit of ")
        phrase.quote(app, .strong)
        return phrase
    }
}

extension LogRecord.Kind {
    public static let audit = LogRecord.Kind(word: "audit")
}
