import AuditStore
import DynamicType
import Output

/// Writes an `AuditDocument` as the interchange file: one JSON document with one record per line,
/// in a stable order, so that exports committed to git diff line by line and usually merge.
///
///     {"format":1,"app":"Trailhead","createdAt":"...","createdBy":"Mei Chen","records":[
///     {"record":"checklist","name":"dynamic-type",...},
///     {"record":"item","id":"text-scales",...},
///     {"record":"screen","name":"Checkout: cart",...},
///     {"record":"recording","id":"...","screen":"Checkout: cart",...},
///     {"record":"fix","id":"...","screen":"Checkout: cart",...},
///     {"record":"end"}
///     ]}
///
/// Each screen's line is followed by its recordings and fixes, oldest first, so two auditors
/// working on different screens add lines in different places. Every record line ends with a comma
/// and the closing lines never change, so that a union merge of two files is still valid JSON.
public enum InterchangeWriter {
    public static func write(_ document: AuditDocument, to output: inout some TextOutputStream) {
        var lines = Lines()
        write(document, into: &lines) { text in
            output.write(String(decoding: text.bytes, as: UTF8.self))
            text.removeAll()
        }
    }

    public static func text(_ document: AuditDocument) -> String {
        var lines = Lines()
        var whole: [UInt8] = []
        write(document, into: &lines) { text in
            whole.append(contentsOf: text.bytes)
            text.removeAll()
        }
        return String(decoding: whole, as: UTF8.self)
    }

    /// Writes the document's lines into `lines`, handing them to `flush` every so often, always
    /// at the end of a line.
    static func write(_ document: AuditDocument, into lines: inout Lines, flush: (inout ByteText) -> Void) {
        lines.header(app: document.app, createdAt: document.createdAt, createdBy: document.createdBy)
        lines.checklist(document.checklist)

        var recordingsByScreen: [String: [RecordingRecord]] = [:]
        for recording in document.recordings { recordingsByScreen[recording.screen.lowercased(), default: []].append(recording) }
        var fixesByScreen: [String: [FixRecord]] = [:]
        for fix in document.fixes { fixesByScreen[fix.screen.lowercased(), default: []].append(fix) }

        for screen in document.screens {
            lines.screen(screen)
            // Recordings and fixes of the screen, merged by time then id: the screen's story.
            let recordings = recordingsByScreen[screen.key] ?? []
            let fixes = fixesByScreen[screen.key] ?? []
            var r = 0
            var f = 0
            while r < recordings.count || f < fixes.count {
                let takeRecording: Bool
                if r == recordings.count {
                    takeRecording = false
                } else if f == fixes.count {
                    takeRecording = true
                } else {
                    takeRecording = (recordings[r].at, recordings[r].id) < (fixes[f].at, fixes[f].id)
                }
                if takeRecording {
                    lines.recording(recordings[r])
                    r += 1
                } else {
                    lines.fix(fixes[f])
                    f += 1
                }
                if lines.text.count >= Lines.flushSize { flush(&lines.text) }
            }
        }
        lines.end()
        flush(&lines.text)
    }

    /// How many records an export from a store wrote.
    public struct Totals: Sendable, Equatable {
        public var screens = 0
        public var recordings = 0
        public var fixes = 0
    }

