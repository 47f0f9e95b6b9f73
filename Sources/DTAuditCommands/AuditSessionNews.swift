import AuditStore
import DynamicType
import Output

/// What others record on the screen while a walk is open: a `git pull` and `dtaudit sync` in
/// another terminal, a teammate's run. The walk looks before each check and before saving each
/// answer, so that no answer is recorded over a result the auditor was never shown.
extension AuditSession {
    /// What the walk of one screen knows besides the store: where it last looked, and its own answers.
    struct Watch {
        /// The newest recording row the walk has looked at.
        var seen: Int64
        /// The recordings this walk made: not news.
        var own = Set<String>()
        /// The cells answered in this walk, with the answer.
        var answered: [CellKey: ResultStatus] = [:]

        mutating func saved(_ recordings: [Recording], as status: ResultStatus) {
            for recording in recordings {
                own.insert(recording.id)
                answered[CellKey(item: recording.item, size: recording.size)] = status
            }
        }
    }

    /// Shows what was recorded on `screen` since the walk last looked, on the cells the walk holds:
    /// the cell each check shows is brought up to date, and a cell answered in this walk that
    /// somebody else recorded meanwhile is asked again, right after the current check. Returns
    /// whether the check at `index`, already `shown`, changed: its answer must be given again.
    func takeNews(on screen: Screen, watch: inout Watch, cells: inout [CellKey: Shown], steps: inout [AuditPlan.Step],
                  index: Int, shown: Bool) throws -> Bool {
        let news = try store.recordings(of: screen, after: watch.seen)
        watch.seen = news.latest
        let theirs = news.recordings.filter { !watch.own.contains($0.id) }
        guard !theirs.isEmpty, let now = try store.snapshot(only: screen, detailed: true).screens.first else { return false }
        let current = index < steps.count ? CellKey(item: steps[index].item, size: steps[index].size) : nil
        let ahead = Set(steps[min(index + 1, steps.count)...].map { CellKey(item: $0.item, size: $0.size) })
        var changed = false
        var again: [AuditPlan.Step] = []
        for recording in theirs {
            let key = CellKey(item: recording.item, size: recording.size)
            let isCurrent = key == current
            let answer = watch.answered[key]
            guard isCurrent || answer != nil || ahead.contains(key) else { continue }
            cells[key] = now.cell(recording.item, recording.size).map { Shown($0) }
            var said = style.yellow("  Meanwhile ") + "\(console.safe(recording.by)) recorded \(recording.status.rawValue) for \(key.size.id) \(key.item)"
            if let note = recording.note { said += ": " + console.safe(TextLayout.singleLine(note)) }
            if let answer, !isCurrent, !again.contains(where: { $0.item == key.item && $0.size == key.size }) {
                said += style.dim("; your \(answer.rawValue) did not see it: asking again")
                again.append(AuditPlan.Step(item: key.item, size: key.size, reason: nil))
                watch.answered[key] = nil
            }
            console.line(said)
            if isCurrent && shown { changed = true }
        }
        steps.insert(contentsOf: again, at: min(index + 1, steps.count))
        return changed
    }
}
