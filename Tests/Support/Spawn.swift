import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts programs with posix_spawn and waits with waitpid. Foundation's Process can hang in
/// waitUntilExit when many processes are started from several threads at once, which the
/// concurrency tests do; output goes through files, so no pipe can fill up and block.
public enum Spawn {
    /// What a finished program left: its exit status and what it wrote.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Standard output and error together, for messages that may go to either.
        public var output: String { stdout + stderr }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `program` with `arguments` in `folder`; standard input reads `input`, and standard
    /// output and error go to files whose paths are returned with the process id.
    public static func start(_ program: String, _ arguments: [String], in folder: URL, environment: [String: String],
                      input: String?) throws -> (pid: pid_t, output: URL, errors: URL) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let inputFile = scratch.appendingPathComponent("in")
        let outputFile = scratch.appendingPathComponent("out")
        let errorFile = scratch.appendingPathComponent("err")
        try Data((input ?? "").utf8).write(to: inputFile)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // `sh -c 'cd DIR && exec PROGRAM ARGS'`: a portable way to start in another folder.
        let shellArguments = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, program] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = shellArguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard code == 0 else { throw Failure(description: "cannot start \(program): \(String(cString: strerror(code)))") }
        return (pid, outputFile, errorFile)
    }

    /// Waits for `pid` and returns its exit status (128 + the signal when it was killed).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    public static func run(_ program: String, _ arguments: [String], in folder: URL, environment: [String: String], input: String? = nil) throws -> Result {
        let started = try start(program, arguments, in: folder, environment: environment, input: input)
        let status = wait(started.pid)
        let output = (try? Data(contentsOf: started.output)) ?? Data()
        let errors = (try? Data(contentsOf: started.errors)) ?? Data()
        try? FileManager.default.removeItem(at: started.output.deletingLastPathComponent())
        return Result(status: status, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }
}
