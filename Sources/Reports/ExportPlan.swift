import AuditStore
import Interchange
import Output
import Platform

/// Where an export goes, as its command line says.
public enum ExportDestination: Sendable, Equatable {
    /// Exports/ beside the store, under the reporter's default name (the shared file, for the log).
    case exports
    /// The file `--output` names, absolute.
    case file(String)
    /// `--output -`.
    case standardOutput
    /// `--output` naming a device or a pipe, or a link to one (`/dev/null`, `/dev/stdout`): written
    /// straight through, as standard output is, so that nothing which is not a regular file is ever
    /// replaced.
    case stream(String)

    /// What `--output PATH` names (absolute): a stream when what is there, through links, is neither
    /// a regular file nor a folder, or when it is the system's name of a descriptor; else a file. Any
    /// other link to a regular file is never written through: a link can come from a clone, so the
    /// report replaces the link, and what it led to is untouched.
    public static func named(_ path: String) -> ExportDestination {
        let kind = Files.status(path)?.kind
        if kind == .other { return .stream(path) }
        // The system's names of a descriptor (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`) lead
        // where it does, a file included, and no clone can put a link there: written through.
        let systemName = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        if kind == .regular, systemName, Files.status(path, followLinks: false)?.kind == .symbolicLink { return .stream(path) }
        return .file(path)
    }
}

/// What changes the review page adds (`--since`): those since an earlier export, read already, or
/// since the start of a day.
public enum ChangesSince: Sendable {
    case export(EarlierAudit)
    case day(Timestamp)
}

/// One `dtaudit export`, as its command line gives it.
public struct ExportRequest: Sendable {
    public var format: ReportFormat
    /// `--summary`: only the top of the review page.
    public var summary: Bool
    public var destination: ExportDestination
    public var since: ChangesSince?
    /// `--date`, `2026-10-13`.
    public var date: String?
    /// `--force`: the log written over a shared file that holds records this store lacks.
    public var force: Bool
    public var selection: ScreenSelection
    /// Who a conformance report is about and by whom, as typed.
    public var parties: ReportPartyRequest
    /// `--draft`: a conformance report written while criteria cannot be judged yet, marked as a
    /// draft throughout and never claiming a level.
    public var draft = false
    /// `--device-family`, `--declaration-id`, `--app-id`, `--main-family`: the App Store Connect declaration's.
    public var declaration = DeclarationRequest()
    /// `dtaudit 0.1.0`
    public var generator: String
    /// The folder messages show paths from.
    public var workingDirectory: String

    public init(format: ReportFormat, summary: Bool = false, destination: ExportDestination = .exports, since: ChangesSince? = nil,
                date: String? = nil, force: Bool = false, selection: ScreenSelection = .everything, parties: ReportPartyRequest = ReportPartyRequest(),
                generator: String, workingDirectory: String) {
        self.format = format
        self.summary = summary
        self.destination = destination
        self.since = since
        self.date = date
        self.force = force
        self.selection = selection
        self.parties = parties
        self.generator = generator
        self.workingDirectory = workingDirectory
    }

    /// The reporter `--format` and `--summary` choose.
    public var reporter: any Reporter {
        summary ? MarkdownSummaryReporter() : format.reporter
    }

    /// Whether the report goes into a file, where it can have files and evidence beside it.
    public var isFile: Bool {
        switch destination {
        case .exports, .file: true
        case .standardOutput, .stream: false
        }
    }
}

/// Where an export's files go, decided in one place from the request, what the reporter read and
/// the store: the report's path, the files beside it, the folder it makes, the shared file and
/// evidence folder; and what it refuses before anything is written (`prepare`).
public struct ExportPlan: Sendable {
    /// The report's file; nil for standard output.
    public let path: String?
    /// The shared audit file the log's reporter keeps; nil for other reporters.
    public let sharedFile: SharedAudit?
    /// The files written beside the report: their names relative to it, and their paths.
    public let attachments: [(name: String, path: String)]
    /// The store's shared audit, whose evidence folder a review page's screenshots link into.
    public let shared: SharedAudit
    /// The evidence folder of the shared file the report links into or the log is written to.
    public var evidenceFolder: String { (sharedFile ?? shared).evidenceFolder }
    /// The same, relative to the report's folder; nil without a report file.
    public let evidenceLink: String?
    let destination: ExportDestination
    let store: StoreLocation
    let workingDirectory: String

