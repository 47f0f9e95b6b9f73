import DynamicType
import Evidence

/// An audit as format 1 kept it, in its files and in stores before the log: screens known by their
/// names, details with no history, the checklist and the app in a header. `records()` turns it into
/// the log it stands for.
///
/// Two people converting the same format 1 audit must get the same records, or their files would
/// never merge: every id made here is derived from what it names (a screen's id from its name in
/// lower case, as format 1 matched screens), never drawn at random. Recordings and fixes keep
/// their ids. Where two format 1 stores disagreed on details, each gives its own `edit` record and
/// the fold settles them the same way everywhere.
public struct FormatOne: Sendable {
    public var app: String
    public var createdAt: Timestamp
    public var createdBy: String
    public var checklist: Checklist
    /// With `id` empty: format 1 screens have only their names.
    public var screens: [Screen]
    /// With `screen` holding the screen's name.
    public var recordings: [Recording]
    /// With `screen` holding the screen's name.
    public var fixes: [Fix]
    /// With `screen` holding the screen's name and `id` empty; stores only (files carried none).
    public var evidence: [EvidenceAttachment]

    public init(app: String, createdAt: Timestamp, createdBy: String, checklist: Checklist, screens: [Screen],
                recordings: [Recording], fixes: [Fix], evidence: [EvidenceAttachment] = []) {
        self.app = app
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.checklist = checklist
        self.screens = screens
        self.recordings = recordings
        self.fixes = fixes
        self.evidence = evidence
    }

    /// The id a format 1 screen gets in the log.
    public static func screenID(name: String) -> String {
        "v1-screen-" + digest(name.lowercased())
    }

    /// The log these records stand for, in no particular order.
    public func records() -> [LogRecord] {
        var records: [LogRecord] = [.audit(AppNaming(id: "v1-audit-" + FormatOne.digest(app, createdAt.iso8601, createdBy),
                                                     app: app, by: createdBy, at: createdAt))]
        var adoption = ChecklistAdoption(id: "", checklist: checklist, by: createdBy, at: createdAt)
        adoption.id = "v1-checklist-" + FormatOne.digest(LogRecord.checklist(adoption).line)
        records.append(.checklist(adoption))
        for screen in screens {
            let id = FormatOne.screenID(name: screen.name)
            records.append(.screen(Screen(id: id, name: screen.name, createdAt: screen.createdAt, createdBy: screen.createdBy)))
            // The details replace the bare record above, so that they stand unless two stores disagreed.
            var details = ScreenEdit(id: "", screen: id, replaces: [id], by: screen.createdBy, at: screen.createdAt)
            if let flow = screen.flow { details.flow = .some(flow) }
            if screen.critical { details.critical = true }
            if let owner = screen.owner { details.owner = .some(owner) }
            if let notes = screen.notes { details.notes = .some(notes) }
            if let triage = screen.triage { details.triage = .some(triage) }
            details.addFiles = screen.files
            if !details.isEmpty {
                details.id = "v1-details-" + FormatOne.digest(LogRecord.edit(details).line)
                records.append(.edit(details))
            }
        }
        for var recording in recordings {
            recording.screen = FormatOne.screenID(name: recording.screen)
            records.append(.recording(recording))
        }
        for var fix in fixes {
            fix.screen = FormatOne.screenID(name: fix.screen)
            records.append(.fix(fix))
        }
        for attachment in evidence { records.append(.evidence(FormatOne.converted(attachment))) }
        return records
    }

    /// An attachment of a store before the log, as its evidence record.
    public static func converted(_ attachment: EvidenceAttachment) -> EvidenceAttachment {
        var converted = attachment
        converted.id = ""
        converted.screen = screenID(name: attachment.screen)
        converted.id = "v1-evidence-" + digest(LogRecord.evidence(converted).line)
        return converted
    }

    /// 32 hex digits of the SHA-256 of the parts, joined by NUL.
    static func digest(_ parts: String...) -> String {
        var hash = SHA256()
        for (index, part) in parts.enumerated() {
            if index > 0 { hash.update([0]) }
            hash.update(part)
        }
        return String(SHA256.hex(hash.finalize()).prefix(32))
    }
}
