#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension Subprocess {
    /// What a program given its standard input left: its exit status (nil when it was killed by a
    /// signal), its output and its error output, each cut at the limit it was read to.
    public struct Exchanged: Sendable {
        public var status: Int32?
        public var output: [UInt8]
        public var errors: [UInt8]
        /// Whether the output was longer than the limit.
        public var outputCut: Bool
    }

    /// Runs `program` (looked up on `PATH`) with `input` on its standard input, and returns what it
    /// wrote; nil when it cannot be started. The input and both outputs go through files that are
    /// unlinked as soon as they are opened: nothing can read the input (a token) from a path while
    /// it runs, no pipe can fill up and block either side, and a program that exits early never
    /// makes this one write to a closed pipe. At most `maximumOutput` bytes of output are read.
    public static func exchange(_ program: String, _ arguments: [String], input: [UInt8], maximumOutput: Int) -> Exchanged? {
        guard let stdin = anonymousFile(), let stdout = anonymousFile(), let stderr = anonymousFile() else { return nil }
        defer { for fd in [stdin, stdout, stderr] { _ = Glue.close(fd) } }
        var written = 0
        while written < input.count {
            let count = input.withUnsafeBufferPointer { Glue.write(stdin, $0.baseAddress! + written, input.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            written += count
        }
        guard lseek(stdin, 0, SEEK_SET) == 0 else { return nil }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &actions, nil, argv, environ) == 0 else { return nil }
        var waited: Int32 = 0
        while waitpid(pid, &waited, 0) < 0 && errno == EINTR {}
        let status: Int32? = waited & 0x7f == 0 ? (waited >> 8) & 0xff : nil
        let (output, cut) = readBack(stdout, limit: maximumOutput)
        let (errors, _) = readBack(stderr, limit: 64 * 1024)
        return Exchanged(status: status, output: output, errors: errors, outputCut: cut)
    }

    /// A new file in the temporary folder, readable and writable by this user only, already
    /// unlinked: its descriptor is the only way to it.
    private static func anonymousFile() -> Int32? {
        let folder = System.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        for _ in 0..<8 {
            let path = TemporaryFile.path(for: (folder.hasSuffix("/") ? folder : folder + "/") + "dtaudit-exchange")
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(path)
                return fd
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    private static func readBack(_ fd: Int32, limit: Int) -> ([UInt8], Bool) {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return ([], false) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (bytes, false) }
            bytes += chunk[0..<count]
        }
        return (Array(bytes.prefix(limit)), true)
    }

    /// Waits `seconds` (a rate limit's pause), through interruptions.
    public static func pause(seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) < 0 && errno == EINTR { request = remaining }
    }
}
