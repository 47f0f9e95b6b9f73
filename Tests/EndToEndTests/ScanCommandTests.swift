import Foundation
import Testing

/// `dtaudit scan`: formats, exit status, screens linked by their file patterns, `--record` and
/// where recorded scans show up.
@Suite(.tags(.endToEnd)) struct ScanCommandTests {
    static let payButton = """
        import SwiftUI

        struct PayButton: View {
            let total: String

            var body: some View {
                Button(action: {}) {
                    Text("Pay \\(total)")
                        .font(.system(size: 15, weight: .semibold))
                        .lineLimit(1)
                }
                Text(total)
                    // dtaudit:ignore shrinks-text — the badge holds one short number
                    .minimumScaleFactor(0.5)
            }
        }

        """

    static let fixedPayButton = """
        import SwiftUI

        struct PayButton: View {
            let total: String

            var body: some View {
                Button(action: {}) {
                    Text("Pay \\(total)")
                        .font(.headline)
                }
            }
        }

        """

    static let mapLabel = """
        import UIKit

        final class MapLabelView: UIView {
            let nameLabel = UILabel()

            override init(frame: CGRect) {
                super.init(frame: frame)
                nameLabel.font = UIFont.systemFont(ofSize: 11)
                addSubview(nameLabel)
            }

            required init?(coder: NSCoder) { fatalError() }
        }

        """

    static let settingsView = """
        import SwiftUI

        struct SettingsView: View {
            @ScaledMetric private var iconSize: CGFloat = 24

            var body: some View {
                Form {
                    Label("Units", systemImage: "ruler")
                        .font(.body)
                }
            }
        }

        """

    /// Writes a small app into the test's folder: Checkout and Map with findings, Settings without.
    @discardableResult
    func writeApp(_ cli: CLI) throws -> CLI {
        try write(Self.payButton, to: "App/Checkout/PayButton.swift", in: cli)
        try write(Self.mapLabel, to: "App/Map/MapLabelView.swift", in: cli)
        try write(Self.settingsView, to: "App/Settings/SettingsView.swift", in: cli)
        return cli
    }

    func write(_ text: String, to path: String, in cli: CLI) throws {
        let url = cli.directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A store whose Checkout screen lists `App/Checkout/*.swift`, plus Maps listing `App/Map/`.
    func linkedStore() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Maps", "--file", "App/Map/"])
        try cli.ok(["screen", "add", "Offline"])
        return try writeApp(cli)
    }

    func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: Scanning

    /// A pull request's file of one huge line with ten thousand fixed font sizes is scanned whole
    /// within 256 MB of address space (Linux's prlimit; not under the address sanitizer, whose
    /// shadow memory alone is larger).
    @Test(.requires(.prlimit), .enabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil, "the address sanitizer's shadow memory is larger than the limit"))
    func aHugeLineOfFindingsIsScannedInBoundedMemory() throws {
        let cli = try CLI()
        let line = Array(repeating: "Text(\"a\").font(.system(size: 13))", count: 10_000).joined(separator: " ")
        try Data(("import SwiftUI\nlet v = VStack { " + line + " }\n").utf8).write(to: cli.directory.appendingPathComponent("Huge.swift"))
        let result = try Spawn.run(try RequiredTool.prlimit.location(), ["--as=\(256 << 20)", CLI.binary.path, "scan", "Huge.swift", "--format", "json"],
                                   in: cli.directory, environment: cli.environment.merging(CLI.oneMallocArena) { $1 })
        #expect(result.status == 1, "findings fail the run; anything else is the limit hit: \(result.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(findings.count == 10_000)
        #expect(Set(findings.compactMap { $0["column"] as? Int }).count == 10_000, "each finding has its own column")
    }

    @Test func withoutAStoreTheWorkingFolderIsScannedAndFindingsExitOne() throws {
        let cli = try writeApp(try CLI())
        let result = try cli.run(["scan"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("App/Checkout/PayButton.swift\n"))
        #expect(result.stdout.contains("critical fixed-font-size: .system(size: 15)"))
        #expect(result.stdout.contains("\n       | " + String(repeating: " ", count: 23) + "^\n"), "a caret under column 24")
        #expect(result.stdout.contains("Suppressed (1):\n  App/Checkout/PayButton.swift:14:14 shrinks-text — the badge holds one short number"))
        #expect(result.stdout.hasSuffix("3 findings (2 critical, 1 major) in 2 files; 1 suppressed. Scanned 3 files, 41 lines.\n"))
        #expect(!result.stdout.contains("(screen:"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour through a pipe")

        let clean = try cli.run(["scan", "App/Settings"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "No findings. Scanned 1 file, 12 lines.\n")
        // A file named on its own is scanned as well.
        #expect(try cli.run(["scan", "App/Map/MapLabelView.swift"]).status == 1)
    }

    @Test func jsonListsEveryFindingWithPathsRelativeToTheRoot() throws {
        let cli = try writeApp(try CLI())
        let result = try cli.run(["scan", "--format", "json"])
        #expect(result.status == 1)
        let findings = try jsonArray(result.stdout)
        #expect(findings.map { $0["rule"] as? String } == ["fixed-font-size", "single-line", "shrinks-text", "fixed-font-size"])
        let first = try #require(findings.first)
        #expect(first["file"] as? String == "App/Checkout/PayButton.swift")
        #expect(first["line"] as? Int == 9)
        #expect(first["column"] as? Int == 24)
        #expect(first["severity"] as? String == "critical")
        #expect(first["confidence"] as? String == "high")
        #expect(first["item"] as? String == "text-scales")
        #expect(first["screen"] is NSNull)
        let suppressed = try #require(findings.first { $0["rule"] as? String == "shrinks-text" })
        let suppression = try #require(suppressed["suppression"] as? [String: Any])
        #expect(suppression["reason"] as? String == "the badge holds one short number")
        // The field order is part of the contract: the eight fixed fields come first.
        let keys = result.stdout.split(separator: "\n").prefix(10).compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), line.contains("\"") else { return nil }
            return line[..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        #expect(keys == ["rule", "severity", "confidence", "file", "line", "column", "message", "screen"])
    }

    @Test func xcodeWritesOneLineAFindingWithAbsolutePathsAndErrorsAtTheFailingSeverity() throws {
        let cli = try writeApp(try CLI())
        let result = try cli.run(["scan", "--format", "xcode", "--fail-on", "critical"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let root = cli.directory.resolvingSymlinksInPath().path
        for line in lines {
            #expect(line.hasPrefix("/"))
            // Critical findings fail the build as errors; the major single-line one is a warning.
            #expect(line.contains(line.hasSuffix("[fixed-font-size]") ? ": error: " : ": warning: "), "\(line)")
            #expect(line.hasSuffix("]"))
        }
        #expect(lines.contains { $0.hasSuffix("App/Checkout/PayButton.swift:9:24: error: " + $0.components(separatedBy: ": error: ").last!) })
        #expect(lines.contains { $0.contains("/App/Checkout/PayButton.swift:10:18: warning: .lineLimit(1)") })
        #expect(lines.contains { $0.contains("/App/Map/MapLabelView.swift:8:33: error: UIFont.systemFont(ofSize: 11)") && $0.hasSuffix("[fixed-font-size]") })
        #expect(lines.allSatisfy { $0.hasPrefix(root) || $0.hasPrefix(cli.directory.path) })
        // Without --fail-on every finding fails the run, so every line is an error.
        let strict = try cli.run(["scan", "--format", "xcode"]).stdout.split(separator: "\n")
        #expect(strict.count == 3 && strict.allSatisfy { $0.contains(": error: ") })
    }

    @Test func sarifIsAValidLogForCodeScanning() throws {
        let cli = try writeApp(try CLI())
        let result = try cli.run(["scan", "--format", "sarif"])
        #expect(result.status == 1)
        let log = try jsonObject(result.stdout)
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "dtaudit")
        #expect((driver["version"] as? String)?.split(separator: ".").count == 3)
        // Every rule the scan knows, as it lists them for an unknown rule, in that order.
        let unknown = try cli.run(["scan", "--rule", "nope"]).stderr
        let listed = try #require(unknown.firstRange(of: "rules are ")).upperBound
        let known = unknown[listed...].prefix { $0 != "(" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(known.count >= 7)
        #expect((driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == known)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4, "three findings and one suppressed")
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        let location = try #require(((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
        #expect(location["uri"] as? String == "App/Checkout/PayButton.swift")
        #expect(location["uriBaseId"] as? String == "%SRCROOT%")
    }

    @Test func ruleLimitsTheScanAndTakesListsAndRepeats() throws {
        let cli = try writeApp(try CLI())
        let single = try jsonArray(try cli.run(["scan", "--rule", "single-line", "--format", "json"]).stdout)
        #expect(single.map { $0["rule"] as? String } == ["single-line"])
        let repeated = try cli.run(["scan", "--rule", "single-line", "--rule", "fixed-font-size", "-f", "json"])
        let listed = try cli.run(["scan", "--rule", "single-line,fixed-font-size", "-f", "json"])
        #expect(repeated.status == 1)
        #expect(repeated.stdout == listed.stdout)
        #expect(Set(try jsonArray(listed.stdout).compactMap { $0["rule"] as? String }) == ["single-line", "fixed-font-size"])
        // Nothing of that rule: exit 0.
        let none = try cli.run(["scan", "--rule", "clamped-type-size"])
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("No findings."))
    }

    @Test func usageErrorsExit64WithOneLineAndChangeNothing() throws {
        let cli = try writeApp(try CLI().initialized())
        let before = try cli.storeBytes()
        let cases: [([String], String)] = [
            (["scan", "--rule", "fixed-font-sise"], "unknown rule 'fixed-font-sise'; did you mean 'fixed-font-size'? Rules are fixed-font-size, "),
            (["scan", "--rule", "single-line,wrong"], "unknown rule 'wrong'; rules are fixed-font-size, "),
            (["scan", "--format", "sarf"], "'sarf' is not one of text, xcode, json, sarif; did you mean 'sarif'?"),
            (["scan", "Nowhere"], "no such file or folder: Nowhere"),
            (["scan", "App/Checkout/PayButton.swift", "README.md"], "no such file or folder: README.md"),
            (["scan", "--record", "--rule", "single-line"], "--record keeps a whole scan"),
            (["scan", "--rule", ""], "--rule names no rule; rules are fixed-font-size, "),
            (["scan", "--rule", " , "], "--rule names no rule; rules are fixed-font-size, "),
        ]
        try write("# notes\n", to: "NOTES.md", in: cli)
        for (arguments, message) in cases + [(["scan", "NOTES.md"], "cannot scan NOTES.md: only .swift, .xib and .storyboard files are scanned")] {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(try cli.storeBytes() == before)
    }

    @Test func recordNeedsAStoreButScanningDoesNot() throws {
        let cli = try writeApp(try CLI())
        let result = try cli.run(["scan", "--record"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no audit store in"))
        #expect(result.stdout.isEmpty)
        // A store named explicitly must exist, even without --record.
        let named = try cli.run(["scan", "--store", "elsewhere/.dtaudit"])
        #expect(named.status == 66)
        #expect(named.stderr.contains("no audit store"))
    }

    @Test func helpExplainsRulesFormatsAndCIUse() throws {
        let cli = try CLI()
        let help = try cli.ok(["help", "scan"])
        #expect(help.contains("USAGE: dtaudit scan [<path> ...] [--format <format>] [--json] [--rule <id> ...] [--record]"))
        for rule in ["fixed-font-size", "fixed-symbol-size", "shrinks-text", "single-line", "fixed-height-text", "clamped-type-size", "no-live-update"] {
            #expect(help.contains("  " + rule), "\(rule)")
        }
        #expect(help.contains("dtaudit:ignore"))
        #expect(help.contains("Xcode Run Script build phase"))
        #expect(help.contains("--format xcode"))
        #expect(help.contains("github/codeql-action/upload-sarif"))
        #expect(help.contains("64"))
        #expect(try cli.ok(["scan", "--help"]) == help)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test(.requires(.script)) func colourOnATerminalOnlyAndNeverInMachineFormats() throws {
        let cli = try writeApp(try CLI())
        let script = try RequiredTool.script.location()
        func onTerminal(_ arguments: String, environment: [String: String] = [:]) throws -> String {
            try Spawn.run(script, ["-qec", CLI.binary.path + " " + arguments, "/dev/null"], in: cli.directory,
                          environment: cli.environment.merging(environment) { $1 }).stdout
        }
        let coloured = try onTerminal("scan")
        #expect(coloured.contains("\u{1B}[1;31mcritical\u{1B}[0m"))
        #expect(coloured.contains("App/Checkout/PayButton.swift"))
        #expect(!(try onTerminal("scan", environment: ["NO_COLOR": "1"])).contains("\u{1B}["))
        #expect(!(try onTerminal("scan --no-color")).contains("\u{1B}["))
        #expect(!(try onTerminal("scan --format json")).contains("\u{1B}["))
        #expect(!(try onTerminal("scan --format xcode")).contains("\u{1B}["))
    }
}
