import Platform

/// Teaches a git repository to merge the shared audit file: the committed `.gitattributes` asks
/// for git's union merge, which every clone gets; this clone's own `info/attributes` (which git
/// reads first) and config name dtaudit's merge driver instead, which also puts the lines in order.
public enum GitSetup {
    /// The name of the driver in git's config (`merge.dtaudit.driver`).
    public static let driverName = "dtaudit"

    public struct Result: Sendable, Equatable {
        /// The file's path as git's attribute files name it (relative to the repository's top).
        public var pattern: String
        /// Files changed, relative to the top: `.gitattributes`, `.git/info/attributes`, `.git/config`.
        public var changed: [String] = []
        /// Where the repository's shared `merge=union` line stands.
        public var shared: SharedLine = .present
    }

    /// The `.gitattributes` line that every clone, set up or not, merges the file by.
    public enum SharedLine: Sendable, Equatable {
        /// Already there (committed, or written before).
        case present
        /// Written now, to be committed with the audit file.
        case written
        /// Not there, and left alone because the audit file is already committed: `line` is what
        /// someone adds and commits once.
        case missing(line: String)
    }

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case noGit
        case notARepository(String)
        case outside(file: String, top: String)
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .noGit: "git is not installed or not on the PATH"
            case .notARepository(let folder): "\(folder) is not in a git repository; 'git init' first, or share the file another way"
            case .outside(let file, let top): "\(file) lies outside the repository at \(top)"
            case .cannotWrite(let path): "cannot write \(path)"
            }
        }
    }

    /// Sets the repository holding `file` up; `command` is how git should start dtaudit. The file
    /// and its folder need not exist yet: the first run's `git-setup` comes before the first `sync`.
    ///
    /// The shared line goes into `.gitattributes` only where the audit file has never been
    /// committed (the clone that starts it, which commits both together). Anywhere else a
    /// teammate may already have committed that line, and an untracked or changed `.gitattributes`
    /// here would make the `git pull` that brings it abort; this clone's own line in
    /// `info/attributes` gives it the driver either way.
    public static func run(file: String, command: String) throws(Problem) -> Result {
        guard Subprocess.output(of: "git", ["--version"]) != nil else { throw .noGit }
        let resolvedFile = Files.resolvingLinks(file)
        var folder = PathNames.folder(of: resolvedFile)
        while folder != "/", Files.status(folder)?.kind != .directory { folder = PathNames.folder(of: folder) }
        guard let top = git(folder, ["rev-parse", "--show-toplevel"]) else { throw .notARepository(PathNames.folder(of: file)) }
        let resolvedTop = Files.resolvingLinks(top)
        let base = resolvedTop.hasSuffix("/") ? resolvedTop : resolvedTop + "/"
        guard resolvedFile.hasPrefix(base) else { throw .outside(file: file, top: top) }
        var result = Result(pattern: String(resolvedFile.dropFirst(base.count)))
        let quoted = result.pattern.contains(" ") ? "\"\(result.pattern)\"" : result.pattern

        let attributes = top + "/.gitattributes"
        if setsMerge(for: result.pattern, in: attributes) {
            result.shared = .present
        } else if git(top, ["log", "--all", "-1", "--format=%H", "--", result.pattern])?.isEmpty != false {
            _ = try addLine("\(quoted) merge=union", for: result.pattern, to: attributes)
            result.changed.append(".gitattributes")
            result.shared = .written
        } else {
            result.shared = .missing(line: "\(quoted) merge=union")
        }
        guard let infoPath = git(folder, ["rev-parse", "--git-path", "info/attributes"]) else { throw .notARepository(folder) }
        let info = infoPath.hasPrefix("/") ? infoPath : Files.standardized(folder + "/" + infoPath)
        try? Files.makeDirectory(PathNames.folder(of: info))
        if try addLine("\(quoted) merge=\(driverName)", for: result.pattern, to: info) {
            result.changed.append(PathNames.shown(info, from: top))
        }
        let driver = "\(command) merge-driver %O %A %B %P"
        if git(folder, ["config", "merge.\(driverName).driver"]) != driver {
            guard git(folder, ["config", "merge.\(driverName).name", "dtaudit: union of audit records"]) != nil,
                  git(folder, ["config", "merge.\(driverName).driver", driver]) != nil else { throw .cannotWrite("git's config") }
            result.changed.append("git config merge.\(driverName)")
        }
        return result
    }

    /// Whether this clone's git runs dtaudit's driver for `file`.
    public static func isSetUp(file: String) -> Bool {
        let folder = PathNames.folder(of: file)
        guard let value = git(folder, ["check-attr", "merge", "--", PathNames.fileName(of: file)]) else { return false }
        return value.hasSuffix(": merge: \(driverName)") && git(folder, ["config", "merge.\(driverName).driver"]) != nil
    }

    /// The program git's config names as dtaudit's merge driver for `file`, when git cannot start
    /// it (not there any more: dtaudit moved since `git-setup`, or was removed); nil when the file
    /// is not set up for the driver, or when the program is there.
    public static func unstartableDriver(file: String) -> String? {
        guard isSetUp(file: file), let driver = git(PathNames.folder(of: file), ["config", "merge.\(driverName).driver"]) else { return nil }
        let program = firstWord(driver)
        guard !program.isEmpty else { return nil }
        if program.contains("/") {
            return Files.status(program)?.kind == .regular && System.isExecutable(program) ? nil : program
        }
        return Executable.onPath(program, path: System.environment("PATH")) == nil ? program : nil
    }

    /// The first word of a shell command, as `command()` in git-setup writes it: bare, or in single quotes.
    static func firstWord(_ command: String) -> String {
        guard command.hasPrefix("'") else { return String(command.prefix { $0 != " " && $0 != "\t" }) }
        var word = ""
        var rest = Substring(command.dropFirst())
        while let quote = rest.firstIndex(of: "'") {
            word += rest[..<quote]
            rest = rest[rest.index(after: quote)...]
            guard rest.hasPrefix("\\''") else { return word }
            word += "'"
            rest = rest.dropFirst(3)
        }
        return word + rest
    }

    static func git(_ folder: String, _ arguments: [String]) -> String? {
        Subprocess.output(of: "git", ["-C", folder] + arguments)?.trimmingTrailingNewlines
    }

    /// Whether a line of the attribute file at `path` sets `merge` for `pattern`.
    static func setsMerge(for pattern: String, in path: String) -> Bool {
        let existing = RegularFile(opening: path)?.readAll().map { String(decoding: $0, as: UTF8.self) } ?? ""
        for present in existing.split(separator: "\n") {
            let fields = present.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first else { continue }
            if first.trimmingQuotes == pattern, fields.dropFirst().contains(where: { $0.hasPrefix("merge") }) { return true }
        }
        return false
    }

    /// Appends `line` to the attribute file unless a line there already sets `merge` for `pattern`.
    /// Returns whether the file changed.
    static func addLine(_ line: String, for pattern: String, to path: String) throws(Problem) -> Bool {
        if setsMerge(for: pattern, in: path) { return false }
        var text = RegularFile(opening: path)?.readAll().map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        if text.isEmpty || !text.contains("dtaudit") {
            text += "# The shared Dynamic Type audit: records merge as a union (see Docs/interchange.md of dtaudit).\n"
        }
        text += line + "\n"
        do {
            try Files.writeAtomically(path) { $0.write(text) }
        } catch {
            throw .cannotWrite(path)
        }
        return true
    }
}

extension StringProtocol {
    var trimmingTrailingNewlines: String {
        var text = String(self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : String(self)
    }
}
