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
    private static func spawn(_ program: String, _ arguments: [String]) -> (pid_t, Int32)? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        _ = Glue.close(writeEnd)
        guard spawned == 0 else {
            _ = Glue.close(readEnd)
            return nil
        }
        return (pid, readEnd)
    }
}
