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
        guard let kind = LogRecord.kind(named: kindText) else {
            let known = LogRecord.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw InterchangeError(line: kindNode.line, "unknown record kind '\(JSONReader.shown(kindText))'; records are \(known) and end")
        }
        fields.what = "the \(kindText) record"
        let record = try kind.read(id: try fields.id("id"), &fields)
        try fields.finish()
        return .record(record)
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

    /// An id that may be left out.
    mutating func optionalID(_ field: String) throws(InterchangeError) -> String? {
        has(field) ? try id(field) : nil
    }

    /// A recording's round (`Recording.round`): 0 when left out, else a whole number from 1 to
    /// `Recording.maximumRound`.
    mutating func round(_ field: String) throws(InterchangeError) -> Int {
        guard let node = take(field) else { return 0 }
        guard case .number(let text) = node.value, let value = Int(text), value >= 1, value <= Recording.maximumRound else {
            throw problem(field, "must be a whole number from 1 to \(Recording.maximumRound)", at: node)
        }
        return value
    }

    /// A checklist item's id.
    mutating func itemID(_ field: String) throws(InterchangeError) -> String {
        let text = try string(field, maximumBytes: 64)
        guard ChecklistFile.isValidItemID(text) else {
            throw problem(field, "must be an item id (lower-case letters and digits joined by hyphens), not \"\(JSONReader.shown(text))\"")
        }
        return text
    }

    /// A screen's file patterns, each checked like one typed with `--files`.
    mutating func patterns(_ field: String, required: Bool) throws(InterchangeError) -> [String] {
        var files: [String] = []
        let elements = try array(field, required: required)
        if elements.count > AuditBounds.maximumFilePatterns {
            throw problem(field, "holds \(elements.count) file patterns; a screen has at most \(AuditBounds.maximumFilePatterns)", at: elements[AuditBounds.maximumFilePatterns])
        }
        for element in elements {
            guard case .string(let text) = element.value else { throw problem(field, "must hold strings only, not \(element.kind)", at: element) }
            let pattern: String
            do {
                pattern = try InputRules.name(text, what: "a file pattern")
            } catch {
                throw problem(field, "holds an invalid pattern: \(error.message)", at: element)
            }
            if pattern != text { throw problem(field, "holds a pattern with spaces at its start or end", at: element) }
            files.append(pattern)
        }
        return files
    }
}
