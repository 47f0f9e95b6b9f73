import AuditLog
import AuditStore
import DynamicType

extension RunPlan {
    /// A cell where the run says otherwise than the person whose result stands there.
    public struct Disagreement: Sendable {
        /// What the run decided.
        public var cell: Cell
        /// The person's standing recording.
        public var person: Recording
        /// The person's result stays and the run's verdict is kept beside it (the run passed what
        /// they failed); otherwise the run's failure stands over their pass.
        public var kept: Bool
    }

    /// The cells where the run keeps a person's result and leaves its own beside it.
    public var keptTheirs: [Disagreement] { disagreements.filter(\.kept) }
}

/// Who decides a cell when a run and a person disagree (Docs/judges.md, "Who decides"). A run may
/// fail what a person passed: newer evidence, the safe direction. It never passes what a person
/// failed, unless a fix of that item was recorded on the screen after the failure (the run is the
/// retest) or the person took the failure back (then it no longer stands). Between runs the
/// latest decides. A confirmation is a person's failure, so no run undoes it either.
enum RunAuthority {
    /// Splits the run's cells into those it records and the disagreements with people's results.
    static func settle(_ cells: [RunPlan.Cell], run: String, store: AuditStore) throws -> (record: [RunPlan.Cell], disagreements: [RunPlan.Disagreement], keptBefore: [RunPlan.Cell]) {
        var record: [RunPlan.Cell] = []
        var disagreements: [RunPlan.Disagreement] = []
        var keptBefore: [RunPlan.Cell] = []
        var screens: [String: (standing: [CellKey: Recording], fixes: [Fix], dissents: Set<CellKey>)] = [:]
        for cell in cells {
            if screens[cell.screen.id] == nil {
                let standing = CellRule.standings(try store.recordings(of: cell.screen))[cell.screen.id] ?? [:]
                let dissents = Set(try store.dissents(of: cell.screen).filter { $0.run == run }.map(\.cell))
                screens[cell.screen.id] = (standing, try store.fixes(of: cell.screen), dissents)
            }
            let known = screens[cell.screen.id]!
            let key = CellKey(item: cell.item, size: cell.size)
            guard let person = known.standing[key], person.run == nil, person.status != cell.status,
                  person.status == .fail || cell.status == .fail else {
                record.append(cell)
                continue
            }
            if cell.status == .fail {
                record.append(cell)
                disagreements.append(RunPlan.Disagreement(cell: cell, person: person, kept: false))
            } else if known.fixes.contains(where: { $0.items.contains(cell.item) && $0.at > person.at }) {
                record.append(cell)
            } else if known.dissents.contains(key) {
                keptBefore.append(cell)
            } else {
                disagreements.append(RunPlan.Disagreement(cell: cell, person: person, kept: true))
            }
        }
        return (record, disagreements, keptBefore)
    }
}
