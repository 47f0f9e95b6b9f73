import Foundation
import Testing
@_exported import TestSupport

/// Runs the built `dtaudit` binary the way a user types it, in a folder of its own.
struct CLI {
    typealias Result = Spawn.Result

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

    /// For a run under an address-space limit (prlimit --as), which stands for a limit on memory:
    /// glibc reserves 64 MB of address space for each further malloc arena, made when threads
    /// contend (as on a loaded machine), which is no memory used. Elsewhere the variable is ignored.
    static let oneMallocArena = ["MALLOC_ARENA_MAX": "1"]

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
        // Times shown to people are local: the tests read them in UTC unless they say otherwise.
        environment["TZ"] = "UTC"
        self.environment = environment
    }

    /// Runs `dtaudit arguments...` in `folder` (default: the test's folder), feeding `input` to its
    /// standard input.
    @discardableResult
    func run(_ arguments: [String], in folder: URL? = nil, input: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        var merged = environment.merging(extra) { $1 }
        // The demo's run reads its labels back where tesseract is installed, which adds a judged
        // failure: the tests that count the demo's records make it without tesseract, so that
        // their figures hold on every machine. A test that names the PATH gets that PATH.
        if arguments.first == "demo" && extra["PATH"] == nil { merged["PATH"] = Self.withoutTesseract(merged["PATH"] ?? "") }
        return try Spawn.run(CLI.binary.path, arguments, in: folder ?? directory, environment: merged, input: input)
    }

    /// `path` with each folder that holds `tesseract` replaced by a folder of links to all its
    /// other programs, made once for the test process.
    static func withoutTesseract(_ path: String) -> String {
        shims.lock.lock()
        defer { shims.lock.unlock() }
        if let made = shims.paths[path] { return made }
        let folders = path.split(separator: ":").map(String.init).map { folder -> String in
            guard FileManager.default.isExecutableFile(atPath: folder + "/tesseract"),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return folder }
            let shim = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-test-path-" + UUID().uuidString).path
            guard (try? FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: false)) != nil else { return folder }
            for name in names where name != "tesseract" {
                try? FileManager.default.createSymbolicLink(atPath: shim + "/" + name, withDestinationPath: folder + "/" + name)
            }
            return shim
        }
        let made = folders.joined(separator: ":")
        shims.paths[path] = made
        return made
    }

    private final class Shims: @unchecked Sendable {
        let lock = NSLock()
        var paths: [String: String] = [:]
    }

    private static let shims = Shims()

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

    /// The entries of `history --all --json` (for one screen, with it in `arguments`) of some
    /// kinds, newest first: by default the recordings.
    func history(_ arguments: [String] = [], in folder: URL? = nil, kinds: Set<String> = ["recording"],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let text = try ok(["history", "--all", "--json"] + arguments, in: folder, sourceLocation: sourceLocation)
        let entries = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
        return entries.filter { kinds.contains($0["kind"] as? String ?? "") }
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

    /// Records in the demo audit at `demo` every check two of its screens leave open (Trip planner,
    /// Recovery: new password), all passing, so that no open check can change its conformance
    /// levels any more, as a team does before it files a report. Returns the day the audit then
    /// stands as of: today's, in UTC.
    @discardableResult
    func settleConformance(in demo: URL) throws -> String {
        for screen in ["Trip planner", "Recovery: new password"] {
            try ok(["record", screen, "--size", "all", "--item", "all", "--pass"], in: demo)
        }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        return format.string(from: Date())
    }

    /// Creates a store for the app "Trailhead" with one critical screen, Checkout.
    func initialized() throws -> CLI {
        try ok(["init", "--app", "Trailhead"])
        try ok(["screen", "add", "Checkout", "--flow", "checkout", "--critical", "--file", "App/Checkout/*.swift"])
        return self
    }
}

