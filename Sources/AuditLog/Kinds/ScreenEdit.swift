import DynamicType

/// Some of a screen's details changed. A field left nil is not touched; `.some(nil)` clears it.
public struct ScreenEdit: LogRecordKind {
    public var id: String
    public var screen: String
    public var name: String?
    public var flow: String??
    public var critical: Bool?
    public var owner: String??
    public var notes: String??
    public var triage: Category??
    /// true removes the screen (its records stay), false brings it back.
    public var removed: Bool?
    /// Sorted, each once.
    public var addFiles: [String]
    public var removeFiles: [String]
    /// The records whose values of these fields the person saw and replaced (`ScreenFold.heads`),
    /// sorted: what tells an edit made after another from one made beside it on another machine.
    public var replaces: [String]
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, name: String? = nil, flow: String?? = nil, critical: Bool? = nil, owner: String?? = nil,
                notes: String?? = nil, triage: Category?? = nil, removed: Bool? = nil, addFiles: [String] = [], removeFiles: [String] = [],
                replaces: [String] = [], by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.name = name
        self.flow = flow
        self.critical = critical
        self.owner = owner
        self.notes = notes
        self.triage = triage
        self.removed = removed
        self.addFiles = Array(Set(addFiles)).sorted()
        self.removeFiles = Array(Set(removeFiles)).sorted()
        self.replaces = Array(Set(replaces)).sorted()
        self.by = by
        self.at = at
    }

    /// The names of the fields it sets, as its line spells them.
    public var fields: [String] {
        var fields: [String] = []
        if name != nil { fields.append("name") }
        if flow != nil { fields.append("flow") }
        if critical != nil { fields.append("critical") }
        if owner != nil { fields.append("owner") }
        if notes != nil { fields.append("notes") }
        if triage != nil { fields.append("triage") }
        if removed != nil { fields.append("removed") }
        if !addFiles.isEmpty || !removeFiles.isEmpty { fields.append("files") }
        return fields
    }

    public var isEmpty: Bool { fields.isEmpty }

    public static let kind = LogRecord.Kind.edit
    public static let tally = RecordTally("screen edit", "screen edits", rank: 1)
    public var screenID: String? { screen }
    public var record: LogRecord { .edit(self) }

    public func write(to line: inout LineWriter) {
        line.string("screen", screen)
        if let name { line.string("name", name) }
        if let flow { line.nullable("flow", flow) }
        if let critical { line.bool("critical", critical) }
        if let owner { line.nullable("owner", owner) }
        if let notes { line.nullable("notes", notes) }
        if let triage { line.nullable("triage", triage?.rawValue) }
        if let removed { line.bool("removed", removed) }
        if !addFiles.isEmpty { line.strings("addFiles", addFiles) }
        if !removeFiles.isEmpty { line.strings("removeFiles", removeFiles) }
        if !replaces.isEmpty { line.strings("replaces", replaces) }
    }

    public init(id: String, reading fields: inout Fields) throws(InterchangeError) {
        let screen = try fields.id("screen")
        /// A field that may be given a value or null (cleared); nil when it is not there.
        func clearable(_ field: String, _ read: (inout Fields) throws(InterchangeError) -> String?) throws(InterchangeError) -> String?? {
            guard fields.has(field) else { return nil }
            return .some(try read(&fields))
        }
        let name = fields.has("name") ? try fields.name("name") : nil
        let flow = try clearable("flow") { fields throws(InterchangeError) in try fields.name("flow", required: false) }
        let critical = fields.has("critical") ? try fields.bool("critical") : nil
        let owner = try clearable("owner") { fields throws(InterchangeError) in try fields.name("owner", required: false) }
        let notes = try clearable("notes") { fields throws(InterchangeError) in try fields.note("notes") }
        let triage: Category?? = fields.has("triage") ? .some(try fields.optionalChoice("triage", Category.self, allowed: Category.triageable)) : nil
        let removed = fields.has("removed") ? try fields.bool("removed") : nil
        let addFiles = try fields.patterns("addFiles", required: false)
        let removeFiles = try fields.patterns("removeFiles", required: false)
        var replaces: [String] = []
        for element in try fields.array("replaces", required: false) {
            guard case .string(let text) = element.value, text.utf8.count <= Fields.maximumIDLength, Fields.isID(text) else {
                throw fields.problem("replaces", "must hold record ids", at: element)
            }
            replaces.append(text)
        }
        self.init(id: id, screen: screen, name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage,
                  removed: removed, addFiles: addFiles, removeFiles: removeFiles, replaces: replaces,
                  by: try fields.name("by")!, at: try fields.timestamp("at"))
        if isEmpty { throw InterchangeError(line: fields.line, "the edit record changes nothing: it sets no field of the screen") }
    }

    public func phrase(target: LogRecord?) -> Phrase {
        var phrase = Phrase()
        func part(_ words: String, given: String? = nil) {
            if !phrase.pieces.isEmpty { phrase.say(", ", .change) }
            phrase.say(words, .change)
            if let given { phrase.quote(given, .change) }
        }
        if let name { part("renamed to ", given: name) }
        if let flow { flow.map { part("flow ", given: $0) } ?? part("no flow") }
        if let critical { part(critical ? "critical" : "not critical") }
        if let owner { owner.map { part("owner ", given: $0) } ?? part("no owner") }
        if let notes { part(notes == nil ? "notes cleared" : "notes changed") }
        if let triage { part(triage.map { "triaged \($0.rawValue)" } ?? "triage cleared") }
        if let removed { part(removed ? "removed" : "restored") }
        for (sign, patterns) in [("+", addFiles), ("-", removeFiles)] where !patterns.isEmpty {
            part("files \(sign) ")
            for (index, pattern) in patterns.enumerated() {
                if index > 0 { phrase.say(", ", .change) }
                phrase.quote(pattern, .change)
            }
        }
        return phrase
    }
}

extension LogRecord.Kind {
    public static let edit = LogRecord.Kind(word: "edit")
}
