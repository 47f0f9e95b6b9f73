import ArgumentParsing
import AuditStore
import DynamicType
import Interchange
import Output
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a teammate's JSON export into the audit store, or start a store from one.",
        discussion: """
            Importing is a union: screens are matched by name, recordings and fixes by the unique ids \
            they carry from the store that made them. Importing the same file twice changes nothing, a \
            teammate's file adds only what is new, and the order of imports doesn't matter. A screen \
            detail (flow, owner, notes, triage) that this store lacks is taken from the file; one set \
            differently on both sides keeps this store's value and is listed.

            Without a store, import creates one from the file (in the working folder, or at --store): \
            that is how a teammate joins an audit shared through git.

            The file is checked whole before anything is written: a malformed, truncated or conflicting \
            file, or one whose checklist has items this store's checklist lacks, is refused with the \
            line and field at fault, and the store stays as it was.
            """,
        examples: [
            ("git pull && dtaudit import Exports/trailhead.json", "Take in what teammates exported."),
            ("git show main:Exports/trailhead.json | dtaudit import -", "Import the export from another branch."),
            ("dtaudit import Exports/trailhead.json --dry-run", "See what would be added."),
        ]
    )

    @Argument(help: "A file written by 'dtaudit export --format json', or - for standard input.", valueName: "file")
    var file: PathArgument

    @Flag(help: "Show what would be imported without changing anything.")
    var dryRun = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    /// Ends the transaction of a dry run without committing it.
    private struct DryRun: Error {
        let result: ImportResult
    }

    func run() throws {
        let console = Console(global)
        let document = try InterchangeFile.read(file.path, workingDirectory: console.workingDirectory)
        let shown = file.path == "-" ? "standard input" : file.path

        var store: AuditStore?
        do {
            store = try console.openStore()
        } catch let error as StoreError {
            switch error {
            case .notFound, .missingDatabase, .noStoreAt: store = nil
            default: throw error
            }
        }

        guard let store else {
            let location = StoreLocation.forNewStore(explicit: global.store?.path, environment: System.environment("DTAUDIT_STORE"),
                                                     workingDirectory: console.workingDirectory)
            if dryRun {
                report(created: location.folder, result: nil, document: document, dryRun: true, console: console, shown: shown)
                return
            }
            // What was there before stays: a failed import takes away only the store it began.
            let folderExisted = Files.status(location.folder) != nil
            let ignoreFile = location.folder + "/.gitignore"
            let ignoreFileExisted = Files.status(ignoreFile) != nil
            let created = try AuditStore.create(at: location, app: document.app, checklist: document.checklist,
                                                by: document.createdBy, at: document.createdAt)
            do {
                let result = try created.write { try Self.merge(document, into: created, shown: shown) }
                report(created: location.folder, result: result, document: document, dryRun: false, console: console, shown: shown)
            } catch {
                if folderExisted {
                    for suffix in ["", "-wal", "-shm"] { try? Files.remove(location.databasePath + suffix) }
                    if !ignoreFileExisted { try? Files.remove(ignoreFile) }
                } else {
                    try? FileManager.default.removeItem(atPath: location.folder)
                }
                throw error
            }
            return
        }

        let result: ImportResult
        do {
            result = try store.write {
                let result = try Self.merge(document, into: store, shown: shown)
                if dryRun { throw DryRun(result: result) }
                return result
            }
        } catch let rolledBack as DryRun {
            result = rolledBack.result
        }
        report(created: nil, result: result, document: document, dryRun: dryRun, console: console, shown: shown)
    }

    /// The merge, whose refusals name the file like the reader's do.
    static func merge(_ document: AuditDocument, into store: AuditStore, shown: String) throws -> ImportResult {
        do {
            return try Importer.merge(document, into: store)
        } catch let error as InterchangeError {
            throw FileProblem(description: "\(shown) \(error)")
        }
    }

    private func report(created folder: String?, result: ImportResult?, document: AuditDocument, dryRun: Bool, console: Console, shown: String) {
        if json {
            var members: [(String, JSON)] = [
                ("file", .string(shown)),
                ("dryRun", .bool(dryRun)),
                ("createdStore", folder.map(JSON.string) ?? .null),
            ]
            let result = result ?? {
                var all = ImportResult()
                all.newScreens = document.screens.map(\.name)
                all.addedRecordings = document.recordings.count
                all.addedFixes = document.fixes.count
                return all
            }()
            members += [
                ("newScreens", .array(result.newScreens.map(JSON.string))),
                ("recordings", .object([("added", .int(result.addedRecordings)), ("known", .int(result.knownRecordings))])),
                ("fixes", .object([("added", .int(result.addedFixes)), ("known", .int(result.knownFixes))])),
                ("filled", .array(result.filledDetails.map { .object([("screen", .string($0.screen)), ("fields", .array($0.fields.map(JSON.string)))]) })),
                ("kept", .array(result.keptDetails.map { .object([("screen", .string($0.screen)), ("fields", .array($0.fields.map(JSON.string)))]) })),
                ("otherApp", .optional(result.otherApp)),
                ("otherChecklist", .optional(result.otherChecklistVersion)),
            ]
            console.json(.object(members))
            return
        }
        let style = console.style
        func count(_ number: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(number) " + (number == 1 ? word : plural ?? word + "s")
        }
        if let folder {
            let folder = Paths.shown(folder, from: console.workingDirectory)
            let what = "\(count(document.screens.count, "screen")), \(count(document.recordings.count, "recording")) and \(count(document.fixes.count, "fix", "fixes"))"
            if dryRun {
                console.line("Would create the audit store \(console.safe(folder)) for \(style.bold(console.safe(document.app))) from \(console.safe(shown)): \(what). Nothing was changed.")
            } else {
                console.line("Created the audit store \(console.safe(folder)) for \(style.bold(console.safe(document.app))) from \(console.safe(shown)): \(what)")
                console.line("Next: 'dtaudit status', or 'dtaudit next' for what to check.")
            }
            return
        }
        guard let result else { return }
        let prefix = dryRun ? "Would import" : "Imported"
        if !result.changedAnything {
            console.line("Nothing new in \(console.safe(shown)): this store already has its \(count(document.screens.count, "screen")), \(count(result.knownRecordings, "recording")) and \(count(result.knownFixes, "fix", "fixes")).")
        } else {
            var added: [String] = []
            if !result.newScreens.isEmpty { added.append(count(result.newScreens.count, "new screen")) }
            added.append(count(result.addedRecordings, "new recording"))
            added.append(count(result.addedFixes, "new fix", "new fixes"))
            console.line("\(prefix) \(console.safe(shown)): " + added.joined(separator: ", ")
                         + style.dim(" (\(count(result.knownRecordings, "recording")) and \(count(result.knownFixes, "fix", "fixes")) were already here)"))
            if !result.newScreens.isEmpty {
                console.line("  new screens: " + result.newScreens.prefix(10).map(console.safe).joined(separator: ", ") + (result.newScreens.count > 10 ? ", ..." : ""))
            }
        }
        if !result.filledDetails.isEmpty {
            console.line("  details taken from the file: " + result.filledDetails.prefix(10).map { "\(console.safe($0.screen)) (\($0.fields.joined(separator: ", ")))" }.joined(separator: ", "))
        }
        if !result.keptDetails.isEmpty {
            console.line(style.yellow("  set differently in the file, kept as they are here: ")
                         + result.keptDetails.prefix(10).map { "\(console.safe($0.screen)) (\($0.fields.joined(separator: ", ")))" }.joined(separator: ", ")
                         + style.dim("; change them with 'dtaudit screen edit'"))
        }
        if let other = result.otherApp {
            console.line(style.yellow("  note: the file is an audit of '\(console.safe(other))'; this store's app name was kept"))
        }
        if let other = result.otherChecklistVersion {
            console.line(style.dim("  note: the file was made with the checklist \(console.safe(other)); its items all exist here"))
        }
        if dryRun { console.line(style.dim("Nothing was changed (--dry-run).")) }
    }
}
