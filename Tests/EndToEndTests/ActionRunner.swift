import Foundation
import Testing

/// action.yml as the runner reads it: its inputs with their descriptions and defaults, and its
/// steps. Enough YAML for this file: block scalars under `run: |`, one `key: value` a line.
struct ActionFile {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Input {
        var name: String
        var description = ""
        var defaultValue = ""
    }

    struct Step {
        var name: String
        /// The step's `env`, in order: each name with its value as written (`${{ inputs.path }}`).
        var env: [(name: String, value: String)] = []
        var script: String?
        var uses: String?
    }

    var inputs: [Input] = []
    var steps: [Step] = []

    static func unquoted(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    static func load() throws -> ActionFile {
        let lines = try String(contentsOf: repository.appendingPathComponent("action.yml"), encoding: .utf8).components(separatedBy: "\n")
        var action = ActionFile()
        var section = ""
        var index = 0
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if indent(line) == 0, trimmed.hasSuffix(":"), !trimmed.hasPrefix("#") { section = String(trimmed.dropLast()) }
            if section == "inputs", indent(line) == 2, trimmed.hasSuffix(":") {
                action.inputs.append(Input(name: String(trimmed.dropLast())))
            } else if section == "inputs", indent(line) == 4, let colon = trimmed.firstIndex(of: ":"), !action.inputs.isEmpty {
                let value = unquoted(String(trimmed[trimmed.index(after: colon)...]))
                switch trimmed[..<colon] {
                case "description": action.inputs[action.inputs.count - 1].description = value
                case "default": action.inputs[action.inputs.count - 1].defaultValue = value
                default: break
                }
            } else if trimmed.hasPrefix("- name: ") {
                action.steps.append(Step(name: String(trimmed.dropFirst("- name: ".count))))
            } else if trimmed.hasPrefix("uses: "), !action.steps.isEmpty {
                action.steps[action.steps.count - 1].uses = String(trimmed.dropFirst("uses: ".count))
            } else if trimmed == "env:", !action.steps.isEmpty {
                let level = indent(line)
                while index + 1 < lines.count, indent(lines[index + 1]) > level, !lines[index + 1].trimmingCharacters(in: .whitespaces).isEmpty {
                    index += 1
                    let entry = lines[index].trimmingCharacters(in: .whitespaces)
                    let name = String(entry.prefix { $0 != ":" })
                    action.steps[action.steps.count - 1].env.append((name, unquoted(String(entry.dropFirst(name.count + 1)))))
                }
            } else if trimmed == "run: |", !action.steps.isEmpty {
                let level = indent(line)
                var body: [String] = []
                while index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces).isEmpty || indent(lines[index + 1]) > level {
                    index += 1
                    body.append(lines[index])
                }
                let margin = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(indent).min() ?? 0
                action.steps[action.steps.count - 1].script = body.map { String($0.dropFirst(min(margin, indent($0)))) }.joined(separator: "\n")
            }
            index += 1
        }
        return action
    }

    func step(_ name: String) throws -> Step {
        try #require(steps.first { $0.name == name }, "action.yml has no step '\(name)'")
    }

    func input(_ name: String) -> Input? {
        inputs.first { $0.name == name }
    }
}

/// One job on a GitHub runner, for the action's steps: each step's script written to a file and
/// run as the runner runs `shell: bash`, `bash --noprofile --norc -eo pipefail FILE`, in the
/// workspace, with the step's `env` made from the inputs given (the others at their defaults) and
/// fresh GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV and GITHUB_PATH files. The built dtaudit is
/// first on the PATH, as the install step leaves it.
final class ActionRunner {
    let action: ActionFile
    /// RUNNER_TEMP, which holds the workspace and the folder of the PATH.
    let temp: URL
    let workspace: URL
    let bin: URL

