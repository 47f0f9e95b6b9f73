import Output
import AuditLog
import AuditStore
import DynamicType

/// Reads and checks a format 1 file, as dtaudit wrote them before the log (or a merge of two of
/// them), into the `FormatOne` audit it holds. Everything is checked before anything is used:
/// types, sizes, statuses, names, lengths, references between records, and ids repeated with
/// different content.
public enum FormatOneReader {

    public static func read(_ bytes: [UInt8]) throws(InterchangeError) -> FormatOne {
        var given = false
        return try read(chunks: { buffer in
            if given { return false }
            given = true
            if buffer.isEmpty { buffer = bytes } else { buffer.append(contentsOf: bytes) }
            return !bytes.isEmpty
        })
    }

    public static func read(_ text: String) throws(InterchangeError) -> FormatOne {
        try read(Array(text.utf8))
    }

    /// Reads a file that arrives in chunks: `source` appends the next chunk to its argument and
    /// returns false at the end. Each record is checked as soon as it is read and only what the
    /// document keeps stays in memory; the file's bytes and its JSON tree never sit there whole.
    /// The checks and the problem reported are those of reading the same bytes at once: a syntax
    /// error anywhere comes first, then the header's fields, then the records in file order.
    public static func read(chunks source: @escaping (inout [UInt8]) -> Bool) throws(InterchangeError) -> FormatOne {
        let builder = Builder()
        let streamed: JSONReader.StreamedDocument
        do {
            streamed = try JSONReader.parse(reading: source) { record in builder.take(record) }
        } catch {
            throw InterchangeError(line: error.line, error.message)
        }
        return try builder.build(streamed)
    }
}

/// Turns the records into a document as they are read, checking every one.
private final class Builder {
    var checklist: (line: Int, name: String, title: String, version: String, summary: String, source: String)?
    var items: [ChecklistItem] = []
    var itemLines: [String: Int] = [:]
    var screens: [String: (screen: Screen, line: Int)] = [:]
    /// In file order, each id once, with the line each was read from.
    var recordings: [Recording] = []
    var recordingLines: [Int] = []
    var fixes: [Fix] = []
    var fixLines: [Int] = []
    /// Where each id's record is: a recording's index, or for a fix `-1 - index`.
    var ids: [String: Int] = [:]
    static let unclaimed = Int.min

    /// Takes an id's slot for `value` when no record has it yet (nil); else what the slot holds.
    /// One hash of the id either way.
    static func claim(_ slot: inout Int, for value: Int) -> Int? {
        if slot == unclaimed {
            slot = value
            return nil
        }
        return slot
    }
    var sawEnd = false
    var strings = StringTable()
    /// The first problem found in a record. Later records are not checked: the file is refused
    /// with this problem unless the header, checked once the file is read, has one.
    var failure: InterchangeError?

    /// Checks one record and keeps what it holds.
    func take(_ record: JSONReader.Node) {
        guard failure == nil else { return }
        do {
            try read(record)
        } catch {
            failure = error
        }
    }

