import AuditLog
import AuditStore
import DynamicType
import Evidence
import Hierarchies
import Judges
import Output

extension RunPlan {
    /// One verdict of a judge on a screen at a size, pass, fail or no data, with the hierarchy file
    /// it was judged at. Findings stay with the crops; the reason names them.
    public struct Judgment: Sendable {
        public var screen: Screen
        public var verdict: Verdict
        public var file: String
        /// The locale the run was in; nil for its base locale.
        public var locale: String? = nil
    }

    /// The crops of one failed judged cell, made when the import stores them: the verdict and its
    /// windows, and where this run's screenshots (and the run before the fix's) are.
    public struct CropJob: Sendable {
        public var plan: CropPlan
        public var screen: Screen
        /// This run's screenshots of the screen at the failing size and at Large.
        public var shot: String?
        public var largeShot: String?
        /// The Large screenshot of the run before the fix, stored as evidence.
        public var beforeFixShot: String?

        var cellKey: String { AuditStore.cellKey(screen: screen.id, item: plan.verdict.item, size: plan.verdict.size) }
    }
}

/// The cells a run decides, each once. Where Apple's audit and a judge decide the same cell, a
/// failure of either fails it, and the note gives the judge's verdict with the audit's beside it
/// (`VerdictNote.appleAudit`); two audits or two judges that differ keep the failure's note, and
/// two passes keep both notes.
struct DecidedCells {
    private(set) var cells: [RunPlan.Cell] = []
    private var places: [String: Int] = [:]

    mutating func add(_ cell: RunPlan.Cell) {
        let key = AuditStore.cellKey(screen: cell.screen.id, item: cell.item, size: cell.size)
        guard let place = places[key] else {
            places[key] = cells.count
            cells.append(cell)
            return
        }
        var merged = cells[place]
        if merged.byAudit != cell.byAudit {
            // A judge and Apple's audit: the judge's verdict first, Apple's findings beside it.
            let (judged, audited) = cell.byAudit ? (merged, cell) : (cell, merged)
            merged = judged
            if audited.status == .fail { merged.status = .fail }
            merged.note = (judged.note.map { $0 + "\n" } ?? "") + VerdictNote.appleAudit(audited.status == .fail ? audited.note : nil)
        } else if merged.status == cell.status {
            merged.note = [merged.note, cell.note].compactMap { $0 }.joined(separator: "\n")
        } else if cell.status == .fail {
            merged.status = .fail
            merged.note = cell.note
        }
        merged.sources += cell.sources.filter { !merged.sources.contains($0) }
        cells[place] = merged
    }

    /// An item whose Large verdict is that of both ends (`text-scales`) does not pass Large on a
    /// screen where the same run fails it at another size, whoever failed it (a judge or Apple's
    /// audit): a run never passes what it fails itself.
    mutating func failLargeWithItsEnds(item: String) {
        for (index, cell) in cells.enumerated() where cell.item == item && cell.size == .l && cell.status == .pass {
            let failed = cells.filter { $0.screen.id == cell.screen.id && $0.item == item && $0.status == .fail }.map(\.size).sorted()
            guard !failed.isEmpty else { continue }
            cells[index].status = .fail
            cells[index].note = "fails at Large with the run's failures of \(item) at \(failed.map(\.id).joined(separator: ", ")): Large is judged from both ends"
        }
    }
}

