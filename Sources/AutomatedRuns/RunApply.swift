import AuditLog
import AuditStore
import DynamicType
import Evidence

extension RunImport {
    /// What an import did.
    public struct Outcome: Sendable {
        public var attached = 0
        /// The plan's attachments that were attached now, by their place in the plan.
        public var attachedNow: [Int] = []
        /// Screenshots found attached there already while importing.
        public var alreadyAttached = 0
        public var recorded: [Recording] = []
        /// Crops of judged failures linked to their recordings, and crops that could not be made.
        public var crops = 0
        public var cropMisses: [CropMiss] = []
        /// Large hierarchies kept for a later run to compare with after a fix.
        public var keptHierarchies = 0
    }

    /// The time an import of `plan` records at: the clock, or after the latest record the store holds
    /// on any of the plan's screens when that is later (a teammate's clock ran ahead), so that what
    /// the run found comes after everything known before it, as a person's recording would.
    public static func time(for plan: RunPlan, in store: AuditStore, now: Timestamp = .now()) throws -> Timestamp {
        try store.ownTime(onScreens: plan.cells.map(\.screen.id) + plan.attachments.map(\.screen.id), now: now)
    }

    /// Carries out `plan` in one transaction: every screenshot stored and attached, every cell
    /// recorded with the run's name, or nothing at all; at the store's own time (`time(for:in:)`)
    /// unless a time is given.
    public static func apply(_ plan: RunPlan, store: AuditStore, by author: String, at time: Timestamp? = nil,
                             progress: ((Int) -> Void)? = nil) throws -> Outcome {
        try store.writeMany {
            // Chosen inside the write, after anything recorded while the run was read.
            let time = try time ?? Self.time(for: plan, in: store)
            var outcome = Outcome()
            let intake = try EvidenceIntake(store: store)
            var records: [LogRecord] = []
            var seen = Set<String>()
            let staged = intake.stage(plan.attachments.map(\.candidate))
            defer { EvidenceIntake.discard(staged) }
            for (index, attachment) in plan.attachments.enumerated() {
                progress?(index)
                let file = try intake.place(try staged[index].get(), of: attachment.candidate, by: author, at: time)
                let identity = file.hash + "\u{1F}" + attachment.screen.id + "\u{1F}" + attachment.size.id
                if try !seen.insert(identity).inserted || store.isAttached(hash: file.hash, to: attachment.screen, size: attachment.size) {
                    outcome.alreadyAttached += 1
                    continue
                }
                outcome.attachedNow.append(index)
                records.append(.evidence(EvidenceAttachment(id: store.makeID(), screen: attachment.screen.id, size: attachment.size, item: nil,
                                                            recording: nil, hash: file.hash, kind: file.kind, bytes: file.byteCount,
                                                            name: displayName(attachment.name), run: plan.run, by: author, at: time)))
            }
            try intake.finish()
            try store.append(records)
            outcome.attached = records.count
            // A run speaks once about each cell, and keeps its verdict beside a person's once: what
            // an import of the same run wrote after this plan was made is not written again.
            let spoken = try store.cellsRecorded(byRun: plan.fingerprint)
            for cell in plan.cells where !spoken.contains(AuditStore.cellKey(screen: cell.screen.id, item: cell.item, size: cell.size)) {
                outcome.recorded += try store.record(screen: cell.screen, cells: [(cell.item, cell.size)], status: cell.status, note: cell.note,
                                                     run: plan.run, findings: cell.findings, by: author, at: time)
            }
            try store.append(try notKeptYet(plan, store: store).map { kept in
                .dissent(Dissent(id: store.makeID(), screen: kept.cell.screen.id, item: kept.cell.item, size: kept.cell.size, status: kept.cell.status,
                                 note: kept.cell.note, run: plan.run, kept: kept.person.id, by: author, at: time))
            })
            try storeJudgedEvidence(plan, recorded: outcome.recorded, store: store, by: author, at: time, into: &outcome)
            progress?(plan.attachments.count)
            return outcome
        }
    }

    /// The run's verdicts the plan keeps beside people's results, less those this run keeps there
    /// already (an import of it that wrote after this plan was made).
    static func notKeptYet(_ plan: RunPlan, store: AuditStore) throws -> [RunPlan.Disagreement] {
        var kept = Set<String>(), screens = Set<String>()
        for disagreement in plan.keptTheirs where screens.insert(disagreement.cell.screen.id).inserted {
            for dissent in try store.dissents(of: disagreement.cell.screen) where dissent.run == plan.run {
                kept.insert(AuditStore.cellKey(screen: dissent.screen, item: dissent.item, size: dissent.size))
            }
        }
        return plan.keptTheirs.filter { !kept.contains(AuditStore.cellKey(screen: $0.cell.screen.id, item: $0.cell.item, size: $0.cell.size)) }
    }

    /// A file's path as the name an evidence record keeps: one line of at most 200 characters.
    static func displayName(_ path: String) -> String {
        var name = String(path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        if name.count > InputRules.maximumNameLength { name = "…" + String(name.suffix(InputRules.maximumNameLength - 1)) }
        return String(name.trimmingSpaces).isEmpty ? "screenshot" : String(name.trimmingSpaces)
    }
}
