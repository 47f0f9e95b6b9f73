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
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        var actions = SpawnActions()
        defer { posix_spawn_file_actions_destroy(&actions.value) }
        posix_spawn_file_actions_adddup2(&actions.value, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions.value, readEnd)
        posix_spawn_file_actions_addopen(&actions.value, 2, "/dev/null", O_WRONLY, 0)
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

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        _ = Glue.close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED && WEXITSTATUS == 0, without the macros Swift cannot import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
