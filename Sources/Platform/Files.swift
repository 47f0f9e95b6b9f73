#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// What a path names, as `stat` sees it.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    public var kind: Kind
    /// The size in bytes (of the link itself for an unfollowed symbolic link).
    public var byteCount: Int64
    /// The last modification, in milliseconds since 1970.
    public var modifiedMilliseconds: Int64
}

/// Plain file system calls, each failing with a `SystemError` that names the path.
public enum Files {
    /// The status of `path`, or nil when nothing is there. Symbolic links are followed unless
    /// `followLinks` is false.
    public static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        let kind: FileStatus.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1000 + Int64(info.st_mtimespec.tv_nsec) / 1_000_000
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
        #endif
        return FileStatus(kind: kind, byteCount: Int64(info.st_size), modifiedMilliseconds: modified)
    }

    /// `path` made absolute against `directory`, then standardized.
    public static func absolute(_ path: String, from directory: String) -> String {
        standardized(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// `path` without `.`, `..` and repeated slashes, worked out without touching the file system.
    public static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        // Joined by hand, each part made a string first: joining or appending substrings is generic
        // code the runtime first resolves by name, which costs more than the whole path.
        var result = ""
        for part in parts {
            result.append("/")
            result.append(String(part))
        }
        return result.isEmpty ? "/" : result
    }

    /// The names in a folder, without `.` and `..`, in no particular order.
    public static func list(_ directory: String) throws(SystemError) -> [String] {
        try entries(directory).map(\.name)
    }

    /// What a folder entry is, as the folder itself tells (`d_type`), without a `stat`.
    public enum EntryKind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
        /// The file system does not say: ask `status`.
        case unknown
    }

    /// The names in a folder with their kinds, without `.` and `..`, in no particular order.
    public static func entries(_ directory: String) throws(SystemError) -> [(name: String, kind: EntryKind)] {
        guard let handle = opendir(directory) else {
            throw SystemError(operation: "read the folder", path: directory, code: errno)
        }
        defer { closedir(handle) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return entries
    }

    /// Creates `path` as a folder; a folder already there is fine. Every folder dtaudit makes is
    /// made here (or through `makeDirectories`), as 0755: the umask may narrow that but never
    /// widen it, as for the files it writes (0644). A default mode of 0777 would leave a folder
    /// writable by everyone under a umask of 000.
    public static func makeDirectory(_ path: String) throws(SystemError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw SystemError(operation: "create the folder", path: path, code: errno)
        }
        guard status(path)?.kind == .directory else {
            throw SystemError(operation: "create the folder", path: path, code: ENOTDIR)
        }
    }

    /// Creates `path` and any folders above it that are missing.
    public static func makeDirectories(_ path: String) throws(SystemError) {
        if status(path)?.kind == .directory { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        try makeDirectory(path)
    }

    /// Moves `source` to `destination` in one step, replacing what is there.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #elseif canImport(Darwin)
        let result = Darwin.rename(source, destination)
        #else
        let result = Musl.rename(source, destination)
        #endif
        if result != 0 { throw SystemError(operation: "move a file to", path: destination, code: errno) }
    }

    /// Removes a file; a file already gone is fine.
    public static func remove(_ path: String) throws(SystemError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw SystemError(operation: "remove", path: path, code: errno)
        }
    }

    /// Removes an empty folder; a folder already gone is fine.
    public static func removeDirectory(_ path: String) throws(SystemError) {
        if rmdir(path) != 0 && errno != ENOENT {
            throw SystemError(operation: "remove the folder", path: path, code: errno)
        }
    }

    /// Sets the last modification (and access) time of `path`, in milliseconds since 1970.
    public static func setModified(_ path: String, milliseconds: Int64) throws(SystemError) {
        var time = timespec()
        time.tv_sec = Int(milliseconds / 1000)
        time.tv_nsec = Int(milliseconds % 1000) * 1_000_000
        let times = [time, time]
        if utimensat(AT_FDCWD, path, times, 0) != 0 {
            throw SystemError(operation: "set the time of", path: path, code: errno)
        }
    }
}

/// Reads a file from the start in chunks, without loading it whole.
public final class FileReader {
    public let path: String
    private let descriptor: Int32
    private var closed = false

