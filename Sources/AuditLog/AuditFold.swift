import DynamicType

/// The audit as its records fold in memory: what a shared file holds, read without a store. Each
/// kind folds itself in as it comes, in any order (`LogRecordKind.fold(into:)`); what depends on
/// several records (a screen's details and shown name, what was taken back, corrected notes) is
/// settled once every record is in. The store folds the same records into its tables, and is the
/// truth: a property test folds random histories of every kind both ways and compares.
public struct AuditFold: Sendable {
    var firstNaming: AppNaming?
    var latestNaming: AppNaming?
    var adoption: ChecklistAdoption?
    /// Each screen's own record and its edits, by screen id.
    var screenRecords: [String: [LogRecord]] = [:]
    /// The ids of the records retractions take back.
    var retracted = Set<String>()
    /// The latest amendment naming each record, by the record's id.
    var corrections: [String: Amendment] = [:]
    var recordings: [Recording] = []
    var fixes: [Fix] = []
    var evidence: [EvidenceAttachment] = []

    public init() {}

    public init(_ records: [LogRecord]) {
        let folding = Folding()
        for record in records { record.visit(folding) }
        self = folding.audit
    }

    /// Hands each record to its kind's fold as its own type, into one audit that is not copied.
    private final class Folding: LogRecordVisitor {
        var audit = AuditFold()

        func visit<Record: LogRecordKind>(_ record: Record) {
            record.fold(into: &audit)
        }
    }

    /// The first naming says who started the audit and when; the latest names the app.
    mutating func name(_ naming: AppNaming) {
        let stamp = Stamp(at: naming.at, id: naming.id)
        if firstNaming.map({ stamp < Stamp(at: $0.at, id: $0.id) }) ?? true { firstNaming = naming }
        if latestNaming.map({ Stamp(at: $0.at, id: $0.id) < stamp }) ?? true { latestNaming = naming }
    }

    mutating func adopt(_ adoption: ChecklistAdoption) {
        if self.adoption.map({ Stamp(at: $0.at, id: $0.id) < Stamp(at: adoption.at, id: adoption.id) }) ?? true { self.adoption = adoption }
    }

    /// A screen's record or an edit of it, for `ScreenFold` to settle.
    mutating func shape(screen: String, with record: LogRecord) {
        screenRecords[screen, default: []].append(record)
    }

    mutating func correct(_ amendment: Amendment) {
        let stamp = Stamp(at: amendment.at, id: amendment.id)
        if corrections[amendment.target].map({ Stamp(at: $0.at, id: $0.id) < stamp }) ?? true { corrections[amendment.target] = amendment }
    }

    /// What stands once every record is in.
    public func settled() -> Settled {
        var live: [Screen] = []
        for (_, records) in screenRecords {
            if let fold = ScreenFold(records), !fold.removed { live.append(fold.screen) }
        }
        let shown = ScreenNames.disambiguated(live.map { ($0.id, $0.name, $0.createdAt) })
        for index in live.indices { if let name = shown[live[index].id] { live[index].name = name } }
        let liveIDs = Set(live.map(\.id))
        var standing = Settled(app: latestNaming?.app ?? "", createdAt: firstNaming?.at ?? Timestamp(milliseconds: 0),
                               createdBy: firstNaming?.by ?? "", checklist: adoption?.checklist ?? Settled.noChecklist, screens: live)
        for var recording in recordings where liveIDs.contains(recording.screen) && !retracted.contains(recording.id) {
            if let correction = corrections[recording.id] { recording.note = correction.note }
            standing.recordings.append(recording)
        }
        // A fix lists its items as the checklist does, as the store lists them.
        let position = Dictionary(standing.checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for var fix in fixes where liveIDs.contains(fix.screen) && !retracted.contains(fix.id) {
            if let correction = corrections[fix.id] { fix.note = correction.note }
            fix.items.sort { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) }
            standing.fixes.append(fix)
        }
        standing.evidence = evidence.filter { attachment in
            liveIDs.contains(attachment.screen) && !retracted.contains(attachment.id) && !(attachment.recording.map(retracted.contains) ?? false)
        }
        return standing
    }

    /// The audit as it stands: removed screens, and recordings, fixes and evidence that were taken
    /// back, left out; notes as their latest correction says.
    public struct Settled: Sendable {
        static let noChecklist = Checklist(name: "", title: "", version: "", summary: "", items: [], source: "")

        public var app: String
        public var createdAt: Timestamp
        public var createdBy: String
        public var checklist: Checklist
        /// Live screens with the names they are shown by, in no particular order.
        public var screens: [Screen]
        /// Live recordings and fixes in the order their records came.
        public var recordings: [Recording] = []
        public var fixes: [Fix] = []
        /// Attachments on live screens that nobody took back, nor the recordings they document.
        public var evidence: [EvidenceAttachment] = []
    }
}
