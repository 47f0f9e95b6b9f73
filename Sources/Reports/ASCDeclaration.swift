import AuditLog
import AuditStore
import DynamicType
import Interchange

/// What the command line says about the App Store Connect declaration (`export --format
/// asc-declaration`); what it leaves out comes from the team's file (`TeamDeclaration`).
public struct DeclarationRequest: Sendable, Equatable {
    /// `--device-family`: the families to declare; nil for those the audit's evidence shows.
    public var families: [DeviceFamily]?
    /// `--declaration-id FAMILY=ID`: declarations to update instead of creating one.
    public var declarationIDs: [DeviceFamily: String]
    /// `--app-id`: the app's Apple ID, which a new declaration names.
    public var appID: String?
    /// `--main-family`: the family a person's recordings count for.
    public var mainFamily: DeviceFamily?

    public init(families: [DeviceFamily]? = nil, declarationIDs: [DeviceFamily: String] = [:], appID: String? = nil, mainFamily: DeviceFamily? = nil) {
        self.families = families
        self.declarationIDs = declarationIDs
        self.appID = appID
        self.mainFamily = mainFamily
    }

    public var isEmpty: Bool { self == DeclarationRequest() }
}

/// Why no declaration can be written: nothing of any family to decide from, or no critical screen
/// to decide on. Nothing is written; the export exits 1, the answer being "not yet".
public struct DeclarationRefusal: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The App Store Connect accessibility declaration the audit supports, family by family: Larger
/// Text from the verdict on that family's own evidence (`LargerTextVerdict`, which the review page
/// gives for the whole audit), every other feature from the team's file, and the evidence each
/// verdict rests on. Decided in one place from the audit, as `GateResult` decides for `gate`; the
/// reporter writes it and the command says it.
public struct ASCDeclaration: Sendable {
    /// Where the main family comes from.
    public enum MainFamilySource: String, Sendable {
        case option = "--main-family"
        case file = "dtaudit-declaration.json"
        case standard = "the default"
    }

    /// A file of evidence, by the SHA-256 of its bytes.
    public struct File: Sendable, Equatable {
        public var name: String
        public var sha256: String
        public var bytes: Int64
        /// Its name in the audit's evidence folder (`<sha256>.png`); nil for a file outside it.
        public var storedName: String?
    }

    /// The recording that stands in one cell for the family, and its files.
    public struct Cell: Sendable {
        public var recording: Recording
        public var files: [File]
    }

    /// A critical screen as the family's evidence shows it.
    public struct Screen: Sendable {
        public var name: String
        public var flow: String?
        public var standing: String
        /// Why it keeps the label away; nil when it does not.
        public var blocking: String?
        public var cells: [Cell]
    }

    /// One device family: decided, or not evaluated and why.
    public struct Family: Sendable {
        public var family: DeviceFamily
        /// Recordings that count for it, by people and by runs.
        public var recordings: Int
        public var verdict: LargerTextVerdict?
        /// Why it is not evaluated; nil when it is.
        public var notEvaluated: String?
        /// The declaration to update; nil for a new one.
        public var declarationID: String?
        /// The features the team's file declares for it.
        public var declared: [(feature: String, supported: Bool)]
        /// The team's features the request leaves out, which App Store Connect takes as false.
        public var leftOut: [String]
        public var screens: [Screen]
        /// The runs whose recordings count for it.
        public var runs: [String]

        public var supportsLargerText: Bool? { verdict.map { $0.outcome == .ready } }
    }

    public var families: [Family]
    public var mainFamily: DeviceFamily
    public var mainFamilySource: MainFamilySource
    /// The team's file as read; nil when it is not there.
    public var declarationFile: File?
    public var appID: String?
    /// Families with evidence that have no Larger Text label, with their recordings.
    public var withoutLabel: [(family: DeviceFamily, recordings: Int)]
    /// Runs that did not say which device they ran on: they count for the main family.
    public var unplacedRuns: [String]
    public var checklist: (title: String, version: String)

    /// The families a recording speaks for: a run's, as its mark names them, or the main family
    /// for a person's and for a run that did not say.
    public static func families(of recording: Recording, main: DeviceFamily) -> [DeviceFamily] {
        guard let run = recording.run else { return [main] }
        let marked = RunMark.families(of: run)
        return marked.isEmpty ? [main] : marked
    }

