import ArgumentParsing
import AuditLog
import AuditStore
import Interchange
import Output
import Platform
import Trackers

struct FileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file",
        abstract: "File each problem of \"What to fix first\" as one tracker issue, never twice: GitHub, or a CSV for Jira or Linear.",
        discussion: """
            --github OWNER/REPO files through GitHub's REST API: one issue per problem (a screen's failing \
            check, or one shared-UI problem with its screens), titled "<Screen>: <item> fails at <sizes>", \
            labelled (--label, default dtaudit), with the figures, the evidence as links into the \
            repository (--ref, default GITHUB_SHA or the default branch), the likely code and the fix \
            that usually helps. Its text is rewritten when the problem changes; it is closed with a \
            comment naming the retest once the check passes at every size it failed at, and reopened \
            if it fails again, unless a person closed it as not planned or labelled it wontfix. Each \
            problem's identity is kept as a filing record in the shared audit and as a hidden marker \
            in the issue, so that nothing is filed twice, even when records are lost or two clones \
            file at once. The token comes from GH_TOKEN or GITHUB_TOKEN, else 'gh auth token'; \
            GITHUB_API_URL points at GitHub Enterprise. Writes stay within --per-minute (at most 60) \
            and --per-hour (at most 450); when GitHub limits the rate the run stops (exit 75) and the \
            next one resumes. --dry-run prints every create, update, close and reopen and writes nothing.

            --jira FILE and --linear FILE write the problems not exported before as a CSV in Jira's \
            or Linear's import format, each labelled with its marker, and say what to close, reopen \
            or update by hand.
            """,
        examples: [
            ("dtaudit file --github acme/trailhead --dry-run", "What filing would create, update, close and reopen."),
            ("GH_TOKEN=... dtaudit file --github acme/trailhead", "File it."),
            ("dtaudit file --jira dtaudit-jira.csv", "A CSV for Jira's importer."),
        ]
    )

    @Option(help: "The GitHub repository to file issues in.", valueName: "owner/repo")
    var github: String?

    @Option(help: "Write a CSV for Jira's importer (- for standard output).", valueName: "file")
    var jira: PathArgument?

    @Option(help: "Write a CSV for Linear's importer (- for standard output).", valueName: "file")
    var linear: PathArgument?

    @Flag(help: "Print every create, update, close and reopen; write nothing.")
    var dryRun = false

    @Option(help: "The label of every issue filed (default: dtaudit).", valueName: "name")
    var label: String = "dtaudit"

    @Option(help: "The commit or branch evidence links point at (default: GITHUB_SHA, else the default branch).", valueName: "ref")
    var ref: String?

    @Option(help: "Writes a minute at most (1 to 60).", valueName: "n")
    var perMinute: Int = WriteBudget.maximumPerMinute

    @Option(help: "Writes a run makes at most (1 to 450).", valueName: "n")
    var perHour: Int = WriteBudget.maximumPerHour

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        let chosen = [github != nil, jira != nil, linear != nil].filter { $0 }.count
        if chosen != 1 { throw ValidationError("name one tracker: --github OWNER/REPO, --jira FILE or --linear FILE") }
        if let github, GitHubRepository(github) == nil {
            throw ValidationError("'\(github)' is not a GitHub repository: give OWNER/REPO, letters, digits, - _ and . only")
        }
        if !(1...WriteBudget.maximumPerMinute).contains(perMinute) { throw ValidationError("--per-minute must be from 1 to \(WriteBudget.maximumPerMinute)") }
        if !(1...WriteBudget.maximumPerHour).contains(perHour) { throw ValidationError("--per-hour must be from 1 to \(WriteBudget.maximumPerHour)") }
        if label.isEmpty || label.utf8.count > 50 || label.contains(",") || label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--label must be 1 to 50 characters, with no comma or control character")
        }
        if let ref, ref.isEmpty || ref.hasPrefix("-") || ref.contains("..") || ref.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--ref must name a commit or branch")
        }
    }

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(dryRun ? .read : .write)
        let author = dryRun ? "" : try console.author(nil)
        let audit = try FileCommand.problems(in: store)
        if let github {
            try fileOnGitHub(GitHubRepository(github)!, audit: audit, store: store, author: author, console: console)
        } else {
            try exportCSV(jira != nil ? .jira : .linear, to: (jira ?? linear)!.path, audit: audit, store: store, author: author, console: console)
        }
    }

    /// The problems "What to fix first" lists today, with their evidence where the repository keeps it.
    static func problems(in store: AuditStore) throws -> AuditProblems {
        let (snapshot, evidence) = try store.read { (try store.snapshot(detailed: true), try store.evidenceByScreen()) }
        let shared = try? SharedAudit.of(store)
        let folder = shared.map { shared in
            AuditProblems.EvidenceFolder(relativePath: shared.relativeEvidenceFolder) { name in
                Files.status(shared.evidenceFolder + "/" + name) != nil
            }
        }
        return AuditProblems(snapshot: snapshot, evidence: evidence, folder: folder, date: Timestamp.now().day)
    }

    private func exportCSV(_ tracker: CSVFiling.Tracker, to path: String, audit: AuditProblems, store: AuditStore, author: String, console: Console) throws {
        let filings = try store.filings()
        let csv = CSVFiling(tracker, audit: audit, filings: filings, links: nil, label: label, author: author, makeID: UniqueID.make, now: .now())
        if dryRun {
            FileReport.csv(csv, path: path, dryRun: true, console: console, json: output.json)
            return
        }
        if path == "-" {
            BufferedOutput.standardOutput.write(csv.text)
        } else {
            let target = StoreLocation.absolute(path, from: console.workingDirectory)
            do {
                try Files.writeAtomically(target) { $0.write(csv.text) }
            } catch {
                throw FileProblem(description: "cannot write \(console.safe(path)): \(error)", kind: .cannotWrite)
            }
        }
        try store.appendFilings(csv.rows)
        if path != "-" { FileReport.csv(csv, path: path, dryRun: false, console: console, json: output.json) }
    }
}
