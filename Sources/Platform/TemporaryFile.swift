#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files writers put beside what they write: `.NAME.PID-RANDOM.tmp`. The random part
/// makes the name unguessable, so no planted file or link can be waiting under it; the process id
/// tells a file a killed writer left from one another writer is filling now.
public enum TemporaryFile {
    /// A new name beside `path`.
    public static func path(for path: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let (folder, name) = split(path)
        return folder + "." + name + "." + String(getpid()) + "-" + String(generator.next(), radix: 36) + ".tmp"
    }

    /// The process that made the temporary file `name` for `target`'s name, or nil when `name`
    /// is not one.
    public static func writer(of name: String, for target: String) -> Int32? {
        let prefix = "." + target + "."
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(4)
        guard let dash = middle.firstIndex(of: "-"), let pid = Int32(middle[..<dash]), pid > 0 else { return nil }
        return pid
    }

    /// Whether process `pid` still runs (one of another user counts as running).
    public static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// How long a temporary file may go unchanged while a process of its writer's number runs:
    /// every writer writes its file in seconds, so one that old was left by a writer killed long
    /// ago, whose number another process has since been given.
    public static let abandonedAfterMilliseconds: Int64 = 24 * 60 * 60 * 1000

    /// Whether the temporary file at `path`, made by process `pid`, was left by a writer that is
    /// gone: the process no longer runs, or the file has not changed for a day.
    public static func isLeftOver(_ path: String, writer pid: Int32, now: Int64 = System.currentMilliseconds()) -> Bool {
        guard pid != getpid() else { return false }
        if !isRunning(pid) { return true }
        guard let modified = Files.status(path, followLinks: false)?.modifiedMilliseconds else { return false }
        return now - modified > abandonedAfterMilliseconds
    }

    /// The folder part of `path` (with its `/`, or empty) and the name in it.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}

extension Files {
    /// Removes the temporary files beside `path` whose writers were killed before they finished.
    /// Only names of the form writers make are touched, and a link is removed, never followed.
    public static func removeLeftovers(of path: String) {
        removeLeftovers(of: [path])
    }

    /// The same for many files, each folder read once however many of them it holds.
    public static func removeLeftovers(of paths: [String]) {
        var names: [String: Set<String>] = [:]
        for path in paths {
            let (folder, name) = TemporaryFile.split(path)
            names[folder, default: []].insert(name)
        }
        for (folder, targets) in names {
            guard let entries = try? list(folder.isEmpty ? "." : folder) else { continue }
            for entry in entries {
                // `.NAME.PID-RANDOM.tmp`: the name is what lies before the last two dots.
                guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { continue }
                let inner = entry.dropFirst().dropLast(4)
                guard let dot = inner.lastIndex(of: "."), targets.contains(String(inner[..<dot])),
                      let pid = TemporaryFile.writer(of: entry, for: String(inner[..<dot])),
                      TemporaryFile.isLeftOver(folder + entry, writer: pid) else { continue }
                try? remove(folder + entry)
            }
        }
    }
}
