import ArgumentParsing
import AuditStore
import Interchange
import Platform

struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Make git merge the shared audit file by itself, in this clone and (as a union) in every other.",
        discussion: """
            For this clone, writes a line in .git/info/attributes and git's config that hand the audit \
            file to 'dtaudit merge-driver', which keeps both sides' records in order. Where the audit file \
            is not committed yet (the clone that starts the audit), it also writes a line to the \
            repository's .gitattributes asking for git's union merge (commit it with the file: every \
            clone then keeps both sides' records); in other clones it leaves .gitattributes alone, so \
            that no pull meets an untracked copy. Each teammate runs it once per clone, before or after \
            the first sync; running it again changes nothing.

            With --hook, also writes a pre-commit hook that syncs the audit file ('dtaudit sync \
            --pre-commit FILE') and adds it and its evidence folder to each commit, so that no commit \
            leaves records in the store alone. Each audit of the repository (an app in ios/, two apps \
            of a monorepo) adds its own line; a work tree without that audit's store commits untouched. \
            A pre-commit hook of your own is never replaced: git-setup says which line to add to it \
            instead (exit 73).
            """,
        examples: [
            ("dtaudit git-setup", "Let git merge the audit file in this clone."),
            ("dtaudit git-setup --hook", "Also sync the audit file into every commit."),
        ]
    )

    @Argument(help: "The shared audit file (default: the store's).", valueName: "file")
    var file: PathArgument?

    @Flag(help: "Also write a pre-commit hook that syncs the audit file into every commit.")
    var hook = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let path = try GitSetup.sharedFile(console.storeQuery, given: file?.path)
        let result: GitSetup.Result
        do {
            result = try GitSetup.run(file: path, command: Self.command())
        } catch {
            throw FileProblem(description: error.description, kind: .cannotWrite)
        }
        if result.changed.isEmpty {
            console.line("Git already merges \(console.safe(result.pattern)) with dtaudit; nothing to change.")
        } else {
            console.line("Git now merges \(console.safe(result.pattern)) with dtaudit's merge driver (changed: \(result.changed.map(console.safe).joined(separator: ", "))).")
        }
        switch result.shared {
        case .present: break
        case .written:
            console.line(console.style.dim("Commit .gitattributes with the audit file, so that clones without the driver keep both sides' records (merge=union)."))
        case .missing(let line):
            console.line(console.style.dim("The repository's .gitattributes does not ask for git's union merge of the audit file, so clones without the driver "
                                           + "merge it with conflict markers (which sync reads too). Left alone, so that no pull meets an untracked copy: "
                                           + "to change it, add the line '\(console.safe(line))' to .gitattributes and commit it."))
        }
        if hook { try installHook(path: path, pattern: result.pattern, console: console) }
    }

    private func installHook(path: String, pattern: String, console: Console) throws {
        let outcome: CommitHook.Outcome
        do {
            outcome = try CommitHook.install(in: PathNames.folder(of: path), command: Self.command(), file: path)
        } catch {
            throw FileProblem(description: console.safe(error.description), kind: .cannotWrite)
        }
        switch outcome {
        case .written(let hook):
            console.line("Each commit now syncs \(console.safe(pattern)) and carries it (\(console.safe(hook)); 'git commit --no-verify' skips it once).")
        case .unchanged(let hook):
            console.line("The pre-commit hook \(console.safe(hook)) already syncs \(console.safe(pattern)); nothing to change.")
        }
    }

    /// How git should start this dtaudit: by name when the PATH finds this very program, else by
    /// its full path.
    static func command() -> String {
        let invoked = CommandLine.arguments.first ?? "dtaudit"
        if !invoked.contains("/") { return "dtaudit" }
        let path = Files.standardized(StoreLocation.absolute(invoked, from: Console.currentDirectory))
        let safe = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+".unicodeScalars.contains($0) }
        return safe ? path : Executable.shellQuoted(path)
    }
}
