import Foundation
import Testing

/// The GitHub Action's scripts, taken out of action.yml and run with bash as the runner runs them,
/// with a stand-in `dtaudit` (and `swift`, `uname`) that records how it was called.
@Suite struct ActionScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each step of action.yml: its name, its `env` names and its `run` script.
    struct Step {
        var name: String
        var env: [String] = []
        var script: String?
        var uses: String?
    }

    /// Reads the steps of action.yml: enough YAML for this file (block scalars under `run: |`).
    static func steps() throws -> [Step] {
        let lines = try String(contentsOf: repository.appendingPathComponent("action.yml"), encoding: .utf8).components(separatedBy: "\n")
        var steps: [Step] = []
        var index = 0
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- name: ") {
                steps.append(Step(name: String(trimmed.dropFirst("- name: ".count))))
            } else if trimmed.hasPrefix("uses: "), !steps.isEmpty {
                steps[steps.count - 1].uses = String(trimmed.dropFirst("uses: ".count))
            } else if trimmed == "env:", !steps.isEmpty {
                let level = indent(line)
                while index + 1 < lines.count, indent(lines[index + 1]) > level, !lines[index + 1].trimmingCharacters(in: .whitespaces).isEmpty {
                    index += 1
                    steps[steps.count - 1].env.append(String(lines[index].trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }))
                }
            } else if trimmed == "run: |", !steps.isEmpty {
                let level = indent(line)
                var body: [String] = []
                while index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[index + 1]) > level {
                    index += 1
                    body.append(lines[index])
                }
                let margin = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(indent).min() ?? 0
                steps[steps.count - 1].script = body.map { String($0.dropFirst(min(margin, indent($0)))) }.joined(separator: "\n")
            }
            index += 1
        }
        return steps
    }

    static func step(_ name: String) throws -> Step {
        try #require(try steps().first { $0.name == name })
    }

    /// Stand-ins, as shell functions put before the script (an executable written while other tests
    /// start processes can be busy when run): `dtaudit` writes each call's arguments, one a line,
    /// to calls.txt (`--` after each call) and returns $DTAUDIT_STATUS; `make` writes the Xcode it
    /// would build with; `uname` and `swift` say what the test wants.
    static let standInFunctions = """
        dtaudit() { for a in "$@"; do printf '%s\\n' "$a"; done >> "$CALLS"; echo -- >> "$CALLS"; return "${DTAUDIT_STATUS:-0}"; }
        make() { echo "DEVELOPER_DIR=${DEVELOPER_DIR:-}" >> "$CALLS"; }
        uname() { echo "${FAKE_UNAME:-Linux}"; }
        swift() { echo "swift-driver version: 1.0 Apple Swift version ${FAKE_SWIFT:-6.1} (swiftlang-6.1)"; }
        pkg-config() { return 0; }

        """

    /// A folder for one test's files.
    static func standIns() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("action-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs a step's script with bash, `errexit` and `nounset` as the script sets them.
    static func run(_ step: Step, in folder: URL, _ environment: [String: String]) throws -> (result: Spawn.Result, calls: [[String]]) {
        let script = try #require(step.script)
        let calls = folder.appendingPathComponent("calls.txt")
        try? FileManager.default.removeItem(at: calls)
        var env = ["PATH": "/usr/bin:/bin", "CALLS": calls.path,
                   "GITHUB_OUTPUT": folder.appendingPathComponent("output.txt").path, "GITHUB_PATH": folder.appendingPathComponent("path.txt").path,
                   "RUNNER_TEMP": folder.path, "GITHUB_ACTION_PATH": repository.path, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64"]
        env.merge(environment) { $1 }
        let result = try Spawn.run("/bin/bash", ["-c", standInFunctions + script], in: folder, environment: env)
        let text = (try? String(contentsOf: calls, encoding: .utf8)) ?? ""
        let list = text.components(separatedBy: "--\n").dropLast().map { $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        return (result, list)
    }

    @Test func theGateRunsWithNoArgumentsUnderSetUAndPassesTheArgumentsItIsGiven() throws {
        let folder = try Self.standIns()
        let gate = try Self.step("Gate")
        #expect(gate.script?.contains("set -euo pipefail") == true)
        let empty = try Self.run(gate, in: folder, ["GATE_ARGUMENTS": ""])
        #expect(empty.result.status == 0, "\(empty.result.stderr)")
        #expect(empty.calls == [["gate"]])
        let given = try Self.run(gate, in: folder, ["GATE_ARGUMENTS": "--min-supported 80  --critical-only"])
        #expect(given.calls == [["gate", "--min-supported", "80", "--critical-only"]])
        let failing = try Self.run(gate, in: folder, ["GATE_ARGUMENTS": "", "DTAUDIT_STATUS": "1"])
        #expect(failing.result.status == 1)
    }

    @Test func filingNamesTheRepositoryPassesItsArgumentsAndARateLimitOnlyWarns() throws {
        let folder = try Self.standIns()
        let file = try Self.step("File issues")
        #expect(file.env.contains("GH_TOKEN"))
        let environment = ["FILE_REPOSITORY": "acme/trailhead", "FILE_ARGUMENTS": "", "GH_TOKEN": "t"]
        let plain = try Self.run(file, in: folder, environment)
        #expect(plain.result.status == 0, "\(plain.result.stderr)")
        #expect(plain.calls == [["file", "--github", "acme/trailhead"]])
        let given = try Self.run(file, in: folder, environment.merging(["FILE_ARGUMENTS": "--label a11y  --per-hour 100"]) { $1 })
        #expect(given.calls == [["file", "--github", "acme/trailhead", "--label", "a11y", "--per-hour", "100"]])
        let limited = try Self.run(file, in: folder, environment.merging(["DTAUDIT_STATUS": "75"]) { $1 })
        #expect(limited.result.status == 0)
        #expect(limited.result.stdout.contains("::warning"))
        let refused = try Self.run(file, in: folder, environment.merging(["DTAUDIT_STATUS": "66"]) { $1 })
        #expect(refused.result.status == 66)
    }

    /// Debian has no bash 3.2 to run the scripts with, and bash 4.4 and later accept "${a[@]}" of an
    /// empty array under set -u; so every array expansion must be the form bash 3.2 accepts too.
    @Test func everyArrayExpansionIsSafeWhenTheArrayIsEmpty() throws {
        var expansions = 0
        let safe = try NSRegularExpression(pattern: #"\$\{(\w+)\[@\]\+"\$\{\1\[@\]\}"\}"#)
        for step in try Self.steps() {
            guard let script = step.script else { continue }
            let whole = NSRange(script.startIndex..., in: script)
            expansions += safe.numberOfMatches(in: script, range: whole)
            let rest = safe.stringByReplacingMatches(in: script, range: whole, withTemplate: "")
            #expect(!rest.contains("[@]") && !rest.contains("[*]"), "step '\(step.name)' expands an array in a form bash 3.2 refuses when it is empty under set -u")
        }
        #expect(expansions >= 3)
    }

    @Test func theScanWritesItsStatusAndStopsOnlyOnErrors() throws {
        let folder = try Self.standIns()
        let scan = try Self.step("Scan")
        let environment = ["SCAN_PATH": ".", "BASELINE": "", "FAIL_ON": "", "CHANGED_SINCE": "", "STRICT": "false", "SARIF_FILE": "out.sarif"]
        let plain = try Self.run(scan, in: folder, environment)
        #expect(plain.result.status == 0, "\(plain.result.stderr)")
        #expect(plain.calls == [["scan", ".", "--format", "sarif"], ["scan", ".", "--format", "text"]])
        let findings = try Self.run(scan, in: folder, environment.merging(["DTAUDIT_STATUS": "1", "CHANGED_SINCE": "origin/main"]) { $1 })
        #expect(findings.result.status == 0)
        #expect(findings.calls.first == ["scan", ".", "--changed-since", "origin/main", "--format", "sarif"])
        #expect(try String(contentsOf: folder.appendingPathComponent("output.txt"), encoding: .utf8).hasSuffix("status=1\n"))
        let broken = try Self.run(scan, in: folder, environment.merging(["DTAUDIT_STATUS": "66"]) { $1 })
        #expect(broken.result.status == 66)
    }

    @Test func onMacOSAnOldSwiftTakesTheNewestXcodeTwentySixForTheBuildOnly() throws {
        let folder = try Self.standIns()
        let install = try Self.step("Install dtaudit")
        let applications = folder.appendingPathComponent("Applications")
        for app in ["Xcode.app", "Xcode_16.4.app", "Xcode_26.0.1.app", "Xcode_26.1.app", "Xcode_26.1.1.app", "Xcode_9.9.app"] {
            try FileManager.default.createDirectory(at: applications.appendingPathComponent(app + "/Contents/Developer"), withIntermediateDirectories: true)
        }
        let environment = ["CACHE_HIT": "", "XCODE": "", "XCODE_APPLICATIONS": applications.path, "FAKE_UNAME": "Darwin"]
        let old = try Self.run(install, in: folder, environment)
        #expect(old.result.status == 0, "\(old.result.stderr)")
        let calls = try String(contentsOf: folder.appendingPathComponent("calls.txt"), encoding: .utf8)
        #expect(calls == "DEVELOPER_DIR=\(applications.path)/Xcode_26.1.1.app/Contents/Developer\n")

        _ = try Self.run(install, in: folder, environment.merging(["FAKE_SWIFT": "6.2"]) { $1 })
        #expect(try String(contentsOf: folder.appendingPathComponent("calls.txt"), encoding: .utf8) == "DEVELOPER_DIR=\n")

        let named = try Self.run(install, in: folder, environment.merging(["XCODE": "/Applications/Xcode_26.0.1.app"]) { $1 })
        #expect(named.result.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("calls.txt"), encoding: .utf8) == "DEVELOPER_DIR=/Applications/Xcode_26.0.1.app/Contents/Developer\n")

        try FileManager.default.removeItem(at: applications.appendingPathComponent("Xcode_26.0.1.app"))
        try FileManager.default.removeItem(at: applications.appendingPathComponent("Xcode_26.1.app"))
        try FileManager.default.removeItem(at: applications.appendingPathComponent("Xcode_26.1.1.app"))
        let none = try Self.run(install, in: folder, environment)
        #expect(none.result.status == 1)
        #expect(none.result.stdout.contains("::error::dtaudit needs Swift 6.2 or later (Xcode 26)"))

        // A cached build is put on the PATH without building.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("calls.txt"))
        let cached = try Self.run(install, in: folder, environment.merging(["CACHE_HIT": "true"]) { $1 })
        #expect(cached.result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("calls.txt").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("path.txt"), encoding: .utf8).hasSuffix("\(folder.path)/dtaudit/bin\n"))
    }

    @Test func theBuildIsCachedUnderTheVersionAndAHashOfTheSources() throws {
        let folder = try Self.standIns()
        let steps = try Self.steps()
        let cache = try #require(steps.first { $0.uses?.hasPrefix("actions/cache@") == true })
        #expect(cache.uses == "actions/cache@v4")
        let version = try Self.step("Version of dtaudit to build")
        let first = try Self.run(version, in: folder, [:])
        #expect(first.result.status == 0, "\(first.result.stderr)")
        let output = try String(contentsOf: folder.appendingPathComponent("output.txt"), encoding: .utf8)
        #expect(output.range(of: #"^key=dtaudit-Linux-X64-\d+\.\d+\.\d+-[0-9a-f]{16}\n$"#, options: .regularExpression) != nil, "\(output)")
        #expect(steps.contains { $0.uses == "github/codeql-action/upload-sarif@v4" })
    }
}
