import Foundation

/// Golden files: a test's expected output kept in the repository, compared byte for byte. After a
/// deliberate change, `DTAUDIT_UPDATE_GOLDEN=1 swift test` rewrites them; review the diff in git.
public enum GoldenFile {
    public static let updateVariable = "DTAUDIT_UPDATE_GOLDEN"

    public static var updating: Bool { ProcessInfo.processInfo.environment[updateVariable].map { !$0.isEmpty && $0 != "0" } ?? false }

    /// Compares `actual` with the golden file at `path`, or rewrites the file when updating.
    /// Returns what differs, where, in words for the test's issue; nil when they are the same.
    public static func compare(_ actual: Data, with path: URL) throws -> String? {
        if updating {
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: path, options: .atomic)
            return nil
        }
        guard let expected = try? Data(contentsOf: path) else {
            return "\(path.lastPathComponent) has no golden file; run with \(updateVariable)=1 to write it"
        }
        guard actual != expected else { return nil }
        let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let place = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            .map { "line \($0.offset + 1):\n  expected: \($0.element.1)\n  actual:   \($0.element.0)" }
            ?? "the end (\(actualLines.count) lines, expected \(expectedLines.count))"
        return "\(path.lastPathComponent) differs from its golden file at \(place)\nrun with \(updateVariable)=1 to update it and review the diff"
    }

    public static func compare(_ actual: String, with path: URL) throws -> String? {
        try compare(Data(actual.utf8), with: path)
    }
}
