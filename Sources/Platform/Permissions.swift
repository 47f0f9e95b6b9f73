#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension Files {
    /// The permission bits of `path` (through symbolic links), or nil when nothing is there.
    public static func permissions(_ path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Sets the permission bits of `path`: a file rewritten through a temporary one keeps the
    /// original's, so that an executable script stays executable.
    public static func setPermissions(_ path: String, _ bits: UInt32) throws(SystemError) {
        guard chmod(path, mode_t(bits & 0o7777)) == 0 else { throw SystemError(operation: "chmod", path: path, code: errno) }
    }
}
