import AuditLog
import DynamicType
import Output
import Platform

/// Who is acting: the name every record a command makes carries.
public enum Author {
    /// `--by` (checked as a name is), else `DTAUDIT_USER`, else git's `user.name`, else the login name.
    public static func resolve(_ given: String?) throws -> String {
        try identify(given).name
    }

    /// The name a command signs with and where it came from: `--by`, else `DTAUDIT_USER`, else the
    /// name the store itself records as (the demo's), else git's `user.name`, else the login name.
    public static func identify(_ given: String?, storeAuthor: String? = nil) throws -> Signer {
        if let given { return Signer(name: try InputRules.name(given, what: "--by"), source: .option) }
        if let user = System.environment("DTAUDIT_USER"), !user.isEmpty { return Signer(name: user, source: .environment) }
        if let storeAuthor, !storeAuthor.isEmpty { return Signer(name: storeAuthor, source: .store) }
        if let (scope, name) = gitUserName() { return Signer(name: name, source: .git(scope: scope)) }
        return Signer(name: System.loginName() ?? "unknown", source: .login)
    }

    /// git's `user.email`, nil when git has none: the contact a conformance report names by default.
    public static func gitEmail() -> String? {
        gitConfig("user.email")
    }

    /// A signing name and where it came from, and the line that says so.
    public struct Signer: Sendable, Equatable {
        public let name: String
        public let source: Source

        public enum Source: Sendable, Equatable {
            case option
            case environment
            /// The store names who records in it (the demo's example auditor).
            case store
            /// git's `user.name`, with the scope git found it in (`global`, `local`, `system`, ...).
            case git(scope: String?)
            case login
        }

        /// Who records, where the name came from and how to change it, in one line.
        public var notice: String {
            let shown = "'" + TextLayout.singleLine(name) + "'"
            let others = "DTAUDIT_USER=NAME or --by NAME records as someone else"
            let gitChange = "git config user.name \"Your Name\" changes it for this repository, " + others
            let (origin, change): (String, String) = switch source {
            case .option: ("given with --by", others)
            case .environment: ("from DTAUDIT_USER", others)
            case .store: ("the name this example audit records as", others)
            case .git(let scope):
                switch scope {
                case "global": ("git's global user.name", gitChange)
                case "local", "worktree": ("git's user.name for this repository", "git config user.name \"Your Name\" changes it, " + others)
                case "system": ("git's system-wide user.name", gitChange)
                default: ("git's user.name", gitChange)
                }
            case .login: ("your login name, as git has no user.name", gitChange)
            }
            return "recording as \(shown) (\(origin)); \(change). Said once in each clone."
        }
    }

    /// git's `user.name` and the scope it was set in; the scope is nil for a git too old to say.
    private static func gitUserName() -> (String?, String)? {
        if let output = Subprocess.output(of: "git", ["config", "--show-scope", "--get", "user.name"]) {
            let line = output.trimmedFirstLine
            if let tab = line.firstIndex(of: "\t") {
                let name = String(line[line.index(after: tab)...].trimmingSpaces)
                if !name.isEmpty { return (String(line[..<tab]), name) }
            }
        }
        return gitConfig("user.name").map { (nil, $0) }
    }

    /// The first line of `git config KEY`, without surrounding white space; nil when empty or unset.
    private static func gitConfig(_ key: String) -> String? {
        guard let output = Subprocess.output(of: "git", ["config", key]) else { return nil }
        let line = output.trimmedFirstLine
        return line.isEmpty ? nil : line
    }
}

private extension String {
    var trimmedFirstLine: String {
        String((split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces)
    }
}
