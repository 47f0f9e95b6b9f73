#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension Files {
    /// `path` (absolute) with every link on its way resolved: the deepest part that exists goes
    /// through `realpath`, and the names below it, which do not exist yet, are kept as they are.
    public static func resolvingLinks(_ path: String) -> String {
        var existing = standardized(path)
        var rest: [Substring] = []
        while existing != "/" && !existing.isEmpty {
            if let pointer = realpath(existing, nil) {
                defer { free(pointer) }
                let resolved = String(cString: pointer)
                return rest.isEmpty ? resolved : (resolved == "/" ? "" : resolved) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/") else { break }
            rest.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}

/// Paths taken apart and put together as text, without touching the file system.
public enum PathNames {
    /// The folder that holds `path`: `.` for a bare name, `/` for a top-level path.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of `path`.
    public static func fileName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// How a file in `folder` links to `path`: `trailhead-evidence` beside it, `../Exports/...` from
    /// elsewhere. Both are absolute and standardized.
    public static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/")
        let base = folder.split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }

    /// `path` relative to `directory` when it lies inside it, else as it is.
    public static func shown(_ path: String, from directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

/// The working folder, as the system names it, or why dtaudit cannot use it. Paths are kept as
/// text, so a folder whose path is not UTF-8 is refused rather than guessed at: a guess (U+FFFD in
/// place of the bytes) names another folder.
public enum WorkingDirectory {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The longest path the system gives for a folder.
    public static let maximumPathBytes = Int(PATH_MAX)

    public static func path() throws(Problem) -> String {
        var buffer = [CChar](repeating: 0, count: maximumPathBytes + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            switch errno {
            case ERANGE, ENAMETOOLONG:
                throw Problem(description: "the working folder's path is longer than this system's limit of \(maximumPathBytes) bytes; run dtaudit from a folder nearer the root")
            case ENOENT:
                throw Problem(description: "the working folder was removed; change to a folder that exists")
            default:
                throw Problem(description: "cannot tell the working folder: \(System.errorDescription())")
            }
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let shown = String(decoding: bytes, as: UTF8.self)
            throw Problem(description: "the working folder's path is not valid UTF-8 (\(PathText.visible(shown))); rename the folder, or run dtaudit from one whose name is")
        }
        return text
    }
}

/// The path shown in a message: the bytes that are not UTF-8 as U+FFFD, nothing a terminal obeys.
private enum PathText {
    static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0 }))
    }
}
