#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Programs as a shell finds them, and the program that is running: so that commands the tool
/// prints for a user to type run this very binary.
public enum Executable {
    /// The running program's file with every symbolic link resolved, or nil when it cannot be told.
    /// Linux names it in /proc/self/exe; elsewhere the name it was started by is followed the way
    /// the shell followed it (a path when it holds a slash, else the first match on PATH).
    public static func current(workingDirectory: String) -> String? {
        #if os(Linux)
        if let path = resolved("/proc/self/exe") { return path }
        #endif
        guard let invoked = CommandLine.arguments.first, !invoked.isEmpty else { return nil }
        if invoked.contains("/") { return resolved(Files.absolute(invoked, from: workingDirectory)) }
        return onPath(invoked, path: System.environment("PATH")).flatMap(resolved)
    }

    /// The file a shell runs for the command `name`: the first executable regular file of that name
    /// in the folders of `path` (a PATH value), or nil. Relative folders are skipped: they would
    /// name other folders once the user has changed folder.
    public static func onPath(_ name: String, path: String?) -> String? {
        guard let path, !name.isEmpty, !name.contains("/") else { return nil }
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) where folder.hasPrefix("/") {
            let candidate = (folder.hasSuffix("/") ? String(folder) : folder + "/") + name
            if Files.status(candidate)?.kind == .regular && access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// `path` absolute, with every symbolic link, `.` and `..` resolved; nil when nothing is there.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// How a printed command should start `program` (the running binary): by its bare `name` when
    /// the shell would find this very file under that name on `path`, else by its full path as one
    /// shell word, which works from any folder without installing anything. Just `name` when the
    /// running binary is not known.
    public static func command(_ name: String, for program: String?, path: String?) -> String {
        guard let program, let running = resolved(program) else { return name }
        if let found = onPath(name, path: path), resolved(found) == running { return name }
        return shellWord(running)
    }

    /// `text` as one word of a POSIX shell: as it is when it holds only characters no shell treats
    /// specially, else in single quotes (`it's` becomes `'it'\''s'`).
    public static func shellWord(_ text: String) -> String {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-"
        if !text.isEmpty && text.unicodeScalars.allSatisfy({ plain.unicodeScalars.contains($0) }) { return text }
        return shellQuoted(text)
    }

    /// `text` as one word of a POSIX shell in single quotes, whatever it holds: every character is
    /// taken literally, and a quote inside is written `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        // By scalar: an apostrophe with a combining mark is one Character but still ends the word.
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
