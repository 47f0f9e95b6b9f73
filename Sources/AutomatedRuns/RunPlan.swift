import AuditLog
import AuditStore
import DynamicType
import Evidence
import Judges
import Output
import Platform

/// What importing a run would do: which screenshots attach where, which cells become what, and
/// what did not match and why. Made without changing anything; `RunImport.apply` carries it out.
public struct RunPlan: Sendable {
    /// A screenshot matched to a screen and size.
    public struct Attachment: Sendable {
        public var file: String
        public var candidate: EvidenceCandidate
        public var screen: Screen
        public var size: Size
        /// Its SHA-256, known in a dry run (which reads every file); the import hashes as it copies.
        public var hash: String?
        /// What people call it: the name the test gave the attachment, with the file's extension,
        /// rather than the identifier xcresulttool named the exported file by; else the file.
        public var name: String

        init(file: String, candidate: EvidenceCandidate, screen: Screen, size: Size, names: [String] = []) {
            self.file = file
            self.candidate = candidate
            self.screen = screen
            self.size = size
            name = Self.name(file: file, given: names.first)
        }

        static func name(file: String, given: String?) -> String {
            let base = file.split(separator: "/").last.map(String.init) ?? file
            var stem = Substring(base), ext = Substring("")
            if let dot = base.lastIndex(of: "."), base.distance(from: dot, to: base.endIndex) <= 6 {
                stem = base[..<dot]
                ext = base[dot...]
            }
            guard let given, !given.isEmpty, given != String(stem) else { return file }
            return given.hasSuffix(String(ext)) ? given : given + ext
        }
    }

    /// A cell the run's audits decide.
    public struct Cell: Sendable {
        public var screen: Screen
        public var item: String
        public var size: Size
        public var status: ResultStatus
        public var note: String?
        /// Where the result came from, for people.
        public var sources: [String]
        /// Decided by Apple's audit rather than by a judge.
        public var byAudit = false
        /// What a judge saw fail, every finding of it; nil for results xcresult's own tests gave.
        public var findings: [RecordedFinding]? = nil
    }

    public var run: String
    public var fingerprint: String
    public var shape: String
    public var attachments: [Attachment] = []
    /// Screenshots attached there before (in a dry run; the import finds them as it goes).
    public var alreadyAttached: [Attachment] = []
    public var cells: [Cell] = []
    /// Cells this run recorded in an earlier import, left alone.
    public var alreadyRecorded: [Cell] = []
    /// Cells where the run says otherwise than the person whose result stands (`RunAuthority`).
    public var disagreements: [Disagreement] = []
    public var misses: [(what: String, reason: String)] = []
    /// Issues of audit kinds no checklist item stands for, by kind.
    public var ignoredIssues: [(kind: String, count: Int)] = []
    public var otherFailures = 0
    public var unexportedAttachments = 0
    /// What the judges decided from the run's element hierarchies: every verdict, no data included.
    public var judgments: [Judgment] = []
    /// How many hierarchy files were read and judged, of how many screens.
    public var hierarchiesJudged = 0, screensJudged = 0
    /// The Large hierarchies the store keeps, for a later run to compare with after a fix.
    public var keptHierarchies: [Attachment] = []
    /// Crops to make of the run's screenshots, one set per failed judged cell.
    public var crops: [CropJob] = []
    /// What the import says once about how it judged: `no-truncation` left to people without tesseract.
    public var notes: [String] = []
    /// Hierarchies holding frames the judges could not use (NaN, beyond a million points, ...).
    public var unusableFrames: [(what: String, reason: String)] = []
    /// What the run held, matched or not: tests, screenshots, audits, element hierarchies.
    public var tests = 0
    public var screenshots = 0
    public var audits = 0
    public var hierarchies = 0
}

