import AuditStore
import DynamicType

/// A problem with an interchange file, said in one line that names the line and the field.
public struct InterchangeError: Error, Sendable, CustomStringConvertible, Equatable {
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// Reads and checks an interchange file written by `InterchangeWriter`, or by a merge of two of
/// them. Everything is checked before anything is used: types, sizes, statuses, names, lengths,
/// references between records, and ids repeated with different content.
public enum InterchangeReader {
    /// Files larger than this are refused before they are read.
    public static let maximumFileBytes = 256 << 20
    /// The longest unique id accepted.
    static let maximumIDLength = 100

    public static func read(_ bytes: [UInt8]) throws(InterchangeError) -> AuditDocument {
        if bytes.count > maximumFileBytes {
            throw InterchangeError(line: 1, "the file is \(bytes.count >> 20) MB; an export is at most \(maximumFileBytes >> 20) MB")
        }
        var given = false
        return try read(chunks: { buffer in
            if given { return false }
            given = true
            if buffer.isEmpty { buffer = bytes } else { buffer.append(contentsOf: bytes) }
            return !bytes.isEmpty
        })
    }

    public static func read(_ text: String) throws(InterchangeError) -> AuditDocument {
        try read(Array(text.utf8))
    }

    /// Reads a file that arrives in chunks: `source` appends the next chunk to its argument and
    /// returns false at the end. Each record is checked as soon as it is read and only what the
    /// document keeps stays in memory; the file's bytes and its JSON tree never sit there whole.
    /// The checks and the problem reported are those of reading the same bytes at once: a syntax
    /// error anywhere comes first, then the header's fields, then the records in file order.
    public static func read(chunks source: @escaping (inout [UInt8]) -> Bool) throws(InterchangeError) -> AuditDocument {
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

/// The fields of one JSON object, taken one by one; whatever is left over is an unknown field.
struct Fields {
    let what: String
    let line: Int
    /// In file order; a member is nil once taken. Records have a handful of fields, so a linear
    /// search beats hashing.
    private var members: [(key: String, node: JSONReader.Node?)]
    /// Where the next field is likely to be: readers take fields in the order files have them.
    private var next = 0

    init(_ node: JSONReader.Node, what: String) throws(InterchangeError) {
        guard case .object(let members) = node.value else {
            throw InterchangeError(line: node.line, "\(what) must be a JSON object, not \(node.kind)")
        }
        self.what = what
        self.line = node.line
        // Keys are unique: the JSON reader refuses an object that repeats one.
        self.members = members.map { ($0.key, $0.value) }
    }

    /// The member `field`, if it is there and not taken yet.
    private subscript(field: String) -> JSONReader.Node? {
        position(of: field).flatMap { members[$0].node }
    }

    /// Where `field` is among the members, looking first where the last one taken was followed.
    private func position(of field: String) -> Int? {
        if next < members.count, members[next].key == field { return next }
        return members.firstIndex { $0.key == field }
    }

    func problem(_ field: String, _ message: String, at node: JSONReader.Node? = nil) -> InterchangeError {
        InterchangeError(line: node?.line ?? line, "field '\(field)' of \(what) \(message)")
    }

    mutating func take(_ field: String) -> JSONReader.Node? {
        guard let position = position(of: field), let node = members[position].node else { return nil }
        members[position].node = nil
        next = position + 1
        if case .null = node.value { return nil }
        return node
    }

    func has(_ field: String) -> Bool { self[field] != nil }

    mutating func string(_ field: String, allowEmpty: Bool = false, maximumBytes: Int = InputRulesLimits.text) throws(InterchangeError) -> String {
        guard let value = try optionalString(field, allowEmpty: allowEmpty, maximumBytes: maximumBytes) else {
            throw InterchangeError(line: line, "\(what) has no '\(field)' field")
        }
        return value
    }

    mutating func optionalString(_ field: String, allowEmpty: Bool = false, maximumBytes: Int = InputRulesLimits.text) throws(InterchangeError) -> String? {
        guard let node = take(field) else { return nil }
        guard case .string(let text) = node.value else { throw problem(field, "must be a string, not \(node.kind)", at: node) }
        if !allowEmpty && text.isEmpty { throw problem(field, "is empty", at: node) }
        if text.utf8.count > maximumBytes { throw problem(field, "is \(text.utf8.count) bytes long; the limit is \(maximumBytes)", at: node) }
        return text
    }

    /// A one-line name, checked by the same rules as names typed on the command line.
    mutating func name(_ field: String, required: Bool = true) throws(InterchangeError) -> String? {
        let node = self[field]
        guard let text = try optionalString(field, maximumBytes: 4 * InputRules.maximumNameLength) else {
            if required { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
            return nil
        }
        // Most names are printable ASCII without spaces at their ends, which the rules accept as they are.
        if Fields.isPlainLine(text, maximumCount: InputRules.maximumNameLength) { return text }
        let checked: String
        do {
            checked = try InputRules.name(text, what: "it")
        } catch {
            throw problem(field, error.message.replacingPrefix("it ", with: ""), at: node)
        }
        if checked != text { throw problem(field, "has spaces at its start or end", at: node) }
        return checked
    }

    /// A note or reference, checked like one typed with `--note`.
    mutating func note(_ field: String) throws(InterchangeError) -> String? {
        let node = self[field]
        guard let text = try optionalString(field, allowEmpty: true, maximumBytes: InputRules.maximumNoteLength) else { return nil }
        if Fields.isPlainLine(text, maximumCount: InputRules.maximumNoteLength) { return text }
        let checked: String?
        do {
            checked = try InputRules.note(text, what: "it")
        } catch {
            throw problem(field, error.message.replacingPrefix("it ", with: ""), at: node)
        }
        if checked != text { throw problem(field, "is empty, has spaces at its start or end, or holds carriage returns", at: node) }
        return checked
    }

    /// Whether `text` is 1 to `maximumCount` characters of printable ASCII (U+0020 to U+007E) that
    /// neither starts nor ends with a space: a name or note the input rules take unchanged, since
    /// none of it is white space to trim or a control character, and each byte is one character.
    static func isPlainLine(_ text: String, maximumCount: Int) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20, utf8.count <= maximumCount else { return false }
        return utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// One of the cases of `type`, or nil when the field is missing or null.
    mutating func optionalChoice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type, allowed: [T]? = nil) throws(InterchangeError) -> T? where T.RawValue == String {
        guard let node = self[field] else { return nil }
        if case .null = node.value {
            _ = take(field)
            return nil
        }
        return try choice(field, type, allowed: allowed)
    }

    mutating func bool(_ field: String) throws(InterchangeError) -> Bool {
        guard let node = take(field) else { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
        guard case .bool(let value) = node.value else { throw problem(field, "must be true or false, not \(node.kind)", at: node) }
        return value
    }

    mutating func timestamp(_ field: String) throws(InterchangeError) -> Timestamp {
        let node = self[field]
        let text = try string(field, maximumBytes: 40)
        guard let time = Timestamp(iso8601: text) else {
            throw problem(field, "must be a time such as 2026-09-07T09:00:00.000Z, not \"\(JSONReader.shown(text))\"", at: node)
        }
        return time
    }

    mutating func id(_ field: String) throws(InterchangeError) -> String {
        let node = self[field]
        let text = try string(field, maximumBytes: InterchangeReader.maximumIDLength)
        // Every allowed character is ASCII, so checking bytes is checking scalars.
        let allowed = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }
        if !allowed { throw problem(field, "must hold only letters, digits and - _ . : (found \"\(JSONReader.shown(text))\")", at: node) }
        return text
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type, allowed: [T]? = nil) throws(InterchangeError) -> T where T.RawValue == String {
        let node = self[field]
        let text = try string(field, maximumBytes: 100)
        let cases = allowed ?? Array(T.allCases)
        guard let value = T(rawValue: text), cases.contains(where: { $0.rawValue == value.rawValue }) else {
            throw problem(field, "must be one of \(cases.map(\.rawValue).joined(separator: ", ")), not \"\(JSONReader.shown(text))\"", at: node)
        }
        return value
    }

    mutating func size(_ field: String) throws(InterchangeError) -> Size {
        let node = self[field]
        let text = try string(field, maximumBytes: 100)
        guard let size = Size.allCases.first(where: { $0.id == text }) else {
            throw problem(field, "must be one of \(SizeList.validIDs), not \"\(JSONReader.shown(text))\"", at: node)
        }
        return size
    }

    mutating func array(_ field: String, required: Bool = true) throws(InterchangeError) -> [JSONReader.Node] {
        guard let node = take(field) else {
            if required { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
            return []
        }
        guard case .array(let elements) = node.value else { throw problem(field, "must be an array, not \(node.kind)", at: node) }
        return elements
    }

    mutating func strings(_ field: String, required: Bool = true, maximumBytes: Int = 1000) throws(InterchangeError) -> [String] {
        var result: [String] = []
        for element in try array(field, required: required) {
            guard case .string(let text) = element.value else { throw problem(field, "must hold strings only, not \(element.kind)", at: element) }
            if text.isEmpty || text.utf8.count > maximumBytes { throw problem(field, "holds an empty or overlong string", at: element) }
            result.append(text)
        }
        return result
    }

    /// Refuses fields this version does not know, so that a typo in a hand-edited file is caught.
    func finish() throws(InterchangeError) {
        if let unknown = members.first(where: { $0.node != nil }) {
            throw InterchangeError(line: unknown.node?.line ?? line, "\(what) has an unknown field '\(JSONReader.shown(unknown.key))'")
        }
    }
}

enum InputRulesLimits {
    /// Checklist texts and summaries; notes have their own, smaller limit.
    static let text = 100_000
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

/// Turns the records into a document as they are read, checking every one.
private final class Builder {
    var checklist: (line: Int, name: String, title: String, version: String, summary: String, source: String)?
    var items: [ChecklistItem] = []
    var itemLines: [String: Int] = [:]
    var screens: [String: ScreenRecord] = [:]
    /// In file order, each id once.
    var recordings: [RecordingRecord] = []
    var fixes: [FixRecord] = []
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

    func build(_ streamed: JSONReader.StreamedDocument) throws(InterchangeError) -> AuditDocument {
        let root = streamed.root
        guard case .object(let members) = root.value else {
            throw InterchangeError(line: root.line, "the file is not a dtaudit export: it holds \(root.kind), not an object")
        }
        guard let formatNode = members.first(where: { $0.key == "format" })?.value else {
            throw InterchangeError(line: root.line, "the file is not a dtaudit export: it has no 'format' field")
        }
        guard case .number(let text) = formatNode.value, let format = Int(text) else {
            let found = if case .number(let text) = formatNode.value { JSONReader.shown(text) } else { formatNode.kind }
            throw InterchangeError(line: formatNode.line, "field 'format' must be a whole number such as \(AuditDocument.formatVersion), not \(found)")
        }
        if format != AuditDocument.formatVersion {
            let advice = format > AuditDocument.formatVersion ? "; it was written by a newer dtaudit: upgrade dtaudit" : ""
            throw InterchangeError(line: formatNode.line, "field 'format' is \(format); this dtaudit reads format \(AuditDocument.formatVersion)\(advice)")
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
        var resolvedRecordings: [RecordingRecord] = []
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
                    throw InterchangeError(line: resolvedRecordings[index].line, "the recording refers to the screen '\(JSONReader.shown(written))', which has no screen record")
                }
                name = screen.name
                lastScreen = (written, name)
            }
            if !known.contains(resolvedRecordings[index].item) {
                throw InterchangeError(line: resolvedRecordings[index].line, "the recording refers to the item '\(resolvedRecordings[index].item)', which the file's checklist does not have")
            }
            resolvedRecordings[index].screen = name
        }
        let position = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
        var resolvedFixes: [FixRecord] = []
        swap(&resolvedFixes, &fixes)
        for index in resolvedFixes.indices {
            let fix = resolvedFixes[index]
            guard let screen = screens[fix.screen.lowercased()] else {
                throw InterchangeError(line: fix.line, "the fix refers to the screen '\(JSONReader.shown(fix.screen))', which has no screen record")
            }
            if let unknown = fix.items.first(where: { !known.contains($0) }) {
                throw InterchangeError(line: fix.line, "the fix refers to the item '\(unknown)', which the file's checklist does not have")
            }
            resolvedFixes[index].screen = screen.name
            resolvedFixes[index].items = Array(Set(fix.items)).sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) }
        }
        let list = Checklist(name: checklist.name, title: checklist.title, version: checklist.version, summary: checklist.summary,
                             items: items, source: checklist.source)
        return AuditDocument(app: app, createdAt: createdAt, createdBy: createdBy, checklist: list,
                             screens: Array(screens.values), recordings: consume resolvedRecordings, fixes: consume resolvedFixes)
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
        let version = try fields.string("version", maximumBytes: 40)
        let summary = try fields.string("summary", allowEmpty: true)
        let source = try fields.string("source", allowEmpty: true, maximumBytes: 1 << 20)
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
        var fields = try Fields(node, what: "the item")
        _ = fields.take("record")
        let idNode = node
        let id = try fields.string("id", maximumBytes: 64)
        if !ChecklistFile.isValidItemID(id) {
            throw fields.problem("id", "must be lower-case letters and digits joined by single hyphens, not \"\(JSONReader.shown(id))\"", at: idNode)
        }
        let title = try fields.string("title", maximumBytes: 1000)
        var sizes: [Size] = []
        for element in try fields.array("sizes") {
            guard case .string(let text) = element.value, let size = Size.allCases.first(where: { $0.id == text }) else {
                throw fields.problem("sizes", "must hold size ids (\(SizeList.validIDs))", at: element)
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        if sizes.isEmpty { throw fields.problem("sizes", "is empty; an item is planned at one size or more") }
        let severity = try fields.choice("severity", Severity.self)
        let scaling = try fields.bool("scaling")
        let fix = try fields.optionalChoice("fix", FixType.self)
        let wcag = try fields.strings("wcag", required: false, maximumBytes: 20)
        let howToCheck = try fields.string("howToCheck", allowEmpty: true)
        try fields.finish()
        let item = ChecklistItem(id: id, title: title, howToCheck: howToCheck, sizes: sizes.sorted(), severity: severity,
                                 scaling: scaling, fix: fix, wcag: wcag)
        if let earlier = itemLines[id] {
            if items.first(where: { $0.id == id }) != item {
                throw InterchangeError(line: node.line, "the item '\(id)' appears again with different content (first on line \(earlier))")
            }
            return
        }
        itemLines[id] = node.line
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
        let screen = ScreenRecord(name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage,
                                  files: Array(Set(files)), createdAt: createdAt, createdBy: createdBy, line: node.line)
        if let earlier = screens[screen.key] {
            let differences = earlier.differences(from: screen)
            if !differences.isEmpty {
                throw InterchangeError(line: node.line, "the screen '\(JSONReader.shown(name))' appears again but differs in \(differences.joined(separator: ", ")) (first on line \(earlier.line)); keep one of the two lines")
            }
            return
        }
        screens[screen.key] = screen
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
        // Reserved for screenshots attached to recordings; read once evidence can be stored.
        for element in try fields.array("evidence", required: false) {
            guard case .object = element.value else { throw fields.problem("evidence", "must hold objects, not \(element.kind)", at: element) }
        }
        try fields.finish()
        let recording = RecordingRecord(id: id, screen: strings.intern(screen), item: strings.intern(item), size: size, status: status,
                                        note: note.map { strings.intern($0) }, by: strings.intern(by), at: at, line: node.line)
        guard let slot = Builder.claim(&ids[id, default: Builder.unclaimed], for: recordings.count) else {
            recordings.append(recording)
            return
        }
        guard slot >= 0 else {
            throw InterchangeError(line: node.line, "the id '\(id)' is used by a fix too")
        }
        let earlier = recordings[slot]
        let differences = earlier.differences(from: recording)
        if !differences.isEmpty {
            throw InterchangeError(line: node.line, "the recording id '\(id)' is used again but differs in \(differences.joined(separator: ", ")) (first on line \(earlier.line))")
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
        let fix = FixRecord(id: id, screen: screen, type: type, items: items, note: note, ref: ref, by: by, at: at, line: node.line)
        guard let slot = Builder.claim(&ids[id, default: Builder.unclaimed], for: -1 - fixes.count) else {
            fixes.append(fix)
            return
        }
        guard slot < 0 else {
            throw InterchangeError(line: node.line, "the id '\(id)' is used by a recording too")
        }
        let earlier = fixes[-1 - slot]
        let differences = earlier.differences(from: fix)
        if !differences.isEmpty {
            throw InterchangeError(line: node.line, "the fix id '\(id)' is used again but differs in \(differences.joined(separator: ", ")) (first on line \(earlier.line))")
        }
    }
}
