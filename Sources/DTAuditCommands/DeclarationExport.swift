import ArgumentParsing
import AuditLog
import Output
import Platform
import Reports

/// What `export --format asc-declaration` takes: the families, the declarations that exist, the
/// app, and the family a person's recordings count for.
struct DeclarationOptions: ParsableArguments {
    @Option(help: "asc-declaration: the device families to declare, a comma list of IPHONE, IPAD, VISION, APPLE_WATCH (default: those the audit's evidence shows and dtaudit-declaration.json declares).",
            valueName: "families")
    var deviceFamily: DeviceFamilyList?

    @Option(help: "asc-declaration: update that family's declaration (a draft) instead of creating one, as IPAD=ID; once per family.", valueName: "family=id")
    var declarationId: [DeclarationID] = []

    @Option(help: "asc-declaration: the app's Apple ID in App Store Connect, which a new declaration names (default: appId in dtaudit-declaration.json).",
            valueName: "id")
    var appId: String?

    @Option(help: "asc-declaration: the family a person's recordings count for (default: mainDeviceFamily in dtaudit-declaration.json, else IPHONE).",
            valueName: "family")
    var mainFamily: LargerTextFamily?

    var request: DeclarationRequest {
        DeclarationRequest(families: deviceFamily?.families, declarationIDs: Dictionary(declarationId.map { ($0.family, $0.id) }, uniquingKeysWith: { first, _ in first }),
                           appID: appId, mainFamily: mainFamily?.family)
    }

    /// Refuses what the declaration cannot take, and these options with another format.
    func validate(format: ReportFormat, choosesScreens: Bool, draft: Bool) throws {
        guard format == .ascDeclaration else {
            if !request.isEmpty {
                throw ValidationError("--device-family, --declaration-id, --app-id and --main-family shape the App Store Connect declaration (--format asc-declaration)")
            }
            return
        }
        if choosesScreens {
            throw ValidationError("--owner, --flow and --mine choose the screens of a review page; a declaration speaks for the whole app")
        }
        if draft {
            throw ValidationError("--draft marks a conformance report; a declaration is never published by dtaudit (no body sets publish), so it stays a draft in App Store Connect until someone publishes it there")
        }
        if let appId, !TeamDeclaration.isID(appId) {
            throw ValidationError("--app-id '\(TextLayout.singleLine(appId))' is not an App Store Connect id: the app's Apple ID is digits")
        }
        var seen = Set<DeviceFamily>()
        for entry in declarationId where !seen.insert(entry.family).inserted {
            throw ValidationError("--declaration-id names \(entry.family.rawValue) twice; give one declaration a family")
        }
        if let families = deviceFamily?.families, let outside = declarationId.first(where: { !families.contains($0.family) }) {
            throw ValidationError("--declaration-id names \(outside.family.rawValue), which --device-family leaves out")
        }
    }
}

/// A device family whose Larger Text can be declared, by Apple's name in any case.
struct LargerTextFamily: ExpressibleByArgument {
    var family: DeviceFamily

    init(argument: String) throws {
        let allowed = DeviceFamily.withLargerText.map(\.rawValue).joined(separator: ", ")
        guard let family = DeviceFamily(typed: argument.trimmedLine) else {
            throw ValidationError("unknown device family '\(TextLayout.singleLine(argument))'"
                                  + Suggestions.didYouMean(Suggestions.closest(to: argument.uppercased(), among: DeviceFamily.allCases.map(\.rawValue)).first,
                                                           thenList: "families", allowed))
        }
        guard family.offersLargerText else {
            throw ValidationError("\(family.rawValue) cannot be declared: Apple offers no Larger Text label for \(family == .mac ? "macOS" : "tvOS") apps; the families are \(allowed)")
        }
        self.family = family
    }

    static var allValueStrings: [String] { DeviceFamily.withLargerText.map(\.rawValue) }
    var defaultValueDescription: String { family.rawValue }
}

/// `IPHONE,IPAD`: families in Apple's order, each once.
struct DeviceFamilyList: ExpressibleByArgument {
    var families: [DeviceFamily]

    init(argument: String) throws {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedLine }
        if parts.contains("") { throw ValidationError("empty device family in '\(TextLayout.singleLine(argument))'") }
        families = Set(try parts.map { try LargerTextFamily(argument: $0).family }).sorted()
    }

    var defaultValueDescription: String { families.map(\.rawValue).joined(separator: ",") }
}

/// `IPAD=4b1c...`: a family and the id of its declaration in App Store Connect.
struct DeclarationID: ExpressibleByArgument {
    var family: DeviceFamily
    var id: String

