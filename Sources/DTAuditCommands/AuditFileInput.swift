import ArgumentParsing
import AuditLog
import AuditStore
import Interchange
import Output
import Platform
import Reports

/// Reads audit files for `import` and `--since`.
enum InterchangeFile {
    /// The file at `path` (`-` for standard input), opened to be read a chunk at a time; refused
    /// when it is not a regular file or is larger than an audit file may be.
    static func open(_ path: String, workingDirectory: String) throws -> ChunkedInput {
        if path == "-" { return .standardInput() }
        let absolute = StoreLocation.absolute(path, from: workingDirectory)
        guard let status = Files.status(absolute) else { throw FileProblem(description: "no file '\(path)'", kind: .noInput) }
        if status.kind == .directory { throw FileProblem(description: "'\(path)' is a folder; give the audit's .json file", kind: .usage) }
        guard status.kind == .regular else { throw FileProblem(description: "cannot read \(path): it is not a regular file", kind: .noInput) }
        if status.byteCount > Int64(AuditFile.maximumBytes) {
            throw FileProblem(description: "\(path) is \(status.byteCount >> 20) MB; an audit file is at most \(AuditFile.maximumBytes >> 20) MB", kind: .badData)
        }
        do {
            return try ChunkedInput(path: absolute)
        } catch {
            throw FileProblem(description: "cannot read \(path)", kind: .ioError)
        }
    }

    /// Reads the file through `read`, which gets the chunks; problems name the file and line, and
    /// a record that refers to what the file lacks ends with `dangling`.
    static func reading<T>(_ path: String, workingDirectory: String, dangling: String = "; nothing was imported",
                           _ read: (@escaping (inout [UInt8]) -> Bool) throws -> T) throws -> T {
        let shown = path == "-" ? "standard input" : path
        let input = try open(path, workingDirectory: workingDirectory)
        let limit = AuditFile.maximumBytes
        func failure() -> FileProblem? {
            if input.failed { return FileProblem(description: "cannot read \(shown)", kind: .ioError) }
            if input.total > limit { return FileProblem(description: "\(shown) holds more than \(limit >> 20) MB; an audit file is at most \(limit >> 20) MB", kind: .badData) }
            return nil
        }
        do {
            let result = try read { input.total <= limit && input.read(appendingTo: &$0) }
            if let failure = failure() { throw failure }
            return result
        } catch let error as InterchangeError {
            if let failure = failure() { throw failure }
            throw FileProblem(description: "\(shown) \(error)", kind: .badData)
        } catch let error as DanglingReference {
            throw FileProblem(description: "\(shown) \(error)\(dangling)", kind: .badData)
        }
    }

    /// The audit an earlier file holds, folded as an import would fold it, and refused as an
    /// import would refuse it.
    static func document(_ path: String, workingDirectory: String) throws -> AuditDocument {
        try reading(path, workingDirectory: workingDirectory, dangling: "") { source in try AuditDocument(reading: source) }
    }
}

/// What `--since` names: a date (`2026-09-29`) or an earlier export file.
enum BaselineSource {
    static func load(_ spec: String, document: AuditDocument, workingDirectory: String) throws -> EarlierAudit {
        if let earlier = try file(spec, workingDirectory: workingDirectory) { return earlier }
        let time = try day(spec)
        return EarlierAudit(document: document, before: time, label: time.day)
    }

    /// The start of the day `spec` names for `--since`, refused in the future.
    static func day(_ spec: String) throws -> Timestamp {
        do {
            return try DayName.start(of: spec)
        } catch {
            if case .notADay = error { throw notADayNorAFile(spec) }
            throw ValidationError("--since: " + error.description)
        }
    }

    static func notADayNorAFile(_ spec: String) -> ValidationError {
        ValidationError("--since: '\(TextLayout.singleLine(spec))' is neither a day (YYYY-MM-DD, today, yesterday, or Nd for N days ago) nor an export file")
    }

    /// The baseline in the export file `spec` names; nil when `spec` looks like a day. The file's
    /// document is let go once the baseline is taken from it, so reading it before the store's
    /// audit keeps the two from sitting in memory together.
    static func file(_ spec: String, workingDirectory: String) throws -> EarlierAudit? {
        if Files.status(Files.absolute(spec, from: workingDirectory)) == nil {
            if DayName.looksLikeDay(spec) { return nil }
            if !spec.contains("/") && !spec.hasSuffix(".json") { throw notADayNorAFile(spec) }
        }
        let earlier = try InterchangeFile.document(spec, workingDirectory: workingDirectory)
        let name = String(spec.split(separator: "/").last ?? Substring(spec))
        return EarlierAudit(document: earlier, label: name)
    }
}
