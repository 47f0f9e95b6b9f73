import DynamicType
import Output

/// A checklist put in use; the latest one is the audit's checklist.
public struct ChecklistAdoption: LogRecordKind {
    public var id: String
    public var checklist: Checklist
    public var by: String
    public var at: Timestamp

    public init(id: String, checklist: Checklist, by: String, at: Timestamp) {
        self.id = id
        self.checklist = checklist
        self.by = by
        self.at = at
    }

    public static let kind = LogRecord.Kind.checklist
    public static let tally = RecordTally("checklist", "checklists", rank: 9)
    public var screenID: String? { nil }
    public var record: LogRecord { .checklist(self) }

    public func write(to line: inout LineWriter) {
        line.string("name", checklist.name)
        line.string("title", checklist.title)
        line.string("version", checklist.version)
        line.string("summary", checklist.summary)
        line.string("source", checklist.source)
        line.key("items")
        line.text.append("[")
        for (index, item) in checklist.items.enumerated() {
            if index > 0 { line.text.append(",") }
            LineWriter.item(item, into: &line.text)
        }
        line.text.append("]")
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let name = try fields.name("name")!
        let title = try fields.name("title")!
        let version = try fields.line("version", maximumBytes: 40)
        let summary = try fields.text("summary")
        let source = try fields.text("source", maximumBytes: 1 << 20)
        var items: [ChecklistItem] = []
        for node in try fields.array("items") {
            let item = try RecordReader.item(node)
            if items.contains(where: { $0.id == item.id }) {
                throw InterchangeError(line: node.line, "the checklist lists the item '\(item.id)' twice")
            }
            items.append(item)
        }
        if items.isEmpty { throw fields.problem("items", "is empty; a checklist has one item or more") }
        let checklist = Checklist(name: name, title: title, version: version, summary: summary, items: items, source: source)
        self.init(id: id, checklist: checklist, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("checklist ")
        phrase.quote(checklist.name)
        phrase.say(" v")
        phrase.quote(checklist.version)
        phrase.say(" in use (\(counted(checklist.items.count, "item")))")
        return phrase
    }
}

extension LogRecord.Kind {
    public static let checklist = LogRecord.Kind(word: "checklist")
}