    /// `trailhead-2026-10-13-vpat.md` → `trailhead-2026-10-13-vpat-draft.md` for a draft, so that
    /// a draft never takes the name of the report to file.
    static func marked(_ fileName: String, draft: Bool) -> String {
        guard draft, let dot = fileName.lastIndex(of: ".") else { return fileName }
        return fileName[..<dot] + "-draft" + fileName[dot...]
    }

    public init<R: Reporter>(_ reporter: R, request: ExportRequest, reading: ReportReading<R.Content>, store: AuditStore) throws {
        destination = request.destination
        self.store = store.location
        workingDirectory = request.workingDirectory
        shared = try SharedAudit.of(store)
        if reporter.keepsTheSharedFile {
            switch request.destination {
            case .file(let path): sharedFile = SharedAudit.named(path, root: store.location.root)
            case .exports: sharedFile = shared
            case .standardOutput, .stream: sharedFile = nil
            }
            path = sharedFile?.path
            attachments = []
            evidenceLink = nil
            return
        }
        sharedFile = nil
        switch request.destination {
        case .file(let given): path = given
        case .exports: path = store.location.root + "/Exports/" + Self.marked(reporter.defaultFileName(app: reading.app, day: reading.day, selection: request.selection),
                                                                            draft: reading.draft)
        case .standardOutput, .stream: path = nil
        }
        guard let path else {
            attachments = []
            evidenceLink = nil
            return
        }
        let folder = PathNames.folder(of: path)
        attachments = reporter.attachmentNames(forReport: PathNames.fileName(of: path)).map { ($0, folder + "/" + $0) }
        evidenceLink = PathNames.relative(shared.evidenceFolder, from: folder)
    }

    /// `path` as messages show it: relative to the working folder when inside it.
    public func shown(_ path: String) -> String {
        PathNames.shown(path, from: workingDirectory)
    }

    /// The folder the report goes in.
    public var folder: String? { path.map(PathNames.folder(of:)) }

    /// Refuses what must not be written, before anything is, and makes Exports/ when the report
    /// goes there and it is not there yet; returns whether it made it (`removeFolder` takes it back).
    /// Refused: an Exports/ that is a symbolic link (a repository could commit one into another
    /// checkout), a file inside the store's folder (it would replace the database or its evidence),
    /// and a report or a file beside it whose name a folder holds.
    public func prepare() throws(ExportProblem) -> Bool {
        guard let path else { return false }
        if let sharedFile {
            try OutputFile.checkOutside(store, path, shownAs: sharedFile.relativePath)
            try OutputFile.checkIsFile(path, shownAs: sharedFile.relativePath)
            return false
        }
        var made = false
        if destination == .exports, let folder {
            if Files.status(folder, followLinks: false)?.kind == .symbolicLink {
                throw ExportProblem("\(shown(folder)) is a symbolic link (to \(Files.linkTarget(folder) ?? "?")); "
                                    + "reports go to a real folder of the repository, so that none is written into another checkout. Nothing was written: "
                                    + "replace the link with the folder (git rm it if it is committed), or name a file with --output", kind: .badData)
            }
            made = try OutputFile.makeFolder(folder)
        }
        do throws(ExportProblem) {
            try OutputFile.checkOutside(store, path, shownAs: shown(path))
            try OutputFile.checkIsFile(path, shownAs: shown(path))
            for attachment in attachments where Files.status(attachment.path)?.kind == .directory {
                throw ExportProblem("cannot write \(shown(attachment.path)) beside the report: a folder of that name is in the way", kind: .cannotWrite)
            }
        } catch {
            if made { removeFolder() }
            throw error
        }
        return made
    }

    /// Removes the folder `prepare` made, when nothing was written into it, so that a failed export
    /// leaves no empty Exports/ behind.
    public func removeFolder() {
        // rmdir removes only an empty folder: whatever is in it stays, and so does the folder.
        if let folder { try? Files.removeDirectory(folder) }
    }
}

/// Why an export cannot be written, said in one line, with the kind of outcome it is.
public struct ExportProblem: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The command line asks for what cannot be (a file inside the store's folder).
        case usage
        /// What is in the way is malformed or hostile (a linked Exports/).
        case badData
        /// The file or its folder cannot be written.
        case cannotWrite
        /// Writing failed midway: a full disk.
        case ioError
    }

    public let description: String
    public let kind: Kind

    public init(_ description: String, kind: Kind) {
        self.description = TextLayout.singleLine(description)
        self.kind = kind
    }
}