    init() throws {
        action = try ActionFile.load()
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("runner-" + UUID().uuidString)
        workspace = temp.appendingPathComponent("workspace")
        bin = temp.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A link, not a copy: an executable written while other tests start processes can be busy.
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("dtaudit"), withDestinationURL: CLI.binary)
    }

    deinit {
        try? FileManager.default.removeItem(at: temp)
    }

    /// What a step left: how it ended, its outputs, the job summary it added to, the PATH entries.
    struct Outcome {
        var result: Spawn.Result
        var outputs: [String: String]
        var summary: String
        var path: [String]
    }

    /// Runs the step `name` with `inputs` (by input name), `expressions` for the other `${{ }}`
    /// of its env, `environment` over everything, and `standIns`: shell functions (name to body)
    /// for programs a test must not run (`make`, `uname`), defined in the file BASH_ENV names,
    /// which bash reads before the script.
    func run(_ name: String, inputs: [String: String] = [:], expressions: [String: String] = [:], environment: [String: String] = [:],
             standIns: [String: String] = [:]) throws -> Outcome {
        let step = try action.step(name)
        let script = try #require(step.script, "step '\(name)' runs no script")
        for input in inputs.keys { #expect(action.input(input) != nil, "action.yml has no input '\(input)'") }
        let id = UUID().uuidString
        let file = temp.appendingPathComponent(id + ".sh")
        try Data(script.utf8).write(to: file)
        let commands = ["output", "step_summary", "env", "path"].map { (name: $0, file: temp.appendingPathComponent("\($0)_\(id)")) }
        for command in commands { try Data().write(to: command.file) }

        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["RUNNER_TEMP"] = temp.path
        env["RUNNER_OS"] = "Linux"
        env["RUNNER_ARCH"] = "X64"
        env["GITHUB_WORKSPACE"] = workspace.path
        env["GITHUB_ACTION_PATH"] = ActionFile.repository.path
        for command in commands { env["GITHUB_" + command.name.uppercased()] = command.file.path }
        for (variable, value) in step.env {
            if value.hasPrefix("${{ inputs."), value.hasSuffix(" }}") {
                let input = String(value.dropFirst("${{ inputs.".count).dropLast(" }}".count))
                env[variable] = inputs[input] ?? action.input(input)?.defaultValue ?? ""
            } else if value.hasPrefix("${{ "), value.hasSuffix(" }}") {
                env[variable] = expressions[String(value.dropFirst(4).dropLast(3))] ?? ""
            } else {
                env[variable] = value
            }
        }
        if !standIns.isEmpty {
            let functions = temp.appendingPathComponent("standins_\(id).sh")
            try Data(standIns.map { "\($0.key)() { \($0.value); }\n" }.joined().utf8).write(to: functions)
            env["BASH_ENV"] = functions.path
        }
        env.merge(environment) { $1 }

        let result = try Spawn.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", file.path], in: workspace, environment: env)
        func read(_ name: String) -> String {
            (try? String(contentsOf: commands.first { $0.name == name }!.file, encoding: .utf8)) ?? ""
        }
        var outputs: [String: String] = [:]
        for line in read("output").split(separator: "\n") {
            let key = String(line.prefix { $0 != "=" })
            outputs[key] = String(line.dropFirst(key.count + 1))
        }
        return Outcome(result: result, outputs: outputs, summary: read("step_summary"), path: read("path").split(separator: "\n").map(String.init))
    }

    /// Writes `files` (path to text) into the workspace.
    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = workspace.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Runs `program` (git, or the built dtaudit) in the workspace and requires it to succeed.
    @discardableResult
    func ok(_ program: String, _ arguments: [String]) throws -> String {
        let executable = program == "dtaudit" ? CLI.binary.path : "/usr/bin/env"
        let result = try Spawn.run(executable, (program == "dtaudit" ? [] : [program]) + arguments, in: workspace,
                                   environment: ProcessInfo.processInfo.environment.merging(["DTAUDIT_USER": "Ana Lima"]) { $1 })
        try #require(result.status == 0, "\(program) \(arguments): \(result.output)")
        return result.stdout
    }

    /// The workspace as a git checkout with one commit, whose `origin/main` is that commit.
    func commitAll() throws {
        try ok("git", ["init", "-q", "-b", "main"])
        try ok("git", ["add", "-A"])
        try ok("git", ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "app"])
        try ok("git", ["update-ref", "refs/remotes/origin/main", "HEAD"])
    }
}
