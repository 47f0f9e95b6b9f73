import Foundation
import Testing

/// Files for evidence tests: tiny images and videos with real signatures, and impostors.
enum Fixture {
    /// A PNG signature and header followed by `seed`-dependent bytes: a different file per seed.
    static func png(_ seed: String = "", padding: Int = 64) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += Array(seed.utf8)
        bytes += (0..<padding).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed.utf8.count) }
        return Data(bytes)
    }

    static func jpeg(_ seed: String = "") -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + Array(seed.utf8) + [0xFF, 0xD9])
    }

    static func mp4() -> Data {
        Data([0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [0, 0, 0, 8] + Array("free".utf8))
    }

    /// Writes `data` at `path` under `folder`, creating the folders between.
    @discardableResult
    static func write(_ data: Data, _ path: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }
}

/// A `dtaudit` (or any) process kept running while a test feeds it and reads what it prints.
final class LiveProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    private var collectedErrors = Data()

    init(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock()
            self.collectedErrors.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    var stdout: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedErrors, as: UTF8.self)
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until standard output contains `text`; false after `timeout` seconds.
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
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to end and returns its status (128 + signal when killed by one).
    func finish(timeout: TimeInterval = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        lock.lock()
        collected.append(rest)
        lock.unlock()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

extension CLI {
    /// Starts `dtaudit arguments...` and keeps it running.
    func start(_ arguments: [String]) throws -> LiveProcess {
        try LiveProcess(CLI.binary, arguments, in: directory, environment: environment)
    }

    /// The store's evidence folder.
    var evidenceFolder: URL { directory.appendingPathComponent(".dtaudit/evidence") }

    /// Names in the evidence folder other than `.gitignore`.
    func storedEvidence() throws -> [String] {
        guard FileManager.default.fileExists(atPath: evidenceFolder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: evidenceFolder.path).filter { $0 != ".gitignore" }.sorted()
    }
}
