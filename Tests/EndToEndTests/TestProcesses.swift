import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct SpawnFailure: Error, CustomStringConvertible {
    let description: String
}

/// A process started with posix_spawn, every signal unblocked and at its default action, output
/// to a file. Launchers may start children with signals blocked, and a shell cannot trap a signal
/// it never receives; the audit's Ctrl-C and kill tests need them delivered.
struct Spawned {
    let pid: pid_t

    /// Starts `arguments` in `directory`. Standard input is `/dev/null`, or the read end of a pipe
    /// given as `input`; standard output and error go to `output`.
    init(_ arguments: [String], in directory: URL, environment: [String: String], output: URL, input: Int32? = nil) throws {
        // `sh -c` changes folder, then replaces itself with the command.
        let argv = ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory.path] + arguments
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw SpawnFailure(description: "cannot start \(arguments.first ?? ""): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits for the process to end: its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        Spawn.wait(pid)
    }

    /// The exit status if the process has ended, without waiting.
    func poll() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// A process kept running while a test types into it and reads what it printed so far.
final class LiveProcess {
    private let process: Spawned
    private let inputEnd: Int32
    private let output: URL
    private var ended: Int32?

    init(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnFailure(description: "cannot make a pipe") }
        // Neither end may leak into processes other tests start meanwhile.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        output = FileManager.default.temporaryDirectory.appendingPathComponent("live-" + UUID().uuidString + ".out")
        do {
            process = try Spawned(arguments, in: directory, environment: environment, output: output, input: ends[0])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[0])
        inputEnd = ends[1]
    }

    deinit {
        closeInput()
        if ended == nil {
            process.signal(SIGKILL)
            _ = process.wait()
        }
        try? FileManager.default.removeItem(at: output)
    }

    /// Everything printed so far, standard output and error together.
    var stdout: String {
        String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
    }

    private var inputClosed = false

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(inputEnd, &bytes, bytes.count)
    }

    func closeInput() {
        if !inputClosed { close(inputEnd); inputClosed = true }
    }

    /// Waits until the output contains `text`; false after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Waits for the process to end and returns its status (128 + signal when killed by one);
    /// kills it after `timeout` seconds.
    func finish(timeout: TimeInterval = 20) -> Int32 {
        if let ended { return ended }
        closeInput()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = process.poll() {
                ended = status
                return status
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.signal(SIGKILL)
        let status = process.wait()
        ended = status
        return status
    }
}
