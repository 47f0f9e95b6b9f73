import Foundation
import Platform
@testable import Scan
import TestSupport

enum Fixtures {
    /// `Tests/ScanTests/Fixtures`.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Fixtures").path
    }()

    /// The fixture app every golden file is made from.
    static var app: String { root + "/App" }
    static var expected: String { root + "/expected" }

    /// The screens the golden reports are linked to.
    static let screens: [(name: String, globs: [Glob])] = [
        ("Checkout", [Glob("Checkout/*.swift")]),
        ("Account", [Glob("Account/**/*.swift")]),
        ("Settings", [Glob("Interface/Settings*")]),
    ]

    static func scanApp() throws -> ScanReport {
        var report = try SourceScanner.scan(paths: [app], root: app)
        report.assignScreens(screens)
        return report
    }
}

/// A temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "dtaudit-scan-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What a reporter writes, as text.
func render(_ report: ScanReport, _ format: ScanFormat, _ options: ReporterOptions = ReporterOptions()) throws -> String {
    let folder = try TemporaryFolder()
    let path = folder.path + "/report"
    let stream = try BufferedOutput.create(path: path)
    format.reporter(options).write(report, to: stream)
    stream.close()
    return try String(contentsOfFile: path, encoding: .utf8)
}

/// Scans Swift source given as text, as if it were `path` in a project of one file.
func scan(_ source: String, path: String = "View.swift", rules: Set<String>? = nil) throws -> [Finding] {
    try SourceScanner.scan(files: [(path, Array(source.utf8))], rules: rules).findings
}

/// Scans several files together, so that declarations in one are seen from another.
func scan(files: [String: String]) throws -> [Finding] {
    try SourceScanner.scan(files: files.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }).findings
}

/// "line:rule" for each finding, the shape most rule tests compare.
func lines(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.line):\($0.rule.rawValue)" }
}

/// Runs a program and returns its exit status and combined output, or nil when it cannot start.
func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String)? {
    guard let result = try? Spawn.run("/usr/bin/env", [executable] + arguments,
                                      in: FileManager.default.temporaryDirectory,
                                      environment: ProcessInfo.processInfo.environment) else { return nil }
    // env exits 127 when the program is not found: the same as not being able to start it.
    return result.status == 127 ? nil : (result.status, result.stdout + result.stderr)
}
