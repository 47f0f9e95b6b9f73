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
