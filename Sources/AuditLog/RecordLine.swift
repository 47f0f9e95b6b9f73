import DynamicType

extension LogRecord {
    /// The record's one canonical line (without its comma and line break): every store and every
    /// file holds exactly these bytes for it, so the same set of records always gives the same file.
    /// Fields come in a fixed order; optional fields that are not set are left out.
    public var line: String {
        var text = ByteText(capacity: 256)
        write(into: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    public func write(into text: inout ByteText) {
        var line = LineWriter(text: text, kind: kind)
        switch self {
        case .audit(let record):
            line.string("id", record.id)
            line.string("app", record.app)
        case .checklist(let record):
            let checklist = record.checklist
            line.string("id", record.id)
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
        case .screen(let screen):
            line.string("id", screen.id)
            line.string("name", screen.name)
            line.optional("flow", screen.flow)
            line.bool("critical", screen.critical)
            line.optional("owner", screen.owner)
            line.optional("notes", screen.notes)
            line.optional("triage", screen.triage?.rawValue)
            line.strings("files", screen.files)
        case .edit(let edit):
            line.string("id", edit.id)
            line.string("screen", edit.screen)
            if let name = edit.name { line.string("name", name) }
            if let flow = edit.flow { line.nullable("flow", flow) }
            if let critical = edit.critical { line.bool("critical", critical) }
            if let owner = edit.owner { line.nullable("owner", owner) }
            if let notes = edit.notes { line.nullable("notes", notes) }
            if let triage = edit.triage { line.nullable("triage", triage?.rawValue) }
            if let removed = edit.removed { line.bool("removed", removed) }
            if !edit.addFiles.isEmpty { line.strings("addFiles", edit.addFiles) }
            if !edit.removeFiles.isEmpty { line.strings("removeFiles", edit.removeFiles) }
            if !edit.replaces.isEmpty { line.strings("replaces", edit.replaces) }
        case .recording(let recording):
            line.string("id", recording.id)
            line.string("screen", recording.screen)
            line.string("item", recording.item)
            line.string("size", recording.size.id)
            line.string("status", recording.status.rawValue)
            line.optional("note", recording.note)
            line.optional("run", recording.run)
        case .fix(let fix):
            line.string("id", fix.id)
            line.string("screen", fix.screen)
            line.string("type", fix.type.rawValue)
            line.strings("items", fix.items)
            line.optional("note", fix.note)
            line.optional("ref", fix.ref)
        case .evidence(let evidence):
            line.string("id", evidence.id)
            line.string("screen", evidence.screen)
            line.string("size", evidence.size.id)
            line.optional("item", evidence.item)
            line.optional("recording", evidence.recording)
            line.string("file", evidence.storedName)
            line.key("bytes")
            line.text.append(String(evidence.bytes))
            line.string("name", evidence.name)
        case .retract(let retraction):
            line.string("id", retraction.id)
            line.string("screen", retraction.screen)
            line.string("target", retraction.target)
            line.optional("note", retraction.note)
        case .amend(let amendment):
            line.string("id", amendment.id)
            line.string("screen", amendment.screen)
            line.string("target", amendment.target)
            line.nullable("note", amendment.note)
        }
        line.string("by", by)
        line.string("at", at.iso8601)
        line.text.append("}")
        text = line.text
    }
}

/// Appends one record's fields in order: `{"record":"kind","id":...`.
private struct LineWriter {
    var text: ByteText

    init(text: ByteText, kind: LogRecord.Kind) {
        self.text = text
        self.text.append("{\"record\":")
        self.text.appendQuoted(kind.rawValue)
    }

    mutating func key(_ name: StaticString) {
        text.append(",\"")
        text.append(name)
        text.append("\":")
    }

    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        text.appendQuoted(value)
    }

    mutating func optional(_ name: StaticString, _ value: String?) {
        if let value { string(name, value) }
    }

    /// A field that is written even when it is nil, as `null`: a cleared value.
    mutating func nullable(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { text.appendQuoted(value) } else { text.append("null") }
    }

    mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        text.append(value ? "true" : "false")
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
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
