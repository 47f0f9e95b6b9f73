import AuditLog
import DynamicType
import Platform

/// Who is acting: the name every record a command makes carries.
public enum Author {
    /// `--by` (checked as a name is), else `DTAUDIT_USER`, else git's `user.name`, else the login name.
    public static func resolve(_ given: String?) throws -> String {
        if let given { return try InputRules.name(given, what: "--by") }
        if let user = System.environment("DTAUDIT_USER"), !user.isEmpty { return user }
        if let name = gitConfig("user.name") { return name }
        return System.loginName() ?? "unknown"
    }

    /// git's `user.email`, nil when git has none: the contact a conformance report names by default.
    public static func gitEmail() -> String? {
        gitConfig("user.email")
    }

    /// The first line of `git config KEY`, without surrounding white space; nil when empty or unset.
    private static func gitConfig(_ key: String) -> String? {
        guard let output = Subprocess.output(of: "git", ["config", key]) else { return nil }
        let line = String((output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces)
        return line.isEmpty ? nil : line
    }
}