    init(argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ValidationError("--declaration-id takes FAMILY=ID, as IPAD=ID (found '\(TextLayout.singleLine(argument))')")
        }
        family = try LargerTextFamily(argument: String(argument[..<equals])).family
        id = String(argument[argument.index(after: equals)...])
        guard TeamDeclaration.isID(id) else {
            throw ValidationError("'\(TextLayout.singleLine(id))' is not an App Store Connect id: letters, digits, '.', '_' and '-', at most 100")
        }
    }

    var defaultValueDescription: String { family.rawValue + "=" + id }
}

/// What `export --format asc-declaration` says: for each family its verdict, its request and
/// body file and the `asc` command; the families not evaluated and why; and what the bodies leave
/// to App Store Connect's default.
enum DeclarationMessages {
    static func say(_ outcome: ExportOutcome, console: Console) {
        guard let declaration = outcome.declaration else { return }
        let written = outcome.path != nil
        if let path = outcome.path {
            let bodies = outcome.attachments.count
            console.line("Wrote \(console.safe(PathNames.shown(path, from: console.workingDirectory))) (the evidence index, as of \(outcome.day)) and \(counted(bodies, "request body"))")
        }
        for family in declaration.families {
            let name = family.family.rawValue
            guard let verdict = family.verdict, let larger = family.supportsLargerText else {
                let line = "\(name): not evaluated, no body written: \(family.notEvaluated ?? "")"
                if written { console.line(line) } else { console.warn(line) }
                continue
            }
            guard written else { continue }
            let why = larger
                ? "every critical screen (\(verdict.criticalScreens)) supported with \(family.family.aDevice)'s evidence and passed at \(LargerTextVerdict.doublingSize.id) or larger"
                : verdict.blocking.prefix(5).map { "\($0.screen): \($0.reason)" }.joined(separator: "; ") + (verdict.blocking.count > 5 ? "; and \(verdict.blocking.count - 5) more" : "")
            console.line("\(name): supportsLargerText \(larger) (\(console.safe(why)))")
            let body = outcome.attachments.first { PathNames.fileName(of: $0) == ASCDeclarationReporter.bodyFileName(forReport: PathNames.fileName(of: outcome.path ?? ""), family: family.family) }
            console.line("  \(family.method) \(family.path) with \(console.safe(PathNames.shown(body ?? "", from: console.workingDirectory)))")
            if let command = family.ascCommand(appID: declaration.appID) { console.line("  or: " + command) }
            if declaration.declarationFile != nil && !family.leftOut.isEmpty {
                console.line("  \(TeamDeclaration.fileName) declares no \(family.leftOut.map(TeamDeclaration.label).joined(separator: ", ")) for \(name): App Store Connect takes them as not supported")
            }
        }
        notes(declaration, console: console, written: written)
    }

    /// What the bodies leave to App Store Connect and which evidence counted where.
    static func notes(_ declaration: ASCDeclaration, console: Console, written: Bool) {
        var notes: [String] = []
        if declaration.declarationFile == nil {
            notes.append("\(TeamDeclaration.fileName) is missing, so the bodies set Larger Text only, and App Store Connect takes the eight features a request leaves out as not supported ("
                         + TeamDeclaration.teamFeatures.map(TeamDeclaration.label).joined(separator: ", ") + "): write the team's own declaration of them there (see Docs/workflow.md)")
        }
        if !declaration.unplacedRuns.isEmpty {
            notes.append("\(counted(declaration.unplacedRuns.count, "run")) did not say which device \(plural("it", declaration.unplacedRuns.count, "they")) ran on and count for \(declaration.mainFamily.rawValue), the main family: "
                         + console.safe(declaration.unplacedRuns.prefix(3).joined(separator: ", ")) + (declaration.unplacedRuns.count > 3 ? " and \(declaration.unplacedRuns.count - 3) more" : ""))
        }
        for (family, recordings) in declaration.withoutLabel {
            notes.append("\(counted(recordings, "recording")) on \(family.aDevice) \(plural("is", recordings)) left out: Apple offers no Larger Text label for \(family.rawValue)")
        }
        if written {
            console.line("A person's recordings count for \(declaration.mainFamily.rawValue) (\(declaration.mainFamilySource == .standard ? "the default; mainDeviceFamily in \(TeamDeclaration.fileName) or --main-family names another" : "set by " + declaration.mainFamilySource.rawValue)).")
            console.line("No body publishes the declaration: review the draft in App Store Connect and publish it there.")
        }
        for note in notes { console.warn(note) }
    }
}
