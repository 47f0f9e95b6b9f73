import AuditLog
import Output

/// A repository on GitHub (or GitHub Enterprise): `OWNER/REPO`.
public struct GitHubRepository: Sendable, Equatable {
    public var owner: String
    public var name: String

    /// Reads `OWNER/REPO` as GitHub spells names: letters, digits, `-`, `_` and `.`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ part in
            !part.isEmpty && part.count <= 100 && part != "." && part != ".."
                && part.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E }
        }) else { return nil }
        owner = String(parts[0])
        name = String(parts[1])
    }

    public var path: String { owner + "/" + name }
    /// How filing records name the tracker: `github:owner/repo`, in lower case as GitHub compares.
    public var tracker: String { "github:" + path.lowercased() }
}

/// GitHub's REST API, as `file` uses it: the repository, its issues by label (the list endpoint,
/// never search, whose index lags), one issue, a label, and the writes. Every answer is checked for
/// GitHub's rate limits before anything else.
public struct GitHub: Sendable {
    /// The REST API's version every request asks for.
    public static let apiVersion = "2022-11-28"
    /// Pages of 100 issues read at most: 20,000 labelled issues.
    static let maximumPages = 200

    public let api: String
    public let repository: GitHubRepository
    let transport: any HTTPTransport
    let now: @Sendable () -> Timestamp

    /// `api` is `GITHUB_API_URL` (`https://api.github.com`, or an Enterprise server's `/api/v3`).
    public init(api: String, repository: GitHubRepository, transport: any HTTPTransport, now: @escaping @Sendable () -> Timestamp = { .now() }) {
        self.api = api.hasSuffix("/") ? String(api.dropLast()) : api
        self.repository = repository
        self.transport = transport
        self.now = now
    }

    var base: String { api + "/repos/" + repository.path }

    // MARK: Reads

    /// The repository's web address and default branch; also proves the token can see it.
    public func repositoryPage() throws(TrackerError) -> (url: String, defaultBranch: String) {
        let node = try json(request("GET", base))
        guard let url = node.string("html_url"), let branch = node.string("default_branch") else {
            throw TrackerError(.answer, "GitHub's answer for \(repository.path) has no html_url or default_branch")
        }
        return (url, branch)
    }

    /// Every issue with `label`, open or closed, through every page the `Link` header names.
    /// Pull requests (which the endpoint lists too) are left out, and so is every issue without a
    /// marker, so that memory holds only what filing needs.
    public func issues(label: String, progress: (Int) -> Void = { _ in }) throws(TrackerError) -> [TrackedIssue] {
        var url: String? = base + "/issues?state=all&labels=" + Self.queryEncoded(label) + "&per_page=100"
        var found: [TrackedIssue] = []
        var pages = 0
        while let next = url {
            pages += 1
            guard pages <= Self.maximumPages else { throw TrackerError(.answer, "GitHub lists more than \(Self.maximumPages * 100) issues labelled '\(label)'") }
            let response = try request("GET", next)
            guard case .array(let elements) = try Self.parse(response).value else { throw TrackerError(.answer, "GitHub's list of issues is not a list") }
            for element in elements where element.member("pull_request") == nil {
                let issue = try Self.issue(element)
                if issue.marker != nil { found.append(issue) }
            }
            progress(pages)
            url = try nextPage(response)
        }
        return found
    }

    /// One issue by number; nil when GitHub no longer has it (deleted, or moved where the token cannot see).
    public func issue(_ number: Int) throws(TrackerError) -> TrackedIssue? {
        let response = try send(HTTPRequest(method: "GET", url: base + "/issues/\(number)", headers: Self.headers))
        if response.status == 404 || response.status == 410 || response.status == 301 { return nil }
        try check(response)
        return try Self.issue(Self.parse(response))
    }

    /// Whether the repository has the label.
    public func hasLabel(_ name: String) throws(TrackerError) -> Bool {
        let response = try send(HTTPRequest(method: "GET", url: base + "/labels/" + Self.pathEncoded(name), headers: Self.headers))
        if response.status == 404 { return false }
        try check(response)
        return true
    }

    // MARK: Writes

    public func createLabel(_ name: String) throws(TrackerError) {
        _ = try request("POST", base + "/labels", body: .object([("name", .string(name)), ("color", .string("5319e7")),
                                                                 ("description", .string("Dynamic Type problems filed by dtaudit"))]))
    }

    public func create(title: String, body: String, labels: [String]) throws(TrackerError) -> TrackedIssue {
        try Self.issue(json(request("POST", base + "/issues", body: .object([("title", .string(title)), ("body", .string(body)),
                                                                               ("labels", .array(labels.map(JSON.string)))]))))
    }

    /// Changes an issue: any of its title, body, labels and state.
    public func update(_ number: Int, _ fields: [(String, JSON)]) throws(TrackerError) -> TrackedIssue {
        try Self.issue(json(request("PATCH", base + "/issues/\(number)", body: .object(fields))))
    }

    public func comment(_ number: Int, _ body: String) throws(TrackerError) {
        _ = try request("POST", base + "/issues/\(number)/comments", body: .object([("body", .string(body))]))
    }

