/// One change somebody made to the audit. Records are immutable and carry a unique id, so a log of
/// them merges by union; everything the audit shows is a fold of its records (see `Docs/interchange.md`).
/// Each kind says once how it is written, read, folded and described (`LogRecordKind`); a new kind
/// is a case here and a place in `kinds`.
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

    /// Every kind of record, in the order `import --json` counts them.
    public static let kinds: [any LogRecordKind.Type] = [
        AppNaming.self, ChecklistAdoption.self, Screen.self, ScreenEdit.self, Recording.self, Fix.self, EvidenceAttachment.self,
        Retraction.self, Amendment.self,
    ]

    /// The record as its kind: the one place that tells the cases apart.
    public var body: any LogRecordKind {
        switch self {
        case .audit(let record): record
        case .checklist(let record): record
        case .screen(let record): record
        case .edit(let record): record
        case .recording(let record): record
        case .fix(let record): record
        case .evidence(let record): record
        case .retract(let record): record
        case .amend(let record): record
        }
    }

    public var id: String { body.id }
    public var by: String { body.by }
    public var at: Timestamp { body.at }
    /// The screen the record belongs to; nil for the audit's own records.
    public var screen: String? { body.screenID }
    /// The record another one points at: what a retraction takes back or an amendment corrects.
    public var target: String? { body.targetID }
    /// The `record` field of its line.
    public var kind: Kind { type(of: body).kind }

    /// The word in a line's `record` field that names a kind.
    public struct Kind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        public let rawValue: String

        /// A kind of this log; nil for any other word.
        public init?(rawValue: String) {
            guard LogRecord.registry[rawValue] != nil else { return nil }
            self.rawValue = rawValue
        }

        /// A kind's own word, for its type's `kind`.
        init(word: String) {
            rawValue = word
        }

        public static var allCases: [Kind] { LogRecord.kinds.map { $0.kind } }

        /// The type that reads and folds records of the kind.
        public var type: any LogRecordKind.Type { LogRecord.registry[rawValue]! }

        public var description: String { rawValue }
    }

    /// Each kind by its word: where a line is dispatched.
    static let registry: [String: any LogRecordKind.Type] = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind.rawValue, $0) })
}
