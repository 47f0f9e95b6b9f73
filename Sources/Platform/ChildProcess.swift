#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A program started by its path with arguments only (no shell sees them), its output going to
/// files: a child that writes much never blocks on a pipe nobody reads, and several can run at once
/// while the parent watches them.
public struct ChildProcess: Sendable {
    public let pid: Int32

    /// Starts `program` (a path) with `arguments`. Standard input reads /dev/null; standard output
    /// and error go to new files at `output` and `errors`, created exclusively (never through a
    /// link, never over a file already there). `environment` adds to or replaces the parent's
    /// variables.
    public static func start(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                             output: String, errors: String) throws(SystemError) -> ChildProcess {
        var actions = SpawnActions()
        defer { posix_spawn_file_actions_destroy(&actions.value) }
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
        posix_spawn_file_actions_addopen(&actions.value, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions.value, 1, output, flags, 0o600)
        posix_spawn_file_actions_addopen(&actions.value, 2, errors, flags, 0o600)

        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if environment[name] == nil { variables.append(text) }
            index += 1
        }
        variables += environment.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, program, &actions.value, nil, argv, envp)
        guard code == 0 else { throw SystemError(operation: "start", path: program, code: code) }
        return ChildProcess(pid: pid)
    }

    /// How a finished child ended.
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        case killed(Int32)

        public var succeeded: Bool { self == .exited(0) }
    }

    /// How the child ended, or nil while it runs.
    public func ending() -> Ending? {
        var status: Int32 = 0
        var result = waitpid(pid, &status, WNOHANG)
        while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
        guard result == pid else { return result < 0 ? .killed(0) : nil }
        return Self.ending(status)
    }

    /// Waits for the child to end.
    public func wait() -> Ending {
        var status: Int32 = 0
        var result = waitpid(pid, &status, 0)
        while result < 0 && errno == EINTR { result = waitpid(pid, &status, 0) }
        return result == pid ? Self.ending(status) : .killed(0)
    }

    /// Ends the child and waits for it.
    public func stop() {
        _ = kill(pid, SIGKILL)
        _ = wait()
    }

    /// WIFEXITED and WEXITSTATUS, without the macros Swift cannot import.
    static func ending(_ status: Int32) -> Ending {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(status & 0x7f)
    }
}

/// posix_spawn's file actions, initialised: an optional pointer on Darwin, a structure on Linux.
/// Whoever makes one destroys it (`posix_spawn_file_actions_destroy(&actions.value)`).
struct SpawnActions {
    #if canImport(Darwin)
    var value: posix_spawn_file_actions_t? = nil
    #else
    var value = posix_spawn_file_actions_t()
    #endif

    init() { posix_spawn_file_actions_init(&value) }
}

extension System {
    /// Sleeps for `milliseconds`.
    public static func sleep(milliseconds: Int) {
        var wanted = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&wanted, &left) != 0 && errno == EINTR { wanted = left }
    }
}

extension Files {
    /// A new folder only this user can enter, `dtaudit-NAME-RANDOM` in `$TMPDIR` (else /tmp): made
    /// with `mkdir`, which fails rather than reuse a folder or follow a link already at its name.
    public static func makePrivateTemporaryDirectory(_ name: String) throws(SystemError) -> String {
        var base = System.environment("TMPDIR") ?? "/tmp"
        if base.isEmpty || !base.hasPrefix("/") { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var generator = SystemRandomNumberGenerator()
        var failure: Int32 = 0
        for _ in 0..<8 {
            let path = base + "/dtaudit-" + name + "-" + String(generator.next(), radix: 36)
            if mkdir(path, 0o700) == 0 { return path }
            failure = errno
            guard failure == EEXIST else { break }
        }
        throw SystemError(operation: "create a private folder in", path: base, code: failure)
    }

    /// Removes `folder` and the files directly in it (a folder of dtaudit's own making, which
    /// holds no folders); a link is removed, never followed.
    public static func removeFlatDirectory(_ folder: String) {
        for entry in (try? entries(folder)) ?? [] where entry.kind != .directory {
            try? remove(folder + "/" + entry.name)
        }
        try? removeDirectory(folder)
    }
}