    // MARK: Requests

    static let headers = [("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", apiVersion), ("User-Agent", "dtaudit/" + Release.version)]

    private func request(_ method: String, _ url: String, body: JSON? = nil) throws(TrackerError) -> HTTPResponse {
        var headers = Self.headers
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let response = try send(HTTPRequest(method: method, url: url, headers: headers, body: body.map { Array($0.serialized(pretty: false).utf8) }))
        try check(response)
        return response
    }

    private func send(_ request: HTTPRequest) throws(TrackerError) -> HTTPResponse {
        try transport.send(request)
    }

    private func json(_ response: HTTPResponse) throws(TrackerError) -> JSONReader.Node {
        try Self.parse(response)
    }

    /// Rate limits first (a secondary limit answers 403 or 429, with `Retry-After` or with no
    /// requests remaining until `x-ratelimit-reset`), then refusals, each in one line.
    func check(_ response: HTTPResponse) throws(TrackerError) {
        if (200..<300).contains(response.status) { return }
        let message = Self.message(response)
        let remaining = response.header("x-ratelimit-remaining")
        if response.status == 429 || (response.status == 403 && (remaining == "0" || response.header("retry-after") != nil || message.lowercased().contains("rate limit"))) {
            var wait = response.header("retry-after").flatMap { Int($0.trimmingSpaces) }
            if wait == nil, remaining == "0", let reset = response.header("x-ratelimit-reset").flatMap({ Int64($0.trimmingSpaces) }) {
                wait = Int(max(0, reset - now().milliseconds / 1000))
            }
            throw TrackerError(.rateLimited, "GitHub limits the rate of requests" + (message.isEmpty ? "" : " (\(message))"), retryAfter: wait ?? 60)
        }
        switch response.status {
        case 401: throw TrackerError(.refused, "GitHub refused the token (401\(message.isEmpty ? "" : ": " + message)): give a valid one in GH_TOKEN or GITHUB_TOKEN")
        case 403: throw TrackerError(.refused, "GitHub refused (403\(message.isEmpty ? "" : ": " + message)): the token needs permission to write issues (issues: write) on \(repository.path)")
        case 404: throw TrackerError(.refused, "GitHub has no repository \(repository.path), or the token cannot see it (404)")
        default: throw TrackerError(.answer, "GitHub answered \(response.status)" + (message.isEmpty ? "" : ": " + message))
        }
    }

    /// The `next` page of `Link`, which must stay on the API's own host: the token goes with it.
    func nextPage(_ response: HTTPResponse) throws(TrackerError) -> String? {
        guard let link = response.header("link") else { return nil }
        for part in link.split(separator: ",") {
            let pieces = part.split(separator: ";").map { String($0).trimmingSpaces }
            guard pieces.count >= 2, pieces.dropFirst().contains(where: { $0 == "rel=\"next\"" }), pieces[0].hasPrefix("<"), pieces[0].hasSuffix(">") else { continue }
            let url = String(pieces[0].dropFirst().dropLast())
            guard CurlTransport.host(of: url) == CurlTransport.host(of: api), url.hasPrefix(api.prefix { $0 != ":" } + "://") else {
                throw TrackerError(.answer, "GitHub's next page is on another host (\(CurlTransport.host(of: url))); the token is not sent there")
            }
            return url
        }
        return nil
    }

    static func parse(_ response: HTTPResponse) throws(TrackerError) -> JSONReader.Node {
        do {
            return try JSONReader.parse(response.body)
        } catch {
            throw TrackerError(.answer, "GitHub's answer is not JSON (\(error.message))")
        }
    }

    static func message(_ response: HTTPResponse) -> String {
        guard let node = try? JSONReader.parse(response.body), let message = node.string("message") else { return "" }
        return String(message.prefix(200))
    }

    static func issue(_ node: JSONReader.Node) throws(TrackerError) -> TrackedIssue {
        guard let number = node.int("number"), let id = node.int("id"), let title = node.string("title"), let url = node.string("html_url"),
              let state = node.string("state") else { throw TrackerError(.answer, "GitHub sent an issue without number, id, title, html_url or state") }
        var labels: [String] = []
        if case .array(let elements)? = node.member("labels")?.value {
            for element in elements {
                if case .string(let name) = element.value { labels.append(name) } else if let name = element.string("name") { labels.append(name) }
            }
        }
        return TrackedIssue(number: number, id: Int64(id), title: title, body: node.string("body"), url: url, isOpen: state == "open",
                            stateReason: node.string("state_reason"), labels: labels, closedAt: node.string("closed_at").flatMap { Timestamp(iso8601: $0) })
    }

    /// A query value: everything but unreserved characters percent-encoded.
    public static func queryEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }

    static func pathEncoded(_ text: String) -> String { queryEncoded(text) }
}

extension JSONReader.Node {
    func member(_ key: String) -> JSONReader.Node? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    func string(_ key: String) -> String? {
        if case .string(let text)? = member(key)?.value { return text }
        return nil
    }

    func int(_ key: String) -> Int? {
        if case .number(let text)? = member(key)?.value { return Int(text) }
        return nil
    }
}
