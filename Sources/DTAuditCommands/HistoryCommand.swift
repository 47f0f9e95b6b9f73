import ArgumentParsing
import AuditStore
import DynamicType
import Output

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List everything that happened in the audit, newest first.",
        discussion: """
            Nothing is ever overwritten: every recording is kept (a cell's status is its latest one), \
            and so is every screen edit, removal, take-back and corrected note. Recordings made by one \
            command are shown on one line unless --each; the id in brackets is what 'dtaudit retract' \
            and 'dtaudit amend' take (any unique start of it).
            """
    )

    @OptionGroup var screen: OptionalScreenArgument

    @Option(help: "Show at most this many entries, a command's recordings being one unless --each (default: 200; 1 to 10000000).", valueName: "n",
            range: 1...10_000_000)
    var limit: Int?

    @Flag(help: "Show everything, however long.")
    var all = false

    @Option(name: .long("by"), help: "Only what this person did, or an automated run's importer: the whole name, a word of it or the starts of its words (Ben, okafor, B Oka), in any case.",
            valueName: "name")
    var who: String?

    @Option(help: "Only what happened from the start of this day: YYYY-MM-DD, today, yesterday, or Nd for N days ago (UTC).", valueName: "day")
    var since: Day?

    @Flag(help: "One line per record, each with its id, instead of grouping a command's recordings.")
    var each = false

    @OptionGroup var output = JSONOption(help: "Print JSON (one entry per record).")

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if all && limit != nil { throw ValidationError("--limit and --all cannot be used together") }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let only = try screen.resolve(in: store)
        let limit = self.limit ?? 200
        let (person, nobody) = try resolve(who, in: store, console: console)
        let (entries, groups, cut) = try read(store, only: only, by: person, limit: all ? nil : limit)

        if output.json {
            console.json(.array(entries.map(Self.json)))
            return
        }
        if entries.isEmpty {
            var filters: [String] = []
            if let who { filters.append("by " + console.safe(who)) }
            if let since { filters.append("since " + since.text) }
            console.line(filters.isEmpty ? "Nothing recorded yet." : "Nothing recorded " + filters.joined(separator: " ") + (nobody ?? "."))
            return
        }
        let position = Dictionary(try store.checklist().items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for group in groups {
            let entry = entries[group.lowerBound]
            var line = console.style.dim(entry.at.inLocalTime.minute) + "  " + (entry.screen.isEmpty ? "" : console.style.bold(console.safe(entry.screen)) + "  ")
            if case .recording(let first) = entry.record {
                var cells: [(item: String, size: Size)] = []
                for member in entries[group] { if case .recording(let other) = member.record { cells.append((other.item, other.size)) } }
                let ids = group.count
                cells.sort { (position[$0.item] ?? .max, $0.item) < (position[$1.item] ?? .max, $1.item) }
                line += console.statusLabel(first.status) + "  " + console.cellList(cells)
                if let note = first.note { line += "  " + console.safe(note) }
                line += console.style.dim("  " + console.recorder(by: first.by, run: first.run) + "  [\(Self.shortID(first.id))\(ids > 1 ? " +\(ids - 1)" : "")]")
            } else {
                line += Self.describe(entry, console: console)
                // What can be taken back shows the id 'retract' takes (recordings show theirs above).
                if Retraction.targetKinds.contains(entry.record.kind) { line += console.style.dim("  [\(Self.shortID(entry.record.id))]") }
            }
            if entry.retracted { line += console.style.red("  (taken back)") }
            console.line(line)
        }
        if cut { console.line(console.style.dim("(the \(limit) newest; --limit N or --all for more)")) }
    }

    /// The person `--by` names, spelled as the log spells them (`Ben` for Ben Okafor), or as typed
    /// when it names nobody, with what to say then (`; did you mean 'Ben Okafor'?`). A name that
    /// could be two people is refused.
    private func resolve(_ typed: String?, in store: AuditStore, console: Console) throws -> (person: String?, nobody: String?) {
        guard let typed else { return (nil, nil) }
        let signers = try store.signers()
        let found = PersonName.matches(typed, among: signers)
        if found.count > 1 {
            let names = found.map { "'" + console.safe($0) + "'" }
            throw ValidationError("--by '\(console.safe(typed))' could be \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]); give more of the name")
        }
        if let person = found.first { return (person, nil) }
        let hint = Suggestions.didYouMean(typed, among: PersonName.tally(signers).map(\.name))
        return (typed, hint.isEmpty ? nil : console.safe(hint))
    }

    /// The newest entries, at most `limit` of them when given, an entry being a command's
    /// recordings together unless `--each`: read in larger steps until the last entry shown is
    /// whole. Returns the records, each entry's range of them, and whether more were left out.
    private func read(_ store: AuditStore, only: Screen?, by person: String?, limit: Int?) throws
        -> (entries: [HistoryEntry], groups: [Range<Int>], cut: Bool) {
        var asked = limit.map { $0 + 1 }
        while true {
            let entries = try store.history(of: only, limit: asked, by: person, since: since?.start)
            let groups = Self.groups(entries, each: each)
            guard let limit, let read = asked else { return (entries, groups, false) }
            // Every entry up to the limit is whole once a later one has begun, or the log has no more.
            if groups.count > limit || entries.count < read {
                let shown = Array(groups.prefix(limit))
                return (Array(entries[..<(shown.last?.upperBound ?? 0)]), shown, groups.count > limit)
            }
            asked = read * 2
        }
    }

    /// The entries `entries` make: a command's recordings (one screen, time, signer, run, status
    /// and note) together, every other record alone; each alone with `each`.
    static func groups(_ entries: [HistoryEntry], each: Bool) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var index = 0
        while index < entries.count {
            var next = index + 1
            if !each, case .recording(let first) = entries[index].record {
                while next < entries.count, case .recording(let other) = entries[next].record, other.screen == first.screen,
                      other.at == first.at, other.by == first.by, other.run == first.run, other.status == first.status, other.note == first.note,
                      entries[next].retracted == entries[index].retracted {
                    next += 1
                }
            }
            groups.append(index..<next)
            index = next
        }
        return groups
    }

    /// A record's id as history shows it: the first eight characters of a random id, which
    /// `retract` and `amend` accept as they accept any unique start.
    static func shortID(_ id: String) -> String {
        if id.hasPrefix("v1-"), let dash = id.lastIndex(of: "-") { return String(id[...dash]) + id[id.index(after: dash)...].prefix(8) }
        return String(id.prefix(8))
    }

    /// Everything but recordings, in a few words: as the record's kind phrases it, and by whom.
    static func describe(_ entry: HistoryEntry, console: Console) -> String {
        render(entry.record.body.phrase(target: entry.target), console: console) + console.style.dim("  by \(console.safe(entry.record.by))")
    }

    /// A phrase on the terminal: text people gave made safe, ids short, each run of one emphasis styled once.
    static func render(_ phrase: Phrase, console: Console) -> String {
        var text = ""
        var run = ""
        var emphasis = Phrase.Emphasis.plain
        func close() {
            let style = console.style
            switch emphasis {
            case .plain: text += run
            case .strong: text += style.bold(run)
            case .change: text += style.cyan(run)
            case .correction: text += style.yellow(run)
            case .quiet: text += style.dim(run)
            }
            run = ""
        }
        for piece in phrase.pieces {
            if piece.emphasis != emphasis {
                close()
                emphasis = piece.emphasis
            }
            switch piece.content {
            case .words(let words): run += words
            case .given(let given): run += console.safe(given)
            case .id(let id): run += "[\(shortID(id))]"
            }
        }
        close()
        return text
    }

    static func json(_ entry: HistoryEntry) -> JSON {
        var members: [(String, JSON)] = [("kind", .string(entry.record.kind.rawValue)), ("screen", .string(entry.screen))]
        switch entry.record {
        case .recording(let recording):
            members += [("item", .string(recording.item)), ("size", .string(recording.size.id)), ("status", .string(recording.status.rawValue)),
                        ("note", .optional(recording.note)), ("by", .string(recording.by)), ("run", .optional(recording.run)),
                        ("at", .string(recording.at.iso8601))]
        case .fix(let fix):
            if case .object(let rest) = ScreenReport.fixJSON(fix) { members += rest }
        default:
            if case .object(let fields) = (try? JSONReader.parse(Array(entry.record.line.utf8))).map(JSON.init(node:)) ?? .null {
                members += fields.filter { !["record", "id", "screen"].contains($0.0) }
            }
        }
        members.append(("id", .string(entry.record.id)))
        members.append(("retracted", .bool(entry.retracted)))
        return .object(members)
    }
}
