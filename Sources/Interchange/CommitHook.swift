import Platform

/// The opt-in pre-commit hook `git-setup --hook` writes: it runs `dtaudit sync` and adds the shared
/// file and its evidence folder to the commit, so that no commit leaves records in the store alone.
public enum CommitHook {
    /// The line that marks a hook as dtaudit's own, which `git-setup --hook` may rewrite.
    static let marker = "# dtaudit git-setup --hook"

    public enum Outcome: Sendable, Equatable {
        /// Written now; the path as `git rev-parse --git-path` gives it.
        case written(String)
        /// dtaudit's hook was there already, as it would write it.
        case unchanged(String)
    }

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Somebody's own hook is there: never overwritten. `line` is what they may add to it.
        case taken(path: String, line: String)
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .taken(let path, let line):
                "\(path) is a pre-commit hook of your own, left as it is; to sync before each commit, add to it the line: \(line)"
            case .cannotWrite(let path): "cannot write the pre-commit hook \(path)"
            }
        }
    }

    /// The hook's text for the shared file at `file` and its evidence folder `evidence` (both
    /// relative to the repository's top, where git runs hooks); `command` starts dtaudit.
    static func script(command: String, file: String, evidence: String) -> String {
        let (file, evidence) = (Executable.shellQuoted(file), Executable.shellQuoted(evidence))
        return """
            #!/bin/sh
            \(marker): every commit carries the audit records this clone holds.
            # 'git commit --no-verify' skips it once; deleting this file stops it.
            \(line(command: command, file: file, evidence: evidence))

            """
    }

    /// What the hook runs, as one line a person can add to a hook of their own.
    static func line(command: String, file: String, evidence: String) -> String {
        "\(command) sync >/dev/null && git add -- \(file) && { [ ! -d \(evidence) ] || git add -- \(evidence); } "
            + "|| { echo 'dtaudit: the audit file could not be synced (above), so the commit stops; git commit --no-verify commits without it' >&2; exit 1; }"
    }

    /// Writes the hook into the repository holding `folder`, unless a hook of someone else's is there.
    public static func install(in folder: String, command: String, file: String, evidence: String) throws(Problem) -> Outcome {
        // The shared file's folder need not exist yet (git-setup before the first sync).
        var folder = folder
        while folder != "/", Files.status(folder)?.kind != .directory { folder = PathNames.folder(of: folder) }
        guard let given = GitSetup.git(folder, ["rev-parse", "--git-path", "hooks/pre-commit"]) else { throw .cannotWrite("hooks/pre-commit") }
        let path = given.hasPrefix("/") ? given : Files.standardized(folder + "/" + given)
        // Named from the repository's top, as git-setup names the files it changes.
        let top = GitSetup.git(folder, ["rev-parse", "--show-toplevel"])
        let shown = top.map { PathNames.shown(path, from: $0) } ?? given
        let text = script(command: command, file: file, evidence: evidence)
        if let status = Files.status(path, followLinks: false) {
            let existing = status.kind == .regular ? RegularFile(opening: path)?.readAll().map { String(decoding: $0, as: UTF8.self) } : nil
            guard let existing, existing.contains(marker) else {
                throw .taken(path: shown, line: line(command: command, file: Executable.shellQuoted(file), evidence: Executable.shellQuoted(evidence)))
            }
            if existing == text, Files.permissions(path).map({ $0 & 0o111 != 0 }) == true { return .unchanged(shown) }
        }
        do {
            try? Files.makeDirectories(PathNames.folder(of: path))
            try Files.writeAtomically(path) { $0.write(text) }
            try Files.setPermissions(path, 0o755)
        } catch {
            throw .cannotWrite(shown)
        }
        return .written(shown)
    }
}
