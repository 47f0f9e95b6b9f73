import ArgumentParsing
import AuditStore
import DynamicType
import Output

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recordings and fixes, newest first.",
        discussion: "Nothing is ever overwritten: every recording is kept, and a cell's status is its latest one. Recordings made by one command are shown on one line."
    )

    @Argument(help: "Only this screen.", valueName: "screen")
    var screen: String?

    @Option(help: "Show at most this many recordings and fixes (default: 200).", valueName: "n")
    var limit: Int?

    @Flag(help: "Show everything, however long.")
    var all = false

    @Flag(help: "Print JSON (one entry per recording).")
    var json = false

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if all && limit != nil { throw ValidationError("--limit and --all cannot be used together") }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let only = try screen.map { try store.resolveScreen($0) }
        let limit = self.limit ?? 200
        let bound = all ? nil : limit + 1
        var entries = try store.history(of: only, limit: bound)
        let cut = !all && entries.count > limit
        if cut { entries.removeLast() }

        if json {
            console.json(.array(entries.map(Self.json)))
            return
        }
        if entries.isEmpty {
            console.line("Nothing recorded yet.")
            return
        }
        // Recordings made together (same screen, time, author, status and note) share a line, their
        // items in checklist order.
        let position = Dictionary(try store.checklist().items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        var index = 0
        while index < entries.count {
            switch entries[index] {
            case .fix(let fix, let name):
                var line = console.style.dim(fix.at.minute) + "  " + console.style.bold(console.safe(name)) + "  " + console.style.cyan("fix " + fix.type.rawValue)
                if !fix.items.isEmpty { line += " " + fix.items.joined(separator: ", ") }
                if let note = fix.note { line += "  " + console.safe(note) }
                if let ref = fix.ref { line += console.style.dim(" (\(console.safe(ref)))") }
                line += console.style.dim("  by \(console.safe(fix.by))")
                console.line(line)
                index += 1
            case .recording(let first, let name):
                var cells: [(item: String, size: Size)] = [(first.item, first.size)]
                var next = index + 1
                while next < entries.count, case .recording(let other, let otherName) = entries[next], otherName == name,
                      other.at == first.at, other.by == first.by, other.status == first.status, other.note == first.note {
                    cells.append((other.item, other.size))
                    next += 1
                }
                cells.sort { (position[$0.item] ?? .max, $0.item) < (position[$1.item] ?? .max, $1.item) }
                var line = console.style.dim(first.at.minute) + "  " + console.style.bold(console.safe(name)) + "  "
                    + console.statusLabel(first.status) + "  " + console.cellList(cells)
                if let note = first.note { line += "  " + console.safe(note) }
                line += console.style.dim("  by \(console.safe(first.by))")
                console.line(line)
                index = next
            }
        }
        if cut { console.line(console.style.dim("(the \(limit) newest; --limit N or --all for more)")) }
    }

    static func json(_ entry: HistoryEntry) -> JSON {
        switch entry {
        case .recording(let recording, let screen):
            return .object([
                ("kind", .string("recording")),
                ("screen", .string(screen)),
                ("item", .string(recording.item)),
                ("size", .string(recording.size.id)),
                ("status", .string(recording.status.rawValue)),
                ("note", .optional(recording.note)),
                ("by", .string(recording.by)),
                ("at", .string(recording.at.iso8601)),
                ("id", .string(recording.uid)),
            ])
        case .fix(let fix, let screen):
            var members: [(String, JSON)] = [("kind", .string("fix")), ("screen", .string(screen))]
            if case .object(let rest) = ScreenReport.fixJSON(fix) { members += rest }
            members.append(("id", .string(fix.uid)))
            return .object(members)
        }
    }
}

struct SizesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sizes",
        abstract: "Show the twelve text sizes, their names and their point sizes.",
        discussion: "Any name in the table is accepted wherever a size is asked for, in any case; output always uses the id."
    )

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        if json {
            console.json(.array(Size.allCases.map { size in
                .object([
                    ("id", .string(size.id)),
                    ("name", .string(size.designName)),
                    ("swiftUI", .string(size.swiftUIName)),
                    ("uiKit", .string(size.uiKitName)),
                    ("uiKitRawValue", .string(size.uiKitRawValue)),
                    ("simctl", .string(size.simctlName)),
                    ("accessibility", .bool(size.isAccessibility)),
                    ("points", .object(TextStyle.allCases.map { ($0.rawValue, .int($0.pointSize(at: size))) })),
                ])
            }))
            return
        }
        var table = TextTable(header: ["ID", "NAME", "SWIFTUI", "UIKIT", "SIMCTL CONTENT_SIZE", "BODY", "OF LARGE", "LARGE TITLE"],
                              alignments: [.left, .left, .left, .left, .left, .right, .right, .right])
        for size in Size.allCases {
            let body = TextStyle.body
            let name = size == .default ? size.designName + " (default)" : size.designName
            table.add([console.style.bold(size.id), name, size.swiftUIName, size.uiKitName, size.simctlName,
                       "\(body.pointSize(at: size)) pt", "\(body.percentOfDefault(at: size))%",
                       "\(TextStyle.largeTitle.pointSize(at: size)) pt"])
        }
        for line in table.render(headerStyle: console.style.dim) { console.line(line) }
        console.line()
        console.line(console.style.dim("UIKit raw values are UICTContentSizeCategory + XS, S, M, L, XL, XXL, XXXL, AccessibilityM ... AccessibilityXXXL."))
        console.line(console.style.dim("Body reaches 200% of its default size at ax3; largeTitle never does (176% at ax5)."))
        console.line(console.style.dim("Groups: all, standard (xs-xxxl), accessibility (ax1-ax5); ranges like xxxl-ax3."))
    }
}