public enum RunImport {
    /// Matches what the run produced to the store's screens, sizes and checklist items.
    /// `labels` says how the run's labels are read back for `no-truncation`; nil leaves it to people.
    public static func plan(_ result: RunReader.Result, store: AuditStore, map: ScreenMap, hashFiles: Bool,
                            progress: ((Int) -> Void)? = nil, labels: LabelReading? = nil) throws -> RunPlan {
        var plan = RunPlan(run: result.name, fingerprint: result.fingerprint, shape: result.shape)
        let contents = result.contents
        plan.otherFailures = contents.otherFailures
        plan.unexportedAttachments = contents.unexportedAttachments
        (plan.tests, plan.screenshots, plan.audits) = (contents.tests, contents.screenshots.count, contents.audits.count)
        plan.hierarchies = contents.hierarchies.count
        plan.misses = contents.skipped
        let (screens, checklist, limit) = try store.read {
            (try store.screens(), try store.checklist(), try store.evidenceLimit())
        }
        let finder = ScreenFinder(store: store, screens: screens, map: map)

        // Screenshots; those of another locale are kept for its judging only.
        var locales = LocaleFiles()
        var seen = Set<String>()
        var buffer = [UInt8](repeating: 0, count: hashFiles ? 1 << 20 : 0)
        for (index, shot) in contents.screenshots.enumerated() {
            progress?(index)
            guard let folder = result.folder, let path = RunReader.inside(folder, shot.path) else {
                plan.misses.append((shot.path, "outside the run's folder"))
                continue
            }
            let candidate: EvidenceCandidate
            do {
                candidate = try EvidenceCandidate.check(path: path, limit: limit, shownAs: shot.path)
            } catch {
                plan.misses.append((shot.path, EvidenceImport.reason(for: error)))
                continue
            }
            if let (names, locale) = LocaleFiles.split(shot.names) {
                switch finder.find(names: names, suites: shot.suites) {
                case .failure(let miss): plan.misses.append((shot.path, miss.reason))
                case .success(let (screen, size)):
                    if candidate.kind == .png { locales.shots[LocaleFiles.key(locale, screen, size)] = candidate.path }
                }
                continue
            }
            switch finder.find(names: shot.names, suites: shot.suites) {
            case .failure(let miss):
                plan.misses.append((shot.path, miss.reason))
            case .success(let (screen, size)):
                var attachment = RunPlan.Attachment(file: shot.path, candidate: candidate, screen: screen, size: size, names: shot.names)
                if hashFiles {
                    attachment.hash = try EvidenceExport.hash(of: path, buffer: &buffer)
                    let identity = attachment.hash! + "\u{1F}" + screen.id + "\u{1F}" + size.id
                    if try !seen.insert(identity).inserted || store.isAttached(hash: attachment.hash!, to: screen, size: size) {
                        plan.alreadyAttached.append(attachment)
                        continue
                    }
                }
                plan.attachments.append(attachment)
            }
        }
        progress?(contents.screenshots.count)

        // Audits: issues fail cells; a kind the harness says it performed, with no issue, passes them.
        struct Found { var issues: [AuditIssue] = []; var performed = Set<AuditKind>(); var sources: [String] = [] }
        var byCell: [String: (screen: Screen, size: Size, found: Found)] = [:]
        var order: [String] = []
        var ignored: [String: Int] = [:]
        var ignoredOrder: [String] = []
        for audit in contents.audits {
            if audit.locale != nil || LocaleFiles.split(audit.names) != nil {
                locales.audits += 1
                continue
            }
            let place: Result<(Screen, Size), ScreenFinder.Miss>
            if let named = audit.screen, let size = audit.size {
                place = finder.resolve(named).map { ($0, size) }
            } else {
                place = finder.find(names: audit.names, suites: audit.suites)
            }
            guard case .success(let (screen, size)) = place else {
                if case .failure(let miss) = place { plan.misses.append(("the audit in \(audit.source)", miss.reason)) }
                continue
            }
            let key = screen.id + "\u{1F}" + size.id
            if byCell[key] == nil { byCell[key] = (screen, size, Found()); order.append(key) }
            byCell[key]!.found.issues += audit.issues
            byCell[key]!.found.performed.formUnion(audit.performed ?? [])
            if !byCell[key]!.found.sources.contains(audit.source) { byCell[key]!.found.sources.append(audit.source) }
            for issue in audit.issues where issue.kind.item == nil {
                let name = issue.kind.description
                if ignored[name] == nil { ignoredOrder.append(name) }
                ignored[name, default: 0] += 1
            }
        }
        plan.ignoredIssues = ignoredOrder.map { ($0, ignored[$0]!) }
        var decided = DecidedCells()
        for key in order {
            let (screen, size, found) = byCell[key]!
            for kind in [AuditKind.dynamicType, .textClipped] {
                guard let item = kind.item else { continue }
                let issues = found.issues.filter { $0.kind == kind }
                let status: ResultStatus
                if !issues.isEmpty {
                    status = .fail
                } else if found.performed.contains(kind) {
                    // A pass only where the checklist plans the check: the rest is for a person.
                    guard checklist.item(item)?.sizes.contains(size) == true else { continue }
                    status = .pass
                } else {
                    continue
                }
                guard checklist.item(item) != nil else {
                    plan.misses.append(("\(kind) results for '\(screen.name)' at \(size.id)", "the checklist has no item '\(item)'"))
                    continue
                }
                // A pass says whose it is and at which size it ran: Apple's audit, not a judge's measure.
                let said = status == .pass ? "Apple's accessibility audit (\(kind)) ran at \(size.id) and found no issue" : note(for: issues)
                decided.add(RunPlan.Cell(screen: screen, item: item, size: size, status: status, note: said, sources: found.sources,
                                         byAudit: true))
            }
        }

        // Element hierarchies: each screen judged at the sizes the run reached; the run's identity
        // takes in their bytes, so that two runs that differ only in them are two runs.
        var identity = SHA256()
        var baseHierarchies: [RunScreenshot] = []
        for file in contents.hierarchies {
            if let (names, locale) = LocaleFiles.split(file.names) {
                var named = file
                named.names = names
                locales.hierarchies.append((locale, named))
            } else {
                baseHierarchies.append(file)
            }
        }
        try judge(baseHierarchies, of: result, finder: finder, checklist: checklist, store: store, limit: limit,
                  labels: labels, into: &plan, decided: &decided, identity: &identity)
        try judgeLocales(locales, of: result, finder: finder, checklist: checklist, labels: labels, into: &plan, decided: &decided, identity: &identity)
        if !contents.hierarchies.isEmpty {
            identity.update(result.fingerprint)
            plan.fingerprint = String(SHA256.hex(identity.finalize()).prefix(12))
            plan.run = RunReader.name(result.name, fingerprint: plan.fingerprint)
        }
        decided.failLargeWithItsEnds(item: TextScales().item)
        plan.run = RunPlan.marked(plan.run, devices: contents.devices)
        let recorded = try store.cellsRecorded(byRun: plan.fingerprint)
        var fresh: [RunPlan.Cell] = []
        for cell in decided.cells {
            if recorded.contains(AuditStore.cellKey(screen: cell.screen.id, item: cell.item, size: cell.size)) {
                plan.alreadyRecorded.append(cell)
            } else {
                fresh.append(cell)
            }
        }
        let settled = try RunAuthority.settle(fresh, run: plan.run, store: store)
        (plan.cells, plan.disagreements) = (settled.record, settled.disagreements)
        plan.alreadyRecorded += settled.keptBefore
        let kept = Set(plan.cells.map { AuditStore.cellKey(screen: $0.screen.id, item: $0.item, size: $0.size) })
        plan.crops.removeAll { !kept.contains($0.cellKey) }
        return plan
    }