extension RunImport {
    /// Judges the run's element hierarchies screen by screen (each screen's files read, judged and
    /// let go before the next, so memory stays that of one screen), and adds to `plan` every
    /// verdict, the cells the judges decided, the crops their failures need and the Large
    /// hierarchies to keep. A file that cannot be read as a hierarchy refuses the whole run, with
    /// one line naming it: a run judged with holes in it would pass what it never saw.
    static func judge(_ files: [RunScreenshot], of result: RunReader.Result, finder: ScreenFinder, checklist: Checklist,
                      store: AuditStore, limit: Int64, labels: LabelReading?, into plan: inout RunPlan, decided: inout DecidedCells,
                      identity: inout SHA256) throws {
        guard !files.isEmpty else { return }
        var screens: [String: (screen: Screen, files: [Size: (file: String, path: String, name: String)])] = [:]
        var order: [String] = []
        for file in files {
            guard let folder = result.folder, let path = RunReader.inside(folder, file.path) else {
                plan.misses.append((file.path, "outside the run's folder"))
                continue
            }
            switch finder.find(names: file.names, suites: file.suites) {
            case .failure(let miss):
                plan.misses.append((file.path, miss.reason))
            case .success(let (screen, size)):
                if screens[screen.id] == nil {
                    screens[screen.id] = (screen, [:])
                    order.append(screen.id)
                }
                if let first = screens[screen.id]!.files[size] {
                    plan.misses.append((file.path, "a second hierarchy of '\(screen.name)' at \(size.id); \(first.file) is the one judged"))
                    continue
                }
                screens[screen.id]!.files[size] = (file.path, path, RunPlan.Attachment.name(file: file.path, given: file.names.first))
            }
        }
        let judging = Judging(checklist: checklist)
        let comparesBeforeFix = judging.plan.contains { $0.judge.item == DefaultUnchanged().item }
        let shots = screenshots(of: plan)
        let reader = HierarchyReader()
        let background = RunIdentity(continuing: identity)
        defer { identity = background.finish() }
        var refused: [String] = []
        let readBack = RunReadBack(checklist: checklist, reading: labels, notes: &plan.notes)
        for id in order {
            let (screen, files) = screens[id]!
            var hierarchies: [Size: Hierarchy] = [:]
            for size in Size.allCases {
                guard let (file, path, _) = files[size] else { continue }
                do {
                    let bytes = try reader.bytes(path: path)
                    background.update(bytes)
                    let hierarchy = try reader.read(bytes)
                    if hierarchy.unusableFrames.count > 0 {
                        let count = hierarchy.unusableFrames.count
                        plan.unusableFrames.append((file, "\(counted(count, "element")) \(plural("has", count)) \(plural("a frame", count)) the judges cannot use, "
                                                    + "left out of every judgment" + (hierarchy.unusableFrames.first.map { "; the first: \($0)" } ?? "")))
                    }
                    hierarchies[size] = hierarchy
                } catch {
                    refused.append("\(TextLayout.singleLine(file)) \(error)")
                }
            }
            guard refused.isEmpty else { continue }
            var beforeFix: (hierarchy: Hierarchy, shot: String?)?
            if comparesBeforeFix, hierarchies[.l] != nil, let found = try store.runBeforeLatestFix(of: screen) {
                // Stored and checked when that run was taken in; a file gone since leaves no data.
                if let hierarchy = try? reader.read(path: found.hierarchyPath) { beforeFix = (hierarchy, found.screenshotPath) }
            }
            let run = ScreenRun(screen: screen.name, hierarchies: hierarchies, largeBeforeFix: beforeFix?.hierarchy)
            plan.screensJudged += 1
            plan.hierarchiesJudged += hierarchies.count
            let waived = try store.waivers(of: screen).map { WaivedElement(item: $0.item, name: $0.element, type: $0.type) }
            for verdict in judging.judge(run, waived: waived) {
                let file = files[verdict.size]?.file ?? ""
                var told = verdict
                told.findings = []
                plan.judgments.append(RunPlan.Judgment(screen: screen, verdict: told, file: file))
                guard verdict.outcome != .noData else { continue }
                decided.add(RunPlan.Cell(screen: screen, item: verdict.item, size: verdict.size, status: verdict.outcome == .pass ? .pass : .fail,
                                         note: VerdictNote.write(verdict), sources: [file],
                                         findings: RecordedFinding.of(verdict)))
                if let crop = CropPlan(verdict, of: run) {
                    plan.crops.append(RunPlan.CropJob(plan: crop, screen: screen, shot: shots[screen.id + "\u{1F}" + verdict.size.id],
                                                      largeShot: shots[screen.id + "\u{1F}" + Size.l.id], beforeFixShot: beforeFix?.shot))
                }
            }
            readBack?.add(screen, run: run, files: files.mapValues(\.file), shots: { shots[screen.id + "\u{1F}" + $0.id] })
            if let large = files[.l],
               let candidate = try? EvidenceCandidate.check(path: large.path, limit: limit, shownAs: large.file, accepting: [.hierarchy]) {
                var kept = RunPlan.Attachment(file: large.file, candidate: candidate, screen: screen, size: .l)
                kept.name = large.name
                plan.keptHierarchies.append(kept)
            }
        }
        if let first = refused.first {
            let more = refused.count > 1 ? " (and \(refused.count - 1) more \(plural("hierarchy", refused.count - 1)) refused)" : ""
            throw RunReadError(.badData, "\(first)\(more); nothing was changed")
        }
        readBack?.finish(into: &plan, decided: &decided)
    }

    /// The run's PNG screenshots by screen and size, for the crops.
    static func screenshots(of plan: RunPlan) -> [String: String] {
        var shots: [String: String] = [:]
        for attachment in plan.attachments + plan.alreadyAttached where attachment.candidate.kind == .png {
            let key = attachment.screen.id + "\u{1F}" + attachment.size.id
            if shots[key] == nil { shots[key] = attachment.candidate.path }
        }
        return shots
    }
}
