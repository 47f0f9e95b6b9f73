import DynamicType

/// A person's word that one element is right as it is for one checklist item (a tab bar's labels
/// that keep their size by design, with the Large Content Viewer): the judges leave it out of that
/// item from then on, on its screen or, with `everywhere`, on every screen. Who and why stay with it.
public struct Waiver: LogRecordKind {
    public var id: String
    /// The screen it was given on.
    public var screen: String
    public var item: String
    /// The element as the judges match it: its identifier, else its label.
    public var element: String
    /// Its type (`Button`), when given: then only elements of that type match.
    public var type: String?
    public var reason: String
    /// Shared UI: the element is waived on every screen.
    public var everywhere: Bool
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, item: String, element: String, type: String?, reason: String, everywhere: Bool,
                by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.item = item
        self.element = element
        self.type = type
        self.reason = reason
        self.everywhere = everywhere
        self.by = by
        self.at = at
    }

    public static let kind = LogRecord.Kind.waive
    public static let tally = RecordTally("waiver", "waivers", rank: 5)
    public var screenID: String? { screen }
    public var record: LogRecord { .waive(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        line.string("item", item)
        line.string("element", element)
        line.optional("type", type)
        line.string("reason", reason)
        if everywhere { line.bool("everywhere", true) }
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let screen = try fields.id("screen")
        let item = try fields.itemID("item")
        let element = try fields.line("element", maximumBytes: 4 * InputRules.maximumNameLength)
        let type = fields.has("type") ? try fields.line("type", maximumBytes: 100) : nil
        guard let reason = try fields.note("reason") else { throw fields.problem("reason", "is missing: a waiver says why") }
        let everywhere = fields.has("everywhere") ? try fields.bool("everywhere") : false
        self.init(id: id, screen: screen, item: item, element: element, type: type, reason: reason, everywhere: everywhere,
                  by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    /// `Button "checkout.pay"`, as people typed it.
    public var shownElement: String {
        (type.map { $0 + " " } ?? "") + "\"" + element + "\""
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase("waived \(item) for ", .change)
        phrase.quote(shownElement)
        if everywhere { phrase.say(" on every screen") }
        phrase.say(": ")
        phrase.quote(reason)
        return phrase
    }

    public var mention: Phrase? { Phrase("waiver of \(item)") }
}

extension LogRecord.Kind {
    public static let waive = LogRecord.Kind(word: "waive")
}
