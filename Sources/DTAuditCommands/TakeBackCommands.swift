import ArgumentParsing
import AuditStore
import Output

/// Finds records by the ids `history` shows: any unique start of one.
enum RecordIDs {
    static func resolve(_ typed: String, in store: AuditStore, kinds: [LogRecord.Kind]) throws -> LogRecord {
        let candidates = try store.records(idPrefix: typed).filter { kinds.contains($0.kind) }
        let what = kinds.map(\.rawValue).joined(separator: ", ")
        if let exact = candidates.first(where: { $0.id == typed }) { return exact }
        guard let only = candidates.first else {
            throw ValidationError("no \(what) has the id '\(typed)'; 'dtaudit history --each' shows every record with its id")
        }
        if candidates.count > 1 {
            throw ValidationError("'\(typed)' starts the ids of \(candidates.count) records (\(candidates.prefix(4).map(\.id).joined(separator: ", "))); type more of the id")
        }
        return only
    }

    /// A recording or fix in a few words: `fail ax5 no-truncation on Checkout`.
    static func describe(_ record: LogRecord, store: AuditStore) -> String {
        let screen = (try? record.screen.flatMap { try store.screen(id: $0)?.name }) ?? nil
        let on = screen.map { " on \(TextLayout.singleLine($0))" } ?? ""
        switch record {
        case .recording(let recording): return "\(recording.status.rawValue) \(recording.size.id) \(recording.item)\(on) (\(recording.run.map { "run " + TextLayout.singleLine($0) + ", imported by " } ?? "")\(TextLayout.singleLine(recording.by)), \(recording.at.inLocalTime.minute))"
        case .fix(let fix): return "the \(fix.type.rawValue) fix\(on) (\(TextLayout.singleLine(fix.by)), \(fix.at.inLocalTime.minute))"
        case .evidence(let evidence): return "the evidence \(TextLayout.singleLine(evidence.name)) at \(evidence.size.id)\(on)"
        case .waive(let waiver): return "the waiver of \(TextLayout.singleLine(waiver.shownElement)) for \(waiver.item)\(waiver.everywhere ? " on every screen" : on) (\(TextLayout.singleLine(waiver.by)))"
        case .dissent(let dissent): return "the run's \(dissent.status.rawValue) \(dissent.size.id) \(dissent.item) kept beside a person's\(on)"
        default: return record.id
        }
    }
}

struct RetractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retract",
        abstract: "Take back a recording, fix, evidence attachment or waiver that was wrong.",
        discussion: """
            The take-back is a record: it travels to every store, stays in the history with its reason, \
            and an older file imported later does not bring the taken-back record back. A cell whose \
            latest recording is taken back shows the recording before it again. Ids are in \
            'dtaudit history --each' (any unique start of one will do).
            """,
        examples: [
            ("dtaudit retract 3f2a9c1e --note \"recorded on the wrong screen\"", ""),
            ("dtaudit undo", "Take back what your last command recorded."),
        ]
    )

    @Argument(help: "Ids of recordings, fixes, evidence attachments or waivers.", valueName: "id")
    var ids: [String]

    @Option(name: .names("note", short: "n"), help: "Why it is taken back.", valueName: "text")
    var note: String?

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if ids.isEmpty { throw ValidationError("give the id of what to take back ('dtaudit history --each' shows them)") }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let targets = try ids.map { try RecordIDs.resolve($0, in: store, kinds: Retraction.targetKinds) }
        let by = try console.author(author.by)
        try store.retract(targets, note: note, by: by)
        for target in targets { console.line("Took back " + RecordIDs.describe(target, store: store)) }
    }
}

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back what your last recording command recorded (its recordings, fix or evidence).",
        discussion: "The same as 'dtaudit retract' with the ids of your latest recordings, fix or evidence that are still in force; run it again to go further back."
    )

    @Option(name: .names("note", short: "n"), help: "Why it is taken back.", valueName: "text")
    var note: String?

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let by = try console.author(author.by)
        let targets = try store.latestUndoable(by: by)
        guard !targets.isEmpty else {
            console.line("Nothing of \(console.safe(by))'s to take back.")
            return
        }
        try store.retract(targets, note: note ?? "undone", by: by)
        if targets.count == 1 {
            console.line("Took back " + RecordIDs.describe(targets[0], store: store))
        } else {
            console.line("Took back \(targets.count) records made together: " + RecordIDs.describe(targets[0], store: store) + " and \(targets.count - 1) more")
        }
    }
}

struct AmendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "amend",
        abstract: "Correct the note of a recording or fix.",
        discussion: "The correction is a record; the latest correction wins everywhere, and the history keeps every version. Ids are in 'dtaudit history --each'."
    )

    @Argument(help: "The id of the recording or fix.", valueName: "id")
    var id: String

    @Option(name: .names("note", short: "n"), help: "The corrected note.", valueName: "text")
    var note: String?

    @Flag(help: "Clear the note.")
    var noNote = false

    @OptionGroup var author: AuthorOption
    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if (note == nil) == !noNote { throw ValidationError("give the corrected note with --note TEXT, or --no-note to clear it") }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore()
        let target = try RecordIDs.resolve(id, in: store, kinds: [.recording, .fix])
        let by = try console.author(author.by)
        try store.amend(target, note: noNote ? nil : note, by: by)
        console.line("Corrected the note of " + RecordIDs.describe(target, store: store))
    }
}
