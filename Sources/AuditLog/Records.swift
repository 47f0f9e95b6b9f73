import DynamicType
import Evidence

/// One change somebody made to the audit. Records are immutable and carry a unique id, so a log of
/// them merges by union; everything the audit shows is a fold of its records (see `Docs/interchange.md`).
public enum LogRecord: Sendable, Equatable {
    /// Starts the audit or renames the app.
    case audit(AppNaming)
    /// Puts a checklist in use: the first one at the start, later ones as upgrades.
    case checklist(ChecklistAdoption)
    /// Adds a screen; its id is the screen's identity from then on, whatever its name becomes.
    case screen(Screen)
    /// Changes some of a screen's details, removes it or brings it back.
    case edit(ScreenEdit)
    case recording(Recording)
    case fix(Fix)
    case evidence(EvidenceAttachment)
    /// Takes back a recording, fix or evidence attachment.
    case retract(Retraction)
    /// Corrects the note of a recording or fix.
    case amend(Amendment)

    public var id: String {
        switch self {
        case .audit(let record): record.id
        case .checklist(let record): record.id
        case .screen(let record): record.id
        case .edit(let record): record.id
        case .recording(let record): record.id
        case .fix(let record): record.id
        case .evidence(let record): record.id
        case .retract(let record): record.id
        case .amend(let record): record.id
        }
    }

    public var by: String {
        switch self {
        case .audit(let record): record.by
        case .checklist(let record): record.by
        case .screen(let record): record.createdBy
        case .edit(let record): record.by
        case .recording(let record): record.by
        case .fix(let record): record.by
        case .evidence(let record): record.by
        case .retract(let record): record.by
        case .amend(let record): record.by
        }
    }

    public var at: Timestamp {
        switch self {
        case .audit(let record): record.at
        case .checklist(let record): record.at
        case .screen(let record): record.createdAt
        case .edit(let record): record.at
        case .recording(let record): record.at
        case .fix(let record): record.at
        case .evidence(let record): record.at
        case .retract(let record): record.at
        case .amend(let record): record.at
        }
    }

    /// The screen the record belongs to; nil for the audit's own records.
    public var screen: String? {
        switch self {
        case .audit, .checklist: nil
        case .screen(let record): record.id
        case .edit(let record): record.screen
        case .recording(let record): record.screen
        case .fix(let record): record.screen
        case .evidence(let record): record.screen
        case .retract(let record): record.screen
        case .amend(let record): record.screen
        }
    }

    /// The record another one points at: what a retraction takes back or an amendment corrects.
    public var target: String? {
        switch self {
        case .retract(let record): record.target
        case .amend(let record): record.target
        default: nil
        }
    }

    /// The `record` field of its line.
    public var kind: Kind {
        switch self {
        case .audit: .audit
        case .checklist: .checklist
        case .screen: .screen
        case .edit: .edit
        case .recording: .recording
        case .fix: .fix
        case .evidence: .evidence
        case .retract: .retract
        case .amend: .amend
        }
    }

    public enum Kind: String, Sendable, CaseIterable {
        case audit, checklist, screen, edit, recording, fix, evidence, retract, amend

        /// The order a batch of records is applied in, so that what a record refers to is there first.
        public var phase: Int {
            switch self {
            case .audit, .checklist: 0
            case .screen: 1
            case .edit: 2
            case .recording, .fix: 3
            case .evidence: 4
            case .retract, .amend: 5
            }
        }
    }
}

/// The app's name, set when the audit starts and whenever it is renamed; the latest wins.
public struct AppNaming: Sendable, Equatable {
    public var id: String
    public var app: String
    public var by: String
    public var at: Timestamp

    public init(id: String, app: String, by: String, at: Timestamp) {
        self.id = id
        self.app = app
        self.by = by
        self.at = at
    }
}

/// A checklist put in use; the latest one is the audit's checklist.
public struct ChecklistAdoption: Sendable, Equatable {
    public var id: String
    public var checklist: Checklist
    public var by: String
    public var at: Timestamp

    public init(id: String, checklist: Checklist, by: String, at: Timestamp) {
        self.id = id
        self.checklist = checklist
        self.by = by
        self.at = at
    }
}

/// A screen or flow step under audit. As a record it holds the details the screen was added with;
/// as state, the details its records fold to.
public struct Screen: Sendable, Equatable {
    /// The id of the record that added it: stable across renames and stores.
    public var id: String
    public var name: String
    /// The flow the screen belongs to (`checkout`, `account recovery`).
    public var flow: String?
    /// Part of a flow the app cannot ship broken.
    public var critical: Bool
    public var owner: String?
    public var notes: String?
    /// The category set by hand during triage: a guess until recordings decide.
    public var triage: Category?
    /// Glob patterns of the source files that build the screen, relative to the repository; sorted.
    public var files: [String]
    public var createdAt: Timestamp
    public var createdBy: String

