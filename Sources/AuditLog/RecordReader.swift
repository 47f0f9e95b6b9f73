import DynamicType
import Output
import Evidence

/// Reads record lines back, checking everything a hostile or damaged file could get wrong: types,
/// ids, names, notes, sizes, statuses and unknown fields. A record read back writes the same
/// canonical line it was read from, whatever spacing or field order the line had.
public enum RecordReader {
    /// What a line held: a record, or the closing `{"record":"end"}`.
    public enum Entry: Sendable, Equatable {
        case record(LogRecord)
        case end
    }

    /// Reads one line holding one JSON object, with or without the comma that ends it in a file.
    public static func read(line bytes: ArraySlice<UInt8>, number: Int) throws(InterchangeError) -> Entry {
        var end = bytes.endIndex
        while end > bytes.startIndex, [0x20, 0x09, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        if end > bytes.startIndex, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        let node: JSONReader.Node
        do {
            node = try JSONReader.parse(Array(bytes[bytes.startIndex..<end]), firstLine: number)
        } catch {
            throw InterchangeError(line: error.line, error.message)
        }
        return try read(node)
    }

    public static func read(_ node: JSONReader.Node) throws(InterchangeError) -> Entry {
        var fields = try Fields(node, what: "the record")
        guard let kindNode = fields.take("record") else {
            throw InterchangeError(line: node.line, "the record has no 'record' field saying what it is")
        }
        guard case .string(let kindText) = kindNode.value else {
            throw InterchangeError(line: kindNode.line, "field 'record' must be a string, not \(kindNode.kind)")
        }
        if kindText == "end" {
            try fields.finish()
            return .end
        }
        guard let kind = LogRecord.Kind(rawValue: kindText) else {
            let known = LogRecord.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw InterchangeError(line: kindNode.line, "unknown record kind '\(JSONReader.shown(kindText))'; records are \(known) and end")
        }
        fields.what = "the \(kind.rawValue) record"
        let id = try fields.id("id")
        let record: LogRecord
        switch kind {
        case .audit:
            record = .audit(AppNaming(id: id, app: try fields.name("app")!, by: try fields.name("by")!, at: try fields.timestamp("at")))
        case .checklist:
            record = .checklist(try checklist(id: id, &fields))
        case .screen:
            record = .screen(try screen(id: id, &fields))
        case .edit:
            record = .edit(try edit(id: id, &fields))
        case .recording:
            record = .recording(Recording(id: id, screen: try fields.id("screen"), item: try itemID(&fields, "item"), size: try fields.size("size"),
                                          status: try fields.choice("status", ResultStatus.self), note: try fields.note("note"),
                                          run: try fields.name("run", required: false), by: try fields.name("by")!, at: try fields.timestamp("at")))
        case .fix:
            let screen = try fields.id("screen")
            let type = try fields.choice("type", FixType.self)
            var items: [String] = []
            for item in try fields.strings("items", maximumBytes: 64) where !items.contains(item) {
                guard ChecklistFile.isValidItemID(item) else { throw fields.problem("items", "holds '\(JSONReader.shown(item))', which is not an item id") }
                items.append(item)
            }
            record = .fix(Fix(id: id, screen: screen, type: type, items: items, note: try fields.note("note"), ref: try fields.note("ref"),
                              by: try fields.name("by")!, at: try fields.timestamp("at")))
        case .evidence:
            record = .evidence(try evidence(id: id, &fields))
        case .retract:
            record = .retract(Retraction(id: id, screen: try fields.id("screen"), target: try fields.id("target"), note: try fields.note("note"),
                                         by: try fields.name("by")!, at: try fields.timestamp("at")))
        case .amend:
            let screen = try fields.id("screen")
            let target = try fields.id("target")
            guard fields.has("note") else { throw fields.problem("note", "is missing: an amendment gives the corrected note, or null to clear it") }
            record = .amend(Amendment(id: id, screen: screen, target: target, note: try fields.note("note"),
                                      by: try fields.name("by")!, at: try fields.timestamp("at")))
        }
        try fields.finish()
        return .record(record)
    }

    private static func itemID(_ fields: inout Fields, _ field: String) throws(InterchangeError) -> String {
        let text = try fields.string(field, maximumBytes: 64)
        guard ChecklistFile.isValidItemID(text) else {
            throw fields.problem(field, "must be an item id (lower-case letters and digits joined by hyphens), not \"\(JSONReader.shown(text))\"")
        }
        return text
    }

    private static func checklist(id: String, _ fields: inout Fields) throws(InterchangeError) -> ChecklistAdoption {
        let name = try fields.name("name")!
        let title = try fields.name("title")!
        let version = try fields.line("version", maximumBytes: 40)
        let summary = try fields.text("summary")
        let source = try fields.text("source", maximumBytes: 1 << 20)
        var items: [ChecklistItem] = []
        for node in try fields.array("items") {
            let item = try self.item(node)
            if items.contains(where: { $0.id == item.id }) {
                throw InterchangeError(line: node.line, "the checklist lists the item '\(item.id)' twice")
            }
            items.append(item)
        }
        if items.isEmpty { throw fields.problem("items", "is empty; a checklist has one item or more") }
        let checklist = Checklist(name: name, title: title, version: version, summary: summary, items: items, source: source)
        return ChecklistAdoption(id: id, checklist: checklist, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }

    /// A checklist item, as the checklist record and format 1's item lines write it.
    public static func item(_ node: JSONReader.Node, extraFields: Set<String> = []) throws(InterchangeError) -> ChecklistItem {
        var fields = try Fields(node, what: "the item")
        for field in extraFields { _ = fields.take(field) }
        let id = try fields.string("id", maximumBytes: 64)
        if !ChecklistFile.isValidItemID(id) {
            throw fields.problem("id", "must be lower-case letters and digits joined by single hyphens, not \"\(JSONReader.shown(id))\"")
        }
        let title = try fields.line("title", maximumBytes: 1000)
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
        let howToCheck = try fields.text("howToCheck")
        try fields.finish()
        return ChecklistItem(id: id, title: title, howToCheck: howToCheck, sizes: sizes.sorted(), severity: severity,
                             scaling: scaling, fix: fix, wcag: wcag)
    }

    private static func screen(id: String, _ fields: inout Fields) throws(InterchangeError) -> Screen {
        let name = try fields.name("name")!
        let flow = try fields.name("flow", required: false)
        let critical = try fields.bool("critical")
        let owner = try fields.name("owner", required: false)
        let notes = try fields.note("notes")
        let triage = try fields.optionalChoice("triage", Category.self, allowed: Category.triageable)
        let files = try patterns(&fields, "files", required: false)
        return Screen(id: id, name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage, files: files,
                      createdAt: try fields.timestamp("at").self, createdBy: try fields.name("by")!)
    }

    private static func edit(id: String, _ fields: inout Fields) throws(InterchangeError) -> ScreenEdit {
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
        let addFiles = try patterns(&fields, "addFiles", required: false)
        let removeFiles = try patterns(&fields, "removeFiles", required: false)
        var replaces: [String] = []
        for element in try fields.array("replaces", required: false) {
            guard case .string(let text) = element.value, text.utf8.count <= Fields.maximumIDLength, Fields.isID(text) else {
                throw fields.problem("replaces", "must hold record ids", at: element)
            }
            replaces.append(text)
        }
        let edit = ScreenEdit(id: id, screen: screen, name: name, flow: flow, critical: critical, owner: owner, notes: notes, triage: triage,
                              removed: removed, addFiles: addFiles, removeFiles: removeFiles, replaces: replaces,
                              by: try fields.name("by")!, at: try fields.timestamp("at"))
        if edit.isEmpty { throw InterchangeError(line: fields.line, "the edit record changes nothing: it sets no field of the screen") }
        return edit
    }

    private static func patterns(_ fields: inout Fields, _ field: String, required: Bool) throws(InterchangeError) -> [String] {
        var files: [String] = []
        let elements = try fields.array(field, required: required)
        if elements.count > AuditBounds.maximumFilePatterns {
            throw fields.problem(field, "holds \(elements.count) file patterns; a screen has at most \(AuditBounds.maximumFilePatterns)", at: elements[AuditBounds.maximumFilePatterns])
        }
        for element in elements {
            guard case .string(let text) = element.value else { throw fields.problem(field, "must hold strings only, not \(element.kind)", at: element) }
            let pattern: String
            do {
                pattern = try InputRules.name(text, what: "a file pattern")
            } catch {
                throw fields.problem(field, "holds an invalid pattern: \(error.message)", at: element)
            }
            if pattern != text { throw fields.problem(field, "holds a pattern with spaces at its start or end", at: element) }
            files.append(pattern)
        }
        return files
    }

    private static func evidence(id: String, _ fields: inout Fields) throws(InterchangeError) -> EvidenceAttachment {
        let screen = try fields.id("screen")
        let size = try fields.size("size")
        let item = fields.has("item") ? try itemID(&fields, "item") : nil
        let recording = fields.has("recording") ? try fields.id("recording") : nil
        let file = try fields.string("file", maximumBytes: 80)
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, parts[0].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
              let kind = MediaKind.allCases.first(where: { $0.fileExtension == parts[1] }) else {
            throw fields.problem("file", "must be the file's SHA-256 in lower-case hex and its extension (png, jpg, heic, pdf, mov, mp4), not \"\(JSONReader.shown(file))\"")
        }
        let bytes = try fields.count("bytes")
        let name = try fields.name("name")!
        return EvidenceAttachment(id: id, screen: screen, size: size, item: item, recording: recording, hash: String(parts[0]), kind: kind,
                                  bytes: bytes, name: name, by: try fields.name("by")!, at: try fields.timestamp("at"))
    }
}

extension Fields {
    /// A whole number from 0 to 2^53, the largest every JSON reader keeps exactly.
    public mutating func count(_ field: String) throws(InterchangeError) -> Int64 {
        guard let node = take(field) else { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
        guard case .number(let text) = node.value, let value = Int64(text), value >= 0, value <= 1 << 53 else {
            throw problem(field, "must be a whole number of bytes", at: node)
        }
        return value
    }
}
