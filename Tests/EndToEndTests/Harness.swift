import Foundation
import Testing

/// Runs the built `dtaudit` binary the way a user types it, in a folder of its own.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output and error together, for messages that may go to either.
        var output: String { stdout + stderr }
    }

    /// The `dtaudit` binary beside the test bundle in `.build/<configuration>/`.
    static let binary: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("dtaudit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/dtaudit")
    }()

    /// Owns the test's folder and removes it when the last copy of the `CLI` is gone.
    final class Scratch: @unchecked Sendable {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-test-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    private let scratch: Scratch
    /// A fresh temporary folder, removed when the `CLI` is released.
    var directory: URL { scratch.url }
    var environment: [String: String]

    init() throws {
        scratch = try Scratch()
        var environment = ProcessInfo.processInfo.environment
        environment["DTAUDIT_USER"] = "Tess Tester"
        environment["DTAUDIT_STORE"] = nil
        environment["NO_COLOR"] = nil
        environment["COLUMNS"] = "100"
        self.environment = environment
    }

    /// Runs `dtaudit arguments...` in `folder` (default: the test's folder), feeding `input` to its
    /// standard input.
    @discardableResult
    func run(_ arguments: [String], in folder: URL? = nil, input: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        try Spawn.run(CLI.binary.path, arguments, in: folder ?? directory, environment: environment.merging(extra) { $1 }, input: input)
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func ok(_ arguments: [String], in folder: URL? = nil, input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, in: folder, input: input)
        #expect(result.status == 0, "dtaudit \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Parses the JSON a `--json` command printed.
    func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let text = try ok(arguments + ["--json"], sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    var storeFile: URL { directory.appendingPathComponent(".dtaudit/audit.sqlite") }

    /// The bytes of every file in the store folder, to prove a command changed nothing.
    func storeBytes() throws -> [String: Data] {
        let folder = directory.appendingPathComponent(".dtaudit")
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    /// Creates a store for the app "Trailhead" with one critical screen, Checkout.
    func initialized() throws -> CLI {
        try ok(["init", "--app", "Trailhead"])
        try ok(["screen", "add", "Checkout", "--flow", "checkout", "--critical", "--file", "App/Checkout/*.swift"])
        return self
    }
}

/// Starts programs with posix_spawn and waits with waitpid. Foundation's Process can hang in
/// waitUntilExit when many processes are started from several threads at once, which the
/// concurrency tests do; output goes through files, so no pipe can fill up and block.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `program` with `arguments` in `folder`; standard input reads `input`, and standard
    /// output and error go to files whose paths are returned with the process id.
    static func start(_ program: String, _ arguments: [String], in folder: URL, environment: [String: String],
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
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    static func run(_ program: String, _ arguments: [String], in folder: URL, environment: [String: String], input: String? = nil) throws -> CLI.Result {
        let started = try start(program, arguments, in: folder, environment: environment, input: input)
        let status = wait(started.pid)
        let output = (try? Data(contentsOf: started.output)) ?? Data()
        let errors = (try? Data(contentsOf: started.errors)) ?? Data()
        try? FileManager.default.removeItem(at: started.output.deletingLastPathComponent())
        return CLI.Result(status: status, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }
}
