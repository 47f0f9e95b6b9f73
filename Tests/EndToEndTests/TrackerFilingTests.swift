import Foundation
import Testing

/// `dtaudit file --github` against a local stand-in for GitHub's REST API (GitHubFake/server.py),
/// which checks every request and answer against an excerpt of GitHub's OpenAPI description. The
/// tests run the built binary as a user types it and read what the fake holds afterwards.
@Suite(.tags(.endToEnd)) struct TrackerFilingTests {
    /// A store with two screens and two problems a person recorded: Checkout's Pay button cut at
    /// ax5 and ax3, Cart's text not scaling at ax5.
    static func audit() throws -> CLI {
        let cli = try CLI().initialized()
        try cli.ok(["screen", "add", "Cart"])
        try cli.ok(["record", "Checkout", "--size", "ax5,ax3", "--item", "no-truncation", "--fail", "--note", "Pay button clipped @team #1"])
        try cli.ok(["record", "Cart", "--size", "ax5", "--item", "text-scales", "--fail"])
        return cli
    }

    func file(_ cli: CLI, _ fake: FakeGitHub, _ extra: [String] = [], in folder: URL? = nil) throws -> CLI.Result {
        try cli.run(["file", "--github", "acme/trailhead"] + extra, in: folder, environment: fake.environment)
    }

    @Test(.requires(.python3, .curl))
    func tenIdenticalRunsFileEachProblemOnceAndSpeakGitHubsShapes() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        let dry = try file(cli, fake, ["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("create    Checkout: no-truncation fails at ax5, ax3"))
        #expect(dry.stdout.contains("create    Cart: text-scales fails at ax5"))
        #expect(try fake.state().issues.isEmpty, "a dry run wrote")
        for run in 1...10 {
            let result = try file(cli, fake)
            #expect(result.status == 0, "run \(run): \(result.stderr)")
            if run > 1 { #expect(result.stdout.contains("Nothing to file"), "run \(run): \(result.stdout)") }
        }
        let state = try fake.state()
        #expect(state.issues.count == 2)
        #expect(state.writes == 3, "two creates and the label, then nothing")
        #expect(state.violations.isEmpty, "\(state.violations)")
        let checkout = try #require(state.issues.values.first { ($0["title"] as? String) == "Checkout: no-truncation fails at ax5, ax3" })
        let body = checkout["body"] as? String ?? ""
        #expect(body.hasPrefix("<!-- dtaudit:problem=p-"))
        #expect(body.contains("Pay button clipped \\@team \\#1"), "a note mentions nobody and links no issue")
        #expect((checkout["labels"] as? [[String: Any]])?.map { $0["name"] as? String } == ["dtaudit"])
        // Each run lists issues through the list endpoint with the label, never the search API.
        #expect(state.requests.contains { $0["path"] as? String == "/repos/acme/trailhead/issues" && ($0["query"] as? String ?? "").contains("labels=dtaudit") })
        #expect(!state.requests.contains { ($0["path"] as? String ?? "").hasPrefix("/search") })
    }

    @Test(.requires(.python3, .curl))
    func aCloneWithoutTheRecordsFindsTheIssuesByTheirMarkers() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        let teammate = cli.directory.deletingLastPathComponent().appendingPathComponent(cli.directory.lastPathComponent + "-clone")
        try FileManager.default.copyItem(at: cli.directory, to: teammate)
        defer { try? FileManager.default.removeItem(at: teammate) }
        #expect(try file(cli, fake).status == 0)
        // The teammate's store never saw the filing records (deleted, or not merged yet).
        let result = try file(cli, fake, in: teammate)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("found by its marker"), "\(result.stdout)")
        #expect(try fake.state().issues.count == 2, "filed twice")
        #expect(try file(cli, fake, in: teammate).stdout.contains("Nothing to file"))
    }

    @Test(.requires(.python3, .curl))
    func aKillBetweenTheCreateAndItsRecordFilesNothingTwice() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        try fake.control(["op": "slow_create", "seconds": 20])
        let started = try Spawn.start(CLI.binary.path, ["file", "--github", "acme/trailhead"], in: cli.directory,
                                      environment: cli.environment.merging(fake.environment) { $1 }, input: nil)
        // The fake holds the issue before it answers; the run is killed while it waits.
        let deadline = Date().addingTimeInterval(15)
        while try fake.state().issues.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        kill(started.pid, SIGKILL)
        _ = Spawn.wait(started.pid)
        #expect(try fake.state().issues.count == 1)
        let again = try file(cli, fake)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("found by its marker"), "\(again.stdout)")
        #expect(try fake.state().issues.count == 2, "the killed run's issue was filed again")
    }

    @Test(.requires(.python3, .curl))
    func anIssueClosedAsNotPlannedIsNeverReopened() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        #expect(try file(cli, fake).status == 0)
        let cart = try fake.number(titled: "Cart: text-scales fails at ax5")
        try fake.control(["op": "close", "number": cart, "state_reason": "not_planned"])
        try cli.ok(["record", "Cart", "--size", "ax5", "--item", "text-scales", "--fail", "--note", "still fails"])
        let first = try file(cli, fake)
        #expect(first.stdout.contains("triaged by a person"), "\(first.stdout)")
        for _ in 0..<3 { #expect(try file(cli, fake).status == 0) }
        let state = try fake.state()
        #expect(state.issues["\(cart)"]?["state"] as? String == "closed")
        #expect(state.comments["\(cart)"] == nil, "dtaudit spoke on a triaged issue")
    }

    @Test(.requires(.python3, .curl))
    func aRetestPassClosesInTheSameRunAndAFailureAfterReopens() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        #expect(try file(cli, fake).status == 0)
        let checkout = try fake.number(titled: "Checkout: no-truncation fails at ax5, ax3")
        try cli.ok(["fix", "Checkout", "--type", "scroll", "--item", "no-truncation", "--ref", "PR 412"])
        // The fix alone closes nothing: the retest is due, and the issue says so.
        let fixed = try file(cli, fake)
        #expect(fixed.stdout.contains("update    #\(checkout)"), "\(fixed.stdout)")
        try cli.ok(["record", "Checkout", "--size", "ax5,ax3", "--item", "no-truncation", "--pass", "--by", "Ana Lima"])
        let closed = try file(cli, fake)
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(closed.stdout.contains("close     #\(checkout)"), "\(closed.stdout)")
        var state = try fake.state()
        #expect(state.issues["\(checkout)"]?["state"] as? String == "closed")
        #expect(state.issues["\(checkout)"]?["state_reason"] as? String == "completed")
        let comment = state.comments["\(checkout)"]?.last ?? ""
        #expect(comment.contains("Checkout at ax5: pass, recorded by Ana Lima"), "\(comment)")
        #expect(try file(cli, fake).stdout.contains("Nothing to file"))
        try cli.ok(["record", "Checkout", "--size", "ax5", "--item", "no-truncation", "--fail", "--note", "clipped again"])
        let reopened = try file(cli, fake)
        #expect(reopened.stdout.contains("reopen    #\(checkout)"), "\(reopened.stdout)")
        state = try fake.state()
        #expect(state.issues["\(checkout)"]?["state"] as? String == "open")
        #expect(state.issues.count == 2)
        #expect(state.violations.isEmpty, "\(state.violations)")
    }

    @Test(.requires(.python3, .curl), arguments: ["secondary", "primary", "429"])
    func aRateLimitStopsTheRunAndTheNextResumes(kind: String) throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        try fake.control(["op": "rate_limit", "after": 2, "kind": kind])
        let stopped = try file(cli, fake)
        #expect(stopped.status == 75, "\(stopped.stdout)\(stopped.stderr)")
        #expect(stopped.stderr.contains("GitHub limits the rate"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("run the same command again in"), "\(stopped.stderr)")
        #expect(try fake.state().issues.count == 1)
        let resumed = try file(cli, fake)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try fake.state().issues.count == 2)
        #expect(try file(cli, fake).stdout.contains("Nothing to file"))
    }

    @Test(.requires(.python3, .curl))
    func theBudgetStopsARunAndTwoClonesDuplicateIsClosed() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        let stopped = try file(cli, fake, ["--per-hour", "2"])
        #expect(stopped.status == 75)
        #expect(stopped.stderr.contains("budget of 2 writes"), "\(stopped.stderr)")
        #expect(try file(cli, fake).status == 0)
        // A teammate's clone filed the same problem before the records met.
        let original = try fake.number(titled: "Cart: text-scales fails at ax5")
        let body = try fake.state().issues["\(original)"]?["body"] as? String ?? ""
        try fake.control(["op": "create", "title": "Cart: text-scales fails at ax5", "body": body, "labels": ["dtaudit"]])
        let result = try file(cli, fake)
        #expect(result.stdout.contains("as a duplicate of #\(original)"), "\(result.stdout)")
        let state = try fake.state()
        #expect(state.issues.values.filter { $0["state"] as? String == "open" }.count == 2)
        #expect(state.issues.values.contains { $0["state_reason"] as? String == "duplicate" })
        #expect(state.violations.isEmpty, "\(state.violations)")
    }

    @Test(.requires(.python3, .curl))
    func noTokenIsOneLine() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        var environment = fake.environment
        environment["GH_TOKEN"] = ""
        environment["GITHUB_TOKEN"] = ""
        environment["PATH"] = "/nonexistent"
        let result = try cli.run(["file", "--github", "acme/trailhead"], environment: environment)
        #expect(result.status == 66)
        #expect(result.stderr.contains("no GitHub token: set GH_TOKEN or GITHUB_TOKEN"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let bad = try cli.run(["file", "--github", "acme"], environment: fake.environment)
        #expect(bad.status == 64)
    }

    /// On a terminal, filing counts its steps on one line of the error stream and clears it when
    /// done; piped, the same run writes no such line (the tests above read its plain output).
    @Test(.requires(.python3, .curl, .script))
    func onATerminalFilingCountsItsStepsAndClearsTheLine() throws {
        let fake = try FakeGitHub()
        let cli = try Self.audit()
        // util-linux's script gives the command a terminal; what it drew comes back on stdout.
        let drawn = try Spawn.run(try RequiredTool.script.location(), ["-qec", CLI.binary.path + " file --github acme/trailhead", "/dev/null"],
                                  in: cli.directory, environment: cli.environment.merging(fake.environment) { $1 })
        #expect(drawn.status == 0, "\(drawn.output)")
        #expect(drawn.stdout.contains("\r1/2 filed…"), "\(drawn.stdout.debugDescription)")
        #expect(drawn.stdout.contains("\r\u{1B}[K"), "the progress line is cleared")
        #expect(try fake.state().issues.count == 2)
        let piped = try file(cli, fake)
        #expect(!piped.stderr.contains("filed…"))
    }

    @Test func jiraAndLinearFilesHoldEachProblemOnce() throws {
        let cli = try Self.audit()
        for (tracker, header) in [("jira", "Summary,Issue Type,Priority,Description,Labels,Labels"), ("linear", "Title,Description,Priority,Status,Labels")] {
            let first = try cli.run(["file", "--\(tracker)", "\(tracker).csv"])
            #expect(first.status == 0, "\(first.stderr)")
            let text = try String(contentsOf: cli.directory.appendingPathComponent("\(tracker).csv"), encoding: .utf8)
            #expect(text.hasPrefix(header + "\r\n"))
            #expect(text.contains("Checkout: no-truncation fails at ax5, ax3"))
            #expect(text.contains("dtaudit-p-"))
            let again = try cli.run(["file", "--\(tracker)", "\(tracker).csv"])
            #expect(again.stdout.contains("No problem to export"), "\(again.stdout)")
        }
    }
}

