import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Platform

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Take a teammate's audit file into the store, or start a store from one.",
        discussion: """
            Importing is a union of records: every change anybody made (a screen added, renamed or \
            removed, a recording, a fix, a take-back, a corrected note) is a record with its own id, and \
            the store takes each record it lacks. Importing a file twice changes nothing, the order of \
            imports doesn't matter, and a file merged by git (even one with conflict markers around \
            records) imports whole. Where two people set the same detail of a screen, the later change \
            wins everywhere and the output names both. Format 1 files (dtaudit before the log) import too.

            Without a store, import creates one from the file (in the working folder, or at --store); \
            'dtaudit sync' does the same and also finds the file. The file is checked whole before \
            anything is written: a malformed or truncated file, or one whose records refer to what \
            neither it nor the store holds, is refused with the line at fault, and nothing changes. \
            So is a file that would grow the audit past 10,000 screens or a screen past 1,000 file \
            patterns. A record's time never refuses a file: a teammate's clock may be wrong.
            """,
        examples: [
            ("dtaudit import Exports/trailhead.json", "Take in what teammates recorded."),
            ("git show main:Exports/trailhead.json | dtaudit import -", "Import the audit of another branch."),
            ("dtaudit import Exports/trailhead.json --dry-run", "See what would be added."),
        ]
    )

    @Argument(help: "An audit file ('dtaudit export --format json' or sync writes them), or - for standard input.", valueName: "file")
    var file: PathArgument

    @Flag(help: "Show what would be imported without changing anything.")
    var dryRun = false

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let shown = file.path == "-" ? "standard input" : file.path
        let outcome = try Importer.perform(console.storeQuery, dryRun: dryRun) { body in
            try InterchangeFile.reading(file.path, workingDirectory: console.workingDirectory, body)
        }
        ImportSummary.show(outcome.report, from: shown, created: outcome.createdStore?.folder, dryRun: dryRun, json: output.json, console: console)
        if !output.json, !dryRun, outcome.report.changedAnything { console.warnClockAfterTakingIn(outcome.report) }
    }
}

/// How `import` and `sync` say what a file brought.
enum ImportSummary {
    static func json(_ report: ImportReport) -> JSON {
        .object([
            ("format", .int(report.format)),
            ("added", .object(LogRecord.Kind.allCases.map { (JSON.key($0.rawValue), .int(report.outcome.added[$0] ?? 0)) })),
            ("known", .int(report.outcome.known)),
            ("newScreens", .array(report.newScreens.map(JSON.string))),
            ("concurrentEdits", .array(report.concurrentEdits.map { edit in
                .object([("screen", .string(edit.screen)), ("field", .string(edit.field)), ("kept", value(edit.kept)),
                         ("overridden", .array(edit.overridden.map(value)))])
            })),
            ("nameClashes", .array(report.nameClashes.map { .object([("name", .string($0.name)), ("shownAs", .string($0.shown))]) })),
            ("idClashes", .array(report.outcome.clashes.map(JSON.string))),
            ("conflictMarkers", .int(report.conflictMarkers)),
        ])
    }

    private static func value(_ value: ConcurrentEdit.Value) -> JSON {
        .object([("value", .string(value.text)), ("by", .string(value.by)), ("at", .string(value.at.iso8601))])
    }

