import AuditLog
import AuditStore
import DynamicType
import Evidence
import Imaging
import Judges

extension RunImport {
    /// A crop the import could not make, with the reason (no screenshot, one of another window, ...).
    public struct CropMiss: Sendable {
        public var screen: String
        public var item: String
        public var size: Size
        public var reason: String
        /// The run took no screenshot of the screen at the failing size: the usual reason, and the
        /// same for every failure of such a run, so it is told once for all of them.
        public var screenshotMissing = false
    }

    /// Makes the crops of the judged failures recorded in `recorded` and links each to its
    /// recording; stores the Large hierarchies the plan keeps and links them to their screen.
    /// Runs inside the import's write transaction. A screen's jobs are taken size by size, and a
    /// decoded screenshot is kept while the next job needs it: each is decoded once (a screen that
    /// fails three checks at AX5 has its two pictures decoded twice, not six times), and no more
    /// than three are in memory at once (Large, the failing size, before the fix).
    static func storeJudgedEvidence(_ plan: RunPlan, recorded: [Recording], store: AuditStore, by author: String, at time: Timestamp,
                                    into outcome: inout Outcome) throws {
        var byCell: [String: Recording] = [:]
        for recording in recorded { byCell[AuditStore.cellKey(screen: recording.screen, item: recording.item, size: recording.size)] = recording }
        let decoder = PNGDecoder()
        var decoded: [String: Result<RGBAImage, ImageError>] = [:]
        for job in bySize(plan.crops) {
            guard let recording = byCell[job.cellKey] else { continue }
            let verdict = job.plan.verdict
            func miss(_ reason: String, screenshotMissing: Bool = false) {
                outcome.cropMisses.append(CropMiss(screen: job.screen.name, item: verdict.item, size: verdict.size, reason: reason,
                                                   screenshotMissing: screenshotMissing))
            }
            let needed = Set([job.shot, job.largeShot, job.plan.comparesWithBeforeFix ? job.beforeFixShot : nil].compactMap { $0 })
            decoded = decoded.filter { needed.contains($0.key) }
            func image(_ path: String?) -> RGBAImage? {
                guard let path else { return nil }
                if decoded[path] == nil { decoded[path] = Result { () throws(ImageError) in try decoder.decode(path: path) } }
                switch decoded[path]! {
                case .success(let image): return image
                case .failure(let error):
                    miss("the screenshot \(displayName(path.split(separator: "/").last.map(String.init) ?? path)) \(error)")
                    return nil
                }
            }
            let crops = Crops.evidence(for: job.plan, screenshot: { size in
                image(size == verdict.size ? job.shot : size == .l ? job.largeShot : nil)
            }, beforeFix: job.plan.comparesWithBeforeFix ? image(job.beforeFixShot) : nil)
            for (finding, png) in crops {
                switch png {
                case .success(let crop):
                    // The name says which picture is which size: it is the caption people read.
                    let name = displayName("\(job.screen.name) \(verdict.item) \(verdict.size.id) \(finding + 1) (\(crop.panels)).png")
                    let file = try store.storeEvidence(bytes: crop.bytes, name: name, by: author, at: time)
                    outcome.crops += try store.attach(file, name: name, toRecordings: [recording], run: plan.run, by: author, at: time)
                case .failure(let error):
                    miss("the run \(error)", screenshotMissing: job.shot == nil)
                }
            }
        }
        // Kept like a run's screenshots: copied and hashed on every core, made durable together
        // by one flush rather than two for each of a thousand screens.
        guard !plan.keptHierarchies.isEmpty else { return }
        let intake = try EvidenceIntake(store: store)
        let staged = intake.stage(plan.keptHierarchies.map(\.candidate))
        defer { EvidenceIntake.discard(staged) }
        for (index, kept) in plan.keptHierarchies.enumerated() {
            let file = try intake.place(try staged[index].get(), of: kept.candidate, by: author, at: time)
            if try store.attach(file, name: displayName(kept.name), to: kept.screen, size: kept.size, run: plan.run, by: author, at: time) {
                outcome.keptHierarchies += 1
            }
        }
        try intake.finish()
    }

    /// The jobs with each screen's together, in the order the screens came, and within a screen
    /// by size: consecutive jobs then share their screenshots.
    static func bySize(_ jobs: [RunPlan.CropJob]) -> [RunPlan.CropJob] {
        var order: [String: Int] = [:]
        for job in jobs where order[job.screen.id] == nil { order[job.screen.id] = order.count }
        return jobs.enumerated().sorted { first, second in
            let a = (order[first.element.screen.id] ?? 0, first.element.plan.verdict.size.rawValue, first.offset)
            let b = (order[second.element.screen.id] ?? 0, second.element.plan.verdict.size.rawValue, second.offset)
            return a < b
        }.map(\.element)
    }
}
