import Platform

/// The opt-in pre-commit hook `git-setup --hook` writes: one line per audit of the repository,
/// each running `dtaudit sync --pre-commit FILE` (`CommitSync`), which syncs the store that shares
/// through that file and stages the file and its evidence folder, so that no commit leaves records
/// in a store alone. Git runs a hook from the work tree's top, so each line names its file from there.
public enum CommitHook {
    /// The line that marks a hook as dtaudit's own, which `git-setup --hook` may rewrite.
    static let marker = "# dtaudit git-setup --hook"

    public enum Outcome: Sendable, Equatable {
        /// Written now; the path as `git rev-parse --git-path` gives it.
        case written(String)
        /// dtaudit's hook was there already, syncing the file.
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

    /// The hook's text, syncing each of `files` (relative to the work tree's top); `command` starts dtaudit.
    static func script(command: String, files: [String]) -> String {
        ([
            "#!/bin/sh",
            "\(marker): every commit carries the audit records this clone holds.",
            "# One line per audit; 'git commit --no-verify' skips them once; deleting this file stops them.",
        ] + files.map { line(command: command, file: $0) }).joined(separator: "\n") + "\n"
    }

    /// What the hook runs for one audit, as one line a person can add to a hook of their own.
    static func line(command: String, file: String) -> String {
        "\(command) sync --pre-commit \(Executable.shellQuoted(file.hasPrefix("-") ? "./" + file : file)) || exit 1"
    }

    /// The files the lines of a hook dtaudit wrote sync, in order: `sync --pre-commit FILE` lines,
    /// and the `git add -- FILE` of the single line an earlier version wrote.
    static func files(in text: String) -> [String] {
        var files: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            for marker in [" sync --pre-commit '", " git add -- '"] {
                guard let start = Self.end(of: marker, in: line), let file = unquoted(line[start...]) else { continue }
                if !files.contains(file) { files.append(file) }
                break
            }
        }
        return files
    }

    /// Where the first `marker` in `line` ends.
    private static func end(of marker: String, in line: Substring) -> Substring.Index? {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index...].hasPrefix(marker) { return line.index(index, offsetBy: marker.count) }
            index = line.index(after: index)
        }
        return nil
    }

    /// The word `Executable.shellQuoted` made, read back from just after its opening quote.
    private static func unquoted(_ text: Substring) -> String? {
        var result = ""
        var rest = text
        while let quote = rest.firstIndex(of: "'") {
            result += rest[..<quote]
            rest = rest[rest.index(after: quote)...]
            guard rest.hasPrefix("\\''") else { return result }
            result += "'"
            rest = rest.dropFirst(3)
        }
        return nil
    }

    /// Adds `file`'s line to the hook of the repository holding `folder`, writing the hook when
    /// there is none, unless a hook of someone else's is there. `file` is absolute.
    public static func install(in folder: String, command: String, file: String) throws(Problem) -> Outcome {
        // The shared file's folder need not exist yet (git-setup before the first sync).
        var folder = folder
        while folder != "/", Files.status(folder)?.kind != .directory { folder = PathNames.folder(of: folder) }
        guard let given = GitSetup.git(folder, ["rev-parse", "--git-path", "hooks/pre-commit"]),
              let top = GitSetup.git(folder, ["rev-parse", "--show-toplevel"]) else { throw .cannotWrite("hooks/pre-commit") }
        let path = given.hasPrefix("/") ? given : Files.standardized(folder + "/" + given)
        // Named from the repository's top, as git-setup names the files it changes.
        let shown = PathNames.shown(path, from: top)
        let relative = PathNames.shown(Files.resolvingLinks(file), from: Files.resolvingLinks(top))
        var files = [relative]
        if let status = Files.status(path, followLinks: false) {
            let existing = status.kind == .regular ? RegularFile(opening: path)?.readAll().map { String(decoding: $0, as: UTF8.self) } : nil
            guard let existing, existing.contains(marker) else { throw .taken(path: shown, line: line(command: command, file: relative)) }
            let written = Self.files(in: existing)
            files = written + (written.contains(relative) ? [] : [relative])
            if existing == script(command: command, files: files), Files.permissions(path).map({ $0 & 0o111 != 0 }) == true { return .unchanged(shown) }
        }
        do {
            try? Files.makeDirectories(PathNames.folder(of: path))
            try Files.writeAtomically(path) { $0.write(script(command: command, files: files)) }
            try Files.setPermissions(path, 0o755)
        } catch {
            throw .cannotWrite(shown)
        }
        return .written(shown)
    }
}
