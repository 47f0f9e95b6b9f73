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