/// Files written whole or not at all, for exports and every other file a command writes.
public enum OutputFile {
    /// Refuses a path inside the store's folder, where a file written would replace the database
    /// or its evidence.
    public static func checkOutside(_ store: StoreLocation, _ path: String, shownAs shown: String) throws(ExportProblem) {
        if store.holds(path) {
            throw ExportProblem("cannot write \(shown): it is inside the store's folder \(store.folder); choose a file outside it", kind: .usage)
        }
    }

    /// Refuses a path that names a folder, before anything is written.
    public static func checkIsFile(_ path: String, shownAs shown: String) throws(ExportProblem) {
        if Files.status(path)?.kind == .directory {
            throw ExportProblem("cannot write \(shown): it is a folder; give a file name", kind: .cannotWrite)
        }
        if Files.status(path)?.kind == .other {
            throw ExportProblem("cannot write \(shown): it is a device or a pipe, which is never replaced by a file; name it with --output to write to it", kind: .cannotWrite)
        }
    }

    /// Makes `folder` and the folders above it when it is not there; returns whether it made it.
    public static func makeFolder(_ folder: String) throws(ExportProblem) -> Bool {
        guard Files.status(folder) == nil else { return false }
        do {
            try Files.makeDirectories(folder)
        } catch {
            throw ExportProblem("cannot create the folder \(folder)", kind: .cannotWrite)
        }
        return true
    }

    /// Streams a file to `path` through a temporary file beside it, put in place only when every
    /// byte is written, so that a failed or interrupted write leaves the old file as it was. The
    /// temporary file is created exclusively under a name nobody can guess, so a planted file or
    /// link is never written through, and those of killed writes are removed. Refuses a path that
    /// names a folder, before anything is written. What `body` throws comes back as it is.
    public static func stream(to path: String, shownAs shown: String, _ body: (BufferedOutput) throws -> Void) throws {
        try checkIsFile(path, shownAs: shown)
        /// What `body` threw, passed through as it is.
        struct Failure: Error { let error: any Error }
        do {
            try Files.writeAtomically(path) { file in
                do { try body(file) } catch { throw Failure(error: error) }
            }
        } catch let failure as Failure {
            throw failure.error
        } catch {
            throw writeProblem(path, shownAs: shown, diskFull: (error as? SystemError)?.isDiskFull ?? false)
        }
    }

    /// Opens the device or pipe at `path` (through links) for writing straight through, creating nothing.
    public static func openStream(_ path: String, shownAs shown: String) throws(ExportProblem) -> BufferedOutput {
        let opened: BufferedOutput?
        do {
            opened = try BufferedOutput.openStream(path: path)
        } catch {
            throw ExportProblem("cannot write \(shown): \(System.errorDescription(error.code))", kind: .cannotWrite)
        }
        guard let opened else {
            throw ExportProblem("cannot write \(shown): it is a folder; give a file name", kind: .cannotWrite)
        }
        return opened
    }

    /// Closes a stream `openStream` opened, saying what failed.
    public static func close(_ output: BufferedOutput, at path: String, shownAs shown: String) throws(ExportProblem) {
        guard output.close() else {
            throw ExportProblem("cannot write \(shown): \(output.failureDescription)", kind: SystemError(operation: "write", path: path, code: output.errorCode).isDiskFull ? .ioError : .cannotWrite)
        }
    }

    public static func write(_ text: String, to path: String, shownAs shown: String) throws {
        try stream(to: path, shownAs: shown) { $0.write(text) }
    }

    private static func writeProblem(_ path: String, shownAs shown: String, diskFull: Bool) -> ExportProblem {
        let folder = PathNames.folder(of: path)
        if Files.status(folder)?.kind != .directory {
            return ExportProblem("cannot write \(shown): the folder \(folder) does not exist", kind: .cannotWrite)
        }
        if diskFull {
            return ExportProblem("cannot write \(shown): the disk is full", kind: .ioError)
        }
        return ExportProblem("cannot write \(shown): the folder is not writable or the disk is full", kind: .cannotWrite)
    }
}
