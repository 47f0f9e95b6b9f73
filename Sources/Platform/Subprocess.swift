#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

public enum Subprocess {
    /// Runs `program` (looked up on `PATH`) with `arguments` and returns its standard output when it
    /// exits with status 0, or nil when it cannot be started or fails. Standard error is discarded.
    public static func output(of program: String, _ arguments: [String]) -> String? {
        guard let running = Reading(program, arguments) else { return nil }
        var output: [UInt8] = []
        while running.input.read(appendingTo: &output, count: 4096) {}
        guard running.finish() else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// What `program` says on standard error when it fails (its first line, at most 300 bytes), ""
    /// when it succeeds, nil when it cannot be started at all (not on `PATH`). Standard output is
    /// discarded: this is for saying why a program refused.
    public static func complaint(of program: String, _ arguments: [String]) -> String? {
        guard let (pid, readEnd) = spawn(program, arguments, errorsInPipe: true) else { return nil }
        let input = ChunkedInput(owning: readEnd)
        var output: [UInt8] = []
        while output.count < 1 << 16, input.read(appendingTo: &output, count: 4096) {}
        _ = input.drain(limit: .max)
        var waited: Int32 = 0
        while waitpid(pid, &waited, 0) < 0 && errno == EINTR {}
        if waited & 0x7f == 0 && (waited >> 8) & 0xff == 0 { return "" }
        let line = output.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(300)
        return String(decoding: line, as: UTF8.self)
    }

    /// A program started with its standard output in a pipe, read a chunk at a time through
    /// `input` (so that a large output is never held whole), then `finish`ed.
    public final class Reading {
        public let input: ChunkedInput
        private let pid: pid_t
        private var status: Int32?

        /// Starts `program` (looked up on `PATH`); nil when it cannot be started. Standard error is discarded.
        public init?(_ program: String, _ arguments: [String]) {
            guard let (pid, readEnd) = Subprocess.spawn(program, arguments) else { return nil }
            self.pid = pid
            input = ChunkedInput(owning: readEnd)
        }

        /// Reads what is left of the output, waits for the program, and says whether it exited with status 0.
        public func finish() -> Bool {
            if status == nil {
                _ = input.drain(limit: .max)
                var waited: Int32 = 0
                while waitpid(pid, &waited, 0) < 0 && errno == EINTR {}
                status = waited
            }
            // WIFEXITED && WEXITSTATUS == 0, without the macros Swift cannot import.
            return status.map { $0 & 0x7f == 0 && ($0 >> 8) & 0xff == 0 } ?? false
        }

        deinit {
            _ = finish()
        }
    }

    /// Starts `program` with its standard output in a pipe; returns its process and the pipe's read end.
    /// With `errorsInPipe`, standard error goes to the pipe and standard output is discarded.
    private static func spawn(_ program: String, _ arguments: [String], errorsInPipe: Bool = false) -> (pid_t, Int32)? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        var actions = SpawnActions()
        defer { posix_spawn_file_actions_destroy(&actions.value) }
        posix_spawn_file_actions_adddup2(&actions.value, writeEnd, errorsInPipe ? 2 : 1)
        posix_spawn_file_actions_addclose(&actions.value, readEnd)
        posix_spawn_file_actions_addopen(&actions.value, errorsInPipe ? 1 : 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions.value, 0, "/dev/null", O_RDONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions.value, nil, argv, environ)
        _ = Glue.close(writeEnd)
        guard spawned == 0 else {
            _ = Glue.close(readEnd)
            return nil
        }
        return (pid, readEnd)
    }
}
