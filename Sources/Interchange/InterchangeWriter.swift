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
        let header: JSON = .object([
            ("format", .int(AuditDocument.formatVersion)),
            ("app", .string(document.app)),
            ("createdAt", .string(document.createdAt.iso8601)),
            ("createdBy", .string(document.createdBy)),
        ])
        var opening = header.serialized(pretty: false)
        opening.removeLast()
        output.write(opening + ",\"records\":[\n")

        func line(_ record: JSON) {
            output.write(record.serialized(pretty: false))
            output.write(",\n")
        }

        line(checklistRecord(document.checklist))
        for item in document.checklist.items { line(itemRecord(item)) }

        var recordingsByScreen: [String: [RecordingRecord]] = [:]
        for recording in document.recordings { recordingsByScreen[recording.screen.lowercased(), default: []].append(recording) }
        var fixesByScreen: [String: [FixRecord]] = [:]
        for fix in document.fixes { fixesByScreen[fix.screen.lowercased(), default: []].append(fix) }

        for screen in document.screens {
            line(screenRecord(screen))
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
                    line(recordingRecord(recordings[r]))
                    r += 1
                } else {
                    line(fixRecord(fixes[f]))
                    f += 1
                }
            }
        }
        output.write("{\"record\":\"end\"}\n]}\n")
    }

    public static func text(_ document: AuditDocument) -> String {
        var output = ""
        write(document, to: &output)
        return output
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