    public init(path: String) throws(SystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes over an open descriptor.
    init(descriptor: Int32, path: String) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Fills `buffer` from the file; returns how many bytes were read, 0 at the end.
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in Glue.read(descriptor, raw.baseAddress, raw.count) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw SystemError(operation: "read", path: path, code: errno)
        }
    }

    /// Up to `count` bytes from the start of the file.
    public static func prefix(of path: String, count: Int) throws(SystemError) -> [UInt8] {
        let reader = try FileReader(path: path)
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while result.count < count {
            let read = try reader.read(into: &buffer)
            if read == 0 { break }
            result += buffer[0..<min(read, count - result.count)]
        }
        return result
    }

    public func close() {
        if !closed { _ = Glue.close(descriptor); closed = true }
    }

    deinit { close() }
}

extension BufferedOutput {
    /// Opens a new file at `path` for writing; fails when something is already there, so that two
    /// processes never write the same temporary file.
    public static func createNew(path: String) throws(SystemError) -> BufferedOutput {
        // O_EXCL already refuses a link in the last place; O_NOFOLLOW says so on every system.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(operation: "create", path: path, code: errno) }
        return BufferedOutput(descriptor: fd, ownsDescriptor: true)
    }
}

extension Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return Musl.read(fd, buffer, count)
        #endif
    }
}

/// A regular file (through symbolic links) open for reading, closed when it goes. Its contents can
/// be read straight into memory of the reader's choosing, at the size the file system gives.
public struct RegularFile: ~Copyable {
    private let descriptor: Int32
    /// The size the file system gives. Some files report 0 yet have contents (on Linux, in `/proc`):
    /// `readAll` reads those.
    public let byteCount: Int
    /// Which version of which file was opened, as the file system gave it then.
    public let identity: FileIdentity

    /// Opens `path`, or nil when it cannot be opened or is not a regular file (a folder, a pipe,
    /// a device).
    public init?(opening path: String) {
        // Non-blocking, so that opening a pipe never waits for a writer; a regular file reads as ever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = Glue.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        byteCount = Int(clamping: info.st_size)
        identity = FileIdentity(info)
    }

    deinit { _ = Glue.close(descriptor) }

    /// Reads into `buffer` until it is full or the file ends; returns how many bytes were read
    /// (fewer when the file shrank since it was opened), or nil on an error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let read = Glue.read(descriptor, base + count, buffer.count - count)
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        return count
    }

    /// The whole contents: `byteCount` bytes, or to the end for a file that reports a size of 0.
    public func readAll() -> [UInt8]? {
        if byteCount > 0 {
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                guard let count = read(into: UnsafeMutableRawBufferPointer(buffer)) else {
                    failed = true
                    return
                }
                initialized = count
            }
            return failed ? nil : bytes
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let count = chunk.withUnsafeMutableBytes({ read(into: $0) }) else { return nil }
            bytes += chunk[..<count]
            // Short of a full chunk: the file has ended.
            if count < chunk.count { return bytes }
        }
    }
}

extension Files {
    /// Writes a file whole or not at all: `body` writes into a new temporary file beside `path`,
    /// created exclusively under a random name (so no planted file or link is ever followed), and
    /// only a complete, flushed file is renamed over `path`. On any failure the temporary file is
    /// removed and `path` is as it was. A file that is only a cache (`durable` false) is renamed
    /// without being flushed first: after a crash it may be old, empty or torn, which its reader tells. Files made durable
    /// together afterwards (`syncAll`) are written the same way.
    public static func writeAtomically(_ path: String, durable: Bool = true, _ body: (BufferedOutput) throws -> Void) throws {
        // A device or a pipe is never replaced by a file (as root, that would remove /dev/null).
        if status(path, followLinks: false)?.kind == .other { throw SystemError(operation: "replace", path: path, code: EEXIST) }
        removeLeftovers(of: path)
        let temporary = TemporaryFile.path(for: path)
        let output = try BufferedOutput.createNew(path: temporary)
        do {
            try body(output)
            guard output.close(syncing: durable) else { throw SystemError(operation: "write", path: temporary, code: output.errorCode) }
            try rename(temporary, to: path)
        } catch {
            output.close()
            try? remove(temporary)
            throw error
        }
    }
}