    /// Writes the store's audit as the interchange file, the bytes `text(AuditDocument(store:))`
    /// gives, while holding only one screen's recordings at a time: each screen's recordings are
    /// read through the store's index and their lines written from the stored bytes. `sink`
    /// receives the file in pieces that end at line ends. Reads in one read transaction.
    public static func write(store: AuditStore, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Totals {
        try store.read {
            var lines = Lines()
            func flush() throws {
                try lines.text.bytes.withUnsafeBufferPointer { try sink($0) }
                lines.text.removeAll()
            }
            let (screens, fixesByScreen) = try StoreHistory.screensAndFixes(of: store)
            let counts = try store.exchangeCounts()
            lines.header(app: try store.appName(), createdAt: try store.createdAt() ?? Timestamp(milliseconds: 0), createdBy: try store.createdBy())
            lines.checklist(try store.checklist())

            var story = StoreHistory.ScreenRecordings()
            for (id, screen) in screens {
                lines.screen(screen)
                var screenName = ByteText(capacity: 64)
                screenName.appendQuoted(screen.name)
                try story.read(screenID: id, from: store) { recording, line in
                    line.append("{\"record\":\"recording\",\"id\":")
                    line.appendQuoted(stored: recording.uid)
                    line.append(",\"screen\":")
                    line.append(screenName, range: 0..<screenName.count)
                    line.append(",\"item\":")
                    line.appendQuoted(stored: recording.item)
                    line.append(",\"size\":")
                    line.appendQuoted(recording.size.id)
                    line.append(",\"status\":")
                    line.appendQuoted(recording.status.rawValue)
                    if let note = recording.note {
                        line.append(",\"note\":")
                        line.appendQuoted(stored: note)
                    }
                    line.append(",\"by\":")
                    line.appendQuoted(stored: recording.by)
                    line.append(",\"at\":")
                    if recording.atIsCanonical {
                        line.appendQuoted(valid: recording.atText)
                    } else {
                        line.appendQuoted(recording.at.iso8601)
                    }
                    line.append("},\n")
                }
                // Recordings and fixes of the screen, merged by time then id: the screen's story.
                let fixes = fixesByScreen[id] ?? []
                var f = 0
                for index in story.order {
                    while f < fixes.count, !story.isBefore(index, fixes[f]) {
                        lines.fix(fixes[f])
                        f += 1
                    }
                    lines.text.append(story.lines, range: story.entries[index].line)
                }
                while f < fixes.count {
                    lines.fix(fixes[f])
                    f += 1
                }
                if lines.text.count >= Lines.flushSize { try flush() }
            }
            lines.end()
            try flush()
            return Totals(screens: screens.count, recordings: counts.recordings, fixes: counts.fixes)
        }
    }

    /// The records of the file as lines of bytes.
    struct Lines {
        static let flushSize = 1 << 16
        var text = ByteText(capacity: flushSize + (1 << 12))

        mutating func header(app: String, createdAt: Timestamp, createdBy: String) {
            let header: JSON = .object([
                ("format", .int(AuditDocument.formatVersion)),
                ("app", .string(app)),
                ("createdAt", .string(createdAt.iso8601)),
                ("createdBy", .string(createdBy)),
            ])
            var opening = header.serialized(pretty: false)
            opening.removeLast()
            text.append(opening)
            text.append(",\"records\":[\n")
        }

        mutating func line(_ record: JSON) {
            text.append(record.serialized(pretty: false))
            text.append(",\n")
        }

        mutating func checklist(_ checklist: Checklist) {
            line(checklistRecord(checklist))
            for item in checklist.items { line(itemRecord(item)) }
        }

        mutating func screen(_ screen: ScreenRecord) {
            line(screenRecord(screen))
        }

        mutating func fix(_ fix: FixRecord) {
            line(fixRecord(fix))
        }

        /// The recording's line, as `recordingRecord(recording)` serializes it.
        mutating func recording(_ recording: RecordingRecord) {
            text.append("{\"record\":\"recording\",\"id\":")
            text.appendQuoted(recording.id)
            text.append(",\"screen\":")
            text.appendQuoted(recording.screen)
            text.append(",\"item\":")
            text.appendQuoted(recording.item)
            text.append(",\"size\":")
            text.appendQuoted(recording.size.id)
            text.append(",\"status\":")
            text.appendQuoted(recording.status.rawValue)
            if let note = recording.note {
                text.append(",\"note\":")
                text.appendQuoted(note)
            }
            text.append(",\"by\":")
            text.appendQuoted(recording.by)
            text.append(",\"at\":")
            text.appendQuoted(recording.at.iso8601)
            text.append("},\n")
        }

        mutating func end() {
            text.append("{\"record\":\"end\"}\n]}\n")
        }
    }

    static func checklistRecord(_ checklist: Checklist) -> JSON {
        .object([
            ("record", .string("checklist")),
            ("name", .string(checklist.name)),
            ("title", .string(checklist.title)),
            ("version", .string(checklist.version)),
            ("summary", .string(checklist.summary)),
            ("source", .string(checklist.source)),
        ])
    }

    static func itemRecord(_ item: ChecklistItem) -> JSON {
        var members: [(String, JSON)] = [
            ("record", .string("item")),
            ("id", .string(item.id)),
            ("title", .string(item.title)),
            ("sizes", .array(item.sizes.map { .string($0.id) })),
            ("severity", .string(item.severity.rawValue)),
            ("scaling", .bool(item.scaling)),
        ]
        if let fix = item.fix { members.append(("fix", .string(fix.rawValue))) }
        members.append(("wcag", .array(item.wcag.map(JSON.string))))
        members.append(("howToCheck", .string(item.howToCheck)))
        return .object(members)
    }

    static func screenRecord(_ screen: ScreenRecord) -> JSON {
        var members: [(String, JSON)] = [("record", .string("screen")), ("name", .string(screen.name))]
        if let flow = screen.flow { members.append(("flow", .string(flow))) }
        members.append(("critical", .bool(screen.critical)))
        if let owner = screen.owner { members.append(("owner", .string(owner))) }
        if let notes = screen.notes { members.append(("notes", .string(notes))) }
        if let triage = screen.triage { members.append(("triage", .string(triage.rawValue))) }
        members.append(("files", .array(screen.files.map(JSON.string))))
        members.append(("createdAt", .string(screen.createdAt.iso8601)))
        members.append(("createdBy", .string(screen.createdBy)))
        return .object(members)
    }

    static func recordingRecord(_ recording: RecordingRecord) -> JSON {
        var members: [(String, JSON)] = [
            ("record", .string("recording")),
            ("id", .string(recording.id)),
            ("screen", .string(recording.screen)),
            ("item", .string(recording.item)),
            ("size", .string(recording.size.id)),
            ("status", .string(recording.status.rawValue)),
        ]
        if let note = recording.note { members.append(("note", .string(note))) }
        members.append(("by", .string(recording.by)))
        members.append(("at", .string(recording.at.iso8601)))
        return .object(members)
    }

    static func fixRecord(_ fix: FixRecord) -> JSON {
        var members: [(String, JSON)] = [
            ("record", .string("fix")),
            ("id", .string(fix.id)),
            ("screen", .string(fix.screen)),
            ("type", .string(fix.type.rawValue)),
            ("items", .array(fix.items.map(JSON.string))),
        ]
        if let note = fix.note { members.append(("note", .string(note))) }
        if let ref = fix.ref { members.append(("ref", .string(ref))) }
        members.append(("by", .string(fix.by)))
        members.append(("at", .string(fix.at.iso8601)))
        return .object(members)
    }
}
