import ArgumentParsing
import AuditLog
import AuditStore
import Output
import Platform
import Trackers

extension FileCommand {
    func fileOnGitHub(_ repository: GitHubRepository, audit: AuditProblems, store: AuditStore, author: String, console: Console) throws {
        let token = try Self.token()
        let api = System.environment("GITHUB_API_URL").flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.github.com"
        guard api.hasPrefix("https://") || api.hasPrefix("http://"), !api.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw TrackerError(.setup, "GITHUB_API_URL must be an http or https address (found '\(console.safe(api))')")
        }
        let github = GitHub(api: api, repository: repository, transport: CurlTransport(token: token))
        let page = try github.repositoryPage()
        let ref = ref ?? System.environment("GITHUB_SHA").flatMap { $0.isEmpty ? nil : $0 } ?? page.defaultBranch
        let links = EvidenceLinks(base: page.url + "/blob/" + URIPath.encoded(ref) + "/")
        let progress = console.progress(total: 20, verb: "reading issues, page")
        var issues = try github.issues(label: label) { progress?($0) }
        progress?(20)
        let filings = try store.filings().filter { $0.tracker == repository.tracker }
        // An issue a record names that the label no longer finds (a person removed the label) is
        // looked up by number, so that it is not filed again.
        var latest: [String: Filing] = [:]
        for filing in filings where latest[filing.problem].map({ Stamp(at: $0.at, id: $0.id) < Stamp(at: filing.at, id: filing.id) }) ?? true {
            latest[filing.problem] = filing
        }
        let listed = Set(issues.map(\.number))
        for filing in latest.values.sorted(by: { ($0.issue ?? 0) < ($1.issue ?? 0) }) {
            guard let number = filing.issue, !listed.contains(number), filing.state == .open || filing.state == .closed,
                  let found = try github.issue(number), found.marker?.problem == filing.problem else { continue }
            issues.append(found)
        }
        let plan = FilingPlan(audit: audit, issues: issues, filings: filings, links: links)
        if dryRun {
            FileReport.plan(plan, repository: repository, console: console, json: output.json)
            return
        }
        var filer = Filer(github: github, label: label, author: author,
                          budget: WriteBudget(perMinute: perMinute, perHour: perHour, clock: { Double(Timestamp.now().milliseconds) / 1000 },
                                              pause: { Subprocess.pause(seconds: $0) }),
                          record: { try store.appendFilings($0) })
        let terminal = StandardStream.error.isTerminal && !output.json
        let outcome = try filer.run(plan, progress: { done, total in
            if terminal { BufferedOutput.standardError.write(done >= total ? "\r\u{1B}[K" : "\r\(done)/\(total) filed…") }
        }, waiting: { seconds in
            if terminal { BufferedOutput.standardError.write("\r\u{1B}[Kwaiting \(seconds) s for the minute's budget of \(perMinute) writes…") }
        })
        if terminal { BufferedOutput.standardError.write("\r\u{1B}[K") }
        FileReport.outcome(outcome, plan: plan, repository: repository, console: console, json: output.json)
        if let stopped = outcome.stopped { throw FileStop(error: stopped, done: outcome.done.count, total: plan.steps.count) }
    }

    /// `GH_TOKEN`, `GITHUB_TOKEN`, else what `gh auth token` prints.
    static func token() throws -> String {
        var found: (String, String)?
        for name in ["GH_TOKEN", "GITHUB_TOKEN"] {
            if let value = System.environment(name), !value.trimmedLine.isEmpty {
                found = (value.trimmedLine, name)
                break
            }
        }
        if found == nil, let printed = Subprocess.output(of: "gh", ["auth", "token"])?.trimmedLine, !printed.isEmpty {
            found = (printed, "gh auth token")
        }
        guard let (token, source) = found else {
            throw TrackerError(.setup, "no GitHub token: set GH_TOKEN or GITHUB_TOKEN (in a workflow: GH_TOKEN: ${{ github.token }}), or sign in with 'gh auth login'")
        }
        guard token.utf8.count <= 1000, !token.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            throw TrackerError(.setup, "the token from \(source) holds a space or a control character; give the token alone")
        }
        return token
    }
}

/// A run that stopped before its end: the tracker's rate limit, the budget, or the tracker's refusal.
struct FileStop: Error, CustomStringConvertible, ExitStatusProviding {
    let error: TrackerError
    let done: Int
    let total: Int

    var description: String {
        var text = error.message + ": stopped after \(done) of \(total) steps, each done one recorded"
        if error.kind == .rateLimited {
            text += "; run the same command again" + (error.retryAfter.map { " in \($0) s or later" } ?? "") + " to go on where it stopped"
        }
        return text
    }

    var exitStatus: Int32 { error.exitStatus }
}

extension TrackerError: ExitStatusProviding {
    /// No token or curl, or a repository the token cannot see: 66; the tracker unreachable: 74;
    /// an answer that does not read: 65; the rate limited: 75, try again.
    public var exitStatus: Int32 {
        switch kind {
        case .setup, .refused: ExitStatus.noInput.rawValue
        case .unreachable: ExitStatus.ioError.rawValue
        case .answer: ExitStatus.badData.rawValue
        case .rateLimited: ExitStatus.busy.rawValue
        }
    }
}
