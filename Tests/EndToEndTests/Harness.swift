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

    /// A fresh temporary folder, removed when the `CLI` is released.
    let directory: URL
    var environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder ?? directory
        process.environment = environment.merging(extra) { $1 }
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
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
