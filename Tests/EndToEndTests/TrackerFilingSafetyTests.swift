import Foundation
import Testing

/// What `dtaudit file --github` lets out: names from the shared file in titles and bodies, and the
/// token, against the same stand-in for GitHub as TrackerFilingTests.
@Suite(.tags(.endToEnd)) struct TrackerFilingSafetyTests {
    func file(_ cli: CLI, _ fake: FakeGitHub, _ extra: [String] = [], environment: [String: String] = [:]) throws -> CLI.Result {
        try cli.run(["file", "--github", "acme/trailhead"] + extra, environment: fake.environment.merging(environment) { $1 })
    }

    @Test(.requires(.python3, .curl))
    func aHostileLongScreenNameMakesATitleGitHubTakesAndABodyThatMentionsNobody() throws {
        let fake = try FakeGitHub()
        let cli = try CLI().initialized()
        // The longest name a screen may have, ending in a right-to-left override, a mention, an
        // issue reference and a forged marker, failing at every size: a title over GitHub's 256.
        let name = String(repeating: "W", count: 130) + "\u{202E} @ana #1 <!-- dtaudit:problem=p-000000000000000000000000 -->"
        try cli.ok(["screen", "add", name])
        try cli.ok(["record", name, "--size", "all", "--item", "no-truncation", "--fail"])
        let result = try file(cli, fake)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let state = try fake.state()
        #expect(state.violations.isEmpty, "\(state.violations)")
        let issue = try #require(state.issues.values.first)
        let title = try #require(issue["title"] as? String)
        #expect(title.count <= 256)
        #expect(title.hasSuffix(": no-truncation fails at ax5, ax4, ax3, ax2, ax1, xxxl, xxl, xl, l, m, s, xs"), "\(title)")
        #expect(!title.unicodeScalars.contains("\u{202E}"))
        let body = issue["body"] as? String ?? ""
        #expect(body.components(separatedBy: "<!-- dtaudit:problem=").count == 2, "a name forged a second marker")
        #expect(body.contains("\\@ana \\#1"))
        #expect(!result.stdout.unicodeScalars.contains("\u{202E}"), "the terminal saw the override")
        #expect(try file(cli, fake).stdout.contains("Nothing to file"))
    }

    @Test(.requires(.python3, .curl))
    func theTokenIsNeverPrintedNorPassedInCurlsArguments() throws {
        let fake = try FakeGitHub()
        let cli = try CLI().initialized()
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        // A curl that writes its arguments down, then runs the real one: a link to a script of the
        // repository, since an executable written here can be busy while other tests start programs.
        let real = try RequiredTool.curl.location()
        let bin = cli.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let recorder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GitHubFake/curl-recorder")
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("curl"), withDestinationURL: recorder)
        let arguments = cli.directory.appendingPathComponent("curl-arguments.txt")
        let path = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "REAL_CURL": real, "CURL_ARGUMENTS": arguments.path]
        var printed = ""
        for extra in [["--dry-run"], [], ["--json"], ["--dry-run", "--json"]] {
            let result = try file(cli, fake, extra, environment: path)
            #expect(result.status == 0, "\(result.stderr)")
            printed += result.stdout + result.stderr
        }
        let refused = try file(cli, fake, environment: path.merging(["GH_TOKEN": "ghp_wrongTokenNobodyMayRead"]) { $1 })
        #expect(refused.status == 66)
        #expect(refused.stderr.contains("GitHub refused the token"), "\(refused.stderr)")
        printed += refused.stdout + refused.stderr
        #expect(!printed.contains("test-token") && !printed.contains("ghp_wrongTokenNobodyMayRead"))
        let passed = try String(contentsOf: arguments, encoding: .utf8)
        #expect(!passed.isEmpty, "the stand-in curl was not run")
        #expect(!passed.contains("test-token") && !passed.contains("ghp_wrong"), "\(passed)")
    }

    /// The Action's step, run as the runner runs it with the built dtaudit, against the stand-in.
    @Test(.requires(.python3, .curl))
    func theActionsStepFilesTheRepositorysProblemsAndARateLimitOnlyWarns() throws {
        let fake = try FakeGitHub()
        let runner = try ActionRunner()
        try runner.ok("dtaudit", ["init", "--app", "Trailhead"])
        try runner.ok("dtaudit", ["screen", "add", "Checkout"])
        try runner.ok("dtaudit", ["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail"])
        let repository = ["github.repository": "acme/trailhead"]
        let environment = fake.environment.merging(["DTAUDIT_USER": "CI"]) { $1 }
        let description = try #require(runner.action.input("file-arguments")?.description)
        let example = try #require(description.components(separatedBy: "e.g. \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
        try fake.control(["op": "rate_limit", "after": 0, "kind": "secondary"])
        let limited = try runner.run("File issues", inputs: ["file-issues": "true", "file-arguments": example], expressions: repository, environment: environment)
        #expect(limited.result.status == 0, "\(limited.result.output)")
        #expect(limited.result.stdout.contains("::warning"), "\(limited.result.output)")
        let filed = try runner.run("File issues", inputs: ["file-issues": "true", "file-arguments": example], expressions: repository, environment: environment)
        #expect(filed.result.status == 0, "\(filed.result.output)")
        let state = try fake.state()
        #expect(state.issues.count == 1)
        #expect(state.violations.isEmpty, "\(state.violations)")
        let refused = try runner.run("File issues", inputs: ["file-issues": "true"], expressions: repository,
                                     environment: environment.merging(["GH_TOKEN": "wrong"]) { $1 })
        #expect(refused.result.status == 66, "\(refused.result.output)")
    }
}
