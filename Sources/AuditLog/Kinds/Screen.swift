import DynamicType

/// A screen or flow step under audit. As a record it holds the details the screen was added with;
/// as state, the details its records fold to (`ScreenFold`).
public struct Screen: LogRecordKind {
    /// The id of the record that added it: stable across renames and stores.
    public var id: String
    public var name: String
    /// The flow the screen belongs to (`checkout`, `account recovery`).
    public var flow: String?
    /// Part of a flow the app cannot ship broken.
    public var critical: Bool
    public var owner: String?
    public var notes: String?
    /// The category set by hand during triage: a guess until recordings decide.
    public var triage: Category?
    /// Glob patterns of the source files that build the screen, relative to the repository; sorted.
    public var files: [String]
    public var createdAt: Timestamp
    public var createdBy: String

    public init(id: String, name: String, flow: String? = nil, critical: Bool = false, owner: String? = nil, notes: String? = nil,
                triage: Category? = nil, files: [String] = [], createdAt: Timestamp, createdBy: String) {
        self.id = id
        self.name = name
        self.flow = flow
        self.critical = critical
        self.owner = owner
        self.notes = notes
        self.triage = triage
        self.files = Array(Set(files)).sorted()
        self.createdAt = createdAt
        self.createdBy = createdBy
    }

    /// The name as screens are told apart: in any case.
    public var key: String { name.lowercased() }

    public static let kind = LogRecord.Kind.screen
    public static let tally = RecordTally("screen", "screens", rank: 0)
    /// As a record: who added the screen, and when.
    public var by: String { createdBy }
    public var at: Timestamp { createdAt }
    /// A screen's record opens the screen's own story.
    public var screenID: String? { id }
    public var record: LogRecord { .screen(self) }

    public func write(to line: inout LineWriter) {
        line.string("name", name)
        line.optional("flow", flow)
        line.bool("critical", critical)
        line.optional("owner", owner)
        line.optional("notes", notes)
        line.optional("triage", triage?.rawValue)
        line.strings("files", files)
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let name = try fields.name("name")!
        let flow = try fields.name("flow", required: false)
        let critical = try fields.bool("critical")
        let owner = try fields.name("owner", required: false)
        let notes = try fields.note("notes")
        let triage = try fields.optionalChoice("triage", Category.self, allowed: Category.triageable)
        let files = try fields.patterns("files", required: false)
        self.init(id: id, name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage, files: files,
                  createdAt: try fields.timestamp("at"), createdBy: try fields.name("by")!)
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("added", .change)
        if let flow {
            phrase.say(" to the flow ")
            phrase.quote(flow)
        }
        if critical { phrase.say(", critical") }
        return phrase
    }
}

extension LogRecord.Kind {
    public static let screen = LogRecord.Kind(word: "screen")
}