    public init(id: String, name: String, flow: String? = nil, critical: Bool = false, owner: String? = nil, notes: String? = nil,
                triage: Category? = nil, files: [String] = [], createdAt: Timestamp, createdBy: String) {
        self.id = id
        self.name = name
        self.flow = flow
        self.critical = critical
        self.owner = owner
        self.notes = notes
        self.triage = triage
        self.files = Array(Set(files)).sorted()
        self.createdAt = createdAt
        self.createdBy = createdBy
    }

    /// The name as screens are told apart: in any case.
    public var key: String { name.lowercased() }
}

/// Some of a screen's details changed. A field left nil is not touched; `.some(nil)` clears it.
public struct ScreenEdit: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var name: String?
    public var flow: String??
    public var critical: Bool?
    public var owner: String??
    public var notes: String??
    public var triage: Category??
    /// true removes the screen (its records stay), false brings it back.
    public var removed: Bool?
    /// Sorted, each once.
    public var addFiles: [String]
    public var removeFiles: [String]
    /// The records whose values of these fields the person saw and replaced (`ScreenFold.heads`),
    /// sorted: what tells an edit made after another from one made beside it on another machine.
    public var replaces: [String]
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, name: String? = nil, flow: String?? = nil, critical: Bool? = nil, owner: String?? = nil,
                notes: String?? = nil, triage: Category?? = nil, removed: Bool? = nil, addFiles: [String] = [], removeFiles: [String] = [],
                replaces: [String] = [], by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.name = name
        self.flow = flow
        self.critical = critical
        self.owner = owner
        self.notes = notes
        self.triage = triage
        self.removed = removed
        self.addFiles = Array(Set(addFiles)).sorted()
        self.removeFiles = Array(Set(removeFiles)).sorted()
        self.replaces = Array(Set(replaces)).sorted()
        self.by = by
        self.at = at
    }

    /// The names of the fields it sets, as its line spells them.
    public var fields: [String] {
        var fields: [String] = []
        if name != nil { fields.append("name") }
        if flow != nil { fields.append("flow") }
        if critical != nil { fields.append("critical") }
        if owner != nil { fields.append("owner") }
        if notes != nil { fields.append("notes") }
        if triage != nil { fields.append("triage") }
        if removed != nil { fields.append("removed") }
        if !addFiles.isEmpty || !removeFiles.isEmpty { fields.append("files") }
        return fields
    }

    public var isEmpty: Bool { fields.isEmpty }
}

/// One recorded answer for one (screen, item, size) cell. A cell's status is its latest recording
/// that was not taken back, by time and then by id.
public struct Recording: Sendable, Equatable {
    public var id: String
    /// The screen's id.
    public var screen: String
    public var item: String
    public var size: Size
    public var status: ResultStatus
    public var note: String?
    /// The automated run that made it (`evidence import-xcresult`), as its name and fingerprint
    /// (`TrailheadUITests.xcresult #3f2a9c1e4b5d`); nil when a person recorded it. Optional in the
    /// file, so that files written before it read as they did.
    public var run: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, item: String, size: Size, status: ResultStatus, note: String?, run: String? = nil,
                by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.item = item
        self.size = size
        self.status = status
        self.note = note
        self.run = run
        self.by = by
        self.at = at
    }
}

/// What fixed one or more failures on a screen.
public struct Fix: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var type: FixType
    /// The items whose failed cells must be checked again.
    public var items: [String]
    public var note: String?
    /// A commit, pull request or ticket.
    public var ref: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, type: FixType, items: [String], note: String?, ref: String?, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.type = type
        self.items = items
        self.note = note
        self.ref = ref
        self.by = by
        self.at = at
    }
}

/// A screenshot or recording attached to a recording's cell, or to a screen at one size (an item
/// when it shows one check). The file travels beside the shared audit file, named by its SHA-256.
public struct EvidenceAttachment: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var size: Size
    public var item: String?
    /// The recording it documents, if any.
    public var recording: String?
    /// The SHA-256 of the file's bytes, in lower-case hex.
    public var hash: String
    public var kind: MediaKind
    public var bytes: Int64
    /// The file's name when it was attached, for people.
    public var name: String
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, size: Size, item: String?, recording: String?, hash: String, kind: MediaKind, bytes: Int64,
                name: String, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.size = size
        self.item = item
        self.recording = recording
        self.hash = hash
        self.kind = kind
        self.bytes = bytes
        self.name = name
        self.by = by
        self.at = at
    }

    /// The file's name where evidence is kept: `<sha256>.<extension>`.
    public var storedName: String { hash + "." + kind.fileExtension }
}

/// Takes back a recording, fix or evidence attachment that was wrong. The record it takes back
/// stays in the log, marked as taken back.
public struct Retraction: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var target: String
    /// Why.
    public var note: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, target: String, note: String?, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.target = target
        self.note = note
        self.by = by
        self.at = at
    }
}

/// Corrects the note of a recording or fix; the latest correction wins, nil clears the note.
public struct Amendment: Sendable, Equatable {
    public var id: String
    public var screen: String
    public var target: String
    public var note: String?
    public var by: String
    public var at: Timestamp

    public init(id: String, screen: String, target: String, note: String?, by: String, at: Timestamp) {
        self.id = id
        self.screen = screen
        self.target = target
        self.note = note
        self.by = by
        self.at = at
    }
}