    func build(_ streamed: JSONReader.StreamedDocument) throws(InterchangeError) -> FormatOne {
        let root = streamed.root
        guard case .object(let members) = root.value else {
            throw InterchangeError(line: root.line, "the file is not a dtaudit export: it holds \(root.kind), not an object")
        }
        guard let formatNode = members.first(where: { $0.key == "format" })?.value else {
            throw InterchangeError(line: root.line, "the file is not a dtaudit export: it has no 'format' field")
        }
        guard case .number(let text) = formatNode.value, let format = Int(text) else {
            let found = if case .number(let text) = formatNode.value { JSONReader.shown(text) } else { formatNode.kind }
            throw InterchangeError(line: formatNode.line, "field 'format' must be a whole number such as \(AuditFile.formatVersion), not \(found)")
        }
        if format != 1 {
            let advice = format > AuditFile.formatVersion ? "; it was written by a newer dtaudit: upgrade dtaudit"
                : format > 1 ? ", and formats from 2 on only as dtaudit lays them out (one record a line)" : ""
            throw InterchangeError(line: formatNode.line, "field 'format' is \(format); this dtaudit reads formats 1 to \(AuditFile.formatVersion)\(advice)")
        }
        var header = try Fields(root, what: "the file")
        _ = header.take("format")
        let app = try header.name("app")!
        let createdAt = try header.timestamp("createdAt")
        let createdBy = try header.name("createdBy")!
        // Streamed records were checked as they came; an array the reader kept is checked here.
        let kept = try header.array("records")
        try header.finish()
        for record in kept { take(record) }
        if let failure { throw failure }

        if !sawEnd {
            let last = streamed.records?.lastLine ?? kept.last?.line ?? root.line
            throw InterchangeError(line: last, "the records end without the closing {\"record\":\"end\"} line; the file looks cut short")
        }
        guard let checklist else { throw InterchangeError(line: root.line, "the file has no checklist record") }
        if items.isEmpty { throw InterchangeError(line: checklist.line, "the checklist has no item records") }

        // Every reference must resolve inside the file; the first one that does not, in file order,
        // is reported.
        let known = Set(items.map(\.id))
        var resolvedRecordings: [Recording] = []
        swap(&resolvedRecordings, &recordings)
        ids = [:]
        var lastScreen: (written: String, name: String)?
        for index in resolvedRecordings.indices {
            let written = resolvedRecordings[index].screen
            let name: String
            if let lastScreen, lastScreen.written == written {
                name = lastScreen.name
            } else {
                guard let screen = screens[written.lowercased()] else {
                    throw InterchangeError(line: recordingLines[index], "the recording refers to the screen '\(JSONReader.shown(written))', which has no screen record")
                }
                name = screen.screen.name
                lastScreen = (written, name)
            }
            if !known.contains(resolvedRecordings[index].item) {
                throw InterchangeError(line: recordingLines[index], "the recording refers to the item '\(resolvedRecordings[index].item)', which the file's checklist does not have")
            }
            resolvedRecordings[index].screen = name
        }
        let position = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
        var resolvedFixes: [Fix] = []
        swap(&resolvedFixes, &fixes)
        for index in resolvedFixes.indices {
            let fix = resolvedFixes[index]
            guard let screen = screens[fix.screen.lowercased()] else {
                throw InterchangeError(line: fixLines[index], "the fix refers to the screen '\(JSONReader.shown(fix.screen))', which has no screen record")
            }
            if let unknown = fix.items.first(where: { !known.contains($0) }) {
                throw InterchangeError(line: fixLines[index], "the fix refers to the item '\(unknown)', which the file's checklist does not have")
            }
            resolvedFixes[index].screen = screen.screen.name
            resolvedFixes[index].items = Array(Set(fix.items)).sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) }
        }
        let list = Checklist(name: checklist.name, title: checklist.title, version: checklist.version, summary: checklist.summary,
                             items: items, source: checklist.source)
        return FormatOne(app: app, createdAt: createdAt, createdBy: createdBy, checklist: list,
                         screens: screens.values.map(\.screen).sorted { ($0.key, $0.name) < ($1.key, $1.name) },
                         recordings: consume resolvedRecordings, fixes: consume resolvedFixes)
    }

    func read(_ node: JSONReader.Node) throws(InterchangeError) {
        guard case .object(let members) = node.value else {
            throw InterchangeError(line: node.line, "each record must be a JSON object, not \(node.kind)")
        }
        guard let kindNode = members.first(where: { $0.key == "record" })?.value else {
            throw InterchangeError(line: node.line, "the record has no 'record' field saying what it is")
        }
        guard case .string(let kind) = kindNode.value else {
            throw InterchangeError(line: kindNode.line, "field 'record' must be a string, not \(kindNode.kind)")
        }
        if sawEnd {
            throw InterchangeError(line: node.line, "a record after the closing {\"record\":\"end\"} line")
        }
        switch kind {
        case "checklist": try readChecklist(node)
        case "item": try readItem(node)
        case "screen": try readScreen(node)
        case "recording": try readRecording(node)
        case "fix": try readFix(node)
        case "end":
            var fields = try Fields(node, what: "the end record")
            _ = fields.take("record")
            try fields.finish()
            sawEnd = true
        default:
            throw InterchangeError(line: kindNode.line, "unknown record kind '\(JSONReader.shown(kind))'; records are checklist, item, screen, recording, fix and end")
        }
    }

    func readChecklist(_ node: JSONReader.Node) throws(InterchangeError) {
        var fields = try Fields(node, what: "the checklist")
        _ = fields.take("record")
        let name = try fields.name("name")!
        let title = try fields.name("title")!
        // Checked as the log's checklist record checks them, which these fields become.
        let version = try fields.line("version", maximumBytes: 40)
        let summary = try fields.text("summary")
        let source = try fields.text("source", maximumBytes: 1 << 20)
        try fields.finish()
        if let earlier = checklist {
            if (earlier.name, earlier.title, earlier.version, earlier.summary, earlier.source) != (name, title, version, summary, source) {
                throw InterchangeError(line: node.line, "a second, different checklist record (the first is on line \(earlier.line)); a file holds one checklist")
            }
            return
        }
        checklist = (node.line, name, title, version, summary, source)
    }

    func readItem(_ node: JSONReader.Node) throws(InterchangeError) {
        let item = try RecordReader.item(node, extraFields: ["record"])
        if let earlier = itemLines[item.id] {
            if items.first(where: { $0.id == item.id }) != item {
                throw InterchangeError(line: node.line, "the item '\(item.id)' appears again with different content (first on line \(earlier))")
            }
            return
        }
        itemLines[item.id] = node.line
        items.append(item)
    }

    func readScreen(_ node: JSONReader.Node) throws(InterchangeError) {
        var fields = try Fields(node, what: "the screen")
        _ = fields.take("record")
        let name = try fields.name("name")!
        let flow = try fields.name("flow", required: false)
        let critical = try fields.bool("critical")
        let owner = try fields.name("owner", required: false)
        let notes = try fields.note("notes")
        let triage = try fields.optionalChoice("triage", Category.self, allowed: Category.triageable)
        var files: [String] = []
        for element in try fields.array("files", required: false) {
            guard case .string(let text) = element.value else { throw fields.problem("files", "must hold strings only, not \(element.kind)", at: element) }
            do {
                files.append(try InputRules.name(text, what: "a file pattern"))
            } catch {
                throw fields.problem("files", "holds an invalid pattern: \(error.message)", at: element)
            }
        }
        let createdAt = try fields.timestamp("createdAt")
        let createdBy = try fields.name("createdBy")!
        try fields.finish()
        let screen = Screen(id: "", name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage,
                            files: files, createdAt: createdAt, createdBy: createdBy)
        if let earlier = screens[screen.key] {
            if earlier.screen != screen {
                throw InterchangeError(line: node.line, "the screen '\(JSONReader.shown(name))' appears again with other details (first on line \(earlier.line)); keep one of the two lines")
            }
            return
        }
        screens[screen.key] = (screen, node.line)
    }

    func readRecording(_ node: JSONReader.Node) throws(InterchangeError) {
        var fields = try Fields(node, what: "the recording")
        _ = fields.take("record")
        let id = try fields.id("id")
        let screen = try fields.name("screen")!
        let item = try fields.string("item", maximumBytes: 64)
        let size = try fields.size("size")
        let status = try fields.choice("status", ResultStatus.self)
        let note = try fields.note("note")
        let by = try fields.name("by")!
        let at = try fields.timestamp("at")
        // Reserved for screenshots in format 1, which never wrote any.
        for element in try fields.array("evidence", required: false) {
            guard case .object = element.value else { throw fields.problem("evidence", "must hold objects, not \(element.kind)", at: element) }
        }
        try fields.finish()
        let recording = Recording(id: id, screen: strings.intern(screen), item: strings.intern(item), size: size, status: status,
                                  note: note.map { strings.intern($0) }, by: strings.intern(by), at: at)
        guard let slot = Builder.claim(&ids[id, default: Builder.unclaimed], for: recordings.count) else {
            recordings.append(recording)
            recordingLines.append(node.line)
            return
        }
        guard slot >= 0 else {
            throw InterchangeError(line: node.line, "the id '\(id)' is used by a fix too")
        }
        var earlier = recordings[slot]
        earlier.screen = earlier.screen.lowercased()
        var again = recording
        again.screen = again.screen.lowercased()
        if earlier != again {
            throw InterchangeError(line: node.line, "the recording id '\(id)' is used again with other content (first on line \(recordingLines[slot]))")
        }
    }

    func readFix(_ node: JSONReader.Node) throws(InterchangeError) {
        var fields = try Fields(node, what: "the fix")
        _ = fields.take("record")
        let id = try fields.id("id")
        let screen = try fields.name("screen")!
        let type = try fields.choice("type", FixType.self)
        let items = try fields.strings("items", maximumBytes: 64)
        let note = try fields.note("note")
        let ref = try fields.note("ref")
        let by = try fields.name("by")!
        let at = try fields.timestamp("at")
        try fields.finish()
        let fix = Fix(id: id, screen: screen, type: type, items: items, note: note, ref: ref, by: by, at: at)
        guard let slot = Builder.claim(&ids[id, default: Builder.unclaimed], for: -1 - fixes.count) else {
            fixes.append(fix)
            fixLines.append(node.line)
            return
        }
        guard slot < 0 else {
            throw InterchangeError(line: node.line, "the id '\(id)' is used by a recording too")
        }
        var earlier = fixes[-1 - slot]
        earlier.screen = earlier.screen.lowercased()
        earlier.items = Array(Set(earlier.items)).sorted()
        var again = fix
        again.screen = again.screen.lowercased()
        again.items = Array(Set(again.items)).sorted()
        if earlier != again {
            throw InterchangeError(line: node.line, "the fix id '\(id)' is used again with other content (first on line \(fixLines[-1 - slot]))")
        }
    }
}