extension RequiredTool {
    /// What `file --github` sends its requests with, and the tests ask the stand-in with.
    static let curl = RequiredTool("curl", .program(["curl"]), install: "apt-get install curl")
}

/// The fake GitHub server, started for one test and stopped with it.
final class FakeGitHub {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    let port: String
    let folder: URL

    init() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GitHubFake")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-github-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ready = folder.appendingPathComponent("port")
        pid = try Spawn.start(try RequiredTool.python3.location(), [here.appendingPathComponent("server.py").path, here.appendingPathComponent("openapi-excerpt.json").path, ready.path],
                              in: folder, environment: ProcessInfo.processInfo.environment, input: nil).pid
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: ready.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        port = (try? String(contentsOf: ready, encoding: .utf8)) ?? ""
        if port.isEmpty { throw FakeGitHub.Failure(description: "the fake GitHub did not start") }
    }

    deinit {
        // SIGKILL: a test process may hold SIGTERM ignored, and its children inherit that.
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
        try? FileManager.default.removeItem(at: folder)
    }

    var url: String { "http://127.0.0.1:" + port }
    var environment: [String: String] { ["GH_TOKEN": "test-token", "GITHUB_API_URL": url, "GITHUB_SHA": ""] }

    struct State {
        var issues: [String: [String: Any]]
        var comments: [String: [String]]
        var requests: [[String: Any]]
        var violations: [String]
        var writes: Int
    }

    func state() throws -> State {
        let result = try Spawn.run(try RequiredTool.curl.location(), ["-s", url + "/_state"], in: folder, environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return State(issues: object["issues"] as? [String: [String: Any]] ?? [:], comments: object["comments"] as? [String: [String]] ?? [:],
                     requests: object["requests"] as? [[String: Any]] ?? [], violations: object["violations"] as? [String] ?? [],
                     writes: object["writes"] as? Int ?? -1)
    }

    func control(_ payload: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: payload)
        _ = try Spawn.run(try RequiredTool.curl.location(), ["-s", "-X", "POST", "--data-binary", String(decoding: data, as: UTF8.self), url + "/_control"], in: folder,
                          environment: ProcessInfo.processInfo.environment)
    }

    func number(titled title: String) throws -> Int {
        guard let issue = try state().issues.values.first(where: { $0["title"] as? String == title }), let number = issue["number"] as? Int else {
            throw FakeGitHub.Failure(description: "no issue titled \(title)")
        }
        return number
    }
}
