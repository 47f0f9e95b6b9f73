#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension FileReader {
    /// Why `openRegular` did not open a path.
    public enum Refusal: Error, Sendable {
        case missing
        /// A symbolic link, where links are not followed.
        case link
        /// A folder, a device, a pipe or a socket.
        case notAFile
        case unreadable(SystemError)
    }

    /// Opens `path` for reading only when it is a regular file, and gives its size as the opened
    /// file has it: what is checked is what is read, so a path swapped for a link, a pipe or a
    /// larger file between a check and the read is caught. Opening never waits (a pipe without a
    /// writer is refused, not waited on). With `followLinks` false, a link in the last place of
    /// `path` is refused.
    public static func openRegular(_ path: String, followLinks: Bool) throws(Refusal) -> (reader: FileReader, byteCount: Int64) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing }
            // O_NOFOLLOW fails with ELOOP (EMLINK on FreeBSD); the link itself says what it is.
            if !followLinks, Files.status(path, followLinks: false)?.kind == .symbolicLink { throw .link }
            throw .unreadable(SystemError(operation: "open", path: path, code: code))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = Glue.close(descriptor)
            throw .unreadable(SystemError(operation: "read", path: path, code: code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            _ = Glue.close(descriptor)
            throw .notAFile
        }
        return (FileReader(descriptor: descriptor, path: path), Int64(info.st_size))
    }
}

extension Files {
    /// What the symbolic link at `path` points to, as it is written; nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
