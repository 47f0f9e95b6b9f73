#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Which version of which file a path named: the device and inode say which file, the size and the
/// time of the last write (to the nanosecond) which version of it. Two reads that see the same
/// identity saw the same file unless a write of the same size landed within one tick of the
/// file system's clock, which is why a rewrite compares the bytes too.
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var byteCount: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, byteCount: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.byteCount = byteCount
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        byteCount = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// The identity of the open file `descriptor`, or nil when it is not a regular file.
    static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }
}

extension Files {
    /// The identity of the regular file `path` names itself (a symbolic link is not followed), or
    /// nil when nothing is there or it is something else.
    public static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    /// The bytes of the regular file `path` (never read through a symbolic link) and its identity,
    /// read through one descriptor; nil when it cannot be read or changed while it was read.
    public static func readUnchanged(_ path: String) -> (bytes: [UInt8], identity: FileIdentity)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = Glue.close(descriptor) }
        return readUnchanged(descriptor: descriptor)
    }

    /// The identity of the regular file `path` (never read through a symbolic link) when it holds
    /// exactly `bytes`, read through one descriptor and compared a block at a time: a caller that
    /// only asks whether a file is still what it read needs no copy of it, which for a large file
    /// is memory the system must clear first. Nil when it cannot be read, holds other bytes, or
    /// changed while it was read.
    public static func identity(_ path: String, holding bytes: [UInt8]) -> FileIdentity? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = Glue.close(descriptor) }
        guard let before = FileIdentity.of(descriptor: descriptor), before.byteCount == Int64(bytes.count) else { return nil }
        let block = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        var done = 0
        var same = true
        bytes.withUnsafeBytes { expected in
            // Reading on to the end: a file that grew meanwhile holds more than `bytes`.
            while same {
                let read = Glue.read(descriptor, buffer, block)
                if read > 0 {
                    same = done + read <= expected.count && memcmp(buffer, expected.baseAddress! + done, read) == 0
                    done += read
                } else if read == 0 {
                    break
                } else if errno != EINTR {
                    same = false
                }
            }
        }
        guard same, done == bytes.count, FileIdentity.of(descriptor: descriptor) == before else { return nil }
        return before
    }

    /// The same through a descriptor opened at the start of the file.
    static func readUnchanged(descriptor: Int32) -> (bytes: [UInt8], identity: FileIdentity)? {
        guard let before = FileIdentity.of(descriptor: descriptor), before.byteCount < Int64(Int.max) else { return nil }
        let count = Int(before.byteCount)
        var failed = false
        // One byte more than the size, to see a file that grew meanwhile.
        let bytes = [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            var done = 0
            while done < count + 1 {
                let read = Glue.read(descriptor, buffer.baseAddress! + done, count + 1 - done)
                if read > 0 {
                    done += read
                } else if read == 0 {
                    break
                } else if errno != EINTR {
                    failed = true
                    break
                }
            }
            initialized = done
        }
        guard !failed, bytes.count == count, FileIdentity.of(descriptor: descriptor) == before else { return nil }
        return (bytes, before)
    }

    /// Swaps the files two paths in one folder name, in one step that no other program can come
    /// between (Linux's `renameat2` with `RENAME_EXCHANGE`, macOS's `renamex_np` with `RENAME_SWAP`).
    /// False, with nothing changed, when the system or the file system cannot.
    public static func exchange(_ first: String, _ second: String) throws(SystemError) -> Bool {
        #if canImport(Glibc)
        let result = linuxRenameAt2(AT_FDCWD, first, AT_FDCWD, second, 2)  // RENAME_EXCHANGE
        #elseif canImport(Darwin)
        let result = renamex_np(first, second, UInt32(RENAME_SWAP))
        #else
        let result: Int32 = -1
        errno = ENOSYS
        #endif
        if result == 0 { return true }
        let code = errno
        if code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP { return false }
        throw SystemError(operation: "swap a file with", path: second, code: code)
    }

    /// Gives the file `existing` names (a symbolic link itself, not what it points to) a second
    /// name, `new`, which must not exist. False, with nothing changed, when the file system has no
    /// such names.
    public static func link(_ existing: String, as new: String) throws(SystemError) -> Bool {
        if linkat(AT_FDCWD, existing, AT_FDCWD, new, 0) == 0 { return true }
        let code = errno
        if code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK { return false }
        throw SystemError(operation: "link", path: new, code: code)
    }
}

extension Files {
    /// Adds `bytes` at the end of the existing regular file `path` (not through a symbolic link), in
    /// one write, left for the system to flush.
    public static func append(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
        let output = BufferedOutput(descriptor: descriptor, ownsDescriptor: true)
        output.write(bytes: bytes)
        guard output.close(syncing: false) else { throw SystemError(operation: "write", path: path, code: output.errorCode) }
    }
}

extension System {
    /// An id the system draws anew each time it starts, or nil where it gives none: what a process
    /// wrote with it was written on this machine since it started, not copied from elsewhere.
    public static var bootSessionID: String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
        let id = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let bytes = try? FileReader.prefix(of: "/proc/sys/kernel/random/boot_id", count: 64) else { return nil }
        let id = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        #endif
        return id.isEmpty || !id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) ? nil : id
    }

    /// Whether process `pid` still runs (one of another user counts as running).
    public static func isRunning(_ pid: Int32) -> Bool {
        TemporaryFile.isRunning(pid)
    }
}

#if canImport(Glibc)
/// glibc's `renameat2` (2.28 and later), which the Glibc module leaves out.
@_silgen_name("renameat2")
private func linuxRenameAt2(_ oldFolder: Int32, _ old: UnsafePointer<CChar>, _ newFolder: Int32, _ new: UnsafePointer<CChar>,
                            _ flags: UInt32) -> Int32
#endif
