#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A buffered writer on a file descriptor: large reports stream through it instead of being
/// built in memory, and writes bypass `FILE*` globals that Swift 6 treats as shared mutable state.
/// Used from one thread at a time: the tool's commands run on the main thread.
public final class BufferedOutput: TextOutputStream, @unchecked Sendable {
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private let ownsDescriptor: Bool
    public private(set) var failed = false
    /// The error of the first write that failed (`ENOSPC` for a full disk), or 0.
    public private(set) var errorCode: Int32 = 0
    private var closed = false

    public static let standardOutput = BufferedOutput(descriptor: 1)
    public static let standardError = BufferedOutput(descriptor: 2, capacity: 0)

    private let capacity: Int

    public init(descriptor: Int32, capacity: Int = 1 << 16, ownsDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(capacity)
    }

    /// Opens `path` for writing, creating or truncating it.
    public static func create(path: String) throws(SystemError) -> BufferedOutput {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(operation: "create", path: path, code: errno) }
        return BufferedOutput(descriptor: fd, ownsDescriptor: true)
    }

    /// Opens what is at `path`, through links, for writing straight through (a device, a pipe, a
    /// terminal, or the file a link leads to, which is emptied first), creating nothing; nil when it
    /// is a folder.
    public static func openStream(path: String) throws(SystemError) -> BufferedOutput? {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(operation: "open", path: path, code: errno) }
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : S_IFDIR
        if kind == S_IFREG && ftruncate(fd, 0) != 0 {
            let code = errno
            _ = Glue.close(fd)
            throw SystemError(operation: "empty", path: path, code: code)
        }
        guard kind != S_IFDIR else {
            _ = Glue.close(fd)
            return nil
        }
        return BufferedOutput(descriptor: fd, ownsDescriptor: true)
    }

    public func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in write(bytes) }
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if buffer.count + bytes.count > capacity {
            flush()
            if bytes.count > capacity {
                writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if capacity == 0 { flush() }
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes a descriptor this stream opened; reports whether every byte was written.
    /// Closes once: a second call (or the stream's end after a call) only reports again, so that
    /// the descriptor number, which the system may already have given to another file, is never
    /// closed twice.
    @discardableResult
    public func close() -> Bool {
        close(syncing: true)
    }

    /// The same; with `syncing` false the bytes are left for the system to write, for callers
    /// that write many files and make them durable together (`Files.syncAll`).
    @discardableResult
    public func close(syncing: Bool) -> Bool {
        guard !closed else { return !failed }
        flush()
        if ownsDescriptor {
            closed = true
            if syncing && fsync(descriptor) != 0 && errno != EINVAL {
                if !failed { errorCode = errno }
                failed = true
            }
            if Glue.close(descriptor) != 0 {
                if !failed { errorCode = errno }
                failed = true
            }
        }
        return !failed
    }

    /// What went wrong with the first write that failed, said for a person.
    public var failureDescription: String {
        switch errorCode {
        case ENOSPC, EDQUOT: "the disk is full"
        case EBADF: "it is closed"
        default: System.errorDescription(errorCode)
        }
    }

    /// Marks the stream failed before anything is written: standard output was closed when the
    /// process started, so its descriptor now holds /dev/null (`System.reserveStandardStreams`).
    public func markClosed() {
        if !failed { errorCode = EBADF }
        failed = true
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        // After a failed write the rest would be a file with a hole: nothing more is written.
        guard !failed else { return }
        guard !closed else {
            // The descriptor may belong to another file by now.
            failed = true
            return
        }
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glue.write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if !failed { errorCode = errno }
                failed = true
                return
            }
            remaining -= written
            base += written
        }
    }

    deinit {
        if ownsDescriptor { close() } else { flush() }
    }
}

/// A failed system call, described the way a user can act on.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public let operation: String
    public let path: String
    public let code: Int32

    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "cannot \(operation) \(path): \(System.errorDescription(code))"
    }

    /// Whether the disk (or the user's quota on it) is full.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

    /// Whether a rename failed because the two names are on different file systems.
    public var isCrossDevice: Bool { code == EXDEV }
}

/// Unqualified `write` and `close` would resolve to the methods above.
enum Glue {
    static func write(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #elseif canImport(Darwin)
        return Darwin.write(fd, bytes, count)
        #else
        return Musl.write(fd, bytes, count)
        #endif
    }

    static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.close(fd)
        #elseif canImport(Darwin)
        return Darwin.close(fd)
        #else
        return Musl.close(fd)
        #endif
    }
}
