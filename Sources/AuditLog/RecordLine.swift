import DynamicType

extension LogRecord {
    /// The record's one canonical line (without its comma and line break): every store and every
    /// file holds exactly these bytes for it, so the same set of records always gives the same file.
    /// Fields come in a fixed order; optional fields that are not set are left out.
    public var line: String {
        String(decoding: visit(Writing()).bytes, as: UTF8.self)
    }

    public func write(into text: inout ByteText) {
        text.bytes += visit(Writing()).bytes
    }

    /// Frames a kind's fields: `{"record":"kind","id":...,<its fields>,"by":...,"at":...}`.
    private struct Writing: LogRecordVisitor {
        typealias Result = ByteText

        func visit<Record: LogRecordKind>(_ record: Record) -> ByteText {
            var line = LineWriter(text: ByteText(capacity: 256), kind: Record.kind)
            line.string("id", record.id)
            record.write(to: &line)
            line.string("by", record.by)
            line.string("at", record.at.iso8601)
            line.text.append("}")
            return line.text
        }
    }
}

/// Appends one record's fields in order: `{"record":"kind","id":...`. Each kind writes its own
/// fields (`LogRecordKind.write(to:)`); the record's kind, id, author and time frame them.
public struct LineWriter {
    public var text: ByteText

    init(text: ByteText, kind: LogRecord.Kind) {
        self.text = text
        self.text.append("{\"record\":")
        self.text.appendQuoted(kind.rawValue)
    }

    public mutating func key(_ name: StaticString) {
        text.append(",\"")
        text.append(name)
        text.append("\":")
    }

    public mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        text.appendQuoted(value)
    }

    public mutating func optional(_ name: StaticString, _ value: String?) {
        if let value { string(name, value) }
    }

    /// A field that is written even when it is nil, as `null`: a cleared value.
    public mutating func nullable(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { text.appendQuoted(value) } else { text.append("null") }
    }

    public mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        text.append(value ? "true" : "false")
    }

    public mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        text.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { text.append(",") }
            text.appendQuoted(value)
        }
        text.append("]")
    }

    static func item(_ item: ChecklistItem, into text: inout ByteText) {
        var line = LineWriter(object: text)
        line.string("id", item.id, first: true)
        line.string("title", item.title)
        line.strings("sizes", item.sizes.map(\.id))
        line.string("severity", item.severity.rawValue)
        line.bool("scaling", item.scaling)
        line.optional("fix", item.fix?.rawValue)
        line.strings("wcag", item.wcag)
        line.string("howToCheck", item.howToCheck)
        line.text.append("}")
        text = line.text
    }

    /// A nested object with no `record` field.
    private init(object text: ByteText) {
        self.text = text
        self.text.append("{")
    }

    private mutating func string(_ name: StaticString, _ value: String, first: Bool) {
        text.append("\"")
        text.append(name)
        text.append("\":")
        text.appendQuoted(value)
    }
}
