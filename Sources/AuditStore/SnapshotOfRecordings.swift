import AuditLog
import DynamicType

extension AuditSnapshot {
    /// The audit as some of its recordings alone would show it: each cell's recording is the one
    /// that stands among `recordings` (`CellRule`), and every screen stands by those cells, its
    /// fixes and its triage, by the same rule as the store's own snapshot. What a report weighs
    /// when it must answer from part of the evidence: one device family's, for its App Store
    /// Connect declaration.
    public init(app: String, checklist: Checklist, screens: [Screen], fixes: [Fix], recordings: [Recording]) {
        let plan = Plan(checklist)
        let standing = CellRule.standings(recordings)
        var fixesByScreen: [String: [Fix]] = [:]
        for fix in fixes { fixesByScreen[fix.screen, default: []].append(fix) }
        let states = screens.map { screen in
            var grid = CellGrid(plan: plan)
            // A cell at a size or of an item the checklist has no place for is left out, as the store's snapshot leaves it.
            for recording in (standing[screen.id] ?? [:]).values.sorted(by: { ($0.item, $0.size) < ($1.item, $1.size) }) {
                guard let item = plan.index[recording.item] else { continue }
                grid.set(CellState(item: recording.item, size: recording.size, status: recording.status, at: recording.at, recordingID: 0,
                                   note: recording.note, by: recording.by, run: recording.run), item: item)
            }
            return ScreenState.derive(screen: screen, grid: grid, fixes: fixesByScreen[screen.id] ?? [])
        }
        self.init(app: app, checklist: checklist, screens: states)
    }
}
