import DynamicType

/// One kind of record of the shared log, said once, the way GRDB's `FetchableRecord` says once how
/// a row is read: the word its lines carry, the fields it writes and reads back, where it belongs,
/// and how `history` and `import` speak of it.
///
/// A new kind is three files: its type here in `Kinds/`, a case of `LogRecord` with its arm in
/// `visit`, its requirement in `LogRecordVisitor` and its place in `LogRecord.kinds`
/// (`Records.swift`), and its fold into the store's tables (`StoreFoldable`, in the store's
/// `Folds/`), which the compiler asks for. The store's fold is the only one: a file read without a
/// store is folded by it too, into a private store (`AuditStore.scratch`). `Docs/record-kinds.md`
/// walks through a kind that brings state of its own.
public protocol LogRecordKind: Sendable, Equatable {
    /// The word in the `record` field of its lines.
    static var kind: LogRecord.Kind { get }
    /// How `import` and `sync` count records of the kind.
    static var tally: RecordTally { get }

    var id: String { get }
    /// Who made it and when, as its line says.
    var by: String { get }
    var at: Timestamp { get }
    /// The screen it belongs to, the `screen` column of the store's log; nil for the audit's own records.
    var screenID: String? { get }
    /// The record it names, the `target` column of the store's log: what a retraction takes back
    /// or an amendment corrects.
    var targetID: String? { get }
    /// The record as the log holds it.
    var record: LogRecord { get }

    /// Writes its fields between `id` and `by`, in their fixed order: the bytes every store and
    /// every file hold for it. Optional fields that are not set are left out.
    func write(to line: inout LineWriter)
    /// Reads what `write` wrote, `by` and `at` included, checking each field as a hostile file
    /// could get it wrong; `id` is read already and unknown fields are refused after.
    init(id: String, reading fields: inout Fields) throws(InterchangeError)
    /// What it did, in a few words, for `history`; `target` is the record it names, if it names one.
    func phrase(target: LogRecord?) -> Phrase
    /// How a record that names it speaks of it ("fail ax5 no-truncation"); nil when only by its id.
    var mention: Phrase? { get }
}

extension LogRecordKind {
    public var targetID: String? { nil }
    public var mention: Phrase? { nil }

    /// Reads one record of this kind, as `LogRecord`.
    static func read(id: String, _ fields: inout Fields) throws(InterchangeError) -> LogRecord {
        try Self(id: id, reading: &fields).record
    }
}

/// How `import` and `sync` count records of one kind ("3 recordings"), and where in their sentence.
public struct RecordTally: Sendable {
    public let one: String
    public let many: String
    /// The kinds people add day to day come first, the audit's own last.
    public let rank: Int

    public init(_ one: String, _ many: String, rank: Int) {
        self.one = one
        self.many = many
        self.rank = rank
    }
}
