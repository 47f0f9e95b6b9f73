#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A folder reached from a root one name at a time, none of them a symbolic link, and held open:
/// every call acts on a name in that very folder, even when a folder on the way is swapped for a
/// link meanwhile. What a file found in a scanned tree names (a `--fix` journal) is acted on through
/// one, so that it can never reach outside the tree.
public final class ConfinedFolder {
    private let descriptor: Int32

    /// Opens `root` (which may itself be a link: the user named it), then each of `folders` inside
    /// the one before without following a link; nil when one is missing, is not a folder, is a
    /// link, or is not a plain name (empty, `.`, `..`, or holding a `/`).
    public init?(root: String, folders: [String]) {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return nil }
        for name in folders {
            guard Self.isPlainName(name) else {
                _ = Glue.close(current)
                return nil
            }
            let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            _ = Glue.close(current)
            guard next >= 0 else { return nil }
            current = next
        }
        descriptor = current
    }

    deinit { _ = Glue.close(descriptor) }

    /// A name that stays in the folder it is looked up in.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// The identity of the regular file `name` (not through a link), or nil when nothing is there
    /// or it is something else.
    public func identity(_ name: String) -> FileIdentity? {
        guard Self.isPlainName(name) else { return nil }
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    /// Moves `source` to `destination`, both in this folder, in one step, replacing what is there
    /// (a link there is replaced, not followed).
    public func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Self.isPlainName(source), Self.isPlainName(destination) else {
            throw SystemError(operation: "move a file to", path: destination, code: EINVAL)
        }
        if renameat(descriptor, source, descriptor, destination) != 0 {
            throw SystemError(operation: "move a file to", path: destination, code: errno)
        }
    }

    /// Removes the file `name` (a link itself, never what it names); a file already gone is fine.
    public func remove(_ name: String) throws(SystemError) {
        guard Self.isPlainName(name) else { throw SystemError(operation: "remove", path: name, code: EINVAL) }
        if unlinkat(descriptor, name, 0) != 0 && errno != ENOENT {
            throw SystemError(operation: "remove", path: name, code: errno)
        }
    }

    /// The names in the folder, without `.` and `..`, in no particular order.
    public func names() -> [String] {
        // A directory stream takes over the descriptor it reads: it reads a copy.
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let handle = fdopendir(copy) else {
            _ = Glue.close(copy)
            return []
        }
        defer { closedir(handle) }
        rewinddir(handle)
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes the temporary files beside the files `targets` (names in this folder) whose writers
    /// were killed, as `Files.removeLeftovers` does by path.
    public func removeLeftovers(of targets: Set<String>) {
        for entry in names() {
            guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { continue }
            let inner = entry.dropFirst().dropLast(4)
            guard let dot = inner.lastIndex(of: "."), targets.contains(String(inner[..<dot])),
                  let pid = TemporaryFile.writer(of: entry, for: String(inner[..<dot])),
                  pid != getpid(), !TemporaryFile.isRunning(pid) else { continue }
            try? remove(entry)
        }
    }
}

/// Why `Files.readOwn` did not read a file.
public enum OwnFileRefusal: Error, Sendable, Equatable {
    /// Missing, a link, not a regular file, larger than allowed, or changed while it was read.
    case unreadable
    /// Another user's file (that user's id).
    case otherOwner(UInt32)
    /// The running user's, but its group or everyone may write to it (its permission bits).
    case writableByOthers(UInt32)
}

extension Files {
    /// The bytes and identity of `path` when it is a regular file (not a link) of the user this
    /// process runs as, that no other user may write to: read through one descriptor, so what is
    /// checked is what is read. What another user could have written is refused, whatever it says.
    public static func readOwn(_ path: String, maximumBytes: Int) -> Result<(bytes: [UInt8], identity: FileIdentity), OwnFileRefusal> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { _ = Glue.close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable) }
        guard info.st_uid == geteuid() else { return .failure(.otherOwner(UInt32(info.st_uid))) }
        let bits = UInt32(info.st_mode) & 0o7777
        guard bits & 0o022 == 0 else { return .failure(.writableByOthers(bits)) }
        guard info.st_size <= Int64(maximumBytes), let read = readUnchanged(descriptor: descriptor) else { return .failure(.unreadable) }
        return .success(read)
    }
}
