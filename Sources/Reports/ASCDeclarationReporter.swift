import AuditLog
import AuditStore
import Evidence
import Interchange
import Output
import Platform

/// App Store Connect's accessibility declaration for each device family the app ships: beside
/// the report, one file per decided family holding exactly the JSON body of the request that
/// declares it (`POST /v1/accessibilityDeclarations`, or the `PATCH` of a declaration that exists);
/// the report itself is the evidence index: what each body claims, and the screens, sizes,
/// recordings, runs and files it rests on, each file by its SHA-256.
public struct ASCDeclarationReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .ascDeclaration }
    public var fileExtension: String { "json" }

    public struct Content: Sendable {
        var declaration: ASCDeclaration
        var app: String
        var date: String
        var generator: String
    }

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: .everything, suffix: format.fileNameSuffix)
    }

    /// A body for each family that can be declared, whichever the audit decides.
    public func attachmentNames(forReport fileName: String) -> [String] {
        DeviceFamily.withLargerText.map { Self.bodyFileName(forReport: fileName, family: $0) }
    }

    /// `trailhead-2026-10-13-asc-declaration.json` → `trailhead-2026-10-13-asc-declaration-ipad.json`.
    public static func bodyFileName(forReport fileName: String, family: DeviceFamily) -> String {
        let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        return stem + "-" + String(family.rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) + ".json"
    }

    /// The audit, the files of its evidence and the team's file, read at once; the declaration
    /// decided from them.
    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<Content> {
        let (team, teamFile) = try Self.teamDeclaration(root: store.location.root, shownFrom: request.workingDirectory)
        let (document, byRecording, byScreen) = try store.read {
            (try AuditDocument(store: store), try store.evidenceByRecording(), try store.evidenceByScreen())
        }
        let declaration = try ASCDeclaration(document: document, request: request.declaration, team: team, teamFile: teamFile,
                                             files: (byRecording, byScreen))
        let day = request.date ?? document.latestActivity.day
        var reading = ReportReading(content: Content(declaration: declaration, app: document.app, date: day, generator: request.generator),
                                    app: document.app, day: day, screens: document.screens.filter(\.critical).count)
        reading.declaration = declaration
        return reading
    }

    /// The team's `dtaudit-declaration.json` at the repository's root, with its checksum; nil
    /// when it is not there. A link there is refused, as every file dtaudit finds by itself.
    static func teamDeclaration(root: String, shownFrom workingDirectory: String) throws -> (TeamDeclaration?, ASCDeclaration.File?) {
        let path = (root == "/" ? "" : root) + "/" + TeamDeclaration.fileName
        let shown = PathNames.shown(path, from: workingDirectory)
        guard let status = Files.status(path, followLinks: false) else { return (nil, nil) }
        if status.kind == .symbolicLink {
            throw ExportProblem("\(shown) is a symbolic link; the team's declaration is read from a file of the repository, never through a link", kind: .badData)
        }
        guard let file = RegularFile(opening: path) else { throw ExportProblem("\(shown) is not a file; the team's declaration is a JSON file", kind: .badData) }
        guard file.byteCount <= TeamDeclaration.maximumBytes, let bytes = file.readAll(), bytes.count <= TeamDeclaration.maximumBytes else {
            throw ExportProblem("\(shown) is larger than a declaration can be (\(TeamDeclaration.maximumBytes >> 10) KB)", kind: .usage)
        }
        let team = try TeamDeclaration.parse(bytes, name: shown)
        return (team, ASCDeclaration.File(name: TeamDeclaration.fileName, sha256: SHA256.hex(of: bytes), bytes: Int64(bytes.count), storedName: nil))
    }

    /// The index; in a file, with each decided family's body beside it.
    public func write(_ content: Content, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        var attachments: [RenderedReport.Attachment] = []
        var bodies: [DeviceFamily: ASCDeclaration.File] = [:]
        if let path = plan.path {
            let report = PathNames.fileName(of: path)
            for family in content.declaration.families {
                guard let body = family.body(appID: content.declaration.appID) else { continue }
                let text = body.serialized() + "\n"
                let name = Self.bodyFileName(forReport: report, family: family.family)
                attachments.append(.init(fileName: name, text: text))
                bodies[family.family] = ASCDeclaration.File(name: name, sha256: SHA256.hex(of: Array(text.utf8)), bytes: Int64(text.utf8.count), storedName: nil)
            }
        }
        sink.write(Self.index(content, bodies: bodies).serialized() + "\n")
        return ReportWritten(attachments: attachments)
    }

    static func index(_ content: Content, bodies: [DeviceFamily: ASCDeclaration.File]) -> JSON {
        let declaration = content.declaration
        return .object([
            ("dtauditDeclarationIndex", .int(1)),
            ("app", .string(content.app)),
            ("date", .string(content.date)),
            ("generator", .string(content.generator)),
            ("checklist", .object([("title", .string(declaration.checklist.title)), ("version", .string(declaration.checklist.version))])),
            ("largerText", .string("Larger Text is supported on a device family when every critical screen is supported with that family's evidence alone "
                                   + "and passed at \(LargerTextVerdict.doublingSize.id) or larger, where body text reaches 200 %.")),
            ("mainDeviceFamily", .object([("deviceFamily", .string(declaration.mainFamily.rawValue)), ("from", .string(declaration.mainFamilySource.rawValue))])),
            ("declarationFile", declaration.declarationFile.map(file) ?? .null),
            ("families", .array(declaration.families.map { family(of: $0, appID: declaration.appID, bodyFile: bodies[$0.family]) })),
            ("withoutLargerTextLabel", .array(declaration.withoutLabel.map {
                .object([("deviceFamily", .string($0.family.rawValue)), ("recordings", .int($0.recordings))])
            })),
            ("runsWithoutDevice", .array(declaration.unplacedRuns.map(JSON.string))),
        ])
    }

    static func family(of family: ASCDeclaration.Family, appID: String?, bodyFile: ASCDeclaration.File?) -> JSON {
        var members: [(String, JSON)] = [("deviceFamily", .string(family.family.rawValue)), ("evaluated", .bool(family.verdict != nil))]
        guard let verdict = family.verdict, let body = family.body(appID: appID) else {
            members.append(("reason", .string(family.notEvaluated ?? "")))
            return .object(members)
        }
        members += [
            ("supportsLargerText", .bool(verdict.outcome == .ready)),
            ("blocking", .array(verdict.blocking.map { .object([("screen", .string($0.screen)), ("reason", .string($0.reason))]) })),
            ("request", .object([("method", .string(family.method)), ("path", .string(family.path))])),
            ("bodyFile", bodyFile.map(file) ?? .null),
            ("body", body),
            ("declared", .object(family.declared.map { ($0.feature, .bool($0.supported)) })),
            ("leftOut", .array(family.leftOut.map(JSON.string))),
            ("ascCommand", .optional(family.ascCommand(appID: appID))),
            ("recordings", .int(family.recordings)),
            ("runs", .array(family.runs.map(JSON.string))),
            ("screens", .array(family.screens.map(screen))),
        ]
        return .object(members)
    }

    static func screen(_ screen: ASCDeclaration.Screen) -> JSON {
        .object([
            ("screen", .string(screen.name)),
            ("flow", .optional(screen.flow)),
            ("standing", .string(screen.standing)),
            ("blocking", .optional(screen.blocking)),
            ("cells", .array(screen.cells.map { cell in
                let recording = cell.recording
                return .object([
                    ("item", .string(recording.item)),
                    ("size", .string(recording.size.id)),
                    ("status", .string(recording.status.rawValue)),
                    ("recording", .string(recording.id)),
                    ("by", .string(recording.by)),
                    ("run", .optional(recording.run)),
                    ("at", .string(recording.at.iso8601)),
                    ("files", .array(cell.files.map(file))),
                ])
            })),
        ])
    }

    static func file(_ file: ASCDeclaration.File) -> JSON {
        var members: [(String, JSON)] = [("name", .string(file.name)), ("sha256", .string(file.sha256)), ("bytes", .int(Int(file.bytes)))]
        if let stored = file.storedName { members.append(("stored", .string(stored))) }
        return .object(members)
    }
}
