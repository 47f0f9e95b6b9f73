import Output
import Platform

/// One request to a tracker's API.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: String
    /// Besides the token, which the transport adds.
    public var headers: [(String, String)]
    public var body: [UInt8]?

    public init(method: String, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.headers.map { $0.0 + ":" + $0.1 } == b.headers.map { $0.0 + ":" + $0.1 }
    }
}

/// A tracker's answer: its status, its headers (names in lower case) and its body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { ($0.0.lowercased(), $0.1) }
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0 == name }?.1
    }
}

/// Something that sends requests: curl here, a list of answers in the tests.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(TrackerError) -> HTTPResponse
}

/// Requests sent by `curl`, run as a command. curl is on every Mac and every CI image GitHub
/// offers, honours the machine's proxies and certificates as everything else there does, and
/// keeps a TLS and HTTP stack out of dtaudit's binary (on Linux, Foundation's networking would
/// bring libcurl and its own dependencies into a binary that otherwise needs only libc, SQLite and
/// zlib). The token and the request reach curl as its configuration on standard input (an
/// unlinked file), never in its arguments, which other users' `ps` shows.
public struct CurlTransport: HTTPTransport {
    /// The most an answer may be: a page of 100 issues is a few megabytes at worst.
    public static let maximumResponse = 32 << 20

    public let token: String
    public let program: String

    public init(token: String, program: String = "curl") {
        self.token = token
        self.program = program
    }

    public func send(_ request: HTTPRequest) throws(TrackerError) -> HTTPResponse {
        var config = "silent\nshow-error\ninclude\nsuppress-connect-headers\nproto = \"=http,https\"\nconnect-timeout = 20\nmax-time = 120\n"
        config += "url = " + Self.quoted(request.url) + "\n"
        config += "request = " + Self.quoted(request.method) + "\n"
        for (name, value) in [("Authorization", "Bearer " + token)] + request.headers {
            config += "header = " + Self.quoted(name + ": " + value) + "\n"
        }
        if let body = request.body {
            config += "data-binary = " + Self.quoted(String(decoding: body, as: UTF8.self)) + "\n"
        }
        guard let done = Subprocess.exchange(program, ["--config", "-"], input: Array(config.utf8), maximumOutput: Self.maximumResponse) else {
            throw TrackerError(.setup, "filing into GitHub needs curl on the PATH (every Mac has it; on Debian or Ubuntu: sudo apt-get install curl)")
        }
        guard done.status == 0 else {
            let said = String(decoding: done.errors, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
            throw TrackerError(.unreachable, "could not reach \(Self.host(of: request.url)): " + (said.isEmpty ? "curl exited with status \(done.status.map(String.init) ?? "?")" : said))
        }
        if done.outputCut { throw TrackerError(.answer, "\(Self.host(of: request.url)) answered with more than \(Self.maximumResponse >> 20) MB") }
        return try Self.parse(done.output, from: request.url)
    }

    /// A value of curl's configuration: quoted, with the escapes curl reads back.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// What `--include` writes: a status line, headers, a blank line, the body. Interim answers
    /// (`100 Continue`) come first and are skipped.
    static func parse(_ bytes: [UInt8], from url: String) throws(TrackerError) -> HTTPResponse {
        var start = 0
        while true {
            guard let end = blankLine(in: bytes, from: start) else { throw TrackerError(.answer, "\(host(of: url)) sent an answer that is not HTTP") }
            let head = String(decoding: bytes[start..<end.head], as: UTF8.self)
            let lines = head.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).map(String.init)
            let statusWords = lines.first?.split(separator: " ") ?? []
            guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1]) else {
                throw TrackerError(.answer, "\(host(of: url)) sent an answer that is not HTTP")
            }
            if (100..<200).contains(status) {
                start = end.body
                continue
            }
            var headers: [(String, String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces))
            }
            return HTTPResponse(status: status, headers: headers, body: Array(bytes[end.body...]))
        }
    }

    private static func blankLine(in bytes: [UInt8], from start: Int) -> (head: Int, body: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return (index, index + 3) }
                if index + 1 == bytes.count { return (index, index + 1) }
            }
            index += 1
        }
        return nil
    }

    static func host(of url: String) -> String {
        let rest = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        return rest.count > 2 ? String(rest[2]) : url
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return String(text)
    }
}

/// Why filing stopped, in one line, with what kind of trouble it was.
public struct TrackerError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No token, no curl, a malformed repository: nothing was asked of the tracker.
        case setup
        /// The tracker could not be reached.
        case unreachable
        /// The tracker refused (a missing repository, a token without access).
        case refused
        /// The tracker limits the rate: the run stops and the next one resumes.
        case rateLimited
        /// An answer dtaudit does not read.
        case answer
    }

    public var kind: Kind
    public var message: String
    /// For a rate limit: seconds until the tracker takes requests again, when it said.
    public var retryAfter: Int?

    public init(_ kind: Kind, _ message: String, retryAfter: Int? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { message }
}
