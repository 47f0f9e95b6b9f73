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

    /// The user id that owns `path` itself (a link is not followed), or nil when nothing is there.
    public static func owner(_ path: String) -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt32(info.st_uid)
    }

    /// Sets the permission bits of `path`: a file rewritten through a temporary one keeps the
    /// original's, so that an executable script stays executable.
    public static func setPermissions(_ path: String, _ bits: UInt32) throws(SystemError) {
        guard chmod(path, mode_t(bits & 0o7777)) == 0 else { throw SystemError(operation: "chmod", path: path, code: errno) }
    }
}

extension System {
    /// Whether this process may run the file at `path`.
    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The user this process acts as (its effective user id).
    public static var userID: UInt32 { UInt32(geteuid()) }

    /// Whether `owner` is the user this process acts as, or, for root running under `sudo`, the
    /// user who ran `sudo` (`SUDO_UID`), as git allows it.
    public static func isOwnUser(_ owner: UInt32) -> Bool {
        if owner == userID { return true }
        return userID == 0 && environment("SUDO_UID").flatMap { UInt32($0) } == owner
    }
}
