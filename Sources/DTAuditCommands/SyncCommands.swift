import ArgumentParsing
import AuditStore
import Interchange
import Output
import Platform
import Reports

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the store and the shared audit file in step: take in the file, write it back with everything.",
        discussion: """
            Run it after 'git pull' and before 'git commit'. The file's records go into the store (a \
            union: nothing is ever refused that a union can settle), then the file is written with every \
            record the store holds, yours and everyone's, and evidence is copied both ways between \
            the store's evidence and the shared evidence folder beside the file. When neither side changed \
            since the last sync, nothing is read. A shared evidence file that is a link, over the store's \
            limit ('dtaudit evidence limit') or not the size or bytes its name and records say is named \
            and left out, unread; the records still sync.

            When git has the file unmerged, sync reads both sides from git's index (stages 2 and 3), \
            writes their records into it and names the 'git add' that concludes the merge; a side it \
            cannot read is named and nothing is changed. While a stash entry changes the file, or HEAD \
            is detached on an older commit, sync takes the file in but leaves it as git has it, and \
            leaves the screenshots a stash holds to it (so 'git stash pop' succeeds and the checkout \
            stays clean); the store keeps every record, and the first sync after git's step writes \
            them. A commit since the last sync that removed records from the file (a 'git revert') \
            takes nothing back: sync says so and names 'undo' and 'retract', which do.

            In a fresh clone, sync sets the store up from the committed file (Exports/<app>.json): that \
            is how a teammate joins. The file is the store's shared file from then on; name another \
            to move it.

            With --pre-commit FILE (what the hook of 'dtaudit git-setup --hook' runs from the work \
            tree's top), sync uses the store that shares through FILE, stages FILE and its evidence \
            folder with 'git add', and does nothing where no store here shares through it.
            """,
        examples: [
            ("git pull && dtaudit sync", "Take in what teammates recorded."),
            ("dtaudit sync && git add Exports && git commit -m \"Audit Checkout\"", "Share what you recorded."),
            ("dtaudit sync Exports/trailhead.json", "Join the audit of a fresh clone, naming the file."),
        ]
    )

    @Argument(help: "The shared audit file (default: the store's, or the one in Exports/).", valueName: "file")
    var file: PathArgument?

    @Flag(help: "Sync the store that shares through the file, and stage it: what the pre-commit hook runs.")
    var preCommit = false

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if preCommit && file == nil { throw ValidationError("--pre-commit names the audit file to sync: dtaudit sync --pre-commit Exports/<app>.json") }
        if preCommit && (output.json || global.store != nil) { throw ValidationError("--pre-commit goes without --json and --store: it finds the store by the file") }
    }

    func run() throws {
        let console = Console(global)
        if preCommit, let file { return try syncBeforeCommit(file.path, console: console) }
        let outcome = try Sync.perform(console.storeQuery, file: file?.path)
        show(outcome.report, shared: outcome.shared, created: outcome.createdStore?.folder, removal: outcome.removal, console: console)
        if !output.json { console.noteGitStep(outcome) }
        // A clock this store thinks wrong is named, never a reason to stop; only records just taken
        // in can have changed what the store thinks.
        if !output.json, outcome.createdStore != nil || outcome.report.imported?.changedAnything == true {
            console.warnClockAfterTakingIn(outcome.report.imported)
            // A clone's store was set up: whose name its records will carry is said now, before any is written.
            if outcome.createdStore != nil, let store = try? console.openStore() { console.noteSigner(store) }
        }
        if !output.json, let store = try? console.openStore(.read, quiet: true) {
            // Only when this sync took something in: a removal of a screen holding your work is news once.
            if outcome.createdStore != nil || outcome.report.imported?.changedAnything == true { console.noteWorkOnRemovedScreens(in: store) }
            console.noteUnmergedEvidence(in: store, synced: true)
        }
        if outcome.suggestsGitSetup && !output.json {
            console.line(console.style.dim("Tip: 'dtaudit git-setup' lets git merge the audit file itself, without conflicts."))
        }
    }

    /// The pre-commit hook's sync: silent unless git's step needs a word; any problem stops the
    /// commit, in one line that says how to commit without the hook.
    private func syncBeforeCommit(_ file: String, console: Console) throws {
        let done: CommitSync.Outcome
        do {
            done = try CommitSync.perform(file: file, workingDirectory: console.workingDirectory)
        } catch let again as CommitSync.CommitAgain {
            throw FileProblem(description: again.description, kind: .no)
        } catch {
            throw CommitStopped(problem: error)
        }
        if case .synced(let outcome, _) = done { console.noteGitStep(outcome) }
    }

    /// Why the pre-commit hook stops a commit: the sync's own problem, with the way around it.
    struct CommitStopped: Error, ExitStatusProviding, CustomStringConvertible {
        let problem: any Error

        var description: String {
            "\(problem); so the commit stops ('git commit --no-verify' commits without the audit file)"
        }

        var exitStatus: Int32 { (problem as? ExitStatusProviding)?.exitStatus ?? ExitStatus.no.rawValue }
    }

    /// What the sync took into the store from `file`, then what it wrote into the file, each as it
    /// happened: nothing is said to be new, or up to date, that was not.
    static func headline(_ report: SyncReport, file: String) -> String? {
        if report.held != nil {
            // The git step's line says why the file was left as git has it; only what came in is said here.
            guard let outcome = report.imported?.outcome, outcome.addedCount > 0 else { return nil }
            return "Took in " + ImportSummary.describe(outcome.added) + " from \(file)."
        }
        if report.upToDate { return "Up to date with \(file) (\(counted(report.records, "record")))." }
        guard let held = report.recordsInFile else {
            return "Wrote \(file) with all \(counted(report.records, "record")) (it was not there yet)."
        }
        // The file held what the store would write: a checkout touched it, or an unmerged file's
        // sides were read again and brought nothing.
        if !report.wroteFile && (report.imported == nil || (!report.sidesTaken.isEmpty && report.imported?.changedAnything == false)) {
            return "Up to date with \(file) (\(counted(report.records, "record")))."
        }
        let outcome = report.imported?.outcome ?? MergeOutcome()
        var took: String
        if outcome.addedCount > 0 {
            // An unmerged file's records come from its sides in git's index too.
            took = "Took in " + ImportSummary.describe(outcome.added) + " from \(file)" + (report.sidesTaken.isEmpty ? "" : " and its sides in git")
        } else {
            took = "\(file) held nothing this store lacks"
        }
        if outcome.replaced > 0 {
            took += (outcome.addedCount > 0 ? " and replaced " : "; its line replaced the store's for ")
                + counted(outcome.replaced, "record") + " recorded in two forms"
        }
        guard report.wroteFile else { return took + "; it holds all \(counted(report.records, "record")) now." }
        if let markers = report.imported?.conflictMarkers, markers > 0 {
            return took + "; wrote it back with all \(counted(report.records, "record")), without git's conflict markers."
        }
        if let format = report.imported?.format, format < AuditFile.formatVersion {
            return took + "; wrote it again in format \(AuditFile.formatVersion) with all \(counted(report.records, "record"))."
        }
        let lacked = report.records - held
        if lacked > 0 {
            return took + "; wrote into it the \(counted(lacked, "record")) it lacked (\(report.records) in all)."
        }
        return took + "; wrote it again with the same \(counted(report.records, "record")), in the order every store writes them."
    }

    private func show(_ report: SyncReport, shared: SharedAudit, created: String?, removal: CommitRemoval?, console: Console) {
        let file = PathNames.shown(shared.path, from: console.workingDirectory)
        if output.json {
            var members: [(String, JSON)] = [("file", .string(file)), ("createdStore", created.map(JSON.string) ?? .null),
                                             ("upToDate", .bool(report.upToDate)), ("wroteFile", .bool(report.wroteFile)), ("records", .int(report.records)),
                                             ("recordsInFileBefore", report.recordsInFile.map(JSON.int) ?? .null)]
            if let imported = report.imported { members.append(("imported", ImportSummary.json(imported))) }
            members += [("leftAlone", report.held.map { .string($0 == .stashed ? "stash" : "detached") } ?? .null)]
            members += [("removedByCommit", removal.map { .object([("commit", .string($0.commit)), ("subject", .string($0.subject)),
                                                                   ("records", .int($0.records))]) } ?? .null)]
            members += [("evidenceShared", .int(report.evidenceShared)), ("evidenceTaken", .int(report.evidenceTaken)),
                        ("evidenceMissing", .array(report.evidenceMissing.map(JSON.string))), ("evidenceStashed", .int(report.evidenceStashed)),
                        ("evidenceRefused", .array(report.evidenceRefused.map { .object([("file", .string($0.file)), ("reason", .string($0.reason))]) }))]
            console.json(.object(members))
            return
        }
        let style = console.style
        if let created {
            console.line("Set up the audit store \(console.safe(PathNames.shown(created, from: console.workingDirectory))) from \(console.safe(file)): "
                         + counted(report.imported?.newScreens.count ?? 0, "screen") + ", " + counted(report.records, "record"))
        } else {
            if let headline = Self.headline(report, file: console.safe(file)) { console.line(headline) }
            if let imported = report.imported, !imported.newScreens.isEmpty {
                console.line("  new screens: " + imported.newScreens.prefix(10).map(console.safe).joined(separator: ", ") + (imported.newScreens.count > 10 ? ", ..." : ""))
            }
        }
        if let imported = report.imported { ImportSummary.details(imported, rewritten: report.wroteFile, console: console) }
        let folder = PathNames.shown(shared.evidenceFolder, from: console.workingDirectory)
        if report.evidenceShared > 0 { console.line("  copied \(counted(report.evidenceShared, "evidence file")) into \(console.safe(folder))/") }
        if report.evidenceTaken > 0 { console.line("  took \(counted(report.evidenceTaken, "evidence file")) from \(console.safe(folder))/ into the store") }
        if !report.evidenceMissing.isEmpty {
            console.line(style.yellow("  \(counted(report.evidenceMissing.count, "evidence file")) the records name \(plural("is", report.evidenceMissing.count)) in neither the store nor \(console.safe(folder))/")
                         + style.dim(": whoever attached \(plural("it", report.evidenceMissing.count)) has not shared \(plural("it", report.evidenceMissing.count)) yet"))
        }
        if report.evidenceStashed > 0 {
            console.line(style.yellow("  left \(counted(report.evidenceStashed, "evidence file")) out of \(console.safe(folder))/")
                         + style.dim(": a stash entry holds \(plural("it", report.evidenceStashed)), and 'git stash pop' brings \(plural("it", report.evidenceStashed)) back"))
        }
        for refused in report.evidenceRefused {
            console.line(style.yellow("  \(console.safe(refused.file)) \(console.safe(refused.reason)); it was not taken in"))
        }
        if report.wroteFile || report.evidenceShared > 0 {
            console.line(style.dim("Commit \(console.safe(file))" + (report.evidenceShared > 0 ? " and \(console.safe(folder))/" : "") + " to share it."))
        }
    }
}

struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge two versions of an audit file for git (set up by 'dtaudit git-setup').",
        discussion: """
            Git runs it as 'dtaudit merge-driver %O %A %B %P': it writes the union of the records of \
            both versions into %A, in the order every store writes them, and exits 0. Records are \
            immutable, so both sides are always kept and there is never a conflict. A version that is \
            not an audit file makes it exit 65 with one line, leaving %A as it was: git then marks the \
            file as conflicted with our version in it (it does not fall back to a merge of its own); \
            mend the file and 'git add' it.
            """
    )

    @Argument(help: "The common ancestor's version (%O).", valueName: "base")
    var base: String

    @Argument(help: "This branch's version, replaced by the merge (%A).", valueName: "ours")
    var ours: String

    @Argument(help: "The other branch's version (%B).", valueName: "theirs")
    var theirs: String

    @Argument(help: "The file's path in the repository, for messages (%P).", valueName: "path")
    var path: String?

    func run() throws {
        if let problem = MergeDriver.run(base: base, ours: ours, theirs: theirs, shownAs: path) {
            throw FileProblem(description: problem, kind: .badData)
        }
    }
}