    /// The failed cell's note: each different issue once, within the store's limit for notes.
    static func note(for issues: [AuditIssue]) -> String? {
        var lines: [String] = []
        for issue in issues where !lines.contains(issue.note) { lines.append(issue.note) }
        guard !lines.isEmpty else { return nil }
        var note = ""
        for (index, line) in lines.enumerated() {
            let cleaned = String(line.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }).trimmingSpaces
            let next = (note.isEmpty ? "" : "\n") + cleaned
            if note.utf8.count + next.utf8.count > InputRules.maximumNoteLength - 100 {
                note += "\n… and \(lines.count - index) more"
                break
            }
            note += next
        }
        return note
    }
}

/// Finds the screen and size that names (attachment, test, suite names) stand for.
struct ScreenFinder {
    /// Why nothing matched, as the plan lists it.
    struct Miss: Error { var reason: String }
    let store: AuditStore
    let byKey: [String: [Screen]]
    let map: ScreenMap
    let screens: [Screen]

    init(store: AuditStore, screens: [Screen], map: ScreenMap) {
        self.store = store
        self.screens = screens
        self.map = map
        var byKey: [String: [Screen]] = [:]
        for screen in screens { byKey[EvidenceNaming.key(screen.name), default: []].append(screen) }
        self.byKey = byKey
    }

    /// A screen the run named outright: its name, in any case, or a unique prefix.
    func resolve(_ name: String) -> Result<Screen, Miss> {
        do {
            return .success(try store.resolveScreen(name))
        } catch {
            return .failure(Miss(reason: "\(error)"))
        }
    }

    func find(names: [String], suites: [String]) -> Result<(Screen, Size), Miss> {
        var first: FileNameParts?
        for name in names {
            let readings = EvidenceNaming.interpretations(fileName: name)
            if first == nil { first = readings.first }
            for reading in readings {
                switch EvidenceImport.screen(for: reading, folders: [], byKey: byKey, map: map) {
                case .found(let screen, _, _): return .success((screen, reading.size))
                case .ambiguous(let candidates):
                    return .failure(Miss(reason: "'\(TextLayout.singleLine(name))' fits \(candidates.count) screens (\(candidates.map { "'\($0.name)'" }.joined(separator: ", "))); map it with --screen-map"))
                case .none: continue
                }
            }
        }
        guard let first else {
            let shown = names.map { "'" + TextLayout.singleLine($0) + "'" }.joined(separator: ", ")
            let clause = names.map { EvidenceImport.notSizesClause(fileName: $0) }.first { !$0.isEmpty } ?? ""
            return .failure(Miss(reason: "no size in its \(plural("name", names.count)) \(shown)\(clause) (name sizes like ax5, accessibility5 or UICTContentSizeCategoryAccessibilityXXXL)"))
        }
        if case .found(let screen, _, _) = EvidenceImport.screen(for: first, folders: suites, byKey: byKey, map: map) {
            return .success((screen, first.size))
        }
        let shown = names.first.map { TextLayout.singleLine($0) } ?? ""
        let guess = first.screenKeys.last ?? ""
        let suggestion = Suggestions.closest(to: guess, among: screens.map { EvidenceNaming.key($0.name) }).first.flatMap { byKey[$0]?.first?.name }
        return .failure(Miss(reason: "no screen is named like '\(shown)'" + (suggestion.map { "; did you mean '\($0)'? Map it with --screen-map" } ?? (screens.isEmpty ? "; the audit has no screens yet" : "; map it with --screen-map"))))
    }
}