    /// Decides the declaration of each family `request` asks for (by default those with evidence
    /// and those the team's file or the command line names a declaration of) from
    /// `document`; `evidence` gives each cell's files: those attached to a recording, by its id,
    /// and the screenshots a run's import attached to a screen at a size.
    public init(document: AuditDocument, request: DeclarationRequest, team: TeamDeclaration?, teamFile: File?,
                files: (ofRecording: [String: [EvidenceLink]], ofScreens: [String: ScreenEvidence])) throws {
        let main = request.mainFamily ?? team?.mainFamily ?? .iPhone
        mainFamily = main
        mainFamilySource = request.mainFamily != nil ? .option : team?.mainFamily != nil ? .file : .standard
        declarationFile = teamFile
        appID = request.appID ?? team?.appID
        checklist = (document.checklist.title, document.checklist.version)

        var byFamily: [DeviceFamily: [Recording]] = [:]
        var unplaced: [String] = []
        for recording in document.recordings {
            for family in Self.families(of: recording, main: main) { byFamily[family, default: []].append(recording) }
            if let run = recording.run, RunMark.families(of: run).isEmpty, !unplaced.contains(run) { unplaced.append(run) }
        }
        unplacedRuns = unplaced
        withoutLabel = byFamily.keys.filter { !$0.offersLargerText }.sorted().map { ($0, byFamily[$0]?.count ?? 0) }
        // The families the app ships: those with evidence, and those the team declares or names a declaration of.
        let shown = Set(byFamily.keys.filter(\.offersLargerText)).union(request.declarationIDs.keys).union(team.map { Array($0.entries.keys) } ?? [])
        let asked = request.families ?? shown.sorted()
        guard !asked.isEmpty else {
            throw DeclarationRefusal(description: "nothing is recorded yet, so no device family can be declared: record the critical screens first ('dtaudit next')")
        }
        let critical = document.screens.filter(\.critical)
        guard !critical.isEmpty else {
            throw DeclarationRefusal(description: "no screen is marked critical, so the app's common tasks are unknown and Larger Text cannot be decided: "
                                     + "mark the screens of the tasks people must complete ('dtaudit screen edit NAME --critical')")
        }

        families = asked.map { family in
            let recordings = byFamily[family] ?? []
            let entry = team?.entries[family]
            let declared = TeamDeclaration.teamFeatures.compactMap { feature in entry?.features[feature].map { (feature, $0) } }
            var result = Family(family: family, recordings: recordings.count, verdict: nil, notEvaluated: nil,
                                declarationID: request.declarationIDs[family] ?? entry?.id, declared: declared,
                                leftOut: TeamDeclaration.teamFeatures.filter { entry?.features[$0] == nil }, screens: [],
                                runs: Self.runs(of: recordings))
            guard !recordings.isEmpty else {
                result.notEvaluated = "nothing was recorded on \(family.aDevice)"
                    + (family == main ? "" : " (a UI-test run on one counts; a person's recordings count for \(main.rawValue), the audit's main family)")
                return result
            }
            let snapshot = AuditSnapshot(app: document.app, checklist: document.checklist, screens: document.screens, fixes: document.fixes,
                                         recordings: recordings)
            let verdict = LargerTextVerdict(snapshot)
            result.verdict = verdict
            result.screens = Self.screens(critical, snapshot: snapshot, verdict: verdict, cells: CellRule.standings(recordings),
                                          checklist: document.checklist, files: files)
            return result
        }
        if families.allSatisfy({ $0.verdict == nil }) {
            throw DeclarationRefusal(description: "no device family asked for has evidence to decide from: "
                                     + families.map { "\($0.family.rawValue): \($0.notEvaluated ?? "")" }.joined(separator: "; "))
        }
        if appID == nil, let family = families.first(where: { $0.verdict != nil && $0.declarationID == nil }) {
            throw ExportProblem("a new declaration (\(family.family.rawValue)) names its app: give --app-id with the app's Apple ID in App Store Connect, "
                                + "or \"appId\" in \(TeamDeclaration.fileName); or --declaration-id \(family.family.rawValue)=ID to update a draft", kind: .usage)
        }
    }

    /// The runs among `recordings`, each once, in the order they first recorded.
    static func runs(of recordings: [Recording]) -> [String] {
        var seen = Set<String>()
        return recordings.compactMap(\.run).filter { seen.insert($0).inserted }
    }

    /// The critical screens with the cells the family's evidence holds, in checklist and size order.
    static func screens(_ critical: [AuditLog.Screen], snapshot: AuditSnapshot, verdict: LargerTextVerdict, cells: [String: [CellKey: Recording]],
                        checklist: Checklist, files: (ofRecording: [String: [EvidenceLink]], ofScreens: [String: ScreenEvidence])) -> [Screen] {
        let states = Dictionary(snapshot.screens.map { ($0.screen.id, $0) }, uniquingKeysWith: { first, _ in first })
        let position = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let blocking = Dictionary(verdict.blocking.map { ($0.screen, $0.reason) }, uniquingKeysWith: { first, _ in first })
        return critical.map { screen in
            let recorded = (cells[screen.id] ?? [:]).values.sorted {
                (position[$0.item] ?? .max, $0.item, $0.size) < (position[$1.item] ?? .max, $1.item, $1.size)
            }
            return Screen(name: screen.name, flow: screen.flow, standing: states[screen.id]?.standing.label ?? "unaudited", blocking: blocking[screen.name],
                          cells: recorded.map { Cell(recording: $0, files: Self.files(of: $0, files: files)) })
        }
    }

    /// The files a cell's recording rests on: those attached to it, and for a run, the
    /// screenshots its import attached to the screen at that size.
    static func files(of recording: Recording, files: (ofRecording: [String: [EvidenceLink]], ofScreens: [String: ScreenEvidence])) -> [File] {
        var links = files.ofRecording[recording.id] ?? []
        if recording.run != nil {
            links += (files.ofScreens[recording.screen]?.screenshots[recording.size] ?? []).filter { $0.attachedAt == recording.at && $0.attachedBy == recording.by }
        }
        var seen = Set<String>()
        return links.filter { seen.insert($0.file.hash).inserted }
            .map { File(name: $0.name, sha256: $0.file.hash, bytes: $0.file.byteCount, storedName: $0.file.storedName) }
    }
}
