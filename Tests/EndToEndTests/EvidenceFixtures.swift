import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Writes the script `text` at `url` as a program (mode 755), through a descriptor closed on
    /// exec: a child another test starts meanwhile would otherwise keep it open for writing for its
    /// whole life, and running the script would fail with "text file busy".
    @discardableResult
    static func program(_ text: String, at url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #elseif canImport(Darwin)
        let written = bytes.withUnsafeBytes { Darwin.write(fd, $0.baseAddress, $0.count) }
        #endif
        guard written == bytes.count, fchmod(fd, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        return url
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

extension CLI {
    /// Starts `dtaudit arguments...` and keeps it running, its input open for `send`.
    func start(_ arguments: [String]) throws -> LiveProcess {
        try LiveProcess([CLI.binary.path] + arguments, in: directory, environment: environment)
    }

    /// The store's evidence folder.
    var evidenceFolder: URL { directory.appendingPathComponent(".dtaudit/evidence") }

    /// Names in the evidence folder other than `.gitignore`.
    func storedEvidence() throws -> [String] {
        guard FileManager.default.fileExists(atPath: evidenceFolder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: evidenceFolder.path).filter { $0 != ".gitignore" }.sorted()
    }
}