    static func show(_ report: ImportReport, from shown: String, created folder: String?, dryRun: Bool, json: Bool, console: Console) {
        if json {
            var members: [(String, JSON)] = [("file", .string(shown)), ("dryRun", .bool(dryRun)), ("createdStore", folder.map(JSON.string) ?? .null)]
            if case .object(let rest) = self.json(report) { members += rest }
            console.json(.object(members))
            return
        }
        let style = console.style
        let added = report.outcome.addedCount
        if let folder {
            let where_ = PathNames.shown(folder, from: console.workingDirectory)
            let what = "\(counted(report.newScreens.count, "screen")) and \(counted(added, "record"))"
            console.line((dryRun ? "Would create" : "Created") + " the audit store \(console.safe(where_)) from \(console.safe(shown)): \(what)"
                         + (dryRun ? ". Nothing was changed." : ""))
        } else if !report.changedAnything {
            console.line("Nothing new in \(console.safe(shown)): this store has all its \(counted(report.outcome.known, "record")).")
        } else {
            console.line((dryRun ? "Would take in " : "Took in ") + describe(report.outcome.added) + " from \(console.safe(shown))"
                         + style.dim(" (\(counted(report.outcome.known, "record")) already here)"))
            if !report.newScreens.isEmpty {
                console.line("  new screens: " + report.newScreens.prefix(10).map(console.safe).joined(separator: ", ") + (report.newScreens.count > 10 ? ", ..." : ""))
            }
        }
        details(report, console: console)
        if dryRun && folder == nil { console.line(style.dim("Nothing was changed (--dry-run).")) }
    }

    /// The things a person may want to check after a merge; `rewritten` when the file was just
    /// written back (by `sync`), so that what is said of its format is true of the file as it is now.
    static func details(_ report: ImportReport, rewritten: Bool = false, console: Console) {
        let style = console.style
        if let line = formatLine(report, rewritten: rewritten) { console.line(style.dim("  " + line)) }
        if report.conflictMarkers > 0 {
            console.line(style.dim("  the file holds git conflict markers; both sides of each conflict were taken (records never conflict)"))
        }
        for edit in report.concurrentEdits {
            let others = edit.overridden.map { "'\(console.safe($0.text))' (\(console.safe($0.by)), \($0.at.inLocalTime.minute))" }.joined(separator: ", ")
            console.line(style.yellow("  set on both sides: ") + "\(console.safe(edit.screen)) \(edit.field) is '\(console.safe(edit.kept.text))' ("
                         + "\(console.safe(edit.kept.by)), \(edit.kept.at.inLocalTime.minute)), the later change; it replaced \(others)"
                         + style.dim("; 'dtaudit screen edit' changes it"))
        }
        for clash in report.nameClashes {
            console.line(style.yellow("  two screens are named '\(console.safe(clash.name))'") + ": the later one is shown as '\(console.safe(clash.shown))'"
                         + style.dim("; rename one with 'dtaudit screen edit', or remove one"))
        }
        if !report.outcome.clashes.isEmpty {
            console.line(style.yellow("  \(counted(report.outcome.clashes.count, "record")) came with other content than this store's under the same id")
                         + style.dim(" (format 1 stores that disagreed, or a hand edit); every store keeps the same one of the two"))
        }
    }

    /// What a person hears of a file read in format 1, alone or merged with format 2 lines.
    static func formatLine(_ report: ImportReport, rewritten: Bool) -> String? {
        guard report.format == 1 else { return nil }
        let version = AuditFile.formatVersion
        switch (report.mixedFormats, rewritten) {
        case (false, false):
            return "the file is in format 1 (dtaudit before the log); the next sync or export writes it in format \(version)"
        case (true, false):
            return "the file merges format 1 lines (a dtaudit before the log) with format \(version) lines; the next sync or export writes it all in format \(version)"
        case (false, true):
            return "the file was in format 1 (dtaudit before the log) and is now written in format \(version); a dtaudit before the log no longer reads it"
        case (true, true):
            return "the file merged format 1 lines (a teammate's dtaudit before the log) with format \(version) lines and is now written all in format \(version); "
                + "whoever wrote the format 1 lines upgrades dtaudit before their next command"
        }
    }

    /// "3 recordings, 1 fix and 1 screen edit".
    static func describe(_ added: [LogRecord.Kind: Int]) -> String {
        let kinds = LogRecord.kinds.sorted { $0.tally.rank < $1.tally.rank }
        let parts = kinds.compactMap { kind in
            added[kind.kind].flatMap { $0 > 0 ? counted($0, kind.tally.one, kind.tally.many) : nil }
        }
        if parts.isEmpty { return "nothing" }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
