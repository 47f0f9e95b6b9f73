import DynamicType
import Output

/// A problem with an interchange file, said in one line that names the line and the field.
public struct InterchangeError: Error, Sendable, CustomStringConvertible, Equatable {
    public let line: Int
    public let message: String
    /// Set when a newer release wrote the file: the release to upgrade to, or "" when it does not say.
    public let upgrade: String?

    public init(line: Int, _ message: String, upgrade: String? = nil) {
        self.line = line
        self.message = message
        self.upgrade = upgrade
    }

    /// A problem of no one line (two versions' records that clash) says none.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// The fields of one JSON object, taken one by one; whatever is left over is an unknown field.
public struct Fields {
    /// The longest unique id accepted.
    public static let maximumIDLength = 100

    /// Whether `text` has the characters an id may have: letters, digits and `- _ . :`.
    public static func isID(_ text: String) -> Bool {
        // Every allowed character is ASCII, so checking bytes is checking scalars.
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }
    }
    public var what: String
    public let line: Int
    /// In file order; a member is nil once taken. Records have a handful of fields, so a linear
    /// search beats hashing.
    private var members: [(key: String, node: JSONReader.Node?)]
    /// Where the next field is likely to be: readers take fields in the order files have them.
    private var next = 0

    public init(_ node: JSONReader.Node, what: String) throws(InterchangeError) {
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

    public func problem(_ field: String, _ message: String, at node: JSONReader.Node? = nil) -> InterchangeError {
        InterchangeError(line: node?.line ?? line, "field '\(field)' of \(what) \(message)")
    }

    public mutating func take(_ field: String) -> JSONReader.Node? {
        guard let position = position(of: field), let node = members[position].node else { return nil }
        members[position].node = nil
        next = position + 1
        if case .null = node.value { return nil }
        return node
    }

    public func has(_ field: String) -> Bool { self[field] != nil }

    public mutating func string(_ field: String, allowEmpty: Bool = false, maximumBytes: Int = InputRulesLimits.text) throws(InterchangeError) -> String {
        guard let value = try optionalString(field, allowEmpty: allowEmpty, maximumBytes: maximumBytes) else {
            throw InterchangeError(line: line, "\(what) has no '\(field)' field")
        }
        return value
    }

    public mutating func optionalString(_ field: String, allowEmpty: Bool = false, maximumBytes: Int = InputRulesLimits.text) throws(InterchangeError) -> String? {
        guard let node = take(field) else { return nil }
        guard case .string(let text) = node.value else { throw problem(field, "must be a string, not \(node.kind)", at: node) }
        if !allowEmpty && text.isEmpty { throw problem(field, "is empty", at: node) }
        if text.utf8.count > maximumBytes { throw problem(field, "is \(text.utf8.count) bytes long; the limit is \(maximumBytes)", at: node) }
        return text
    }

    /// A one-line name, checked by the same rules as names typed on the command line.
    public mutating func name(_ field: String, required: Bool = true) throws(InterchangeError) -> String? {
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

    /// One line of text with no control character at all (a checklist's or item's title).
    public mutating func line(_ field: String, maximumBytes: Int) throws(InterchangeError) -> String {
        let node = self[field]
        let text = try string(field, maximumBytes: maximumBytes)
        if let scalar = text.unicodeScalars.first(where: \.isControlCharacter) {
            throw problem(field, "must be one line without control characters (found \(scalar.codePoint))", at: node)
        }
        return text
    }

    /// A text that may span lines (a checklist's summary and source, how to check an item): line
    /// breaks, tabs and carriage returns, and no other control character, which a terminal would obey.
    public mutating func text(_ field: String, maximumBytes: Int = InputRulesLimits.text) throws(InterchangeError) -> String {
        let node = self[field]
        let text = try string(field, allowEmpty: true, maximumBytes: maximumBytes)
        if let scalar = text.unicodeScalars.first(where: { $0.isControlCharacter && $0 != "\n" && $0 != "\t" && $0 != "\r" }) {
            throw problem(field, "holds a control character (\(scalar.codePoint)); only line breaks and tabs are allowed", at: node)
        }
        return text
    }

    /// A note or reference, checked like one typed with `--note`.
    public mutating func note(_ field: String) throws(InterchangeError) -> String? {
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
    public static func isPlainLine(_ text: String, maximumCount: Int) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20, utf8.count <= maximumCount else { return false }
        return utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// One of the cases of `type`, or nil when the field is missing or null.
    public mutating func optionalChoice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type, allowed: [T]? = nil) throws(InterchangeError) -> T? where T.RawValue == String {
        guard let node = self[field] else { return nil }
        if case .null = node.value {
            _ = take(field)
            return nil
        }
        return try choice(field, type, allowed: allowed)
    }

    public mutating func bool(_ field: String) throws(InterchangeError) -> Bool {
        guard let node = take(field) else { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
        guard case .bool(let value) = node.value else { throw problem(field, "must be true or false, not \(node.kind)", at: node) }
        return value
    }

    public mutating func timestamp(_ field: String) throws(InterchangeError) -> Timestamp {
        let node = self[field]
        let text = try string(field, maximumBytes: 40)
        guard let time = Timestamp(iso8601: text) else {
            throw problem(field, "must be a time such as 2026-09-07T09:00:00.000Z, not \"\(JSONReader.shown(text))\"", at: node)
        }
        return time
    }

    public mutating func id(_ field: String) throws(InterchangeError) -> String {
        let node = self[field]
        let text = try string(field, maximumBytes: Fields.maximumIDLength)
        if !Fields.isID(text) { throw problem(field, "must hold only letters, digits and - _ . : (found \"\(JSONReader.shown(text))\")", at: node) }
        return text
    }

    public mutating func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type, allowed: [T]? = nil) throws(InterchangeError) -> T where T.RawValue == String {
        let node = self[field]
        let text = try string(field, maximumBytes: 100)
        let cases = allowed ?? Array(T.allCases)
        guard let value = T(rawValue: text), cases.contains(where: { $0.rawValue == value.rawValue }) else {
            throw problem(field, "must be one of \(cases.map(\.rawValue).joined(separator: ", ")), not \"\(JSONReader.shown(text))\"", at: node)
        }
        return value
    }

    public mutating func size(_ field: String) throws(InterchangeError) -> Size {
        let node = self[field]
        let text = try string(field, maximumBytes: 100)
        guard let size = Size.allCases.first(where: { $0.id == text }) else {
            throw problem(field, "must be one of \(SizeList.validIDs), not \"\(JSONReader.shown(text))\"", at: node)
        }
        return size
    }

    public mutating func array(_ field: String, required: Bool = true) throws(InterchangeError) -> [JSONReader.Node] {
        guard let node = take(field) else {
            if required { throw InterchangeError(line: line, "\(what) has no '\(field)' field") }
            return []
        }
        guard case .array(let elements) = node.value else { throw problem(field, "must be an array, not \(node.kind)", at: node) }
        return elements
    }

    public mutating func strings(_ field: String, required: Bool = true, maximumBytes: Int = 1000) throws(InterchangeError) -> [String] {
        var result: [String] = []
        for element in try array(field, required: required) {
            guard case .string(let text) = element.value else { throw problem(field, "must hold strings only, not \(element.kind)", at: element) }
            if text.isEmpty || text.utf8.count > maximumBytes { throw problem(field, "holds an empty or overlong string", at: element) }
            result.append(text)
        }
        return result
    }

    /// Refuses fields this version does not know, so that a typo in a hand-edited file is caught.
    public func finish() throws(InterchangeError) {
        if let unknown = members.first(where: { $0.node != nil }) {
            throw InterchangeError(line: unknown.node?.line ?? line, "\(what) has an unknown field '\(JSONReader.shown(unknown.key))'")
        }
    }
}

public enum InputRulesLimits {
    /// Checklist texts and summaries; notes have their own, smaller limit.
    public static let text = 100_000
}

extension String {
    public func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
