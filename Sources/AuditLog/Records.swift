/// One change somebody made to the audit. Records are immutable and carry a unique id, so a log of
/// them merges by union; everything the audit shows is a fold of its records (see `Docs/interchange.md`).
/// Each kind says once how it is written, read and described (`LogRecordKind`); a new kind is a
/// case here, its arm in `visit`, its requirement in `LogRecordVisitor` and its place in `kinds`.
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
    /// Says which tracker issue a problem was filed as, and where it stands.
    case filing(Filing)

    /// Every kind of record, in the order `import --json` counts them.
    public static let kinds: [any LogRecordKind.Type] = [
        AppNaming.self, ChecklistAdoption.self, Screen.self, ScreenEdit.self, Recording.self, Fix.self, EvidenceAttachment.self,
        Retraction.self, Amendment.self, Filing.self,
    ]

    /// Hands the record to `visitor` as its own kind: the one place that tells the cases apart.
    /// The kind's type is known in `visit`, so reading a field this way costs a switch, where the
    /// record boxed as `any LogRecordKind` costs an allocation; inlined where it is called, a
    /// visitor's code is made for each kind.
    @inlinable
    public func visit<Visitor: LogRecordVisitor>(_ visitor: Visitor) -> Visitor.Result {
        switch self {
        case .audit(let record): visitor.visit(record)
        case .checklist(let record): visitor.visit(record)
        case .screen(let record): visitor.visit(record)
        case .edit(let record): visitor.visit(record)
        case .recording(let record): visitor.visit(record)
        case .fix(let record): visitor.visit(record)
        case .evidence(let record): visitor.visit(record)
        case .retract(let record): visitor.visit(record)
        case .amend(let record): visitor.visit(record)
        case .filing(let record): visitor.visit(record)
        }
    }

    /// The record as its kind.
    public var body: any LogRecordKind { visit(Accessors.Body()) }
    public var id: String { visit(Accessors.ID()) }
    public var by: String { visit(Accessors.By()) }
    public var at: Timestamp { visit(Accessors.At()) }
    /// The screen the record belongs to; nil for the audit's own records.
    public var screen: String? { visit(Accessors.Screen()) }
    /// The record another one points at: what a retraction takes back or an amendment corrects.
    public var target: String? { visit(Accessors.Target()) }
    /// The `record` field of its line.
    public var kind: Kind { visit(Accessors.KindWord()) }

    /// The word in a line's `record` field that names a kind.
    public struct Kind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        public let rawValue: String

        /// A kind of this log; nil for any other word.
        public init?(rawValue: String) {
            guard LogRecord.kind(named: rawValue) != nil else { return nil }
            self.rawValue = rawValue
        }

        /// A kind's own word, for its type's `kind`.
        init(word: String) {
            rawValue = word
        }

        public static var allCases: [Kind] { LogRecord.kinds.map { $0.kind } }

        /// The type that reads and folds records of the kind.
        public var type: any LogRecordKind.Type { LogRecord.kind(named: rawValue)! }

        public var description: String { rawValue }
    }

    /// Each kind with its word.
    private static let registry: [(word: String, type: any LogRecordKind.Type)] = kinds.map { ($0.kind.rawValue, $0) }

    /// The kind a line's `record` field names: where a line is dispatched. Nine short words are
    /// found faster by comparing them than by hashing.
    static func kind(named word: String) -> (any LogRecordKind.Type)? {
        for entry in registry where entry.word == word { return entry.type }
        return nil
    }
}

/// Something done with a record as its own kind (`LogRecord.visit`): one requirement a kind, so
/// that a visitor written once for every kind (`func visit<Record: LogRecordKind>`) answers them
/// all, and one written for kinds of a narrower protocol (the store's fold, `StoreFoldable`) does
/// not compile until every kind conforms to it. Swift infers no `Result` from such a visitor: it
/// names it (`typealias Result = String`).
public protocol LogRecordVisitor {
    associatedtype Result
    func visit(_ record: AppNaming) -> Result
    func visit(_ record: ChecklistAdoption) -> Result
    func visit(_ record: Screen) -> Result
    func visit(_ record: ScreenEdit) -> Result
    func visit(_ record: Recording) -> Result
    func visit(_ record: Fix) -> Result
    func visit(_ record: EvidenceAttachment) -> Result
    func visit(_ record: Retraction) -> Result
    func visit(_ record: Amendment) -> Result
    func visit(_ record: Filing) -> Result
}

extension LogRecord {
    /// Readers of the fields every kind has.
    private enum Accessors {
        struct Body: LogRecordVisitor {
            typealias Result = any LogRecordKind

            func visit<Record: LogRecordKind>(_ record: Record) -> any LogRecordKind { record }
        }

        struct ID: LogRecordVisitor {
            typealias Result = String

            func visit<Record: LogRecordKind>(_ record: Record) -> String { record.id }
        }

        struct By: LogRecordVisitor {
            typealias Result = String

            func visit<Record: LogRecordKind>(_ record: Record) -> String { record.by }
        }

        struct At: LogRecordVisitor {
            typealias Result = Timestamp

            func visit<Record: LogRecordKind>(_ record: Record) -> Timestamp { record.at }
        }

        struct Screen: LogRecordVisitor {
            typealias Result = String?

            func visit<Record: LogRecordKind>(_ record: Record) -> String? { record.screenID }
        }

        struct Target: LogRecordVisitor {
            typealias Result = String?

            func visit<Record: LogRecordKind>(_ record: Record) -> String? { record.targetID }
        }

        struct KindWord: LogRecordVisitor {
            typealias Result = Kind

            func visit<Record: LogRecordKind>(_ record: Record) -> Kind { Record.kind }
        }
    }
}
